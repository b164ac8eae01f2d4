/**
 * What the agent needs from a running app. `TmuxApp` implements it structurally; agent/ never
 * imports host/ or app/, so it can be tested with any object of this shape.
 */
export interface Driver {
  /**
   * Presses keys in order: tmux key names (`Enter`, `Down`, `C-c`, `M-x`, `F1`…) or Playwright
   * aliases (`ArrowDown`, `Control+C`).
   * @throws KeyNameError for a name neither tmux nor the aliases know.
   */
  press(...keys: string[]): Promise<void>;
  /** Types literal text, byte-exact; `'\n'` is sent as Enter (CR). */
  type(text: string): Promise<void>;
  /** The visible screen text, rows joined by `'\n'`. */
  text(): string;
  /** PNG bytes of the current screen. */
  screenshot(): Promise<Uint8Array>;
  /**
   * Waits until the app has been silent for `quietMs` (ms), at most `timeout` (ms). Resolves
   * `settled: false` instead of throwing when the screen is still changing at the timeout;
   * `afterMs` is how long it waited.
   */
  waitForStable(options?: { quietMs?: number; timeout?: number }): Promise<{ settled: boolean; afterMs: number }>;
}
