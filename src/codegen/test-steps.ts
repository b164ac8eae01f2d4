/**
 * The step model of generated tests: what `tmux-shot codegen` observed and what an agent run did,
 * as plain data, one step per call of the generated test. `write-test.ts` turns it into source.
 */
import { CODEGEN } from '../defaults.js';
import type { MouseButton } from '../term/index.js';
import type { PlacedText } from './appeared-text.js';

/** One step of a generated test; each comment shows the line it becomes. */
export type TestStep =
  /** `await tmuxApp.press('Down', 'Enter')`: tmux key names or Playwright names, in order. */
  | { kind: 'press'; keys: readonly string[] }
  /** `await tmuxApp.type('hello')`: literal text (a `'\n'` in it is sent as Enter). */
  | { kind: 'type'; text: string }
  /**
   * `await tmuxApp.type(secret('TMUX_SHOT_PASSWORD'))`, after a comment naming the prompt: a line
   * typed at a no-echo prompt (a password), whose text the test does not hold; the replay types
   * the environment variable `variable`, and fails naming it when it is not set.
   */
  | { kind: 'typeSecret'; variable: string; prompt: string }
  /** `await tmuxApp.paste('echo one\necho two')`: text pasted as a terminal pastes it (bracketed when the app asked). */
  | { kind: 'paste'; text: string }
  /** `await tmuxApp.getByText('File', { exact: true }).click()` (`{ button: 'right' }` when not left). */
  | { kind: 'click'; text: string; button?: MouseButton }
  /** `await tmuxApp.mouse.click(12, 3)`: 0-based cells, col then row. */
  | { kind: 'mouseClick'; col: number; row: number; button?: MouseButton }
  /** `await tmuxApp.waitForText('Saved')`: a wait on text the app shows after a step that took time; `{ timeout }` (ms) when it took longer than a wait's default. */
  | { kind: 'waitForText'; text: string | RegExp; timeout?: number }
  /** `await expect(tmuxApp).toShowText('Selected: Settings')`: an (auto-retrying) assertion; `{ timeout }` (ms) as for `waitForText`. */
  | { kind: 'expectText'; text: string | RegExp; timeout?: number }
  /**
   * `await expect(tmuxApp.region({ row: 16, col: 2, rows: 1, cols: 8 })).toHaveText('beta.txt')`:
   * text at its place (0-based cells; `cols` is the text's length), where a step replaced other
   * text with text shown elsewhere too; `{ timeout }` (ms) as for `waitForText`.
   */
  | { kind: 'expectRegionText'; row: number; col: number; text: string; timeout?: number }
  /**
   * `await tmuxApp.waitForStable({ quietMs: 1500 })`: a pause of the recording that the replay
   * keeps, in ms (after an Escape pressed alone: see `inferSteps`).
   */
  | { kind: 'waitForStable'; quietMs: number }
  /** `await expect(tmuxApp).toMatchScreenshot('settings')`, with `{ mask }` when the screen showed volatile text (a time, a percentage). */
  | { kind: 'screenshot'; name: string; mask?: readonly RegExp[] }
  /** `expect(await tmuxApp.waitForExit()).toEqual({ exitCode: 0, signal: null })`: the app ended by itself, with this status. */
  | { kind: 'exit'; exitCode: number | null; signal: string | null }
  /** `// codegen: left out here: a mouse drag from (3, 4) to (9, 4)`: what happened here that no step replays. */
  | { kind: 'comment'; text: string }
  /** `await tmuxApp.resize(100, 30)`: cells. */
  | { kind: 'resize'; cols: number; rows: number };

/** A whole generated test: the app it starts (its `test.override({ tmuxOptions })`) and its steps. */
export interface GeneratedTest {
  /** The test's title (`test(title, …)`). */
  title: string;
  /** Lines of a comment at the top of the file (what generated it), without `//`; none when absent. */
  comment?: readonly string[];
  /** The app's argv (or a shell command line, as `TmuxApp.start` takes it): `tmuxOptions.command`. */
  command: readonly string[] | string;
  /** The app's size, in cells: `tmuxOptions.cols`, `tmuxOptions.rows`. */
  cols: number;
  rows: number;
  /** Environment variables beyond tmux-shot's pinned ones: `tmuxOptions.env`, when any. */
  env?: Readonly<Record<string, string>>;
  /** The app's working directory: `tmuxOptions.cwd`, when not the project root. */
  cwd?: string;
  steps: readonly TestStep[];
  /** The test's own timeout, in ms (`test(title, { timeout }, …)`), when what was observed needs more than Vitest's default (5000). */
  timeout?: number;
}

/**
 * The assertion on what a step made appear (`appearedText`'s answer): `expectText` (or
 * `waitForText` when `wait`) on a text, `expectRegionText` on a text at its place; with
 * `{ timeout }` when given. Undefined in, undefined out.
 */
export function appearedStep(appeared: string | RegExp | PlacedText | undefined, timeout?: number, wait = false): TestStep | undefined {
  if (appeared === undefined) return undefined;
  const within = timeout === undefined ? {} : { timeout };
  if (typeof appeared === 'string' || appeared instanceof RegExp) return { kind: wait ? 'waitForText' : 'expectText', text: appeared, ...within };
  return { kind: 'expectRegionText', ...appeared, ...within };
}

/** Keys that end a line in line mode: the line is then the app's (CR, LF). */
export const LINE_ENDS: ReadonlySet<string> = new Set(['Enter', 'C-j']);

/** Whether `step` ends a line (a key of {@link LINE_ENDS}, a newline typed or pasted): the line goes to the app, and a shell's prompt comes back (see `promptAfter`). */
export function endsLine(step: TestStep): boolean {
  if (step.kind === 'press') return LINE_ENDS.has(step.keys.at(-1) ?? '');
  return (step.kind === 'type' || step.kind === 'paste') && step.text.endsWith('\n');
}

/**
 * The assertions after a step: on what appeared (see {@link appearedStep}), then on the prompt the
 * step's line end brought back (`promptAfter`), `{ timeout }` on the first of them. None when neither.
 */
export function assertionSteps(appeared: string | RegExp | PlacedText | undefined, prompt: PlacedText | undefined, timeout?: number, wait = false): TestStep[] {
  const first = appearedStep(appeared, timeout, wait);
  const then = appearedStep(prompt, first === undefined ? timeout : undefined);
  return [first, then].filter((step) => step !== undefined);
}

/**
 * The test's own timeout for `steps`: when some of its waits have a timeout of their own (a step
 * observed to take long), their sum plus Vitest's default (`CODEGEN.vitestTimeout`, for all the
 * other steps); else undefined (Vitest's default does).
 * @example testTimeout([{ kind: 'expectText', text: 'done', timeout: 14000 }]) // 19000
 */
export function testTimeout(steps: readonly TestStep[]): number | undefined {
  let waits = 0;
  for (const step of steps) if ('timeout' in step && step.timeout !== undefined) waits += step.timeout;
  return waits > 0 ? waits + CODEGEN.vitestTimeout : undefined;
}

/**
 * A timeout for something observed to take `observedMs`, when that is more than `defaultMs` (the
 * default it would replace): twice it (`CODEGEN.timeoutFactor`), rounded up to a whole second;
 * else undefined.
 * @example observedTimeout(6200, 5000) // 13000
 * @example observedTimeout(4000, 5000) // undefined
 */
export function observedTimeout(observedMs: number, defaultMs: number): number | undefined {
  return observedMs > defaultMs ? Math.ceil((observedMs * CODEGEN.timeoutFactor) / 1000) * 1000 : undefined;
}
