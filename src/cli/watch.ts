/**
 * `tmux-shot watch`: the screens of the tests running now, in the user's terminal, as their apps
 * draw them. The apps come from the live sessions folder (`listLiveSessions`, read every
 * `POLL_INTERVAL` ms); the one shown is read by a `PaneStream` (a read-only control client that
 * never counts towards its size) into a `ScreenModel`, and drawn by `watch-view.ts` and
 * `terminal-frame.ts`: only the cells that changed, at most every `REDRAW_INTERVAL` ms. The
 * terminal is put back (main screen, cursor, cooked mode) however watch ends: q, Ctrl-C, SIGINT,
 * SIGTERM, SIGHUP or an error.
 */
import { constants } from 'node:os';
import { HOST } from '../defaults.js';
import {
  type LiveResult,
  type LiveSession,
  listLiveResults,
  listLiveSessions,
  liveSessionsDir,
  PaneStream,
  paneFillBytes,
  resolveTmuxEnv,
  type TmuxConnection,
} from '../host/index.js';
import { cellWidth, ScreenModel } from '../screen/index.js';
import { type ParsedArgs, UsageError } from './args.js';
import type { CliIo } from './io.js';
import { type Frame, frameUpdate } from './terminal-frame.js';
import { chooseSession, composeWatchFrame, formatHeader, formatResult, POLL_INTERVAL, redrawDelay, sessionKey, type WatchView } from './watch-view.js';

/** Usage text of `tmux-shot watch`. */
export const WATCH_USAGE = `Usage: tmux-shot watch [--once]

Shows the screens of the tests running now in your terminal, as their apps draw them: one app
at a time, under a line with its test, file and command ([1/2] opens the menu · menu.test.ts ·
node menu.mjs). Apps appear as tests start them and go as they close; with none, it says so and
waits. When a test fails, the last line says where its failure report is.

Keys:
  Tab, n             the next app
  p, Shift-Tab       the previous app
  q, Ctrl-C          quit

Options:
      --once         print the running apps' screens (and the tests that ended lately) as text,
                     and exit
  -h, --help         show this help

Watching changes nothing: its tmux client is read-only and never counts towards an app's size.
The apps are those of the live sessions folder: $TMUX_SHOT_LIVE_DIR, else
<tmpdir>/tmux-shot-live-<uid>.

Exit status: 0 after q or Ctrl-C (or --once); 1 not run in a terminal, or an error; 2 wrong
usage; 128 + the signal's number after SIGINT, SIGTERM or SIGHUP.`;

/** util.parseArgs options of `tmux-shot watch`. */
export const WATCH_OPTIONS = {
  once: { type: 'boolean' },
} as const;

/** Runs `tmux-shot watch`. @returns The exit status. */
export async function watchCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  if (args.positionals.length > 0 || args.command.length > 0)
    throw new UsageError('watch takes no arguments: it shows the apps of the tests running now', 'watch');
  const dir = liveSessionsDir();
  if (args.values.once === true) {
    io.stdout(await describeOnce(dir));
    return 0;
  }
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    io.stderr('tmux-shot watch: it draws in your terminal, and its stdin or stdout is not a terminal: run it in one, or use --once.');
    return 1;
  }
  const watch = new LiveWatch(dir, process.stdin, process.stdout);
  const status = await watch.run();
  if (watch.error) io.stderr(`tmux-shot watch: ${watch.error.message}`);
  return status;
}

/** How watch reaches the server of `session`: its socket; the server already runs, so no config is read. */
function connectionOf(session: LiveSession): TmuxConnection {
  return {
    binary: process.env['TMUX_SHOT_TMUX'] ?? HOST.tmuxBinary,
    socketPath: session.socketPath,
    configPath: '/dev/null',
    env: resolveTmuxEnv(process.env),
  };
}

/**
 * `--once`: the running apps, each as its header line and its screen's text (trailing blank rows
 * left out), then the tests that ended lately; `no tests running` when none runs.
 */
async function describeOnce(dir: string): Promise<string> {
  const sessions = await listLiveSessions(dir);
  const results = await listLiveResults(dir);
  const blocks = [sessions.length === 0 ? 'no tests running' : `${sessions.length} ${sessions.length === 1 ? 'app' : 'apps'} running:`];
  for (const [index, session] of sessions.entries()) {
    const screen = await readScreenText(session).catch((error: Error) => `(its screen cannot be read: ${error.message})`);
    blocks.push(`${formatHeader(session, index, sessions.length)}\n${screen}`);
  }
  if (results.length > 0) blocks.push(['Ended in the last minutes:', ...results.map(formatResult)].join('\n'));
  return blocks.join('\n\n');
}

/** The screen of `session` as text, read once. */
async function readScreenText(session: LiveSession): Promise<string> {
  let model: ScreenModel | undefined;
  try {
    const stream = await PaneStream.open(connectionOf(session), session, {
      fill: (fill) => {
        model ??= new ScreenModel(fill);
        model.resize(fill);
        model.write(paneFillBytes(fill));
      },
      output: (bytes) => model?.write(bytes),
    });
    await stream.close();
    return (model?.text() ?? '').replace(/\n+$/, '');
  } finally {
    model?.dispose();
  }
}

/** The app on screen: its stream and model once read, else why not yet. */
interface Shown {
  key: string;
  stream: PaneStream | undefined;
  model: ScreenModel | undefined;
  note: string | undefined;
}

const ESC = '\x1b';
/** Into the alternate screen, cursor hidden, cleared. */
const ENTER = `${ESC}[?1049h${ESC}[?25l${ESC}[H${ESC}[2J`;
/** Attributes off, cursor shown, back to the main screen (which the terminal restores). */
const LEAVE = `${ESC}[0m${ESC}[?25h${ESC}[?1049l`;

/** The interactive watch: owns the terminal from `run()` until it resolves. */
class LiveWatch {
  readonly #dir: string;
  readonly #stdin: NodeJS.ReadStream;
  readonly #stdout: NodeJS.WriteStream;
  #sessions: LiveSession[] = [];
  #results: LiveResult[] = [];
  /** Apps whose session ended while shown (the folder may list them a little longer). */
  readonly #ended = new Set<string>();
  #shown: Shown | undefined;
  /** Switches between apps, one after the other. */
  #switching: Promise<void> = Promise.resolve();
  #frame: Frame | undefined;
  #lastDrawAt: number | undefined;
  #drawTimer: NodeJS.Timeout | undefined;
  #pollTimer: NodeJS.Timeout | undefined;
  #stopped = false;
  #finish: (status: number) => void = () => undefined;
  /** Set when a signal said the terminal is gone (SIGHUP): nothing more is written to it. */
  #hungUp = false;
  /** The error that ended the watch, if one did. */
  error: Error | undefined;

  constructor(dir: string, stdin: NodeJS.ReadStream, stdout: NodeJS.WriteStream) {
    this.#dir = dir;
    this.#stdin = stdin;
    this.#stdout = stdout;
  }

  /** Takes the terminal, shows the apps until q, Ctrl-C, a signal or an error, and gives the terminal back. @returns The exit status. */
  async run(): Promise<number> {
    const done = new Promise<number>((resolve) => {
      this.#finish = resolve;
    });
    const onKeys = (data: Buffer) => this.#keys(data.toString('latin1'));
    const onResize = () => {
      this.#frame = undefined;
      this.#schedule();
    };
    const onSignal = (signal: NodeJS.Signals) => {
      if (signal === 'SIGHUP') this.#hungUp = true;
      this.#end(128 + (constants.signals[signal] ?? 0));
    };
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
    for (const signal of signals) process.on(signal, onSignal);
    this.#stdin.setRawMode(true);
    this.#stdin.on('data', onKeys);
    this.#stdin.resume();
    this.#stdout.on('resize', onResize);
    this.#stdout.write(ENTER);
    try {
      this.#poll();
      return await done;
    } finally {
      this.#stopped = true;
      clearTimeout(this.#drawTimer);
      clearTimeout(this.#pollTimer);
      await this.#switching.catch(() => undefined);
      await this.#close(this.#shown);
      this.#stdout.off('resize', onResize);
      this.#stdin.off('data', onKeys);
      for (const signal of signals) process.off(signal, onSignal);
      this.#restoreTerminal();
    }
  }

  #restoreTerminal(): void {
    try {
      this.#stdin.setRawMode(false);
    } catch {
      // The terminal is gone (SIGHUP): nothing to restore.
    }
    this.#stdin.pause();
    if (!this.#hungUp) this.#stdout.write(LEAVE);
  }

  #end(status: number): void {
    this.#stopped = true;
    this.#finish(status);
  }

  #fail(error: unknown): void {
    this.error ??= error instanceof Error ? error : new Error(String(error));
    this.#end(1);
  }

  #keys(data: string): void {
    for (let i = 0; i < data.length; i++) {
      if (data.startsWith(`${ESC}[Z`, i)) {
        this.#move(-1);
        i += 2;
      } else if (data[i] === 'q' || data[i] === '\x03') {
        this.#end(0);
        return;
      } else if (data[i] === '\t' || data[i] === 'n') this.#move(1);
      else if (data[i] === 'p') this.#move(-1);
    }
  }

  #move(step: -1 | 1): void {
    this.#show(chooseSession(this.#running(), this.#shown?.key, step));
  }

  /** The apps to show: the folder's, without those seen ended. */
  #running(): LiveSession[] {
    return this.#sessions.filter((session) => !this.#ended.has(sessionKey(session)));
  }

  /** Reads the folder, keeps the shown app if it still runs (else the newest), draws, and comes back in `POLL_INTERVAL` ms. */
  #poll(): void {
    clearTimeout(this.#pollTimer);
    const read = async () => {
      this.#sessions = await listLiveSessions(this.#dir);
      this.#results = await listLiveResults(this.#dir);
      this.#show(chooseSession(this.#running(), this.#shown?.key, 0));
      this.#schedule();
    };
    read().then(
      () => {
        if (!this.#stopped) this.#pollTimer = setTimeout(() => this.#poll(), POLL_INTERVAL);
      },
      (error) => this.#fail(error),
    );
  }

  /** Shows the app of `key` (none: the waiting line), after any switch under way. */
  #show(key: string | undefined): void {
    if (key === this.#shown?.key) return;
    const previous = this.#shown;
    const session = this.#sessions.find((s) => sessionKey(s) === key);
    const shown: Shown | undefined = key === undefined ? undefined : { key, stream: undefined, model: undefined, note: 'reading its screen…' };
    this.#shown = shown;
    this.#schedule();
    this.#switching = this.#switching
      .then(async () => {
        await this.#close(previous);
        if (shown && session && !this.#stopped) await this.#open(shown, session);
      })
      .catch((error) => this.#fail(error));
  }

  async #open(shown: Shown, session: LiveSession): Promise<void> {
    try {
      shown.stream = await PaneStream.open(connectionOf(session), session, {
        fill: (fill) => {
          shown.model ??= new ScreenModel(fill);
          shown.model.resize(fill);
          shown.model.write(paneFillBytes(fill), performance.now());
          shown.note = undefined;
          this.#schedule();
        },
        output: (bytes) => {
          shown.model?.write(bytes, performance.now());
          this.#schedule();
        },
      });
    } catch (error) {
      shown.note = `its screen cannot be read: ${(error as Error).message}`;
      this.#schedule();
      return;
    }
    if (this.#stopped || this.#shown !== shown) {
      await this.#close(shown);
      return;
    }
    // The session went (the app closed, its server ended): show the next app at once.
    void shown.stream.ended.then(() => {
      if (this.#stopped || this.#shown !== shown) return;
      this.#ended.add(shown.key);
      this.#poll();
    });
  }

  async #close(shown: Shown | undefined): Promise<void> {
    if (!shown) return;
    const { stream, model } = shown;
    shown.stream = undefined;
    shown.model = undefined;
    await stream?.close();
    model?.dispose();
  }

  /** Draws now if the last draw is `REDRAW_INTERVAL` ms ago, else once that time has come. */
  #schedule(): void {
    if (this.#drawTimer !== undefined || this.#stopped) return;
    this.#drawTimer = setTimeout(
      () => {
        this.#drawTimer = undefined;
        this.#draw();
      },
      redrawDelay(this.#lastDrawAt, performance.now()),
    );
  }

  #draw(): void {
    if (this.#stopped) return;
    const now = performance.now();
    const model = this.#shown?.model;
    // Halfway through a synchronized update (DEC 2026) the app's frame is half drawn: wait for its end.
    if (model?.synchronizedUntil !== undefined && now < model.synchronizedUntil) {
      this.#lastDrawAt = now;
      this.#schedule();
      return;
    }
    const frame = composeWatchFrame(this.#view(), this.#stdout.columns || 80, this.#stdout.rows || 24, cellWidth);
    const update = frameUpdate(this.#frame, frame);
    if (update !== '') this.#stdout.write(update);
    this.#frame = frame;
    this.#lastDrawAt = now;
  }

  #view(): WatchView {
    const running = this.#running();
    const index = running.findIndex((session) => sessionKey(session) === this.#shown?.key);
    const session = running[index];
    if (!this.#shown || !session) return { kind: 'waiting', results: this.#results };
    const screen = this.#shown.model?.snapshot();
    return { kind: 'app', header: formatHeader(session, index, running.length), screen, results: this.#results, ...(screen ? {} : { note: this.#shown.note }) };
  }
}
