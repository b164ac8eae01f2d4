/**
 * `wait_for_text` and `click` with a client's `/regexp/`: the app's own waits search on the
 * server's thread, so these search with {@link PatternSearch} (a worker under a time budget) and
 * answer as `TmuxApp.waitForText` and a locator's `click` do. Literal text keeps the app's own
 * waits: a string search takes time linear in the screen.
 */
import type { MouseButton, TmuxApp } from '../app/index.js';
import { formatMatches } from '../app/index.js';
import { WAIT, WAIT_CONSTANTS } from '../defaults.js';
import { AppExitedError, ConfigError, StrictModeError, WaitTimeoutError } from '../errors.js';
import { describeExit } from '../host/index.js';
import { formatPattern, formatWithScreen, type TextMatch } from '../screen/index.js';
import { poll } from '../wait.js';
import type { PatternSearch } from './pattern-search.js';

/**
 * Waits until `pattern` is on the screen, as `TmuxApp.waitForText` does: searched at once, then
 * every `WAIT_CONSTANTS.pollMs`.
 * @param command The app's command as messages show it.
 * @param options.timeout @default WAIT.timeout
 * @throws {WaitTimeoutError} after `timeout` ms or when `signal` aborts, with the screen;
 *   AppExitedError at once when the app has exited without showing it; ConfigError when a search
 *   runs past its budget (see {@link PatternSearch}).
 */
export function waitForPattern(
  app: TmuxApp,
  command: string,
  search: PatternSearch,
  pattern: RegExp,
  options: { timeout?: number | undefined; signal?: AbortSignal | undefined },
): Promise<TextMatch> {
  const timeout = options.timeout ?? WAIT.timeout;
  return poll(
    async () => {
      const exit = await app.exitStatus(); // asked first: once it has exited, the screen is final
      const found = await search.first(app.screen(), pattern);
      if (found || !exit) return found;
      const text = app.text();
      throw new AppExitedError(
        formatWithScreen(`${command} exited (${describeExit(exit)}) without showing ${formatPattern(pattern)}.`, text),
        exit.exitCode,
        exit.signal,
        text,
      );
    },
    {
      timeout,
      interval: WAIT_CONSTANTS.pollMs,
      signal: options.signal,
      onTimeout: () =>
        new WaitTimeoutError(formatWithScreen(`Text ${formatPattern(pattern)} did not appear within ${timeout} ms.`, app.text()), timeout, app.text()),
    },
  );
}

/**
 * Clicks the one place `pattern` matches, once it is on the screen: at the centre of that match,
 * through the app's locator of its cells (which waits for mouse reporting as any click does).
 * @param target The pattern as the client wrote it, for messages.
 * @throws {StrictModeError} when it matches several places, naming their cells, with the screen;
 *   what {@link waitForPattern} and a locator's `click` throw.
 */
export async function clickPattern(
  app: TmuxApp,
  command: string,
  search: PatternSearch,
  pattern: RegExp,
  target: string,
  button: MouseButton | undefined,
): Promise<void> {
  await waitForPattern(app, command, search, pattern, {});
  const matches = (await search.all(app.screen(), pattern)).map(({ row, col, cols }) => ({ row, col, rows: 1, cols }));
  if (matches.length > 1) {
    const sentence =
      `click: ${target} matches ${matches.length} places on the screen (${formatMatches(matches)}) and clicks only one: ` +
      'give text or a /regexp/ that matches just one of them, or the cell to click as col and row.';
    throw new StrictModeError(formatWithScreen(sentence, app.text(), matches), matches);
  }
  const [match] = matches;
  if (!match) throw new ConfigError(`click: ${target} matches only empty text on the screen: give a pattern that matches at least one character.`);
  await app.region(match).click({ button });
}
