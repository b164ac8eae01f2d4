import { describe, expect, it } from 'vitest';
import {
  chooseSession,
  composeWatchFrame,
  fitText,
  formatHeader,
  formatResult,
  REDRAW_INTERVAL,
  redrawDelay,
  sessionKey,
  WATCH_KEYS,
} from '../../src/cli/watch-view.js';
import { type Frame, frameUpdate } from '../../src/cli/terminal-frame.js';
import type { LiveResult, LiveSession } from '../../src/host/live-sessions.js';
import { cellWidth, ScreenModel } from '../../src/screen/index.js';

const session = (name: string, extra: Partial<LiveSession> = {}): LiveSession => ({
  socketPath: `/tmp/${name}/socket`,
  session: '$1',
  pane: '%1',
  command: `node ${name}.mjs`,
  cols: 40,
  rows: 12,
  pid: 1,
  startedAt: 0,
  ...extra,
});

const result = (test: string, outcome: LiveResult['outcome'] = 'failed'): LiveResult => ({
  test,
  file: 'menu.test.ts',
  outcome,
  report: `/p/${test}-report.html`,
  endedAt: 0,
  pid: 1,
});

describe('formatHeader', () => {
  it.each([
    ['a test of a file', session('menu', { test: 'opens the menu', file: 'menu.test.ts' }), 0, 2, '[1/2] opens the menu · menu.test.ts · node menu.mjs'],
    ['an app no test started (a script)', session('menu'), 1, 2, '[2/2] node menu.mjs'],
    ['an empty test name left out', session('menu', { test: '', file: 'menu.test.ts' }), 0, 1, '[1/1] menu.test.ts · node menu.mjs'],
  ])('%s', (_, entry, index, count, header) => {
    expect(formatHeader(entry, index, count)).toBe(header);
  });
});

describe('formatResult', () => {
  it.each([
    [result('opens the menu'), '✗ failed: opens the menu · menu.test.ts · report: /p/opens the menu-report.html'],
    [result('saves', 'passed'), '✓ passed: saves · menu.test.ts · report: /p/saves-report.html'],
  ])('%j', (ended, line) => {
    expect(formatResult(ended)).toBe(line);
  });
});

describe('chooseSession', () => {
  const [a, b, c] = [session('a'), session('b'), session('c')];
  const all = [a, b, c];
  it.each([
    ['none running', [], sessionKey(a), 1, undefined],
    ['nothing shown yet: the newest', all, undefined, 0, sessionKey(c)],
    ['the shown one ended: the newest', [a, b], sessionKey(c), 0, sessionKey(b)],
    ['the shown one stays', all, sessionKey(b), 0, sessionKey(b)],
    ['next', all, sessionKey(a), 1, sessionKey(b)],
    ['next after the last: the first', all, sessionKey(c), 1, sessionKey(a)],
    ['previous before the first: the last', all, sessionKey(a), -1, sessionKey(c)],
    ['two sessions of one server are two apps', [a, { ...a, session: '$2' }], sessionKey(a), 1, `${a.socketPath}\0$2`],
  ] as const)('%s', (_, sessions, current, step, chosen) => {
    expect(chooseSession(sessions, current, step)).toBe(chosen);
  });
});

describe('redrawDelay', () => {
  it.each([
    ['never drawn: now', undefined, 1_000, 0],
    ['drawn an interval ago: now', 1_000, 1_000 + REDRAW_INTERVAL, 0],
    ['drawn long ago: now', 1_000, 9_000, 0],
    ['drawn 10 ms ago: the rest of the interval', 1_000, 1_010, REDRAW_INTERVAL - 10],
    ['drawn just now: a whole interval', 1_000, 1_000, REDRAW_INTERVAL],
    ['a clock that went back: at most an interval', 1_000, 500, REDRAW_INTERVAL],
  ])('%s', (_, last, now, delay) => {
    expect(redrawDelay(last, now)).toBe(delay);
  });
});

describe('fitText', () => {
  it.each([
    ['short enough', 'abc', 3, 'abc'],
    ['cut with an ellipsis', 'abcdef', 4, 'abc…'],
    ['a wide character that would straddle the cut is left out', 'ab日本', 4, 'ab…'],
  ])('%s', (_, text, cols, fitted) => {
    expect(fitText(text, cols, cellWidth)).toBe(fitted);
  });
});

/** A frame's rows as text (blank cells as spaces, right-trimmed), and its SGR at the start of each row. */
const rowsOf = (frame: Frame) =>
  frame.cells.map((row) =>
    row
      .map((cell) => (cell.width === 0 ? '' : cell.chars || ' '))
      .join('')
      .trimEnd(),
  );

describe('composeWatchFrame', () => {
  const model = new ScreenModel({ cols: 12, rows: 3 });
  model.write(new TextEncoder().encode('\x1b[31mred\x1b[0m line\r\nsecond 日本\r\nthird'));
  const screen = model.snapshot();
  model.dispose();
  const app = { kind: 'app', header: '[1/2] opens the menu · menu.test.ts · node menu.mjs', screen, results: [] } as const;

  it('an app: the header with the keys at its right, the screen below it, the cursor where the app has it', () => {
    const frame = composeWatchFrame(app, 90, 6, cellWidth);
    expect(rowsOf(frame)).toEqual([
      `${app.header}${' '.repeat(90 - app.header.length - WATCH_KEYS.length)}${WATCH_KEYS}`,
      'red line',
      'second 日本',
      'third',
      '',
      '',
    ]);
    expect(frame.cells[0]?.every((cell) => cell.sgr === '7')).toBe(true);
    expect(frame.cells[1]?.[0]).toEqual({ chars: 'r', width: 1, sgr: '31' });
    expect(frame.cursor).toEqual({ col: 5, row: 3 });
  });

  it('a terminal narrower and shorter than the app: the header cut, no keys, the screen cut (a wide character at the edge left blank)', () => {
    const frame = composeWatchFrame(app, 11, 4, cellWidth);
    expect(rowsOf(frame)).toEqual(['[1/2] open…', 'red line', 'second 日本', '']);
    expect(frame.cursor).toBeUndefined();
    expect(rowsOf(composeWatchFrame(app, 10, 4, cellWidth))[2]).toBe('second 日');
    expect(rowsOf(composeWatchFrame(app, 8, 4, cellWidth))[2]).toBe('second');
  });

  it('the newest failure on the last row, in bold red', () => {
    const frame = composeWatchFrame({ ...app, results: [result('saves', 'passed'), result('opens')] }, 90, 6, cellWidth);
    expect(rowsOf(frame)[5]).toBe('✗ failed: opens · menu.test.ts · report: /p/opens-report.html');
    expect(frame.cells[5]?.[0]?.sgr).toBe('1;31');
  });

  it('no screen yet: its note', () => {
    expect(rowsOf(composeWatchFrame({ ...app, screen: undefined, note: 'reading its screen…' }, 90, 4, cellWidth)).slice(1)).toEqual([
      'reading its screen…',
      '',
      '',
    ]);
  });

  it('waiting: says so, and lists the tests that ended', () => {
    const frame = composeWatchFrame({ kind: 'waiting', results: [result('opens'), result('saves', 'passed')] }, 90, 6, cellWidth);
    expect(rowsOf(frame)).toEqual([
      `tmux-shot watch: no tests running; waiting…${' '.repeat(90 - 43 - WATCH_KEYS.length)}${WATCH_KEYS}`,
      '',
      'Ended in the last minutes:',
      '✗ failed: opens · menu.test.ts · report: /p/opens-report.html',
      '✓ passed: saves · menu.test.ts · report: /p/saves-report.html',
      '',
    ]);
    expect(frame.cursor).toBeUndefined();
  });
});

describe('frameUpdate', () => {
  const frameOf = (rows: string[], cursor?: { col: number; row: number }): Frame => {
    const cells = rows.map((row) => [...row].map((chars) => ({ chars: chars === ' ' ? '' : chars, width: 1 as const, sgr: chars === 'R' ? '31' : '' })));
    return { cols: rows[0]?.length ?? 0, rows: rows.length, cells, cursor };
  };
  it.each([
    [
      'the first frame: clear, every cell, cursor hidden',
      undefined,
      frameOf(['ab', 'R ']),
      '\x1b[0m\x1b[H\x1b[2J\x1b[1;1H\x1b[0mab\x1b[2;1H\x1b[0;31mR\x1b[0m \x1b[0m\x1b[?25l',
    ],
    ['nothing changed: nothing', frameOf(['ab', 'cd']), frameOf(['ab', 'cd']), ''],
    ['one cell: placed, drawn', frameOf(['ab', 'cd']), frameOf(['ab', 'cx']), '\x1b[2;2H\x1b[0mx\x1b[0m\x1b[?25l'],
    ['a run of changed cells in one go', frameOf(['abcd']), frameOf(['aXYd']), '\x1b[1;2H\x1b[0mXY\x1b[0m\x1b[?25l'],
    ['only the cursor moved', frameOf(['ab'], { col: 0, row: 0 }), frameOf(['ab'], { col: 1, row: 0 }), '\x1b[1;2H\x1b[?25h'],
    ['another size: all again', frameOf(['ab']), frameOf(['abc']), '\x1b[0m\x1b[H\x1b[2J\x1b[1;1H\x1b[0mabc\x1b[0m\x1b[?25l'],
  ])('%s', (_, previous, next, bytes) => {
    expect(frameUpdate(previous, next)).toBe(bytes);
  });

  it('a change on the right half of a wide character redraws it whole', () => {
    const wide = { chars: '日', width: 2 as const, sgr: '' };
    const half = { chars: '', width: 0 as const, sgr: '' };
    const before: Frame = { cols: 3, rows: 1, cells: [[wide, half, { chars: 'x', width: 1, sgr: '' }]], cursor: undefined };
    const after: Frame = {
      cols: 3,
      rows: 1,
      cells: [
        [
          { ...wide, sgr: '1' },
          { ...half, sgr: '1' },
          { chars: 'x', width: 1, sgr: '' },
        ],
      ],
      cursor: undefined,
    };
    expect(frameUpdate(before, after)).toBe('\x1b[1;1H\x1b[0;1m日\x1b[0m\x1b[?25l');
  });
});
