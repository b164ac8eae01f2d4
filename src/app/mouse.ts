/**
 * `Mouse`: Playwright's `page.mouse` for a terminal app, in cells. Each action waits for the app to
 * turn mouse reporting on, then sends the reports xterm would send (see `encodeMouseReport`) as
 * the app's input: no tmux client is attached to report the mouse for us.
 */
import { ConfigError, MouseNotEnabledError, WaitTimeoutError } from '../errors.js';
import { encodeMouseReport } from '../term/index.js';
import type { MouseButton, MouseReportEvent } from '../term/index.js';
import { formatWithScreen } from '../screen/index.js';
import type { CellPosition } from '../geometry.js';
import type { MouseModes } from '../snapshot.js';
import { captureCallSite } from '../wait.js';
import { checkDelta, checkMouseOptions, checkPosition } from './mouse-options.js';
import type { CheckedMouseOptions, MouseActionOptions } from './mouse-options.js';
import type { AppPort } from './port.js';
import { formatCall } from './steps.js';

export type { MouseActionOptions } from './mouse-options.js';
export type { MouseButton, MouseModifier } from '../term/index.js';

/**
 * The mouse of a {@link TmuxApp} (`tmuxApp.mouse`), like Playwright's `page.mouse` but in cells
 * (0-based `col`, `row`). It keeps the pointer's cell (first 0, 0) and the buttons held, and sends
 * the reports a terminal would send in the mouse modes the app turned on (xterm ctlseqs, "Mouse
 * Tracking": DECSET 9, 1000, 1002, 1003 with encodings 1005, 1006, 1015), through tmux
 * `send-keys -H`.
 *
 * Every action first waits (up to `timeout`) until the app has turned mouse reporting on, and
 * throws {@link MouseNotEnabledError} if it does not; `{ force: true }` sends at once instead.
 * Like a terminal, it sends no report the app did not ask for: no motion in X10 (9) or normal
 * (1000) tracking, motion only with a button held in button-event tracking (1002), none when the
 * pointer stays in its cell; no release, wheel or modifiers in X10 tracking. The modes are read
 * again before each report, so an app that turns reporting off mid-gesture gets no more.
 *
 * Actions run one after another: one started while another is running (`Promise.all`) waits for
 * it, as one hand moves one mouse. Not followed: the SGR-pixels encoding (DECSET 1016, reports
 * in pixels: an app that asks for it gets SGR reports in cells) and XTSAVE/XTRESTORE of the mouse
 * modes (`CSI ? Pm s` / `r`).
 * @example
 *   await app.mouse.click(10, 3);                       // left press and release at col 10, row 3
 *   await app.mouse.click(10, 3, { button: 'right', modifiers: ['Control'] });
 *   await app.mouse.drag({ col: 2, row: 5 }, { col: 20, row: 5 }, { steps: 4 });
 *   await app.mouse.wheel(3);                           // three notches down at the pointer
 */
export class Mouse {
  readonly #port: AppPort;
  #position: CellPosition = { col: 0, row: 0 };
  readonly #held = new Set<MouseButton>();
  /** The action running now: actions run one after another, as one hand moves one mouse. */
  #queue: Promise<void> = Promise.resolve();

  /** @internal `TmuxApp` builds its one `Mouse` over its port. */
  constructor(port: AppPort) {
    this.#port = port;
  }

  /**
   * Moves to the cell (when the pointer is elsewhere), then presses and releases `button`
   * `clickCount` times there: `clickCount` pairs of press and release reports.
   * @param options.button @default 'left'
   * @param options.clickCount Press-release pairs, at most 1000. @default 1
   * @throws {ConfigError} for a cell outside the screen or a bad option; MouseNotEnabledError
   *   when the app has not turned mouse reporting on within `timeout`; AppExitedError after it exited.
   */
  click(col: number, row: number, options?: MouseActionOptions & { button?: MouseButton; clickCount?: number }): Promise<void> {
    return this.#port.step(
      'mouse',
      () => formatCall('mouse.click', [col, row, options]),
      async () => {
        const checked = checkMouseOptions(options, 'click');
        const to = checkPosition({ col, row }, this.#port.size(), 'click');
        await this.#serial(checked, 'click', this.click, async () => {
          await this.#moveTo(to, checked, 1);
          for (let n = 0; n < checked.clickCount; n++) {
            await this.#press(checked);
            await this.#release(checked);
          }
        });
      },
    );
  }

  /**
   * Two clicks at the cell, as Playwright's `dblclick` (`click` with `clickCount: 2`): the app
   * tells a double click by the time between them, as it would from a real mouse.
   * @throws as {@link click}.
   */
  dblclick(col: number, row: number, options?: MouseActionOptions & { button?: MouseButton }): Promise<void> {
    return this.#port.step(
      'mouse',
      () => formatCall('mouse.dblclick', [col, row, options]),
      async () => {
        const checked = checkMouseOptions(options, 'dblclick');
        const to = checkPosition({ col, row }, this.#port.size(), 'dblclick');
        await this.#serial(checked, 'dblclick', this.dblclick, async () => {
          await this.#moveTo(to, checked, 1);
          for (let n = 0; n < 2; n++) {
            await this.#press(checked);
            await this.#release(checked);
          }
        });
      },
    );
  }

  /**
   * Presses `button` at the pointer's cell and keeps it held (motion reports in button-event
   * tracking carry it) until {@link up}.
   * @param options.button @default 'left'
   * @throws as {@link click}.
   */
  down(options?: MouseActionOptions & { button?: MouseButton }): Promise<void> {
    return this.#port.step(
      'mouse',
      () => formatCall('mouse.down', [options]),
      async () => {
        const checked = checkMouseOptions(options, 'down');
        await this.#serial(checked, 'down', this.down, () => this.#press(checked));
      },
    );
  }

  /**
   * Releases `button` at the pointer's cell.
   * @param options.button @default 'left'
   * @throws as {@link click}.
   */
  up(options?: MouseActionOptions & { button?: MouseButton }): Promise<void> {
    return this.#port.step(
      'mouse',
      () => formatCall('mouse.up', [options]),
      async () => {
        const checked = checkMouseOptions(options, 'up');
        await this.#serial(checked, 'up', this.up, () => this.#release(checked));
      },
    );
  }

  /**
   * Moves the pointer to the cell in `steps` even steps (rounded to cells, as Playwright's
   * `mouse.move` interpolates; no more steps than cells crossed), with a motion report for each new cell when the app's tracking
   * mode reports motion: any-event (1003) always, button-event (1002) while a button is held,
   * never in X10 (9) or normal (1000) mode — a real terminal sends none there either.
   * @param options.steps @default 1
   * @throws as {@link click}.
   */
  move(col: number, row: number, options?: MouseActionOptions & { steps?: number }): Promise<void> {
    return this.#port.step(
      'mouse',
      () => formatCall('mouse.move', [col, row, options]),
      async () => {
        const checked = checkMouseOptions(options, 'move');
        const to = checkPosition({ col, row }, this.#port.size(), 'move');
        await this.#serial(checked, 'move', this.move, () => this.#moveTo(to, checked, checked.steps));
      },
    );
  }

  /**
   * Turns the wheel by `deltaRows` notches at the pointer's cell: one report per notch, down for a
   * positive delta (xterm's button 5, code 65), up for a negative one (button 4, code 64); wheels
   * send no release. Nothing in X10 mode (9), which cannot encode the wheel.
   * @throws {ConfigError} when `deltaRows` is not a whole number from -1000 to 1000; otherwise as {@link click}.
   */
  wheel(deltaRows: number, options?: MouseActionOptions): Promise<void> {
    return this.#port.step(
      'mouse',
      () => formatCall('mouse.wheel', [deltaRows, options]),
      async () => {
        if (typeof options === 'number') {
          throw new ConfigError(
            'mouse.wheel() takes one delta, in wheel notches (wheel(3): three notches down, wheel(-3): three up), then its options; ' +
              `got the number ${options} as options. Playwright’s wheel(deltaX, deltaY) is in pixels; a terminal reports notches, and there is no horizontal wheel here.`,
          );
        }
        const checked = checkMouseOptions(options, 'wheel');
        const delta = checkDelta(deltaRows);
        const direction = delta > 0 ? 'down' : 'up';
        await this.#serial(checked, 'wheel', this.wheel, async () => {
          for (let n = 0; n < Math.abs(delta); n++) {
            await this.#send(checked, { kind: 'wheel', direction, ...this.#position, modifiers: checked.modifiers });
          }
        });
      },
    );
  }

  /**
   * Drags from one cell to another with `button`: moves to `from`, presses, moves to `to` in
   * `steps` steps, releases (Playwright's `locator.dragTo` sequence).
   * @param options.button @default 'left'
   * @param options.steps Steps of the move from `from` to `to`. @default 1
   * @throws as {@link click}.
   */
  drag(from: CellPosition, to: CellPosition, options?: MouseActionOptions & { button?: MouseButton; steps?: number }): Promise<void> {
    return this.#port.step(
      'mouse',
      () => formatCall('mouse.drag', [from, to, options]),
      async () => {
        const checked = checkMouseOptions(options, 'drag');
        const size = this.#port.size();
        const start = checkPosition((from ?? {}) as CellPosition, size, 'drag');
        const end = checkPosition((to ?? {}) as CellPosition, size, 'drag');
        await this.#serial(checked, 'drag', this.drag, async () => {
          await this.#moveTo(start, checked, 1);
          await this.#press(checked);
          await this.#moveTo(end, checked, checked.steps);
          await this.#release(checked);
        });
      },
    );
  }

  /**
   * Runs `action` after the actions before it have ended, once the app has turned mouse reporting
   * on (or at once with `force`).
   */
  #serial(options: CheckedMouseOptions, method: string, caller: Function, action: () => Promise<void>): Promise<void> {
    const atCallSite = captureCallSite(caller);
    const run = this.#queue.then(async () => {
      if (!options.force) await this.#awaitReporting(options, method, caller, atCallSite);
      await action();
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Waits until the app has turned tracking on, polling as text waits do.
   * @throws {MouseNotEnabledError} from the call of `caller` when the wait times out.
   */
  async #awaitReporting(options: CheckedMouseOptions, method: string, caller: Function, atCallSite: <E extends Error>(error: E) => E): Promise<void> {
    const enabled = () => {
      const now = this.#port.mouseModes();
      return now.tracking === 'none' ? undefined : now;
    };
    const exited = (how: string) => `mouse.${method}() sent nothing: ${this.#port.command} exited (${how}) without turning mouse reporting on.`;
    try {
      await this.#port.waitUntil(enabled, { timeout: options.timeout, exited }, () => `mouse.${method}(): mouse reporting is off`, caller);
    } catch (error) {
      if (!(error instanceof WaitTimeoutError)) throw error;
      throw atCallSite(mouseNotEnabledError(`mouse.${method}()`, this.#port.command, error));
    }
  }

  /**
   * Moves the pointer to `to` in `steps` steps, reporting each new cell the mode reports motion
   * for: at most one step per cell crossed, so a huge `steps` costs no more than the distance.
   */
  async #moveTo(to: CellPosition, options: CheckedMouseOptions, steps: number): Promise<void> {
    const from = this.#position;
    const count = Math.min(steps, Math.max(Math.abs(to.col - from.col), Math.abs(to.row - from.row)));
    for (let step = 1; step <= count; step++) {
      const cell = {
        col: Math.round(from.col + ((to.col - from.col) * step) / count),
        row: Math.round(from.row + ((to.row - from.row) * step) / count),
      };
      if (cell.col === this.#position.col && cell.row === this.#position.row) continue;
      this.#position = cell;
      await this.#send(options, { kind: 'motion', ...cell, modifiers: options.modifiers });
    }
  }

  async #press(options: CheckedMouseOptions): Promise<void> {
    this.#held.add(options.button);
    await this.#send(options, { kind: 'press', button: options.button, ...this.#position, modifiers: options.modifiers });
  }

  async #release(options: CheckedMouseOptions): Promise<void> {
    this.#held.delete(options.button);
    await this.#send(options, { kind: 'release', button: options.button, ...this.#position, modifiers: options.modifiers });
  }

  /**
   * Sends the report of `event`, if the app's modes now report it (read before each report, as a
   * terminal would: an app that turns reporting off mid-gesture gets no more); with `force`, as
   * normal tracking (1000) when it has none on.
   */
  async #send(options: CheckedMouseOptions, event: MouseReportEvent): Promise<void> {
    const now = this.#port.mouseModes();
    const modes: MouseModes = options.force && now.tracking === 'none' ? { ...now, tracking: 'normal' } : now;
    const report = encodeMouseReport(modes, event, [...this.#held]);
    if (report) await this.#port.sendInput(report);
  }
}

/**
 * The MouseNotEnabledError of an `action` (`mouse.click()`, `getByText('OK').click()`) whose wait
 * for mouse reporting ended in `timedOut`: what happened, which DECSET would have turned reporting
 * on, what to do, and the screen.
 */
export function mouseNotEnabledError(action: string, command: string, timedOut: WaitTimeoutError): MouseNotEnabledError {
  const sentence = notEnabledSentence(action, command, timedOut.timeout);
  return new MouseNotEnabledError(formatWithScreen(sentence, timedOut.screenText), timedOut.timeout, timedOut.screenText);
}

/** What happened, which DECSET would have turned reporting on, and what to do. */
function notEnabledSentence(action: string, command: string, timeoutMs: number): string {
  return (
    `${action} sent nothing: ${command} did not turn mouse reporting on within ${timeoutMs} ms, so a terminal would not report the mouse to it. ` +
    'An app turns it on with DECSET: CSI ? 1000 h (presses and releases), CSI ? 1002 h (and drags), CSI ? 1003 h (and all motion) or CSI ? 9 h (X10 presses), ' +
    'often with CSI ? 1006 h (SGR coordinates). Turn the app’s mouse support on (vim: :set mouse=a; less: --mouse), ' +
    'wait for the screen where it is on, or pass { force: true } to send the report anyway.'
  );
}
