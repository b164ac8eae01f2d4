import { describe, expect, it } from 'vitest';
import { observedTimeout, type TestStep, testTimeout } from '../../src/codegen/test-steps.js';
import { formatStep, mergeSteps, quote, writeTest } from '../../src/codegen/write-test.js';

describe('quote', () => {
  it.each([
    ['hello', "'hello'"],
    ["it's", "'it\\'s'"],
    ['back\\slash', "'back\\\\slash'"],
    ['a\nb\r\tc', "'a\\nb\\r\\tc'"],
    ['\x1b[A', "'\\x1b[A'"],
    ['\x00\x7f\x85', "'\\x00\\x7f\\x85'"],
    ['\b\f\v', "'\\b\\f\\v'"],
    ['line\u2028para\u2029', "'line\\u2028para\\u2029'"],
    ['lone \ud800 and \udc00', "'lone \\ud800 and \\udc00'"],
    ['bidi \u202e\u2066 bom \ufeff lrm \u200e', "'bidi \\u202e\\u2066 bom \\ufeff lrm \\u200e'"],
    ['emoji 😀 ok', "'emoji 😀 ok'"],
    ['Größe ✓ "x" `y` ${z}', '\'Größe ✓ "x" `y` ${z}\''],
    ['', "''"],
  ])('quotes %j as %s', (text, source) => {
    expect(quote(text)).toBe(source);
    expect(new Function(`return ${source};`)()).toBe(text);
  });
});

describe('formatStep', () => {
  it.each<[TestStep, string]>([
    [{ kind: 'press', keys: ['Down', 'Enter'] }, "await tmuxApp.press('Down', 'Enter');"],
    [{ kind: 'type', text: 'hello\n' }, "await tmuxApp.type('hello\\n');"],
    [{ kind: 'paste', text: 'echo one\necho two' }, "await tmuxApp.paste('echo one\\necho two');"],
    [{ kind: 'click', text: 'File' }, "await tmuxApp.getByText('File', { exact: true }).click();"],
    [{ kind: 'click', text: 'File', button: 'left' }, "await tmuxApp.getByText('File', { exact: true }).click();"],
    [{ kind: 'click', text: 'File', button: 'right' }, "await tmuxApp.getByText('File', { exact: true }).click({ button: 'right' });"],
    [{ kind: 'mouseClick', col: 12, row: 3 }, 'await tmuxApp.mouse.click(12, 3);'],
    [{ kind: 'mouseClick', col: 0, row: 0, button: 'middle' }, "await tmuxApp.mouse.click(0, 0, { button: 'middle' });"],
    [{ kind: 'waitForText', text: 'Saved' }, "await tmuxApp.waitForText('Saved');"],
    [{ kind: 'waitForText', text: /Saved \d+/ }, 'await tmuxApp.waitForText(/Saved \\d+/);'],
    [{ kind: 'expectText', text: 'Selected: Settings' }, "await expect(tmuxApp).toShowText('Selected: Settings');"],
    [{ kind: 'expectText', text: /a\/b/i }, 'await expect(tmuxApp).toShowText(/a\\/b/i);'],
    [{ kind: 'expectText', text: /\x1b\[1m\t\u202e/ }, 'await expect(tmuxApp).toShowText(/\\x1b\\[1m\\t\\u202e/);'],
    [{ kind: 'screenshot', name: 'settings' }, "await expect(tmuxApp).toMatchScreenshot('settings');"],
    [{ kind: 'resize', cols: 100, rows: 30 }, 'await tmuxApp.resize(100, 30);'],
    [{ kind: 'expectText', text: 'build-finished', timeout: 14000 }, "await expect(tmuxApp).toShowText('build-finished', { timeout: 14000 });"],
    [{ kind: 'waitForText', text: /ready/, timeout: 18000 }, 'await tmuxApp.waitForText(/ready/, { timeout: 18000 });'],
    [
      { kind: 'screenshot', name: 'final', mask: [/\b\d{1,2}:\d{2}\b/, /(?<=\bpid[\s:=#]*)\d+/i] },
      "await expect(tmuxApp).toMatchScreenshot('final', { mask: [/\\b\\d{1,2}:\\d{2}\\b/, /(?<=\\bpid[\\s:=#]*)\\d+/i] });",
    ],
    [{ kind: 'screenshot', name: 'final', mask: [] }, "await expect(tmuxApp).toMatchScreenshot('final');"],
    [{ kind: 'exit', exitCode: 0, signal: null }, 'expect(await tmuxApp.waitForExit()).toEqual({ exitCode: 0, signal: null });'],
    [{ kind: 'exit', exitCode: null, signal: 'SIGTERM' }, "expect(await tmuxApp.waitForExit()).toEqual({ exitCode: null, signal: 'SIGTERM' });"],
    [{ kind: 'comment', text: 'codegen: left out here: mouse wheel\nup' }, '// codegen: left out here: mouse wheel up'],
    [
      { kind: 'expectRegionText', row: 16, col: 2, text: 'beta.txt' },
      "await expect(tmuxApp.region({ row: 16, col: 2, rows: 1, cols: 8 })).toHaveText('beta.txt');",
    ],
    [
      { kind: 'expectRegionText', row: 0, col: 0, text: "it's", timeout: 12000 },
      "await expect(tmuxApp.region({ row: 0, col: 0, rows: 1, cols: 4 })).toHaveText('it\\'s', { timeout: 12000 });",
    ],
    [{ kind: 'waitForStable', quietMs: 1500 }, 'await tmuxApp.waitForStable({ quietMs: 1500 });'],
  ])('%j', (step, line) => {
    expect(formatStep(step)).toBe(line);
  });
});

describe('mergeSteps', () => {
  it.each<[string, TestStep[], TestStep[]]>([
    [
      'consecutive presses become one press',
      [
        { kind: 'press', keys: ['Down'] },
        { kind: 'press', keys: ['Down', 'Enter'] },
      ],
      [{ kind: 'press', keys: ['Down', 'Down', 'Enter'] }],
    ],
    [
      'consecutive typing becomes one type',
      [
        { kind: 'type', text: 'ab' },
        { kind: 'type', text: 'c' },
        { kind: 'press', keys: ['Enter'] },
      ],
      [
        { kind: 'type', text: 'abc' },
        { kind: 'press', keys: ['Enter'] },
      ],
    ],
    [
      'a step between keeps presses apart',
      [
        { kind: 'press', keys: ['Down'] },
        { kind: 'expectText', text: '> Save' },
        { kind: 'press', keys: ['Down'] },
      ],
      [
        { kind: 'press', keys: ['Down'] },
        { kind: 'expectText', text: '> Save' },
        { kind: 'press', keys: ['Down'] },
      ],
    ],
    ['nothing stays nothing', [], []],
  ])('%s', (_name, steps, merged) => {
    expect(mergeSteps(steps)).toEqual(merged);
  });
});

describe('writeTest', () => {
  it('writes a whole Vitest file: the import, the app in test.override, one awaited call per step', () => {
    const source = writeTest({
      title: 'selects Settings',
      command: ['node', 'fixtures/menu.mjs'],
      cols: 40,
      rows: 12,
      steps: [
        { kind: 'press', keys: ['Down'] },
        { kind: 'press', keys: ['Down'] },
        { kind: 'expectText', text: '> Settings' },
        { kind: 'press', keys: ['Enter'] },
        { kind: 'expectText', text: 'Selected: Settings' },
        { kind: 'screenshot', name: 'end' },
      ],
    });
    expect(source).toBe(`import { expect, test } from 'tmux-shot/vitest';

test.override({ tmuxOptions: { command: ['node', 'fixtures/menu.mjs'], cols: 40, rows: 12 } });

test('selects Settings', async ({ tmuxApp }) => {
  await tmuxApp.press('Down', 'Down');
  await expect(tmuxApp).toShowText('> Settings');
  await tmuxApp.press('Enter');
  await expect(tmuxApp).toShowText('Selected: Settings');
  await expect(tmuxApp).toMatchScreenshot('end');
});
`);
  });

  it('writes the comment (a line break in it made a blank), env (keys quoted when not identifiers) and cwd; imports only test when nothing asserts', () => {
    const source = writeTest({
      title: "it's a test",
      comment: ['Generated by tmux-shot.', '', 'Edit\nfreely.'],
      command: ['sh', '-c', "printf 'a\\tb'"],
      cols: 80,
      rows: 24,
      env: { LANG: 'C.UTF-8', 'MY-VAR': 'x' },
      cwd: 'app',
      steps: [{ kind: 'type', text: 'q' }],
    });
    expect(source).toBe(`// Generated by tmux-shot.
//
// Edit freely.

import { test } from 'tmux-shot/vitest';

test.override({ tmuxOptions: { command: ['sh', '-c', 'printf \\'a\\\\tb\\''], cols: 80, rows: 24, env: { LANG: 'C.UTF-8', 'MY-VAR': 'x' }, cwd: 'app' } });

test('it\\'s a test', async ({ tmuxApp }) => {
  await tmuxApp.type('q');
});
`);
  });

  it('gives the test its own timeout when it has one, and imports expect for an exit assertion', () => {
    const steps: TestStep[] = [{ kind: 'exit', exitCode: 0, signal: null }];
    expect(writeTest({ title: 't', command: ['sh'], cols: 80, rows: 24, steps, timeout: 14000 })).toBe(`import { expect, test } from 'tmux-shot/vitest';

test.override({ tmuxOptions: { command: ['sh'], cols: 80, rows: 24 } });

test('t', { timeout: 14000 }, async ({ tmuxApp }) => {
  expect(await tmuxApp.waitForExit()).toEqual({ exitCode: 0, signal: null });
});
`);
  });

  it('leaves out an empty env', () => {
    expect(writeTest({ title: 't', command: ['vim'], cols: 80, rows: 24, env: {}, steps: [] })).toBe(`import { test } from 'tmux-shot/vitest';

test.override({ tmuxOptions: { command: ['vim'], cols: 80, rows: 24 } });

test('t', async ({ tmuxApp }) => {
});
`);
  });
});

describe('testTimeout', () => {
  it.each<[string, TestStep[], number | undefined]>([
    ['no wait with a timeout of its own: none', [{ kind: 'expectText', text: 'a' }], undefined],
    [
      'the sum of the waits’ own timeouts plus Vitest’s default',
      [
        { kind: 'expectText', text: 'a', timeout: 14000 },
        { kind: 'waitForText', text: 'b', timeout: 12000 },
        { kind: 'expectText', text: 'c' },
      ],
      31000,
    ],
  ])('%s', (_name, steps, timeout) => {
    expect(testTimeout(steps)).toBe(timeout);
  });
});

describe('observedTimeout', () => {
  it.each([
    [6200, 5000, 13000],
    [5000, 5000, undefined],
    [5001, 5000, 11000],
    [9000, 5000, 18000],
    [0, 5000, undefined],
  ])('%i ms observed, %i ms default → %s', (observed, fallback, timeout) => {
    expect(observedTimeout(observed, fallback)).toBe(timeout);
  });
});
