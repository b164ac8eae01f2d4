import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { checkScreenshotOptions, checkScreenTextOptions, checkShowTextOptions } from '../../src/vitest/options.js';

describe('matcher options', () => {
  it('pass what is right through, undefined as {}', () => {
    expect(checkShowTextOptions(undefined)).toEqual({});
    expect(checkShowTextOptions({ timeout: 0 })).toEqual({ timeout: 0 });
    const text = { file: 'menu.txt', styles: false, mask: [/\d+/], timeout: 100 };
    expect(checkScreenTextOptions(text)).toBe(text);
    const shot = { mask: [/x/, { col: 0, row: 1, cols: 2, rows: 1 }], region: { col: 0, row: 0, cols: 4, rows: 2 }, cursor: 'show', timeout: 0, threshold: 0.1 };
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
    [() => checkScreenshotOptions({ mask: [/x/, { x: 1, y: 2 }] }), 'toMatchScreenshot: mask[1] must be a cell rectangle { col, row, cols, rows } (numbers of cells) or a RegExp; got an object { x, y }.'],
    [() => checkScreenshotOptions({ mask: 'clock' }), "toMatchScreenshot: mask must be an array of cell rectangles and RegExps; got the string 'clock'."],
    [() => checkScreenshotOptions({ region: [0, 0, 4, 2] }), 'toMatchScreenshot: region must be a cell rectangle { col, row, cols, rows } (numbers of cells); got an array of 4.'],
    [() => checkScreenshotOptions({ region: { col: '0', row: 0, cols: 4, rows: 2 } }), 'toMatchScreenshot: region must be a cell rectangle { col, row, cols, rows } (numbers of cells); got an object { col, row, cols, rows }.'],
    [() => checkScreenshotOptions({ cursor: true }), "toMatchScreenshot: cursor must be 'hide' or 'show'; got true."],
    [() => checkScreenshotOptions({ timeout: '5s' }), "toMatchScreenshot: timeout must be a number of ms, 0 or more; got the string '5s'."],
  ])('refuse the wrong type or shape: %s', (check, message) => {
    expect(check).toThrow(new ConfigError(message));
  });
});
