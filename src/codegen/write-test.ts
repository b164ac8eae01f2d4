/**
 * A {@link GeneratedTest} as the source of a Vitest file (pure): `tmux-shot/vitest`'s `test` and
 * `expect`, the app in `test.override({ tmuxOptions })`, one `test` whose body is one awaited call
 * per step. Strings are single-quoted with every control character escaped, so the file holds no
 * raw escape bytes; the output is already in Biome's and Prettier's style for lines that fit.
 */
import type { MouseButton } from '../term/index.js';
import type { GeneratedTest, TestStep } from './test-steps.js';

/**
 * The source of a Vitest test file for `test` (ends with a newline). Consecutive presses become
 * one `press(…)` and consecutive typing one `type(…)`; `expect` is imported only when a step asserts.
 * A `typeSecret` step becomes a comment naming its prompt and `type(secret('VARIABLE'))`, and the
 * file then ends with the `secret` function: the variable's value, or an error naming it.
 * @example
 * writeTest({ title: 'selects Save', command: ['node', 'menu.mjs'], cols: 40, rows: 12,
 *   steps: [{ kind: 'press', keys: ['Down', 'Enter'] }, { kind: 'expectText', text: 'Selected: Save' }] });
 * // import { expect, test } from 'tmux-shot/vitest';
 * //
 * // test.override({ tmuxOptions: { command: ['node', 'menu.mjs'], cols: 40, rows: 12 } });
 * //
 * // test('selects Save', async ({ tmuxApp }) => {
 * //   await tmuxApp.press('Down', 'Enter');
 * //   await expect(tmuxApp).toShowText('Selected: Save');
 * // });
 */
export function writeTest(test: GeneratedTest): string {
  const steps = mergeSteps(test.steps);
  const asserts = steps.some((step) => ['expectText', 'expectRegionText', 'screenshot', 'exit'].includes(step.kind));
  const lines = [
    ...(test.comment ?? []).map((line) => (line === '' ? '//' : `// ${line.replace(LINE_BREAKS, ' ')}`)),
    `import { ${asserts ? 'expect, test' : 'test'} } from 'tmux-shot/vitest';`,
    '',
    `test.override({ tmuxOptions: ${formatObject(tmuxOptions(test))} });`,
    '',
    `test(${quote(test.title)}, ${test.timeout === undefined ? '' : `{ timeout: ${test.timeout} }, `}async ({ tmuxApp }) => {`,
    ...steps.map((step) => `  ${formatStep(step)}`),
    '});',
    ...(steps.some((step) => step.kind === 'typeSecret') ? SECRET_HELPER : []),
  ];
  if (test.comment?.length) lines.splice(test.comment.length, 0, '');
  return `${lines.join('\n')}\n`;
}

/** The test's `tmuxOptions`, in the order a person writes them. */
function tmuxOptions(test: GeneratedTest): Record<string, unknown> {
  return {
    command: test.command,
    cols: test.cols,
    rows: test.rows,
    ...(test.env && Object.keys(test.env).length > 0 ? { env: test.env } : {}),
    ...(test.cwd !== undefined ? { cwd: test.cwd } : {}),
  };
}

/** `steps` with each run of presses merged into one press, and each run of typing into one type. */
export function mergeSteps(steps: readonly TestStep[]): TestStep[] {
  const merged: TestStep[] = [];
  for (const step of steps) {
    const last = merged.at(-1);
    if (last?.kind === 'press' && step.kind === 'press') merged[merged.length - 1] = { kind: 'press', keys: [...last.keys, ...step.keys] };
    else if (last?.kind === 'type' && step.kind === 'type') merged[merged.length - 1] = { kind: 'type', text: last.text + step.text };
    else merged.push(step);
  }
  return merged;
}

/** One step as its line of the test's body (a `typeSecret`: its comment, then its call on the next line at the body's indent). */
export function formatStep(step: TestStep): string {
  switch (step.kind) {
    case 'press':
      return `await tmuxApp.press(${step.keys.map(quote).join(', ')});`;
    case 'type':
      return `await tmuxApp.type(${quote(step.text)});`;
    case 'typeSecret': {
      const prompt = step.prompt === '' ? 'a no-echo prompt' : `the no-echo prompt ${quote(step.prompt)}`;
      const comment = `// typed at ${prompt} (ECHO off), not written here: set ${step.variable} to replay it`;
      return `${comment.replace(LINE_BREAKS, ' ')}\n  await tmuxApp.type(secret(${quote(step.variable)}));`;
    }
    case 'paste':
      return `await tmuxApp.paste(${quote(step.text)});`;
    case 'click':
      return `await tmuxApp.getByText(${quote(step.text)}, { exact: true }).click(${buttonOption(step.button)});`;
    case 'mouseClick': {
      const options = buttonOption(step.button);
      return `await tmuxApp.mouse.click(${step.col}, ${step.row}${options ? `, ${options}` : ''});`;
    }
    case 'waitForText':
      return `await tmuxApp.waitForText(${formatText(step.text)}${timeoutOption(step.timeout)});`;
    case 'expectText':
      return `await expect(tmuxApp).toShowText(${formatText(step.text)}${timeoutOption(step.timeout)});`;
    case 'expectRegionText': {
      const region = `tmuxApp.region({ row: ${step.row}, col: ${step.col}, rows: 1, cols: ${[...step.text].length} })`;
      return `await expect(${region}).toHaveText(${quote(step.text)}${timeoutOption(step.timeout)});`;
    }
    case 'waitForStable':
      return `await tmuxApp.waitForStable({ quietMs: ${step.quietMs} });`;
    case 'screenshot': {
      const mask = step.mask?.length ? `, { mask: [${step.mask.map(formatText).join(', ')}] }` : '';
      return `await expect(tmuxApp).toMatchScreenshot(${quote(step.name)}${mask});`;
    }
    case 'exit':
      return `expect(await tmuxApp.waitForExit()).toEqual({ exitCode: ${step.exitCode}, signal: ${step.signal === null ? 'null' : quote(step.signal)} });`;
    case 'comment':
      return `// ${step.text.replace(LINE_BREAKS, ' ')}`;
    case 'resize':
      return `await tmuxApp.resize(${step.cols}, ${step.rows});`;
  }
}

/**
 * The function a test with a `typeSecret` step ends with: the variable's value, or an error naming
 * it (typing '' would fail later, at a wait, with nothing said about the secret).
 */
const SECRET_HELPER = [
  '',
  '/** What was typed at a no-echo prompt, from the environment variable `name`: codegen does not write it into the test. */',
  'function secret(name: string): string {',
  '  const value = process.env[name];',
  '  if (value === undefined) throw new Error(`${name} is not set: set it to what was typed at the no-echo prompt to replay this test`);',
  '  return value;',
  '}',
];

/** A wait's options argument (with its leading comma): none without a timeout of its own. */
function timeoutOption(timeout: number | undefined): string {
  return timeout === undefined ? '' : `, { timeout: ${timeout} }`;
}

/** A mouse action's options: none for the left button (the default). */
function buttonOption(button: MouseButton | undefined): string {
  return button === undefined || button === 'left' ? '' : `{ button: ${quote(button)} }`;
}

/** A text as a string literal, or a RegExp as a literal with its invisible characters escaped as in {@link quote} (the same escapes mean the same in a pattern). */
function formatText(text: string | RegExp): string {
  return typeof text === 'string' ? quote(text) : `/${text.source.replace(INVISIBLE, escapeChar)}/${text.flags}`;
}

/** A plain value as a source literal: strings quoted, arrays and objects on one line, keys bare when they are identifiers. */
function formatObject(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (Array.isArray(value)) return `[${value.map(formatObject).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([key, item]) => `${IDENTIFIER.test(key) ? key : quote(key)}: ${formatObject(item)}`);
    return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
  }
  return String(value);
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The characters of {@link ESCAPED} that a RegExp's `source` may hold raw (all but `'`, `\`, and surrogates, which a pattern reads as they are). */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** What would end a `//` comment early (JavaScript's line terminators). */
const LINE_BREAKS = /[\n\r\u2028\u2029]/g;

/**
 * Characters never written raw inside a string literal: C0 controls, `'`, `\`, DEL, C1 controls,
 * the line and paragraph separators, bidirectional controls and the BOM (text that reads other
 * than it runs: "Trojan Source"), lone surrogates.
 */
const ESCAPED =
  /[\u0000-\u001f'\\\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const NAMED_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  "'": "\\'",
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
  '\v': '\\v',
};

/**
 * `text` as a single-quoted JavaScript string literal: `\\`, `'`, `\n`, `\r`, `\t`, `\b`, `\f`,
 * `\v` by name, other control characters as `\xNN`, line separators, bidirectional controls, the
 * BOM and lone surrogates as `\uNNNN`;
 * everything else (non-ASCII text included) as it is.
 * @example quote("it's\x1b[A") // "'it\\'s\\x1b[A'"
 */
export function quote(text: string): string {
  return `'${text.replace(ESCAPED, escapeChar)}'`;
}

function escapeChar(char: string): string {
  const code = char.charCodeAt(0);
  return NAMED_ESCAPES[char] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
}
