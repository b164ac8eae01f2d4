import { describe, expect, it } from 'vitest';
import { formatHeader, formatScreenshotFailure, formatTextFailure } from '../../../src/vitest/matchers/failure-message.js';

const header = formatHeader('toMatchScreenshot', false, ["'menu'"]);

describe('screenshot failure messages', () => {
  it('spell out a mismatch: comparator sentences, cells, renderer change, the three images', () => {
    const message = formatScreenshotFailure(header, {
      kind: 'mismatch',
      comparison: '41 pixels differ, more than the 0 allowed (allowedMismatchedPixels).',
      cellLines: ['1 cell differs on row 3', "row 3 col 4: 'a' -> 'b'"],
      rendererChange: { reference: 'r1 fonts-a', actual: 'r2 fonts-a' },
      paths: { reference: '/p/__screenshots__/t.ts/menu.png', actual: '/p/att/menu-actual.png', diff: '/p/att/menu-diff.png' },
    });
    expect(message).toBe(
      [
        "expect(tmuxApp).toMatchScreenshot('menu')",
        '',
        'Screenshot does not match the stored reference.',
        '41 pixels differ, more than the 0 allowed (allowedMismatchedPixels).',
        '1 cell differs on row 3',
        "row 3 col 4: 'a' -> 'b'",
        '',
        'The reference was drawn by a different renderer (fonts, theme, cell size or tmux-shot version):',
        '  reference: r1 fonts-a',
        '  actual:    r2 fonts-a',
        'If the screens look the same, refresh the baselines: run the tests with -u (vitest run -u).',
        '',
        'Reference screenshot:',
        '  /p/__screenshots__/t.ts/menu.png',
        '',
        'Actual screenshot:',
        '  /p/att/menu-actual.png',
        '',
        'Diff screenshot:',
        '  /p/att/menu-diff.png',
      ].join('\n'),
    );
  });

  it('ask for review of a new baseline, as Vitest does', () => {
    expect(formatScreenshotFailure(header, { kind: 'new-baseline-written', paths: { reference: '/b.png' } })).toBe(
      `${header}\n\nNo existing reference screenshot found; a new one was created. Review it before running tests again.\n\nReference screenshot:\n  /b.png`,
    );
  });

  it('say that CI wrote nothing under __screenshots__', () => {
    expect(formatScreenshotFailure(header, { kind: 'missing-baseline-ci', paths: { actual: '/a.png' } })).toBe(
      `${header}\n\nNo existing reference screenshot found. Nothing was written under __screenshots__ (update mode 'none', as in CI): ` +
        'create it locally or with -u, and commit it.\n\nActual screenshot:\n  /a.png',
    );
  });

  it('explain a screen that never settled, with the last two reads', () => {
    expect(
      formatScreenshotFailure(header, { kind: 'unsettled', timeout: { ms: 500 }, cellLines: ['1 cell differs on row 0'], previous: '/p.png', last: '/l.png' }),
    ).toBe(
      `${header}\n\nThe screen did not settle within 500 ms: two consecutive reads still differed.\n1 cell differs on row 0\n` +
        'Wait for the app first (waitForText, waitForStable), mask the moving area, or raise `timeout`.\n\nSecond to last screen:\n  /p.png\n\nLast screen:\n  /l.png',
    );
  });
});

describe('text failure messages', () => {
  it('name the pattern, the timeout and where a .not pattern still shows', () => {
    const notHeader = formatHeader('toShowText', true, ['/Load/']);
    expect(
      formatTextFailure(notHeader, { kind: 'still-shown', pattern: /Load/, timeout: { ms: 100 }, screenText: ' Loading', at: { row: 0, col: 1, cols: 4 } }),
    ).toBe(
      'expect(tmuxApp).not.toShowText(/Load/)\n\nExpected the screen to stop showing /Load/ within 100 ms, but it still shows it at row 0 col 1.\n\nScreen:\n  0 │  Loading\n    │  ^^^^',
    );
    expect(formatTextFailure(formatHeader('toShowText', false, ["'x'"]), { kind: 'not-shown', pattern: 'x', timeout: { ms: 5000 }, screenText: 'y' })).toBe(
      "expect(tmuxApp).toShowText('x')\n\nExpected the screen to show 'x' within 5000 ms, but it did not.\n\nScreen:\n  0 │ y",
    );
  });
});
