/**
 * The matchers on what an app told the terminal besides drawing (see `TmuxApp.bells` and
 * `TmuxApp.clipboardWrites`): `toHaveRungBell` and `toHaveClipboardText`. Like the state matchers,
 * each looks again after every output until the expectation holds or `timeout` passes, `.not`
 * until it does not; on a closed app it checks once.
 */
import type { MatcherState } from 'vitest';
import { locatorInternals } from '../../app/index.js';
import { ConfigError, TmuxShotError, describeValue } from '../../errors.js';
import type { ClipboardWrite } from '../../screen/index.js';
import { formatPattern, snapshotText } from '../../screen/index.js';
import type { ScreenSnapshot } from '../../snapshot.js';
import { formatBadSubject, formatHeader } from './failure-message.js';
import type { SyncExpectationResult } from './failure-message.js';
import { formatUntil, waitOnPort } from './locator-matchers.js';
import { resolveShowTextOptions } from '../options.js';
import type { StateAssertionOptions } from './state-matchers.js';
import { titleHolds } from './state-decide.js';
import { classifySubject, subjectLabel, testOfAssertion } from './subject.js';

/** What these matchers read of an app: `tmuxApp`, a `TmuxApp`. */
interface ToldApp {
  readonly bells: number;
  readonly clipboardWrites: readonly ClipboardWrite[];
  screen(): ScreenSnapshot;
  region(): unknown;
}

/** Options of `toHaveRungBell`. */
export interface RungBellOptions extends StateAssertionOptions {
  /** Exactly this many bells; left out, at least one. */
  times?: number;
}

function isToldApp(received: unknown): received is ToldApp {
  const app = received as Partial<ToldApp> | null;
  return typeof app === 'object' && app !== null && typeof app.bells === 'number' && Array.isArray(app.clipboardWrites) && typeof app.region === 'function';
}

/**
 * Runs an app-event matcher: waits on the app until `holds` answers as expected (`.not`: the
 * opposite), then reports with `sentence` (given `within`: ` within 5000 ms` or how the wait ended).
 * @throws {TmuxShotError} when `received` is not an app (a snapshot holds no events).
 */
async function assertTold(
  state: MatcherState,
  received: unknown,
  matcher: string,
  args: readonly string[],
  options: unknown,
  holds: (app: ToldApp) => boolean,
  sentence: (app: ToldApp, isNot: boolean, within: string) => string,
): Promise<SyncExpectationResult> {
  const isNot = state.isNot === true; // Vitest leaves it undefined when not negated
  const header = formatHeader(matcher, isNot, args, subjectLabel(classifySubject(received)));
  if (!isToldApp(received)) {
    const got = classifySubject(received)?.kind === 'snapshot' ? 'a screen snapshot, which holds no bells or clipboard writes' : describeValue(received);
    throw new TmuxShotError(formatBadSubject(header, 'tmuxApp or a TmuxApp', got));
  }
  const task = testOfAssertion(state, received);
  const { timeout } = resolveShowTextOptions(options, task, matcher);
  const port = locatorInternals(received.region())?.port;
  if (!port) throw new TmuxShotError(`${header}: the app has no screen to wait on (a bug in tmux-shot).`);
  const done = () => (holds(received) !== isNot ? true : undefined);
  const screenText = () => snapshotText(received.screen());
  const until = await waitOnPort(task, port, done, { header, timeout, screenText }, assertTold);
  return { pass: holds(received), message: () => [header, '', sentence(received, isNot, ` ${formatUntil(until)}`)].join('\n') };
}

/** `options` without `times`, and `times` checked. @throws {ConfigError} unless `times` is a whole number ≥ 0 or left out. */
function splitTimes(options: unknown): { times: number | undefined; rest: unknown } {
  if (typeof options !== 'object' || options === null || !('times' in options)) return { times: undefined, rest: options };
  const { times, ...rest } = options as { times: unknown };
  if (!Number.isInteger(times) || (times as number) < 0) {
    throw new ConfigError(`toHaveRungBell() takes { times } as a whole number of bells from 0; got ${describeValue(times)}.`);
  }
  return { times: times as number, rest };
}

const bellCount = (count: number) => (count === 1 ? '1 bell' : `${count} bells`);

/**
 * Passes when the app has rung the bell (BEL outside OSC and DCS strings; see `TmuxApp.bells`):
 * at least once, or with `{ times }` exactly that many times, in the output drawn so far.
 * Waits for it; `.not` waits until it does not hold (`.not.toHaveRungBell()`: no bell, checked
 * after the wait's last output).
 * @throws {TmuxShotError} when `received` is not `tmuxApp` or a `TmuxApp`; {@link ConfigError} for a
 *   `times` that is not a whole number ≥ 0, or bad options.
 */
export function toHaveRungBell(this: MatcherState, received: unknown, options?: RungBellOptions): Promise<SyncExpectationResult> {
  const { times, rest } = splitTimes(options);
  const expected = times === undefined ? 'the bell' : `the bell ${times === 1 ? 'once' : `${times} times`}`;
  return assertTold(
    this,
    received,
    'toHaveRungBell',
    times === undefined ? [] : [`{ times: ${times} }`],
    rest,
    ({ bells }) => (times === undefined ? bells > 0 : bells === times),
    ({ bells }, isNot, within) => `Expected the app ${isNot ? 'not ' : ''}to have rung ${expected}${within}, but it rang ${bellCount(bells)}.`,
  );
}

/**
 * Passes when the app's latest OSC 52 clipboard write (see `TmuxApp.clipboardWrites`), to any
 * selection, has text `expected` (a string, exactly) or matching it (a RegExp): what a paste would
 * give. Waits for it; `.not` waits until it differs. Named as termless names it (termless passes
 * on any write so far; this checks what the clipboard holds, the latest).
 * @throws {TmuxShotError} when `received` is not `tmuxApp` or a `TmuxApp`; {@link ConfigError} for an
 *   `expected` that is not a string or RegExp, or bad options.
 */
export function toHaveClipboardText(
  this: MatcherState,
  received: unknown,
  expected: string | RegExp,
  options?: StateAssertionOptions,
): Promise<SyncExpectationResult> {
  if (typeof expected !== 'string' && !(expected instanceof RegExp)) {
    throw new ConfigError(`toHaveClipboardText() takes the text as a string or a RegExp; got ${describeValue(expected)}.`);
  }
  const verb = typeof expected === 'string' ? 'be' : 'match';
  const latest = (app: ToldApp) => app.clipboardWrites.at(-1)?.text;
  return assertTold(
    this,
    received,
    'toHaveClipboardText',
    [formatPattern(expected)],
    options,
    (app) => {
      const text = latest(app);
      return text !== undefined && titleHolds(text, expected);
    },
    (app, isNot, within) => {
      const { length } = app.clipboardWrites;
      const text = latest(app);
      const now =
        text === undefined ? 'the app wrote none (OSC 52)' : `it is ${formatPattern(text)}, the latest of ${length} ${length === 1 ? 'write' : 'writes'}`;
      return `Expected the clipboard text ${isNot ? 'not ' : ''}to ${verb} ${formatPattern(expected)}${within}, but ${now}.`;
    },
  );
}
