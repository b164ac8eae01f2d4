// The matchers over a live app, in this repo's own Vitest run.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { TmuxApp } from '../../src/app/index.js';
import { ConfigError } from '../../src/errors.js';
import type { TmuxServer } from '../../src/host/index.js';
import { renderPng, rendererFingerprint } from '../../src/render/index.js';
import { snapshotText } from '../../src/screen/index.js';
import type { TestFileRef } from '../../src/vitest/paths.js';
import { captureScreen } from '../../src/vitest/screenshot/capture.js';
import { baselinePath } from '../../src/vitest/screenshot/names.js';
import { onTestFinished } from 'vitest';
import { describe, expect, test } from '../../src/vitest/index.js';
import { screen } from './build-snapshot.js';

const LATE_REDRAW = resolve(import.meta.dirname, '../../fixtures/late-redraw.mjs');

// Shows "Loading..." until Enter (not echoed), then "Done ok" with "ok" bold green.
const loader = ['sh', '-c', 'stty -echo; printf "Loading..."; head -n 1 >/dev/null; printf "\\r\\033[KDone \\033[1;32mok\\033[0m"; sleep 30'];
const done = ['sh', '-c', 'printf "Done \\033[1;32mok\\033[0m"; sleep 30'];

describe('toShowText', () => {
  test.override({ tmuxOptions: { command: loader, cols: 20, rows: 3 } });

  test('waits for text to appear, and under .not for it to go', async ({ tmuxApp }) => {
    await expect(tmuxApp).toShowText('Loading');
    await tmuxApp.press('Enter');
    await expect(tmuxApp).not.toShowText('Loading');
    await expect(tmuxApp).toShowText(/Done \w+/);
    expect(tmuxApp.text()).toBe('Done ok\n\n');
  });

  test('fails with the pattern, the timeout and the screen', async ({ tmuxApp }) => {
    await expect(tmuxApp).toShowText('Loading');
    await tmuxApp.press('Enter');
    await expect(tmuxApp).toShowText('Done');
    await expect(expect(tmuxApp).not.toShowText('Done', { timeout: 200 })).rejects.toThrow(
      "expect(tmuxApp).not.toShowText('Done')\n\nExpected the screen to stop showing 'Done' within 200 ms, but it still shows it at row 0 col 0.\n\nScreen:\n  0 │ Done ok\n    │ ^^^^\n      (rows 1-2 blank)",
    );
    await expect(expect(tmuxApp).toShowText(/^Loading/, { timeout: 100 })).rejects.toThrow(
      'expect(tmuxApp).toShowText(/^Loading/)\n\nExpected the screen to show /^Loading/ within 100 ms, but it did not.',
    );
  });

  test('re-reads a live screen when its waitForOutput resolves, not on a timer', async ({ tmuxApp }) => {
    await expect(tmuxApp).toShowText('Loading');
    const log: string[] = [];
    const live = {
      screen: () => {
        const snapshot = tmuxApp.screen();
        log.push(`read '${snapshotText(snapshot).split('\n')[0]}'`);
        return snapshot;
      },
      waitForOutput: async ({ timeout }: { timeout: number }) => {
        const output = tmuxApp.waitForOutput({ timeout });
        if (!log.some((line) => line.startsWith('waitForOutput'))) await tmuxApp.press('Enter');
        const woke = await output;
        log.push(`waitForOutput(${timeout}) -> ${woke}`);
        return woke;
      },
    };
    await expect(live).toShowText('Done', { timeout: 10_000 });
    // The app answers Enter well within the 50 ms pause; a machine that stalls it longer adds
    // pauses that end without output, each followed by a read of the unchanged screen.
    const stalls = /\nwaitForOutput\(50\) -> false\nread 'Loading\.\.\.'/g;
    expect(log.join('\n').replace(stalls, '')).toBe(["read 'Loading...'", 'waitForOutput(50) -> true', "read 'Done ok'"].join('\n'));
  });

  test('over an app closed before or during the wait, keeps re-reading at most every 50 ms until the timeout (no busy loop)', async ({ tmuxApp }) => {
    await expect(tmuxApp).toShowText('Loading');
    let reads = 0;
    const live = { screen: () => (reads++, tmuxApp.screen()), waitForOutput: (options: { timeout: number }) => tmuxApp.waitForOutput(options) };
    const pending = expect(expect(live).toShowText('Done', { timeout: 300 })).rejects.toThrow(
      "expect(tmuxApp).toShowText('Done')\n\nExpected the screen to show 'Done' within 300 ms, but it did not.\n\nScreen:\n  0 │ Loading...\n      (rows 1-2 blank)",
    );
    await tmuxApp.close();
    await pending;
    // One read per 50 ms poll in 300 ms, plus a few for output that reaches the screen while the
    // app is being closed; a busy loop reads tens of thousands of times.
    expect(reads).toBeGreaterThanOrEqual(2);
    expect(reads).toBeLessThanOrEqual(20);
  });

  test('refuses what is not a screen, at once', () => {
    expect(() => expect('text').toShowText('x')).toThrow(
      'expect(tmuxApp).toShowText()\n\nExpected a tmuxApp, a TmuxApp or a screen snapshot, but received string.',
    );
  });
});

describe('toShowText with scrollback', () => {
  // 50 lines and `end` on 5 rows: 47-50 and `end` show, 1-46 are above the screen; `end` is the
  // last byte, so once it shows all is drawn.
  test.override({ tmuxOptions: { command: ['sh', '-c', 'seq 1 50; printf end; exec cat'], cols: 20, rows: 5 } });

  test('finds a line that scrolled off; without scrollback it is not shown', async ({ tmuxApp }) => {
    await expect(tmuxApp).toShowText('end');
    await expect(tmuxApp).toShowText('10', { scrollback: true });
    await expect(expect(tmuxApp).toShowText('10', { timeout: 100 })).rejects.toThrow(
      "expect(tmuxApp).toShowText('10')\n\nExpected the screen to show '10' within 100 ms, but it did not.\n\nScreen:\n  0 │ 47\n  1 │ 48\n  2 │ 49\n  3 │ 50\n  4 │ end",
    );
    await expect(expect(tmuxApp).not.toShowText('10', { scrollback: true, timeout: 100 })).rejects.toThrow(
      /^expect\(tmuxApp\)\.not\.toShowText\('10', \{ scrollback: true \}\)\n\nExpected the screen to stop showing '10' within 100 ms, but it still shows it at row 9 col 0\.\n\nScreen:\n {3}0 │ 1\n/,
    );
    await expect(tmuxApp).not.toShowText('10', { timeout: 100 });
  });

  test('a failure over a long buffer shows the rows around the match and the last rows, not the whole buffer', async ({ tmuxApp }) => {
    await tmuxApp.close();
    await tmuxApp.start({ command: ['sh', '-c', 'seq 1 1000; printf end; exec cat'], scrollback: 2000 });
    await expect(tmuxApp).toShowText('end');
    const error = await expect(tmuxApp)
      .not.toShowText(/^500$/, { scrollback: true, timeout: 100 })
      .catch((caught: unknown) => caught);
    const screenLines = (error as Error).message.split('\nScreen:\n')[1]!.split('\n');
    expect(screenLines.slice(0, 10)).toEqual([
      '         (rows 0-495 not shown)',
      '   496 │ 497',
      '   497 │ 498',
      '   498 │ 499',
      '   499 │ 500',
      '       │ ^^^',
      '   500 │ 501',
      '   501 │ 502',
      '   502 │ 503',
      '         (rows 503-970 not shown)',
    ]);
    // The last 30 rows: the screen at the bottom of the buffer.
    expect(screenLines.slice(10)).toEqual([...Array.from({ length: 29 }, (_, i) => `   ${971 + i} │ ${972 + i}`), '  1000 │ end']);
  });

  test('the locator matchers read the buffer for a getByText with scrollback', async ({ tmuxApp }) => {
    await expect(tmuxApp).toShowText('end');
    await expect(tmuxApp.getByText('10', { scrollback: true })).toHaveText('10');
    await expect(tmuxApp.getByText(/^1\d$/, { scrollback: true })).toHaveCount(10);
    await expect(tmuxApp.getByText('10')).toHaveCount(0);
  });
});

describe('the tmuxApp fixture with scrollback: 3', () => {
  test.override({ tmuxOptions: { command: ['sh', '-c', 'seq 1 50; printf end; exec cat'], cols: 20, rows: 5, scrollback: 3 } });

  test('keeps 3 lines above the screen', async ({ tmuxApp }) => {
    await expect(tmuxApp).toShowText('end');
    expect(tmuxApp.text({ scrollback: true })).toBe('44\n45\n46\n47\n48\n49\n50\nend');
  });
});

describe('toShowText over an app that exits', () => {
  // The app lingers 0.2 s after its last output: tmux 3.3a can lose the output of an app that exits in the instant after writing it, on a loaded machine (README, Quick exits under load).
  test.override({ tmuxOptions: { command: ['sh', '-c', 'printf "Error: no config"; sleep 0.2; exit 3'], cols: 20, rows: 3 } });

  test('fails at once, with the last screen, when the app exits without showing the text', async ({ tmuxApp }) => {
    await expect(expect(tmuxApp).toShowText('Ready', { timeout: 60_000 })).rejects.toThrow(
      "expect(tmuxApp).toShowText('Ready')\n\nExpected the screen to show 'Ready', but the app exited (exit status 3) without showing it.\n\nScreen:\n  0 │ Error: no config\n      (rows 1-2 blank)",
    );
    await expect(tmuxApp).toShowText('no config');
  });
});

describe('toMatchScreenText', () => {
  test.override({ tmuxOptions: { command: done, cols: 20, rows: 3, ready: { text: 'Done' } } });

  test('stores the settled text and its styles as a Vitest snapshot', async ({ tmuxApp }) => {
    await expect(tmuxApp).toMatchScreenText();
    await expect(tmuxApp).toMatchScreenText('without styles', { styles: false });
  });
});

describe('toShowText on a snapshot', () => {
  test('is checked at once: without await it still fails where it is called', () => {
    expect(() => expect(screen(['hello'], 8)).toShowText('bye')).toThrow("expect(screen).toShowText('bye')\n\nExpected the screen to show 'bye'");
  });
});

describe('toMatchScreenText with a mask left of the cursor', () => {
  test('stores one text for text of any width before the cursor', async () => {
    const file = './__snapshots__/masked-cursor.txt';
    for (const took of ['took 5ms', 'took 123ms']) {
      const snapshot = { ...screen([`$ ${took}`, ''], 30), cursor: { col: took.length + 2, row: 0, visible: true, shape: 'block' as const, blinking: false } };
      await expect(snapshot).toMatchScreenText({ file, mask: [/\d+ms/] });
    }
  });
});

describe('toMatchScreenshot', () => {
  // A counter redrawn as fast as sh can loop. Should the machine stall the app for a whole
  // 100 ms read interval, the screen settles after all and a retry takes over.
  const counter = ['sh', '-c', 'i=0; while :; do i=$((i+1)); printf "\\r%d" $i; done'];
  test.override({ tmuxOptions: { command: counter, cols: 12, rows: 2, ready: { text: /\d/ } } });

  test('fails on a screen that never settles, with its last two reads', { retry: 2 }, async ({ tmuxApp, task }) => {
    onTestFinished(() => rm(dirname(baselinePath(task.file, 'counter')), { recursive: true, force: true }));
    const failure = expect(tmuxApp).toMatchScreenshot('counter', { timeout: 300 });
    await expect(failure).rejects.toThrow(
      /^expect\(tmuxApp\)\.toMatchScreenshot\('counter'\)\n\nThe screen did not settle within 300 ms: two consecutive reads still differed\.\n(\d+ cells? differs? on row 0|the cursor moved from row 0 col \d+ to row 0 col \d+)\n/,
    );
    await expect(failure).rejects.toThrow(
      /\nSecond to last screen:\n  .*\/\.vitest-attachments\/test\/vitest\/isolated\/matchers\.test\.ts\/counter-previous\.png\n\nLast screen:\n  .*\/counter-actual\.png$/,
    );
  });

  test('cannot be negated', async ({ tmuxApp }) => {
    await expect(expect(tmuxApp).not.toMatchScreenshot()).rejects.toThrow(
      'expect(tmuxApp).not.toMatchScreenshot()\n\ntoMatchScreenshot cannot be used with .not.',
    );
  });
});

describe('toMatchScreenshot right after a key', () => {
  // Raw mode; each key toggles "on"/"off", redrawn 80 ms later: two equal grids 50 ms apart
  // would photograph the screen from before the key.
  const toggle = [
    'node',
    '-e',
    "process.stdin.setRawMode(true); let on = false; process.stdout.write('off'); process.stdin.on('data', () => setTimeout(() => process.stdout.write((on = !on) ? '\\ron ' : '\\roff'), 80));",
  ];
  test.override({ tmuxOptions: { command: toggle, cols: 6, rows: 2 } });

  test("waits for the app's answer before comparing", async ({ tmuxApp, task }) => {
    await tmuxApp.press('x');
    await expect(tmuxApp).toShowText('on');
    const baseline = baselinePath(task.file, 'on');
    onTestFinished(() => rm(dirname(baseline), { recursive: true, force: true }));
    await mkdir(dirname(baseline), { recursive: true });
    await writeFile(baseline, captureScreen(tmuxApp.screen(), { mask: [], region: undefined, cursor: 'hide', render: {} }).png);
    await tmuxApp.press('x');
    await expect(tmuxApp).toShowText('off');
    await tmuxApp.press('x');
    await expect(tmuxApp).toMatchScreenshot('on');
  });
});

describe('toMatchScreenshot and toMatchScreenText of a late redraw', () => {
  // fixtures/late-redraw.mjs: a box with the terminal size, redrawn 500 ms after a resize; a key is
  // answered at once ('key 1'), the rest of its redraw (the count in the bottom border) 70 ms later.
  const late = ['node', LATE_REDRAW, '500', '70'];
  test.override({ tmuxOptions: { command: late, cols: 30, rows: 6 } });

  /** The screen `steps` leave on a second copy of the app, fully drawn, as a baseline PNG. */
  async function baselineAfter(server: TmuxServer, steps: (app: TmuxApp) => Promise<void>, name: string, file: TestFileRef): Promise<void> {
    await using app = await TmuxApp.start({ command: late, server, cols: 30, rows: 6 });
    await steps(app);
    const baseline = baselinePath(file, name);
    onTestFinished(() => rm(dirname(baseline), { recursive: true, force: true }));
    await mkdir(dirname(baseline), { recursive: true });
    await writeFile(baseline, captureScreen(app.screen(), { mask: [], region: undefined, cursor: 'hide', render: {} }).png);
  }

  test('a screenshot right after resize() waits for a redraw 500 ms after SIGWINCH', async ({ tmuxApp, tmuxServer, task }) => {
    await baselineAfter(tmuxServer, async (app) => (await app.resize(40, 8), void (await app.waitForText('size 40x8'))), 'resized', task.file);
    await tmuxApp.resize(40, 8);
    await expect(tmuxApp).toMatchScreenshot('resized');
  });

  test('a screenshot after a key sees the rest of the redraw, 70 ms after the first answer', async ({ tmuxApp, tmuxServer, task }) => {
    await baselineAfter(tmuxServer, async (app) => (await app.press('x'), void (await app.waitForText('keys: 1'))), 'key', task.file);
    await tmuxApp.press('x');
    await expect(tmuxApp).toMatchScreenshot('key');
  });

  test('screen text after resize() and after a key waits for the same redraws', async ({ tmuxApp }) => {
    await tmuxApp.resize(34, 5);
    await expect(tmuxApp).toMatchScreenText('resized', { styles: false });
    await tmuxApp.press('x');
    await expect(tmuxApp).toMatchScreenText('key', { styles: false });
  });
});

describe('matcher options of the wrong type', () => {
  test('are ConfigErrors naming the matcher and the option', async () => {
    const snapshot = screen(['hello'], 8);
    expect(() => expect(snapshot).toShowText(42 as never)).toThrow(new ConfigError('toShowText() takes the text to find as a string or a RegExp; got 42.'));
    expect(() => expect(snapshot).toShowText('hello', { timeout: '5s' as never })).toThrow(
      new ConfigError("toShowText: timeout must be a number of ms, 0 or more; got the string '5s'."),
    );
    await expect(expect(snapshot).toMatchScreenText({ mask: '12:00' as never })).rejects.toThrow(
      new ConfigError("toMatchScreenText: mask must be an array of RegExps; got the string '12:00'."),
    );
    await expect(expect(snapshot).toMatchScreenshot('never written', { region: [0, 0, 2, 1] as never })).rejects.toThrow(
      new ConfigError('toMatchScreenshot: region must be a cell rectangle { col, row, cols, rows } (numbers of cells); got an array of 4.'),
    );
  });
});

describe('toMatchScreenshot against a baseline drawn by another renderer', () => {
  test('says so, and how to refresh the baselines', async ({ task }) => {
    const snapshot = screen(['hello'], 8);
    const baseline = baselinePath(task.file, 'renderer change');
    await mkdir(dirname(baseline), { recursive: true });
    await writeFile(baseline, renderPng(snapshot, { theme: 'light', cursor: 'hide' }));
    try {
      const failure: Error = await expect(snapshot)
        .toMatchScreenshot('renderer change')
        .then(
          () => expect.unreachable(),
          (error: Error) => error,
        );
      const attachments = resolve(dirname(task.file.filepath), '../../.vitest-attachments/test/vitest/isolated/matchers.test.ts');
      // Without the screen stored in the reference, changed cells come from the pixels.
      expect(failure.message).toBe(
        [
          "expect(screen).toMatchScreenshot('renderer change')",
          '',
          'Screenshot does not match the stored reference.',
          '2080 pixels differ, more than the 0 allowed (allowedMismatchedPixels).',
          '8 cells differ on row 0',
          "row 0 col 0: now 'h'",
          "row 0 col 1: now 'e'",
          "row 0 col 2: now 'l'",
          "row 0 col 3: now 'l'",
          "row 0 col 4: now 'o'",
          '...and 3 more cells',
          '',
          'The reference was drawn by a different renderer (fonts, theme, cell size or tmux-shot version):',
          `  reference: ${rendererFingerprint({ theme: 'light', cursor: 'hide' })}`,
          `  actual:    ${rendererFingerprint({ cursor: 'hide' })}`,
          'If the screens look the same, refresh the baselines: run the tests with -u (vitest run -u).',
          '',
          'Reference screenshot:',
          `  ${baseline}`,
          '',
          'Actual screenshot:',
          `  ${attachments}/renderer-change-actual.png`,
          '',
          'Diff screenshot:',
          `  ${attachments}/renderer-change-diff.png`,
        ].join('\n'),
      );
    } finally {
      await rm(dirname(dirname(baseline)), { recursive: true });
    }
  });
});

describe('toMatchScreenshot of PNG bytes', () => {
  test('compares them as they are: identical bytes pass, other pixels fail without cell details', async ({ task }) => {
    const [a, b] = [renderPng(screen(['one'], 6)), renderPng(screen(['two'], 6))];
    const [first, second] = [baselinePath(task.file, 'png a'), baselinePath(task.file, 'png b')];
    await mkdir(dirname(first), { recursive: true });
    await Promise.all([writeFile(first, a), writeFile(second, a)]);
    try {
      await expect(a).toMatchScreenshot('png a');
      const attachments = resolve(dirname(task.file.filepath), '../../.vitest-attachments/test/vitest/isolated/matchers.test.ts');
      const failure: Error = await expect(b)
        .toMatchScreenshot('png b')
        .then(
          () => expect.unreachable(),
          (error: Error) => error,
        );
      expect(failure.message).toBe(
        [
          "expect(png).toMatchScreenshot('png b')",
          '',
          'Screenshot does not match the stored reference.',
          '168 pixels differ, more than the 0 allowed (allowedMismatchedPixels).',
          '',
          'Reference screenshot:',
          `  ${second}`,
          '',
          'Actual screenshot:',
          `  ${attachments}/png-b-actual.png`,
          '',
          'Diff screenshot:',
          `  ${attachments}/png-b-diff.png`,
        ].join('\n'),
      );
      await expect(expect(a).toMatchScreenshot('png c', { mask: [/one/] })).rejects.toThrow(
        'toMatchScreenshot: mask and region need a screen (a tmuxApp or a snapshot), not PNG bytes.',
      );
    } finally {
      await rm(dirname(dirname(first)), { recursive: true });
    }
  });
});

describe('toMatchScreenshot of a region', () => {
  test('compares only the cells inside it, and names changed cells in screen coordinates', async ({ task }) => {
    const region = { col: 2, row: 1, cols: 4, rows: 1 };
    const baseline = baselinePath(task.file, 'region a');
    const reference = captureScreen(screen(['title', '> Open'], 8), { mask: [], region, cursor: 'hide', render: {} }).png;
    await mkdir(dirname(baseline), { recursive: true });
    await Promise.all([writeFile(baseline, reference), writeFile(baselinePath(task.file, 'region b'), reference)]);
    try {
      await expect(screen(['TITLE', '> Open'], 8)).toMatchScreenshot('region a', { region });
      await expect(expect(screen(['title', '> Opus'], 8)).toMatchScreenshot('region b', { region })).rejects.toThrow(
        /\n2 cells differ on row 1\nrow 1 col 4: 'e' -> 'u'\nrow 1 col 5: 'n' -> 's'\n/,
      );
    } finally {
      await rm(dirname(dirname(baseline)), { recursive: true });
    }
  });

  test.each([
    [{ col: 9, row: 0, cols: 2, rows: 1 }, '{ col: 9, row: 0, cols: 2, rows: 1 }'],
    [{ col: 0, row: 1, cols: 3, rows: 2 }, '{ col: 0, row: 1, cols: 3, rows: 2 }'],
    [{ col: -1, row: 0, cols: 2, rows: 1 }, '{ col: -1, row: 0, cols: 2, rows: 1 }'],
    [{ col: 0.5, row: 0, cols: 2, rows: 1 }, '{ col: 0.5, row: 0, cols: 2, rows: 1 }'],
    [{ col: 0, row: 0, cols: 0, rows: 1 }, '{ col: 0, row: 0, cols: 0, rows: 1 }'],
  ])('refuses a region that is not whole cells inside the screen: %o', async (region, shown) => {
    await expect(expect(screen(['hello', 'world'], 10)).toMatchScreenshot('never written', { region })).rejects.toThrow(
      new ConfigError(
        `toMatchScreenshot: region ${shown} does not lie inside the 10x2 screen: give whole cells with cols and rows ≥ 1, col + cols ≤ 10 and row + rows ≤ 2.`,
      ),
    );
  });
});

describe('toMatchScreenshot against a baseline drawn before braille and powerline were drawn', () => {
  test('fails naming both renderers, so -u is the fix', async ({ task }) => {
    // Drawn by renderer 1 (DejaVu from dejavu-fonts-ttf, no braille or powerline glyphs: tofu).
    const old = await readFile(resolve(import.meta.dirname, 'fixtures/renderer-1-glyphs.png'));
    const snapshot = screen(['graph ⣀⣤⣶⣿', 'prompt \uE0B0 ok'], 20);
    const baseline = baselinePath(task.file, 'renderer 1 glyphs');
    await mkdir(dirname(baseline), { recursive: true });
    await writeFile(baseline, old);
    try {
      const failure: Error = await expect(snapshot)
        .toMatchScreenshot('renderer 1 glyphs', { cursor: 'hide' })
        .then(
          () => expect.unreachable(),
          (error: Error) => error,
        );
      const lines = failure.message.split('\n');
      expect(lines.slice(2, 10)).toEqual([
        'Screenshot does not match the stored reference.',
        '252 pixels differ, more than the 0 allowed (allowedMismatchedPixels).',
        '5 cells differ on rows 0-1',
        "row 0 col 6: now '⣀'",
        "row 0 col 7: now '⣤'",
        "row 0 col 8: now '⣶'",
        "row 0 col 9: now '⣿'",
        'row 1 col 7: now U+E0B0',
      ]);
      expect(lines.slice(11, 15)).toEqual([
        'The reference was drawn by a different renderer (fonts, theme, cell size or tmux-shot version):',
        '  reference: tmux-shot-render/1 dejavu-fonts-ttf@2.37.3 @expo-google-fonts/noto-sans-sc@0.4.3 @fontsource/noto-color-emoji@5.3.2 @napi-rs/canvas@1.1.1 theme=dark:6ccbad397279 font=15px cell=9x18 scale=1 padding=4 cursor=hide/block boldIsBright=false',
        `  actual:    ${rendererFingerprint({ cursor: 'hide' })}`,
        'If the screens look the same, refresh the baselines: run the tests with -u (vitest run -u).',
      ]);
    } finally {
      await rm(dirname(dirname(baseline)), { recursive: true });
    }
  });
});
