/**
 * The step model of generated tests: what `tmux-shot codegen` observed and what an agent run did,
 * as plain data, one step per call of the generated test. `write-test.ts` turns it into source.
 */
import type { MouseButton } from '../host/index.js';

/** One step of a generated test; each comment shows the line it becomes. */
export type TestStep =
  /** `await tmuxApp.press('Down', 'Enter')`: tmux key names or Playwright names, in order. */
  | { kind: 'press'; keys: readonly string[] }
  /** `await tmuxApp.type('hello')`: literal text (a `'\n'` in it is sent as Enter). */
  | { kind: 'type'; text: string }
  /** `await tmuxApp.getByText('File', { exact: true }).click()` (`{ button: 'right' }` when not left). */
  | { kind: 'click'; text: string; button?: MouseButton }
  /** `await tmuxApp.mouse.click(12, 3)`: 0-based cells, col then row. */
  | { kind: 'mouseClick'; col: number; row: number; button?: MouseButton }
  /** `await tmuxApp.waitForText('Saved')`: a wait on text the app shows after a step that took time. */
  | { kind: 'waitForText'; text: string | RegExp }
  /** `await expect(tmuxApp).toShowText('Selected: Settings')`: an (auto-retrying) assertion. */
  | { kind: 'expectText'; text: string | RegExp }
  /** `await expect(tmuxApp).toMatchScreenshot('settings')`. */
  | { kind: 'screenshot'; name: string }
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
}
