import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import {
  checkFixtureOptions,
  checkRecordingMode,
  checkScreenshotOptions,
  checkScreenTextOptions,
  checkShowTextOptions,
  resolveColorOptions,
} from '../../src/vitest/options.js';

describe('matcher options', () => {
  it('pass what is right through, undefined as {}', () => {
    expect(checkShowTextOptions(undefined)).toEqual({});
    expect(checkShowTextOptions({ timeout: 0 })).toEqual({ timeout: 0 });
    const text = { file: 'menu.txt', styles: false, mask: [/\d+/], timeout: 100 };
    expect(checkScreenTextOptions(text)).toBe(text);
    const shot = {
      mask: [/x/, { col: 0, row: 1, cols: 2, rows: 1 }],
      region: { col: 0, row: 0, cols: 4, rows: 2 },
      cursor: 'show',
      timeout: 0,
      threshold: 0.1,
    };
    expect(checkScreenshotOptions(shot)).toBe(shot);
  });

  it.each([
    [() => checkShowTextOptions(500), 'toShowText: the options must be an object; got 500.'],
    [() => checkShowTextOptions({ timeout: '5s' }), "toShowText: timeout must be a number of ms, 0 or more; got the string '5s'."],
    [() => checkShowTextOptions({ timeout: -1 }), 'toShowText: timeout must be a number of ms, 0 or more; got -1.'],
    [() => checkScreenTextOptions([/x/]), 'toMatchScreenText: the options must be an object; got an array of 1.'],
    [() => checkScreenTextOptions({ file: 3 }), 'toMatchScreenText: file must be a path (a string); got 3.'],
    [() => checkScreenTextOptions({ styles: 'yes' }), "toMatchScreenText: styles must be true or false; got the string 'yes'."],
    [() => checkScreenTextOptions({ mask: /x/ }), 'toMatchScreenText: mask must be an array of RegExps; got /x/.'],
    [() => checkScreenTextOptions({ mask: ['12:00'] }), "toMatchScreenText: mask[0] must be a RegExp; got the string '12:00'."],
    [() => checkScreenTextOptions({ timeout: null }), 'toMatchScreenText: timeout must be a number of ms, 0 or more; got null.'],
    [() => checkScreenshotOptions(null), 'toMatchScreenshot: the options must be an object; got null.'],
    [
      () => checkScreenshotOptions({ mask: [/x/, { x: 1, y: 2 }] }),
      'toMatchScreenshot: mask[1] must be a cell rectangle { col, row, cols, rows } (numbers of cells) or a RegExp; got an object { x, y }.',
    ],
    [() => checkScreenshotOptions({ mask: 'clock' }), "toMatchScreenshot: mask must be an array of cell rectangles and RegExps; got the string 'clock'."],
    [
      () => checkScreenshotOptions({ region: [0, 0, 4, 2] }),
      'toMatchScreenshot: region must be a cell rectangle { col, row, cols, rows } (numbers of cells); got an array of 4.',
    ],
    [
      () => checkScreenshotOptions({ region: { col: '0', row: 0, cols: 4, rows: 2 } }),
      'toMatchScreenshot: region must be a cell rectangle { col, row, cols, rows } (numbers of cells); got an object { col, row, cols, rows }.',
    ],
    [() => checkScreenshotOptions({ cursor: true }), "toMatchScreenshot: cursor must be 'hide' or 'show'; got true."],
    [() => checkScreenshotOptions({ timeout: '5s' }), "toMatchScreenshot: timeout must be a number of ms, 0 or more; got the string '5s'."],
    [
      () => checkScreenshotOptions({ treshold: 0.1 }),
      "toMatchScreenshot: unknown option 'treshold'. Did you mean 'threshold'? Options: threshold, includeAA, allowedMismatchedPixels, allowedMismatchedPixelRatio, allowedMismatchedCells, timeout, mask, region, cursor.",
    ],
    [() => checkScreenshotOptions({ caret: 'hide' }), expect.stringMatching(/^toMatchScreenshot: unknown option 'caret'\. Options: threshold, /)],
    [() => checkScreenTextOptions({ style: false }), "toMatchScreenText: unknown option 'style'. Did you mean 'styles'? Options: file, styles, mask, timeout."],
    [() => checkShowTextOptions({ timeOut: 100 }), "toShowText: unknown option 'timeOut'. Did you mean 'timeout'? Options: timeout, scrollback."],
    [() => checkShowTextOptions({ scrollback: 'yes' }), "toShowText: scrollback must be true or false; got the string 'yes'."],
    [() => checkShowTextOptions({ scrollback: true }, 'toBeVisible'), "toBeVisible: unknown option 'scrollback'. Options: timeout."],
    [
      () => checkFixtureOptions({ command: ['x'], failureScreen: 'yes' }, 'tmuxOptions'),
      "tmuxOptions: failureScreen must be true or false; got the string 'yes'.",
    ],
    [() => checkFixtureOptions({ failureReport: 0 }, 'tmuxOptions'), 'tmuxOptions: failureReport must be true or false; got 0.'],
    [() => checkFixtureOptions({ theme: 'dim' }, 'tmuxApp.start()'), "Unknown theme 'dim': use 'dark', 'light' or a Theme object."],
    [() => checkFixtureOptions({ render: { scale: 3 } }, 'tmuxOptions'), "Render option scale must be one of '1', '2'; got '3'."],
    [() => checkFixtureOptions({ render: 2 }, 'tmuxOptions'), 'tmuxOptions: render must be an object; got 2.'],
    [
      () => checkFixtureOptions({ comand: ['x'] }, 'tmuxApp.start()'),
      expect.stringMatching(/^tmuxApp\.start\(\): unknown option 'comand'\. Did you mean 'command'\? Options: command, /),
    ],
    [() => checkRecordingMode('on_failure'), "tmuxRecording must be 'on-failure', 'always' or 'off'; got the string 'on_failure'. Did you mean 'on-failure'?"],
  ])('refuse the wrong type or shape, and unknown options: %s', (check, message) => {
    expect(check).toThrow(ConfigError);
    expect(check).toThrow(expect.objectContaining({ message }));
  });

  it('pass fixture options and recording modes that are right through', () => {
    const fixture = {
      command: ['x'],
      cols: 30,
      rows: 5,
      env: {},
      cwd: 'sub',
      ready: 'none',
      timeout: 100,
      theme: 'light',
      render: { scale: 2 },
      failureScreen: false,
    };
    expect(checkFixtureOptions(fixture, 'tmuxOptions')).toBe(fixture);
    expect(['on-failure', 'always', 'off'].map(checkRecordingMode)).toEqual(['on-failure', 'always', 'off']);
  });
});

describe('colour matcher options', () => {
  it('defaults raw to false and resolves the timeout', () => {
    expect(resolveColorOptions(undefined, undefined, 'toHaveFgColor')).toEqual({ raw: false, timeout: { ms: 5000 } });
    expect(resolveColorOptions({ raw: true, timeout: 20 }, undefined, 'toHaveBgColor')).toEqual({ raw: true, timeout: { ms: 20 } });
  });

  it.each<[unknown, string]>([
    [{ raw: 'yes' }, "toHaveFgColor: raw must be true or false; got the string 'yes'."],
    [{ rav: true }, "toHaveFgColor: unknown option 'rav'. Did you mean 'raw'? Options: timeout, raw."],
    [{ timeout: -1 }, 'toHaveFgColor: timeout must be a number of ms, 0 or more; got -1.'],
    [1, 'toHaveFgColor: the options must be an object; got 1.'],
  ])('refuses %j', (options, message) => {
    expect(() => resolveColorOptions(options, undefined, 'toHaveFgColor')).toThrow(new ConfigError(message));
  });
});
