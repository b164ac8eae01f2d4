import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { AppExitedError, ConfigError, TmuxShotError, WaitTimeoutError } from '../../src/errors.js';
import { WAIT_CONSTANTS } from '../../src/defaults.js';
import { TmuxServer } from '../../src/host/index.js';
import { isProcessAlive } from '../../src/host/process-exit.js';
import { TmuxApp } from '../../src/app/tmux-app.js';

const MENU = resolve(import.meta.dirname, '../../fixtures/menu.mjs');
const LATE_REDRAW = resolve(import.meta.dirname, '../../fixtures/late-redraw.mjs');

let server: TmuxServer;
let scratch: string;
beforeAll(async () => {
  server = await TmuxServer.create();
  scratch = await mkdtemp(join(tmpdir(), 'tmux-shot-app-test-'));
});
afterAll(async () => {
  await server.dispose();
  await rm(scratch, { recursive: true, force: true });
});

describe('TmuxApp with the menu fixture', () => {
  it('moves the highlight, selects, and quits with status 0', async () => {
    await using app = await TmuxApp.start({ command: ['node', MENU], server, cols: 40, rows: 12 });
    const screen = app.screen();
    expect(screen.alternateScreen).toBe(true);
    expect(screen.cursor.visible).toBe(false);
    expect(app.text().split('\n').slice(0, 10)).toEqual([
      '┌────────────────────────────┐',
      '│ Menu                       │',
      '├────────────────────────────┤',
      '│ > Open                     │',
      '│   Save                     │',
      '│   Settings                 │',
      '│   Help                     │',
      '│   Quit                     │',
      '└────────────────────────────┘',
      'Use arrows, Enter to choose, q to quit',
    ]);
    expect(screen.cells[3]?.[2]).toMatchObject({ chars: '>', inverse: true });
    expect(screen.cells[0]?.[0]).toMatchObject({ chars: '┌', fg: { kind: 'palette', index: 6 } });

    await app.press('Down', 'Down', 'Enter');
    await expect(app.waitForText('Selected: Settings')).resolves.toEqual({ row: 9, col: 0, cols: 18, text: 'Selected: Settings' });
    expect(app.screen().cells[5]?.[2]).toMatchObject({ chars: '>', inverse: true });

    await app.press('q');
    await expect(app.waitForExit()).resolves.toEqual({ exitCode: 0, signal: null });
    expect(app.screen().alternateScreen).toBe(false);
    await expect(app.press('Down')).rejects.toThrow(AppExitedError);
  });

  it('resizes tmux and the screen model exactly; the app redraws at the new size', async () => {
    await using app = await TmuxApp.start({ command: 'stty size; trap "stty size" WINCH; while :; do sleep 1; done', server, cols: 30, rows: 6 });
    await app.waitForText('6 30');
    await app.resize(50, 9);
    await app.waitForText('9 50');
    expect(app.screen().cols).toBe(50);
    expect(app.screen().rows).toBe(9);
    expect(app.text()).toBe('6 30\n9 50\n\n\n\n\n\n\n');
  });

  it('refuses sizes out of range before touching tmux', async () => {
    await expect(TmuxApp.start({ command: ['true'], server, cols: 1 })).rejects.toThrow(ConfigError);
    await expect(TmuxApp.start({ command: ['true'], server, rows: 1001 })).rejects.toThrow(ConfigError);
    await expect(TmuxApp.start({ command: ['true'], server, cols: 10.5 })).rejects.toThrow(ConfigError);
    await using app = await TmuxApp.start({ command: ['cat'], server, ready: 'none' });
    await expect(app.resize(0, 10)).rejects.toThrow(
      new ConfigError('Invalid terminal size 0x10: cols must be whole numbers from 2 to 1000 and rows from 2 to 1000.'),
    );
  });

  it('refuses an empty command', async () => {
    const message = 'The command is empty: give the program and its arguments, e.g. { command: ["vim", "notes.txt"] }.';
    await expect(TmuxApp.start({ command: [], server })).rejects.toThrow(new ConfigError(message));
    await expect(TmuxApp.start({ command: '  ', server })).rejects.toThrow(new ConfigError(message));
  });

  it('refuses a working directory that does not exist', async () => {
    await expect(TmuxApp.start({ command: ['true'], server, cwd: '/nonexistent/dir' })).rejects.toThrow(
      new ConfigError("The working directory '/nonexistent/dir' does not exist or is not a directory."),
    );
  });

  it('refuses an environment variable name that /bin/sh would drop, instead of starting without it', async () => {
    await expect(TmuxApp.start({ command: ['true'], server, env: { 'A B': 'x' } })).rejects.toThrow(
      new ConfigError(
        "Invalid environment variable name 'A B': use ASCII letters, digits and '_', not starting with a digit (POSIX names); /bin/sh, which starts every app, drops any other.",
      ),
    );
  });
});

describe('TmuxApp arguments of the wrong type', () => {
  it('are ConfigErrors naming the argument and what was expected, thrown before anything is sent', async () => {
    await expect(TmuxApp.start({ command: ['cat'], server, ready: 'bogus' as never })).rejects.toThrow(
      new ConfigError("ready must be 'output', 'none' or { text: string | RegExp }; got the string 'bogus'."),
    );
    await expect(TmuxApp.start({ command: ['cat'], server, env: { A: 1 as never } })).rejects.toThrow(new ConfigError('env.A must be a string; got 1.'));
    await using app = await TmuxApp.start({ command: ['cat'], server, cols: 20, rows: 3, ready: 'none' });
    const calls: [() => unknown, string][] = [
      [() => app.press(42 as never), "press() takes key names as strings, one per argument: press('Down', 'Enter'); argument 1 is 42."],
      [() => app.type(null as never), 'type() takes the text as a string; got null.'],
      [() => app.waitForText(5 as never), 'waitForText() takes the text to find as a string or a RegExp; got 5.'],
      [() => app.waitForText('x', { timeout: '5s' as never }), "timeout must be a number of ms, 0 or more; got the string '5s'."],
      [() => app.waitForStable(100 as never), 'waitForStable() takes an options object { quietMs, timeout }; got 100.'],
      [() => app.waitForExit({ timeout: null as never }), 'timeout must be a number of ms, 0 or more; got null.'],
      [() => app.resize('80' as never, 24), "cols must be a whole number of cells from 2 to 1000; got the string '80'."],
      [() => app.onOutput(undefined as never), 'onOutput() takes a function; got undefined.'],
    ];
    for (const [call, message] of calls) await expect((async () => call())()).rejects.toThrow(new ConfigError(message));
    await app.type('still here\n');
    await app.waitForText('still here');
    expect(app.screen().cols).toBe(20);
  });
});

describe('TmuxApp waits', () => {
  it('waitForText times out with the pattern, the timeout in ms and the screen in the message', async () => {
    await using app = await TmuxApp.start({ command: 'echo hello; exec cat', server, cols: 20, rows: 3 });
    const error = await app.waitForText(/goodbye/, { timeout: 150 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error).toMatchObject({
      message: 'Text /goodbye/ did not appear within 150 ms.\n\nScreen:\n  0 │ hello\n      (rows 1-2 blank)',
      timeout: 150,
      screenText: 'hello\n\n',
    });
    // The stack starts at this test's call, not at a timer inside tmux-shot.
    expect((error as Error).stack?.split('\n').find((line) => line.startsWith('    at '))).toContain('tmux-app.test.ts');
  });

  it('waitForStable settles after output silence, and reports settled: false for an app that keeps printing', async () => {
    await using quiet = await TmuxApp.start({ command: 'echo a; sleep 0.3; echo b; exec cat', server, ready: { text: 'a' } });
    const settled = await quiet.waitForStable({ quietMs: 500, timeout: 3000 });
    expect(settled.settled).toBe(true);
    // 500 ms of silence since 'b', the last output (timeline times count from startedAt).
    expect(performance.now() - (quiet.startedAt + quiet.timeline.endMs)).toBeGreaterThanOrEqual(500);
    expect(quiet.text().split('\n').slice(0, 2)).toEqual(['a', 'b']);

    await using busy = await TmuxApp.start({ command: 'while :; do echo tick; sleep 0.05; done', server, ready: { text: 'tick' } });
    const unsettled = await busy.waitForStable({ quietMs: 300, timeout: 400 });
    expect(unsettled.settled).toBe(false);
    expect(unsettled.afterMs).toBeGreaterThanOrEqual(400);
  });

  it("waitForStable gives a key the app's answer: a redraw 80 ms after it is waited for, a key nobody answers costs WAIT_CONSTANTS.answerMs", async () => {
    // Raw mode: 'a' is answered 80 ms later, any other key never.
    const late =
      "process.stdin.setRawMode(true); process.stdout.write('key?'); process.stdin.on('data', (d) => { if (String(d) === 'a') setTimeout(() => process.stdout.write(' got a'), 80); });";
    await using app = await TmuxApp.start({ command: ['node', '-e', late], server, cols: 20, rows: 2 });
    await app.press('a');
    expect(await app.waitForStable({ quietMs: 50 })).toMatchObject({ settled: true });
    expect(app.text()).toBe('key? got a\n');
    const before = performance.now();
    await app.press('b');
    expect(await app.waitForStable({ quietMs: 0 })).toMatchObject({ settled: true });
    expect(performance.now() - before).toBeGreaterThanOrEqual(WAIT_CONSTANTS.answerMs);
    expect(app.text()).toBe('key? got a\n');
    await app.close();
    expect(await app.waitForStable()).toEqual({ settled: true, afterMs: 0 });
  });

  it('waitForStable waits for the app to handle each key it was sent, however long past the answer window (a busy app)', async () => {
    // Each key keeps the app busy (no timer, no read) for 100 ms past WAIT_CONSTANTS.answerMs before
    // it redraws, and 200 ms within KEYBOARD.readTimeout (500 ms), the longest a key's read is waited
    // for: with two suites at once, 2 × answerMs (100 ms within it) ran past it.
    const busyMs = WAIT_CONSTANTS.answerMs + 100;
    const busy =
      `process.stdin.setRawMode(true); let keys = 0; process.stdout.write('keys: 0'); ` +
      `process.stdin.on('data', (d) => { const end = Date.now() + ${busyMs}; while (Date.now() < end); keys += d.length; process.stdout.write('\\rkeys: ' + keys); });`;
    await using app = await TmuxApp.start({ command: ['node', '-e', busy], server, cols: 20, rows: 2 });
    await app.press('a', 'b');
    expect(await app.waitForStable({ quietMs: 0 })).toMatchObject({ settled: true });
    expect(app.text()).toBe('keys: 2\n');
  });

  it('waitForStable after a resize waits for an app that redraws 500 ms after SIGWINCH', async () => {
    await using app = await TmuxApp.start({ command: ['node', LATE_REDRAW, '500'], server, cols: 30, rows: 6 });
    await app.waitForText('size 30x6');
    const before = performance.now(); // before the resize: the app's 500 ms count from its SIGWINCH
    await app.resize(40, 8);
    const { settled } = await app.waitForStable({ quietMs: 0 });
    expect(settled).toBe(true);
    expect(performance.now() - before).toBeGreaterThanOrEqual(500);
    expect(app.text().split('\n').slice(0, 2)).toEqual([`┌${'─'.repeat(38)}┐`, `│ size 40x8${' '.repeat(28)}│`]);
  });

  it('an unanswered resize costs WAIT_CONSTANTS.answerMs in line mode (cat: nothing to redraw), WAIT_CONSTANTS.resizeAnswerMs in key-by-key mode', async () => {
    await using cat = await TmuxApp.start({ command: ['cat'], server, cols: 20, rows: 3, ready: 'none' });
    let before = performance.now();
    await cat.resize(30, 4);
    await cat.waitForStable({ quietMs: 0 });
    expect(performance.now() - before).toBeGreaterThanOrEqual(WAIT_CONSTANTS.answerMs);
    expect(performance.now() - before).toBeLessThan(WAIT_CONSTANTS.resizeAnswerMs);
    // Raw mode, and no redraw on SIGWINCH: the whole window passes.
    const deaf = "process.stdin.setRawMode(true); process.stdin.resume(); process.stdout.write('raw');";
    await using raw = await TmuxApp.start({ command: ['node', '-e', deaf], server, cols: 20, rows: 3 });
    before = performance.now();
    await raw.resize(30, 4);
    await raw.waitForStable({ quietMs: 0 });
    expect(performance.now() - before).toBeGreaterThanOrEqual(WAIT_CONSTANTS.resizeAnswerMs);
    expect(raw.text()).toBe('raw\n\n\n');
  });

  it('a deadline cuts the default timeout of every wait and the message says so; an explicit timeout is never cut', async () => {
    const reason = "the test's 1500 ms timeout";
    await expect(TmuxApp.start({ command: ['sleep', '5'], server, deadline: { at: performance.now() + 300, reason } })).rejects.toThrow(
      /^'sleep 5' printed nothing within \d+ ms \(what was left of the test's 1500 ms timeout\); pass ready: 'none'/,
    );
    const deadline = { at: performance.now() + 1000, reason };
    await using app = await TmuxApp.start({ command: 'echo hello; exec cat', server, cols: 20, rows: 3, deadline });
    const error = await app.waitForText('goodbye').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as Error).message).toMatch(
      /^Text 'goodbye' did not appear within \d+ ms \(what was left of the test's 1500 ms timeout\)\.\n\nScreen:\n {2}0 │ hello\n {6}\(rows 1-2 blank\)$/,
    );
    expect((error as WaitTimeoutError).timeout).toBeLessThan(1000);
    expect(performance.now()).toBeGreaterThanOrEqual(deadline.at - 1);
    // Past the deadline, nothing is left: waits give up at once.
    await expect(app.waitForExit()).rejects.toThrow(
      new WaitTimeoutError(
        "'echo hello; exec cat' did not exit within 1 ms (what was left of the test's 1500 ms timeout).\n\nScreen:\n  0 │ hello\n      (rows 1-2 blank)",
        1,
        'hello\n\n',
      ),
    );
    expect(await app.waitForOutput()).toBe(false);
    await expect(app.waitForText('goodbye', { timeout: 100 })).rejects.toThrow(
      "Text 'goodbye' did not appear within 100 ms.\n\nScreen:\n  0 │ hello\n      (rows 1-2 blank)",
    );
  });

  it('a deadline given as a function is asked as each wait begins', async () => {
    let deadline: { at: number; reason: string } | undefined = { at: performance.now() + 2000, reason: 'the body' };
    await using app = await TmuxApp.start({ command: 'echo hello; exec cat', server, cols: 20, rows: 3, deadline: () => deadline });
    deadline = { at: performance.now() + 50, reason: 'the hook' };
    await expect(app.waitForText('goodbye')).rejects.toThrow(/^Text 'goodbye' did not appear within \d+ ms \(what was left of the hook\)\./);
    deadline = { at: performance.now() - 1000, reason: 'the past' };
    await expect(app.waitForText('goodbye')).rejects.toThrow(/^Text 'goodbye' did not appear within 1 ms \(what was left of the past\)\./);
    deadline = undefined; // none now: the default timeout
    await app.type('goodbye');
    await expect(app.waitForText('goodbye')).resolves.toEqual({ row: 1, col: 0, cols: 7, text: 'goodbye' });
  });

  it('waitForOutput resolves true once new output is on the screen, false after its timeout or on close', async () => {
    await using app = await TmuxApp.start({ command: ['cat'], server, cols: 20, rows: 3, ready: 'none' });
    const next = app.waitForOutput();
    await app.type('x');
    expect(await next).toBe(true);
    expect(app.text()).toBe('x\n\n');
    expect(await app.waitForOutput({ timeout: 50 })).toBe(false);
    await expect(app.waitForOutput({ timeout: -1 })).rejects.toThrow(new ConfigError('timeout must be a number of ms, 0 or more; got -1.'));
    const pending = app.waitForOutput();
    await app.close();
    expect(await pending).toBe(false);
  });

  it('waitForOutput longer than a timer can hold (2^31 ms) still waits for the output, without a TimeoutOverflowWarning', async () => {
    await using app = await TmuxApp.start({ command: ['cat'], server, cols: 20, rows: 3, ready: 'none' });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    onTestFinished(() => void process.off('warning', onWarning));
    let settled: boolean | undefined;
    const next = app.waitForOutput({ timeout: 2 ** 31 }).then((output) => (settled = output));
    expect(await app.waitForOutput({ timeout: 100 })).toBe(false);
    expect(settled).toBeUndefined();
    await app.type('x');
    expect(await next).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('waitForOutput after close() resolves false at once, not after its timeout', async () => {
    const app = await TmuxApp.start({ command: ['cat'], server, cols: 20, rows: 3, ready: 'none' });
    await app.close();
    const start = performance.now();
    expect(await app.waitForOutput({ timeout: 3000 })).toBe(false);
    expect(performance.now() - start).toBeLessThan(1000);
  });

  it('asciicast() lasts until now, like gif(): its duration covers the quiet time after the last output', async () => {
    await using app = await TmuxApp.start({ command: 'printf hi; sleep 30', server, cols: 20, rows: 3 });
    await app.waitForStable({ quietMs: 500 });
    const lastOutputMs = app.timeline.endMs;
    const before = performance.now() - app.startedAt;
    const header = JSON.parse(app.asciicast().split('\n')[0]!) as { duration: number };
    const after = performance.now() - app.startedAt;
    expect(before - lastOutputMs).toBeGreaterThanOrEqual(500);
    expect(header.duration).toBeGreaterThanOrEqual(Math.floor(before) / 1000);
    expect(header.duration).toBeLessThanOrEqual(Math.ceil(after) / 1000);
  });

  it('gif() and asciicast() of a closed app end where it was closed, however much later they are asked for', async () => {
    const app = await TmuxApp.start({ command: 'printf hi; exec cat', server, cols: 20, rows: 3 });
    await app.close();
    // Real-time delays and a short last-frame hold, so the GIF's length is the session's length.
    const options = { keepRealTime: true, lastFrameHold: 20 };
    const cast = app.asciicast();
    const gif = await app.gif(options);
    await (await TmuxApp.start({ command: ['echo', 'time passes'], server })).close();
    expect(app.asciicast()).toBe(cast);
    expect(Buffer.from(await app.gif(options)).equals(Buffer.from(gif))).toBe(true);
  });

  it('waitForExit reports a signal, and times out for an app still running', async () => {
    await using killed = await TmuxApp.start({ command: 'echo bye; kill -TERM $$', server });
    await expect(killed.waitForExit()).resolves.toEqual({ exitCode: null, signal: 'SIGTERM' });

    await using running = await TmuxApp.start({ command: ['cat'], server, ready: 'none' });
    await expect(running.waitForExit({ timeout: 100 })).rejects.toThrow(
      new WaitTimeoutError("'cat' did not exit within 100 ms.\n\nScreen:\n  (every row blank)", 100, '\n'.repeat(23)),
    );
  });
});

describe('TmuxApp with real terminal apps', () => {
  it('shows a file in less and quits', async () => {
    const file = join(scratch, 'numbers.txt');
    await writeFile(file, Array.from({ length: 100 }, (_, index) => `line ${index + 1}`).join('\n'));
    await using app = await TmuxApp.start({ command: ['less', 'numbers.txt'], cwd: scratch, server, cols: 40, rows: 6 });
    expect(app.text()).toBe('line 1\nline 2\nline 3\nline 4\nline 5\nnumbers.txt');
    await app.press('G');
    await app.waitForText('(END)');
    expect(app.text()).toBe('line 96\nline 97\nline 98\nline 99\nline 100\n(END)');
    await app.press('q');
    await expect(app.waitForExit()).resolves.toEqual({ exitCode: 0, signal: null });
  });

  it('draws with python curses at exact cells', async () => {
    const script = [
      'import curses',
      'def main(screen):',
      '    curses.curs_set(0)',
      '    screen.addstr(2, 4, "Hello curses", curses.A_BOLD)',
      '    screen.refresh()',
      '    screen.getch()',
      'curses.wrapper(main)',
    ].join('\n');
    await using app = await TmuxApp.start({ command: ['python3', '-c', script], server, cols: 30, rows: 5 });
    await expect(app.waitForText('Hello curses')).resolves.toEqual({ row: 2, col: 4, cols: 12, text: 'Hello curses' });
    expect(app.screen().cells[2]?.[4]).toMatchObject({ chars: 'H', bold: true });
    await app.press('x');
    await expect(app.waitForExit()).resolves.toEqual({ exitCode: 0, signal: null });
  });

  it('edits and saves a file in vim', async () => {
    const file = join(scratch, 'note.txt');
    await using app = await TmuxApp.start({ command: ['vim', '-u', 'NONE', '-N', '-n', file], server });
    await app.type('ihello; "world" -- $HOME');
    await app.press('Escape');
    await app.type(':wq\n');
    await expect(app.waitForExit()).resolves.toEqual({ exitCode: 0, signal: null });
    await expect(readFile(file, 'utf8')).resolves.toBe('hello; "world" -- $HOME\n');
  });
});

describe('TmuxApp.waitForExit drains the output', () => {
  // Every byte tmux read from the pane reaches the screen: tmux keeps a dead pane until its
  // pipe has taken all it read (window.c window_pane_destroy_ready), and kill-session leaves
  // what the pipe holds to its reader. (What tmux 3.3a never reads is lost to tmux too: a process
  // that exits in the instant after a write can be reaped before the kernel hands that write to
  // the pane's terminal — its FIONREAD check reads 0 — seen in 4 of 900 quick exits under load.)
  it('draws a large last write, made just before the app exits, to the last byte', async () => {
    await using app = await TmuxApp.start({
      command: ['python3', '-c', 'import sys; sys.stdout.write("x" * 300000 + "\\nEND\\n"); sys.exit(3)'],
      server,
      cols: 40,
      rows: 4,
    });
    await expect(app.waitForExit()).resolves.toEqual({ exitCode: 3, signal: null });
    const output = app.timeline.events.flatMap((event) => (event.kind === 'output' ? [Buffer.from(event.bytes).toString('latin1')] : [])).join('');
    expect(output).toBe(`${'x'.repeat(300_000)}\r\nEND\r\n`);
    expect(app.text()).toBe(`${'x'.repeat(40)}\n${'x'.repeat(40)}\nEND\n`);
  });
});

describe('TmuxApp life cycle', () => {
  it('starts and closes 20 apps in a row on one server', async () => {
    for (let round = 0; round < 20; round++) {
      const app = await TmuxApp.start({ command: `echo round ${round}; exec cat`, server, cols: 20, rows: 3, ready: { text: `round ${round}` } });
      expect(app.text()).toBe(`round ${round}\n\n`);
      await app.close();
    }
  });

  it('close() is idempotent, kills the app, and keeps its last screen readable', async () => {
    const sleeper = `sleep 1000.${process.pid}`; // a name no other process on the machine has
    const app = await TmuxApp.start({ command: `echo still here; exec ${sleeper}`, server, cols: 20, rows: 3 });
    expect((await execa('pgrep', ['-f', `^${sleeper}$`])).stdout).not.toBe('');
    await Promise.all([app.close(), app.close()]);
    expect(app.text()).toBe('still here\n\n');
    await expect(app.type('x')).rejects.toThrow(
      new TmuxShotError(
        'press(), type(), resize() and the mouse send to a running app: this one has been closed (by close(), or by the tmuxApp fixture when its test ended). Call them before close(), or start the app again.',
      ),
    );
    await expect(app.press('Enter')).rejects.toThrow(TmuxShotError);
    const { stdout } = await execa('pgrep', ['-f', `^${sleeper}$`], { reject: false });
    expect(stdout).toBe('');
  });

  it('hands out raw output with timestamps after startedAt', async () => {
    await using app = await TmuxApp.start({ command: ['cat'], server, ready: 'none' });
    const chunks: { bytes: Uint8Array; atMs: number }[] = [];
    const unsubscribe = app.onOutput((bytes, atMs) => chunks.push({ bytes, atMs }));
    await app.type('é');
    await app.waitForText('é');
    unsubscribe();
    await app.type('x');
    await app.waitForText('éx');
    expect(Buffer.concat(chunks.map((chunk) => chunk.bytes)).toString()).toBe('é');
    expect(chunks.every((chunk) => chunk.atMs > app.startedAt)).toBe(true);
  });

  it('gives the app only the pinned environment, its own env, and what tmux adds', async () => {
    const inherited = ['PATH', 'HOME', 'USER', 'LOGNAME', 'TMPDIR'].filter((name) => process.env[name] !== undefined);
    const expected = [
      ...inherited,
      'COLORTERM',
      'LANG',
      'LC_ALL',
      'TZ',
      'EXTRA',
      'PWD',
      'SHELL',
      'TERM',
      'TERM_PROGRAM',
      'TERM_PROGRAM_VERSION',
      'TMUX',
      'TMUX_PANE',
    ];
    await using app = await TmuxApp.start({
      command: 'env | cut -d= -f1 | sort | tr "\\n" " "; echo; echo "$TERM $LANG $TZ $COLORTERM $EXTRA"',
      env: { EXTRA: 'given', TZ: 'Asia/Tokyo' },
      server,
      cols: 300,
      rows: 3,
    });
    await app.waitForExit();
    const [names = '', values = ''] = app.text().split('\n');
    expect(names.split(' ')).toEqual(expected.sort());
    expect(values).toBe('tmux-256color C.UTF-8 Asia/Tokyo truecolor given');
  });

  it('runs on a process-wide shared server when none is given', async () => {
    const pid = await (async () => {
      await using app = await TmuxApp.start({ command: 'echo $TMUX; exec cat', cols: 100, rows: 3 });
      return Number(app.text().split(',')[1]);
    })();
    expect(pid).not.toBe(server.pid);
    expect(isProcessAlive(pid)).toBe(true); // shared: it outlives the app, until the process exits
  });

  it('leaves no tmux process running once its server is disposed', async () => {
    const own = await TmuxServer.create();
    await TmuxApp.start({ command: ['sleep', '1000'], server: own, ready: 'none' });
    await own.dispose();
    expect(isProcessAlive(own.pid)).toBe(false);
    const { stdout } = await execa('pgrep', ['-a', '-f', own.directory], { reject: false });
    expect(stdout).toBe('');
  });
});

describe('TmuxApp with a synchronized update (DEC 2026) that is never ended', () => {
  // As foot and Ghostty do (kitty after 2 s, Alacritty after 150 ms), an update still open
  // SCREEN.synchronizedUpdateTimeout (1000 ms) after it began counts as ended: its screen is drawn.
  const command = `printf 'ready\\n'; sleep 0.3; printf '\\033[?2026hhalf-drawn frame'; exec cat`;
  // ready: 'none', and the waits start from 'ready': the readiness rule, not under test here, may
  // end within the 0.3 s or, on a loaded machine, later (sh at work starting sleep is not quiet).

  it('shows its text once the update has timed out, and says why it waited', async () => {
    await using app = await TmuxApp.start({ command, server, cols: 30, rows: 3, ready: 'none' });
    await app.waitForText('ready');
    await vi.waitFor(() => expect(app.text()).toContain('half-drawn'), { timeout: 3000 }); // the update has begun (0.3 s after 'ready', later under load)
    const error = await app.waitForText('half-drawn', { timeout: 400 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as WaitTimeoutError).message).toMatch(
      /^Text 'half-drawn' did not appear within 400 ms\. The screen below is half drawn: the app began a synchronized update \(DEC 2026\) \d+ ms ago and has not ended it; it counts as ended 1000 ms after it began\.\n\nScreen:\n {2}0 │ ready\n {2}1 │ half-drawn frame\n {6}\(row 2 blank\)$/,
    );
    await expect(app.waitForText('half-drawn', { timeout: 3000 })).resolves.toEqual({ row: 1, col: 0, cols: 10, text: 'half-drawn' });
  });

  it('lets waitForStable settle once the update has timed out', async () => {
    await using app = await TmuxApp.start({ command, server, cols: 30, rows: 3, ready: 'none' });
    await app.waitForText('ready');
    await vi.waitFor(() => expect(app.text()).toContain('half-drawn'), { timeout: 3000 }); // the update has begun
    const stable = await app.waitForStable({ timeout: 3000 });
    expect(stable.settled).toBe(true);
    expect(stable.afterMs).toBeGreaterThanOrEqual(900);
    expect(app.text()).toBe('ready\nhalf-drawn frame\n');
  });

  it('counts the screen of an app that exited inside an update as drawn: no update can end any more', async () => {
    const exits = `printf 'ready\\n\\033[?2026hlast words'; sleep 0.2; exit 0`;
    await using app = await TmuxApp.start({ command: exits, server, cols: 30, rows: 3 });
    await app.waitForExit();
    await expect(app.waitForText('last words', { timeout: 500 })).resolves.toEqual({ row: 1, col: 0, cols: 10, text: 'last words' });
  });
});
