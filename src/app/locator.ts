/**
 * `Locator`: a place on an app's screen found by text or as a rectangle, like Playwright's. Lazy —
 * each use resolves it again on the live screen (see `resolveSteps` in locator-query.ts) — and
 * strict: what needs one place throws a StrictModeError when it matches several.
 */
import { ConfigError, StrictModeError, TmuxShotError, WaitTimeoutError, describeValue } from '../errors.js';
import type { CellPosition, CellRect } from '../geometry.js';
import { formatPattern, formatWithScreen, rectText, snapshotText } from '../screen/index.js';
import type { Cell, ScreenSnapshot } from '../snapshot.js';
import { captureCallSite, formatTimeout } from '../wait.js';
import type { WaitTimeout } from '../wait.js';
import { checkKnownOptions, checkPattern } from './options.js';
import { describeSteps, formatMatches, resolveSteps, targetCell } from './locator-query.js';
import type { GetByTextOptions, LocatorStep } from './locator-query.js';
import { mouseNotEnabledError } from './mouse.js';
import type { Mouse, MouseActionOptions, MouseButton } from './mouse.js';
import { checkDelta, checkMouseOptions } from './mouse-options.js';
import type { AppPort } from './port.js';
import { formatCall } from './steps.js';

/** Options of a locator's auto-waiting reads. */
export interface LocatorWaitOptions {
  /**
   * Longest wait for the locator to match, in ms.
   * @default WAIT.timeout (5000), or less to end by the app's deadline (in a Vitest test, just before the test's own timeout)
   */
  timeout?: number;
}

/**
 * Options of a locator's mouse actions: those of `tmuxApp.mouse` (`modifiers`, `force`), where
 * to aim, and one `timeout` for the whole action.
 */
export interface LocatorActionOptions extends Omit<MouseActionOptions, 'timeout'> {
  /** The cell to aim at, from the match's top-left cell (0-based). @default the match's centre cell (see `targetCell`) */
  position?: CellPosition;
  /**
   * Longest wait, in ms, for the locator to match one place and then for the app to turn mouse
   * reporting on. @default WAIT.timeout (5000), or less to end by the app's deadline
   */
  timeout?: number;
}

/** One place a locator matched, and the screen it was found on. */
interface Found {
  box: CellRect;
  snapshot: ScreenSnapshot;
}

/** What the package (the locator matchers) reaches of a locator beyond its public members. */
export interface LocatorInternals {
  port: AppPort;
  /** The app the locator was made by (the `TmuxApp`): Vitest matchers find its test through it. */
  app: LocatorApp;
  /** The locator as written (its `toString()`). */
  description: string;
  /** Its parent as written, where its last step searched; undefined for a locator of one step. */
  scopeDescription: string | undefined;
  /** Every place the locator matches on `snapshot`. */
  resolve(snapshot: ScreenSnapshot): CellRect[];
  /** The places its last step searched (its parent's matches), to mark on a screen; none for a locator of one step. */
  scope(snapshot: ScreenSnapshot): CellRect[];
}

/** What a locator uses of the `TmuxApp` that made it, besides the port: its mouse for the actions. */
export interface LocatorApp {
  readonly mouse: Mouse;
}

const internals = new WeakMap<object, LocatorInternals>();

/** `port` reading the whole buffer (`screen({ scrollback: true })`) wherever it reads the screen: the port of a scrollback locator. */
function readingScrollback(port: AppPort): AppPort {
  return { ...port, readScreen: () => port.readScreen({ scrollback: true }) };
}

/**
 * @throws {TmuxShotError} when `found` (on a snapshot with the scrollback) lies above the visible
 *   screen, where no mouse report can reach.
 */
function assertOnScreen(found: Found, action: string): void {
  const top = found.snapshot.viewportTop ?? 0;
  if (found.box.row >= top) return;
  throw new TmuxShotError(
    `${action} cannot reach its match at row ${found.box.row} col ${found.box.col}: it is in the scrollback, ${top - found.box.row} rows above the screen ` +
      `(rows of screen({ scrollback: true }); the screen begins at row ${top}). The mouse reaches only the visible screen: ` +
      'scroll the app so the text is shown, and find it without { scrollback: true }.',
  );
}

/** The internals of `value` when it is a Locator (package-internal: not exported from `tmux-shot`). */
export function locatorInternals(value: unknown): LocatorInternals | undefined {
  return typeof value === 'object' && value !== null ? internals.get(value) : undefined;
}

/**
 * A place on the screen, by text (`tmuxApp.getByText('Save')`) or as a rectangle
 * (`tmuxApp.region({ rows: 1 })`), narrowed with `getByText`, `first()`, `last()`, `nth()`. It is
 * only a description: every read resolves it again on the screen as drawn then, so it follows
 * the app as it redraws. Made by `TmuxApp.getByText` and `TmuxApp.region`.
 *
 * Strict like Playwright's: `boundingBox()`, `cells()`, `text()` and `isVisible()` need one place
 * and throw a {@link StrictModeError} listing every match when there are several; `count()`,
 * `all()`, `first()`, `last()` and `nth()` choose explicitly. The reads that need a match wait
 * for one (auto-wait), re-resolving after each output of the app, and fail with the screen when
 * none comes within their timeout. A screen in the middle of a synchronized update (DEC 2026)
 * counts as not drawn yet.
 * @example
 *   // mc: the menu bar's File, not a file named File in a panel
 *   const file = tmuxApp.region({ rows: 1 }).getByText('File');
 *   expect(await file.boundingBox()).toEqual({ row: 0, col: 11, rows: 1, cols: 4 });
 */
export class Locator {
  readonly #port: AppPort;
  readonly #app: LocatorApp;
  readonly #steps: readonly LocatorStep[];

  /** Package-internal: use `TmuxApp.getByText` or `TmuxApp.region`. */
  constructor(port: AppPort, app: LocatorApp, steps: readonly LocatorStep[]) {
    this.#port = port;
    this.#app = app;
    this.#steps = steps;
    internals.set(this, {
      port,
      app,
      description: describeSteps(steps),
      scopeDescription: steps.length > 1 ? describeSteps(steps.slice(0, -1)) : undefined,
      resolve: (snapshot) => resolveSteps(steps, snapshot),
      scope: (snapshot) => (steps.length > 1 ? resolveSteps(steps.slice(0, -1), snapshot) : []),
    });
  }

  /**
   * Text inside each place this locator matches (a parent that matches several places is not
   * strict, as in Playwright's `locator.locator()`). Matching is case-sensitive, unlike
   * Playwright's: terminal UIs mean case (`-- INSERT --`); use a RegExp with `i` to ignore it.
   * A string matches every non-overlapping occurrence within a row; with `exact: true` only where
   * it is bounded on both sides by a blank cell or the edge of the scope — so `'Save'` does not
   * match `Saved` or `[Save]` but does match the first word of `< Save As >`: say
   * `/< Save >/` when that matters. A RegExp matches within a row (its `g`/`y` flags ignored, its
   * `lastIndex` untouched; empty matches skipped); `exact` does not apply to it. A match is a
   * box of one row, wide characters counted as their 2 cells. With `scrollback: true` (the first
   * getByText only) it searches the whole buffer, and every row it reports — its box, its
   * messages' screens — is a row of `tmuxApp.screen({ scrollback: true })`, the oldest line kept
   * being row 0; its mouse actions refuse a match above the visible screen.
   * @throws {ConfigError} for text that is not a non-empty string or a RegExp, a string with a
   *   line break (a match never spans rows), options other than `{ exact, scrollback }`, or
   *   `scrollback: true` after another step.
   */
  getByText(text: string | RegExp, options?: GetByTextOptions): Locator {
    checkPattern(text, 'getByText');
    if (text === '') throw new ConfigError("getByText() needs text to find; '' would match everywhere. Use region() for a part of the screen.");
    if (typeof text === 'string' && /[\r\n]/.test(text)) {
      throw new ConfigError(
        `getByText() matches within one row, and ${formatPattern(text)} spans rows. Find each row's text on its own, or read a region: region({ row, rows }).text().`,
      );
    }
    const { exact = false, scrollback = false } = checkKnownOptions(options, 'getByText', ['exact', 'scrollback']);
    if (typeof exact !== 'boolean') throw new ConfigError(`getByText() exact must be true or false; got ${String(exact)}.`);
    if (typeof scrollback !== 'boolean') throw new ConfigError(`getByText() scrollback must be true or false; got ${describeValue(scrollback)}.`);
    const step = { kind: 'text', pattern: text, exact, scrollback } as const;
    if (!scrollback) return this.#then(step);
    if (this.#steps.length > 0) {
      throw new ConfigError(
        `${this}.getByText(…, { scrollback: true }): only a locator's first getByText searches the scrollback (tmuxApp.getByText(text, { scrollback: true })); ` +
          'what follows it searches inside its matches, and a region() is on the visible screen.',
      );
    }
    return new Locator(readingScrollback(this.#port), this.#app, [step]);
  }

  /** The first match (rows top to bottom, then left to right). */
  first(): Locator {
    return this.#then({ kind: 'nth', index: 0, name: 'first' });
  }

  /** The last match. */
  last(): Locator {
    return this.#then({ kind: 'nth', index: -1, name: 'last' });
  }

  /**
   * The match at `index`, 0-based; a negative index counts from the end (`nth(-1)` is the last), as in Playwright.
   * @throws {ConfigError} when `index` is not a whole number.
   */
  nth(index: number): Locator {
    if (!Number.isInteger(index)) throw new ConfigError(`nth() takes a whole number (negative counts from the end); got ${String(index)}.`);
    return this.#then({ kind: 'nth', index, name: 'nth' });
  }

  /** How many places it matches now (no wait; a half-drawn screen is waited out first). */
  async count(): Promise<number> {
    return resolveSteps(this.#steps, await this.#drawnScreen(this.count)).length;
  }

  /** A locator for each place it matches now (`nth(0)`, `nth(1)`…; no wait), as Playwright's `all()`. */
  async all(): Promise<Locator[]> {
    const count = resolveSteps(this.#steps, await this.#drawnScreen(this.all)).length;
    return Array.from({ length: count }, (_, index) => this.nth(index));
  }

  /**
   * True when it matches exactly one place now (no wait; a half-drawn screen is waited out first).
   * @throws {StrictModeError} when it matches several.
   */
  async isVisible(): Promise<boolean> {
    const snapshot = await this.#drawnScreen(this.isVisible);
    return this.#single(snapshot) !== undefined;
  }

  /**
   * The box of its one match, in cells: `{ row, col, rows, cols }` (a text match is one row high;
   * a region is its rectangle clipped to the screen). Waits for a match.
   * @throws {StrictModeError} at once when it matches several places; WaitTimeoutError when it
   *   matches none within `timeout`, with the screen (the scope it searched marked `^`).
   */
  boundingBox(options?: LocatorWaitOptions): Promise<CellRect> {
    return this.#port.step(
      'wait',
      () => `${this}.${formatCall('boundingBox', [options])}`,
      async () => {
        return (await this.#one(options, this.boundingBox)).box;
      },
    );
  }

  /** The cells of its one match, row by row. Waits for a match. @throws as {@link boundingBox}. */
  cells(options?: LocatorWaitOptions): Promise<Cell[][]> {
    return this.#port.step(
      'wait',
      () => `${this}.${formatCall('cells', [options])}`,
      async () => {
        const { box, snapshot } = await this.#one(options, this.cells);
        return snapshot.cells.slice(box.row, box.row + box.rows).map((row) => row.slice(box.col, box.col + box.cols));
      },
    );
  }

  /**
   * The text of its one match: what a text search matched; for a region, its rows (right-trimmed)
   * joined by '\n' (see `rectText`). Waits for a match. @throws as {@link boundingBox}.
   */
  text(options?: LocatorWaitOptions): Promise<string> {
    return this.#port.step(
      'wait',
      () => `${this}.${formatCall('text', [options])}`,
      async () => {
        const { box, snapshot } = await this.#one(options, this.text);
        return rectText(snapshot, box);
      },
    );
  }

  /**
   * The OSC 8 hyperlink of its one match (`ESC ] 8 ; ; URI ST` text `ESC ] 8 ; ; ST`, egmontkob's
   * "Hyperlinks in terminal emulators"): the URI of its first linked cell, in reading order, or
   * null when none of its cells is in a link — as Playwright's `getAttribute('href')`. Waits for a match.
   * @example expect(await tmuxApp.getByText('docs').link()).toBe('https://example.com/docs');
   * @throws as {@link boundingBox}.
   */
  link(options?: LocatorWaitOptions): Promise<string | null> {
    return this.#port.step(
      'wait',
      () => `${this}.${formatCall('link', [options])}`,
      async () => {
        const { box, snapshot } = await this.#one(options, this.link);
        const rows = snapshot.cells.slice(box.row, box.row + box.rows);
        return rows.flatMap((row) => row.slice(box.col, box.col + box.cols)).find((cell) => cell.link !== undefined)?.link ?? null;
      },
    );
  }

  /**
   * Clicks its one match with `tmuxApp.mouse.click`, at its centre cell or at `position` from its
   * top-left cell. First it waits, up to `timeout`, until the locator matches one place and the app
   * has turned mouse reporting on (or `force`), then aims at the match on that same screen — so a
   * match that moved while the app was starting is clicked where it is, not where it was.
   * @param options.button @default 'left'
   * @param options.clickCount Press-release pairs, at most 1000. @default 1
   * @throws {StrictModeError} at once when it matches several places; WaitTimeoutError when it
   *   matches none within `timeout`; MouseNotEnabledError when it matches but the app has not
   *   turned mouse reporting on by then; AppExitedError when the app exits first; ConfigError for
   *   a `position` off the screen or a bad option.
   * @example await tmuxApp.region({ rows: 1 }).getByText('File').click();
   */
  click(options?: LocatorActionOptions & { button?: MouseButton; clickCount?: number }): Promise<void> {
    return this.#port.step(
      'mouse',
      () => `${this}.${formatCall('click', [options])}`,
      async () => {
        const { target, rest } = await this.#target(options, 'click', this.click);
        await this.#app.mouse.click(target.col, target.row, rest);
      },
    );
  }

  /** Double-clicks its one match (`mouse.dblclick` at the cell {@link click} aims at, waiting as it does). @throws as {@link click}. */
  dblclick(options?: LocatorActionOptions & { button?: MouseButton }): Promise<void> {
    return this.#port.step(
      'mouse',
      () => `${this}.${formatCall('dblclick', [options])}`,
      async () => {
        const { target, rest } = await this.#target(options, 'dblclick', this.dblclick);
        await this.#app.mouse.dblclick(target.col, target.row, rest);
      },
    );
  }

  /**
   * Moves the pointer onto its one match (`mouse.move`, waiting as {@link click} does): a motion
   * report only when the app's mode reports motion (any-event tracking, 1003). @throws as {@link click}.
   */
  hover(options?: LocatorActionOptions): Promise<void> {
    return this.#port.step(
      'mouse',
      () => `${this}.${formatCall('hover', [options])}`,
      async () => {
        const { target, rest } = await this.#target(options, 'hover', this.hover);
        await this.#app.mouse.move(target.col, target.row, rest);
      },
    );
  }

  /**
   * Turns the wheel over its one match (waiting as {@link click} does): moves the pointer there,
   * then `deltaRows` notches (`mouse.wheel`: positive down, one report each).
   * @throws as {@link click}; ConfigError when `deltaRows` is not a whole number from -1000 to 1000.
   */
  wheel(deltaRows: number, options?: LocatorActionOptions): Promise<void> {
    return this.#port.step(
      'mouse',
      () => `${this}.${formatCall('wheel', [deltaRows, options])}`,
      async () => {
        checkDelta(deltaRows);
        const { target, rest } = await this.#target(options, 'wheel', this.wheel);
        await this.#app.mouse.move(target.col, target.row, rest);
        await this.#app.mouse.wheel(deltaRows, rest);
      },
    );
  }

  /**
   * Waits until the locator matches one place (`state: 'visible'`, strict) or none (`'hidden'`),
   * as Playwright's `locator.waitFor()`.
   * @param options.state @default 'visible'
   * @throws {StrictModeError} at once for 'visible' when it matches several places; WaitTimeoutError
   *   after `timeout`; AppExitedError when the app exits first; ConfigError for bad options.
   */
  waitFor(options?: LocatorWaitOptions & { state?: 'visible' | 'hidden' }): Promise<void> {
    return this.#port.step(
      'wait',
      () => `${this}.${formatCall('waitFor', [options])}`,
      async () => {
        const { state = 'visible', ...rest } = checkKnownOptions(options, 'waitFor', ['state', 'timeout']);
        if (state === 'visible') {
          await this.#one(rest, this.waitFor);
          return;
        }
        if (state !== 'hidden') throw new ConfigError(`waitFor() state must be 'visible' or 'hidden'; got ${describeValue(state)}.`);
        const { timeout } = rest;
        let matches: CellRect[] = [];
        await this.#port.waitUntil(
          () => {
            const snapshot = this.#port.readScreen();
            matches = snapshot ? resolveSteps(this.#steps, snapshot) : [];
            return snapshot && matches.length === 0 ? true : undefined;
          },
          {
            timeout,
            marks: (snapshot) => resolveSteps(this.#steps, snapshot),
            exited: (how) => `${this} still matches, and ${this.#port.command} exited (${how}).`,
            saw: () => `still matched at ${formatMatches(matches)}`,
          },
          (limit) => `${this} still matched within ${formatTimeout(limit)}; ^ marks where.`,
          this.waitFor,
        );
      },
    );
  }

  /** How messages name it, as written: `region({ rows: 1 }).getByText('File').first()`. */
  toString(): string {
    return describeSteps(this.#steps);
  }

  /**
   * Waits until the locator matches one place and the app reports the mouse (or `force`), then
   * gives the cell an action aims at on that screen (see `targetCell`), and the mouse options.
   * @throws {MouseNotEnabledError} when it matched but reporting stayed off until `timeout`.
   */
  async #target<T extends LocatorActionOptions>(
    options: T | undefined,
    method: string,
    caller: Function,
  ): Promise<{ target: CellPosition; rest: Omit<T, 'position'> }> {
    const action = `${this}.${method}()`;
    const mouseMethod = method === 'hover' ? 'move' : method;
    checkMouseOptions(options, mouseMethod, action, ['position']);
    const { position, ...rest } = options ?? ({} as T);
    const { scope } = internals.get(this)!;
    const reporting = () => rest.force === true || this.#port.mouseModes().tracking !== 'none';
    let matched: Found | undefined;
    const ready = () => {
      const snapshot = this.#port.readScreen();
      matched = snapshot && this.#single(snapshot);
      if (matched) assertOnScreen(matched, action);
      return matched && reporting() ? matched : undefined;
    };
    const what = (limit: WaitTimeout) => this.#matchedNothing(limit, `, so ${method}() sent nothing`);
    const exited = (how: string) =>
      `${action} sent nothing: ${this.#port.command} exited (${how}) ${matched ? 'without turning mouse reporting on' : `before ${this} matched`}.`;
    const atCallSite = captureCallSite(caller);
    try {
      const saw = () => (matched ? `matched at ${formatMatches([matched.box])}; mouse reporting off` : 'matched nothing');
      const { box, snapshot } = await this.#port.waitUntil(ready, { timeout: rest.timeout, marks: scope, exited, saw }, what, caller);
      const top = snapshot.viewportTop ?? 0;
      const onScreen = targetCell({ ...box, row: box.row - top }, { cols: snapshot.cols, rows: snapshot.rows - top }, position);
      return { target: onScreen, rest };
    } catch (error) {
      if (error instanceof WaitTimeoutError && matched) throw atCallSite(mouseNotEnabledError(action, this.#port.command, error));
      throw error;
    }
  }

  /** A wait for one match timed out: what happened (and `then`), and where it searched when it has a parent. */
  #matchedNothing(limit: WaitTimeout, then = ''): string {
    const { scopeDescription } = internals.get(this)!;
    return `${this} matched nothing within ${formatTimeout(limit)}${then}.${scopeDescription ? ` ^ marks where it searched: ${scopeDescription}.` : ''}`;
  }

  #then(step: LocatorStep): Locator {
    return new Locator(this.#port, this.#app, [...this.#steps, step]);
  }

  /** The one match on `snapshot`, or undefined for none. @throws {StrictModeError} for several. */
  #single(snapshot: ScreenSnapshot): Found | undefined {
    const boxes = resolveSteps(this.#steps, snapshot);
    if (boxes.length > 1) {
      const sentence = `Strict mode violation: ${this} matches ${boxes.length} places (${formatMatches(boxes)}); one was needed. Choose with .first(), .last() or .nth(i), or narrow it with region() or { exact: true }.`;
      throw new StrictModeError(formatWithScreen(sentence, snapshotText(snapshot), boxes), boxes);
    }
    return boxes[0] && { box: boxes[0], snapshot };
  }

  /** Waits for exactly one match (see {@link boundingBox}). */
  #one(options: LocatorWaitOptions | undefined, caller: Function): Promise<Found> {
    const { timeout } = checkKnownOptions(options, caller.name, ['timeout']);
    const { scope } = internals.get(this)!;
    const what = (limit: WaitTimeout) => this.#matchedNothing(limit);
    const exited = (how: string) => `${this} matched nothing, and ${this.#port.command} exited (${how}): its screen will not change any more.`;
    return this.#port.waitUntil(
      () => {
        const snapshot = this.#port.readScreen();
        return snapshot && this.#single(snapshot);
      },
      { timeout, marks: scope, exited, saw: () => 'matched nothing' },
      what,
      caller,
    );
  }

  /** The screen now, or once a synchronized update being drawn ends (at most `SCREEN.synchronizedUpdateTimeout`). */
  #drawnScreen(caller: Function): Promise<ScreenSnapshot> {
    return this.#port.waitUntil(
      () => this.#port.readScreen(),
      undefined,
      () => 'The screen stayed half drawn (a synchronized update).',
      caller,
    );
  }
}
