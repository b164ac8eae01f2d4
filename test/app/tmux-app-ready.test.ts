import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppExitedError, TmuxNotFoundError, WaitTimeoutError } from '../../src/errors.js';
import { TmuxServer, TmuxSession } from '../../src/host/index.js';
import { TmuxApp } from '../../src/app/tmux-app.js';
import { argMaxOf, parseStackLimit } from '../../src/host/exec-size.js';
import { formatExecCommand } from '../../src/host/quote.js';

const BYTE_LOGGER = resolve(import.meta.dirname, '../../fixtures/byte-logger.mjs');
const SLOW_START = resolve(import.meta.dirname, '../../fixtures/slow-start.mjs');
const LINE_THEN_RAW = resolve(import.meta.dirname, '../../fixtures/line-then-raw.py');
const LATE_RAW_PY = resolve(import.meta.dirname, '../../fixtures/late-raw.py');
const LATE_RAW_MJS = resolve(import.meta.dirname, '../../fixtures/late-raw.mjs');
const SPLIT_SEQUENCE = resolve(import.meta.dirname, '../../fixtures/split-sequence.py');
const NOT_EXECUTABLE = resolve(import.meta.dirname, '../../fixtures/menu.gif');

let server: TmuxServer;
beforeAll(async () => {
  server = await TmuxServer.create();
});
afterAll(() => server.dispose());

describe('TmuxApp.start without tmux', () => {
  it('throws TmuxNotFoundError saying how to install tmux, and tries again on the next start', async () => {
    process.env['TMUX_SHOT_TMUX'] = '/nonexistent/tmux';
    try {
      const error = await TmuxApp.start({ command: ['true'] }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TmuxNotFoundError);
      expect((error as Error).message).toBe(
        "tmux was not found (tried '/nonexistent/tmux'). Install it (Debian/Ubuntu: apt-get install -y tmux; macOS: brew install tmux) " +
          'or point TMUX_SHOT_TMUX at the binary.',
      );
    } finally {
      delete process.env['TMUX_SHOT_TMUX'];
    }
    // The app lingers 0.2 s after its output: tmux 3.3a can lose the output of an app that exits in the instant after writing it, on a loaded machine (README, Quick exits under load).
    await using app = await TmuxApp.start({ command: ['sh', '-c', 'echo found; sleep 0.2'], cols: 20, rows: 2 });
    expect(app.text()).toBe('found\n');
  });
});

describe("TmuxApp.start readiness ('output' by default)", () => {
  it('lets keys typed right after start reach bash exactly once', async () => {
    await using app = await TmuxApp.start({ command: ['bash', '--norc', '--noprofile'], env: { PS1: '$ ' }, server, cols: 40, rows: 5 });
    await app.type('echo hi\n');
    await app.waitForText(/^hi$/);
    await app.waitForStable();
    expect(app.text()).toBe('$ echo hi\nhi\n$\n\n');
  });

  it.each([
    ['zsh', ['zsh', '-f', '-i'], 'echo hi\n', /^hi$/, '$ echo hi\nhi\n$'],
    ['fish', ['fish', '--no-config', '-C', "function fish_prompt; echo -n '$ '; end"], 'echo hi\n', /^hi$/, '$ echo hi\nhi\n$'],
    ['dash', ['dash', '-i'], 'echo hi\n', /^hi$/, '$ echo hi\nhi\n$'],
    ['the python3 REPL', ['python3', '-q'], 'print(6 * 7)\n', /^42$/, '>>> print(6 * 7)\n42\n>>>'],
    ['vim', ['vim', '-u', 'NONE', '-i', 'NONE', '-N', '-n'], 'ihello', /^hello$/, 'hello'],
  ])('lets keys typed right after start reach %s exactly once', async (_, command, keys, shown, screen) => {
    await using app = await TmuxApp.start({ command, env: { PS1: '$ ' }, server, cols: 40, rows: 5 });
    await app.type(keys);
    await app.waitForText(shown);
    await app.waitForStable();
    const rows = app.text().split('\n').slice(0, screen.split('\n').length);
    expect(rows.join('\n').trimEnd()).toBe(screen);
  });

  it('reads the terminal mode (stty) once, with the fence, where the kernel shows the app waiting for keys in non-canonical mode', async () => {
    const isCanonical = vi.spyOn(TmuxSession.prototype, 'isCanonical');
    const foregroundWait = vi.spyOn(TmuxSession.prototype, 'foregroundWait');
    try {
      await using app = await TmuxApp.start({ command: ['bash', '--norc', '--noprofile'], env: { PS1: '$ ' }, server, cols: 40, rows: 5 });
      expect(isCanonical).toHaveBeenCalledTimes(1);
      expect(await isCanonical.mock.results[0]?.value).toBe(false);
      expect(await foregroundWait.mock.results.at(-1)?.value).toBe('waiting');
      expect(app.text()).toBe('$\n\n\n\n');
    } finally {
      isCanonical.mockRestore();
      foregroundWait.mockRestore();
    }
  });

  it.each([
    ['the kernel cannot be read (another OS, /proc denied)', 'foregroundWait', undefined, 1],
    ['no output fence (the terminal cannot be written): one mode read with the fence, one by the timer rule', 'fence', false, 2],
  ] as const)('falls back on the timer rule and its mode read when %s; keys still arrive exactly once', async (_, seam, answer, modeReads) => {
    const unreadable = vi.spyOn(TmuxSession.prototype, seam).mockResolvedValue(answer as never);
    const isCanonical = vi.spyOn(TmuxSession.prototype, 'isCanonical');
    try {
      await using app = await TmuxApp.start({ command: ['bash', '--norc', '--noprofile'], env: { PS1: '$ ' }, server, cols: 40, rows: 5 });
      expect(unreadable).toHaveBeenCalledTimes(1); // asked once: the rest of the start is the timer rule
      expect(isCanonical).toHaveBeenCalledTimes(modeReads);
      expect(await isCanonical.mock.results.at(-1)?.value).toBe(false);
      await app.type('echo hi\n');
      await app.waitForText(/^hi$/);
      await app.waitForStable();
      expect(app.text()).toBe('$ echo hi\nhi\n$\n\n');
    } finally {
      unreadable.mockRestore();
      isCanonical.mockRestore();
    }
  });

  it('waits for a slow app that flushes its input at start-up, so typed keys arrive exactly once', async () => {
    await using app = await TmuxApp.start({ command: ['node', SLOW_START, '400'], server, cols: 40, rows: 5 });
    expect(app.text()).toBe('ready>\n\n\n\n');
    await app.type('abc'); // a keystroke a read (issue 27)
    await app.waitForText('total=3 <');
    expect(app.text()).toBe('ready>\ntotal=1 < 61\ntotal=2 < 62\ntotal=3 < 63\n');
  });

  it('gives an app that printed in line mode the full quiet period, so keys typed after start survive its flush', async () => {
    // It prints "starting", pauses 120 ms in canonical mode, then flushes typed-ahead input and
    // goes raw: a short quiet period alone would let these keys be discarded.
    await using app = await TmuxApp.start({ command: ['python3', LINE_THEN_RAW, '120'], server, cols: 40, rows: 4 });
    expect(app.text()).toBe('starting\nready>\n\n');
    await app.type('ab'); // a keystroke a read (issue 27)
    await app.waitForText('got 62');
    expect(app.text()).toBe('starting\nready>\ngot 61\ngot 62');
  });

  it('is not ready while an app in line mode works after its first output: a banner, then 400 ms of CPU and a Node start before raw mode', async () => {
    // As `npm start` prints its banner and then starts Node: quiet on the screen, busy on a CPU.
    const log = join(server.directory, 'banner-then-work.bin');
    const work = `import os, time\nprint('banner', flush=True)\nend = time.time() + 0.4\nwhile time.time() < end: pass\nos.execvp('node', ['node', ${JSON.stringify(BYTE_LOGGER)}, ${JSON.stringify(log)}])`;
    await using app = await TmuxApp.start({ command: ['python3', '-c', work], server, cols: 40, rows: 4 });
    expect(app.text()).toBe('banner\nbyte-logger ready\n\n');
    await app.type('a\n'); // Enter is CR: raw mode keeps it, line mode's ICRNL would make it LF
    await app.waitForText('total=2 <');
    expect(readFileSync(log).toString('hex')).toBe('610d');
  });

  it.each([
    ['select() on it with a timeout', ['python3', LATE_RAW_PY, 'poll']],
    ['a reader thread in read() on it', ['python3', LATE_RAW_PY, 'thread']],
    ['node listening on stdin before setRawMode', ['node', LATE_RAW_MJS]],
  ])('lets keys typed right after start reach an app that waits on its terminal in line mode (%s), then goes raw, exactly once', async (_, command) => {
    // The kernel shows it waiting for keys 100 ms before it goes raw (and flushes, or echoes):
    // waiting alone must not make it ready. (100 ms, half the quiet period: at 150 ms, files run 4 at
    // a time delayed the app's raw past the 200 ms quiet period once, and an app that quiet is ready.)
    await using app = await TmuxApp.start({ command, server, cols: 40, rows: 4 });
    expect(app.text()).toBe('banner\nready>\n\n');
    await app.type('abc');
    await app.press('C-d');
    await app.waitForText('got');
    expect(app.text()).toBe('banner\nready>\ngot 61 62 63 04\n');
  });

  it('reads the terminal mode after 50 ms of quiet for a raw app whose foreground is busy (a thread computes): ready then, not after 200 ms', async () => {
    const spin =
      "import os,threading,tty\ntty.setraw(0); os.write(1, b'ready> ')\nthreading.Thread(target=lambda: [0 for _ in iter(int, 1)], daemon=True).start()\nos.read(0, 1); os.write(1, b'got')";
    const isCanonical = vi.spyOn(TmuxSession.prototype, 'isCanonical');
    const foregroundWait = vi.spyOn(TmuxSession.prototype, 'foregroundWait');
    try {
      await using app = await TmuxApp.start({ command: ['python3', '-c', spin], server, cols: 40, rows: 4 });
      expect(await foregroundWait.mock.results.at(-1)?.value).toBe('running');
      expect(isCanonical).toHaveBeenCalledTimes(1);
      expect(await isCanonical.mock.results[0]?.value).toBe(false);
      expect(app.text()).toBe('ready>\n\n\n');
      await app.type('x');
      await app.waitForText('got');
    } finally {
      isCanonical.mockRestore();
      foregroundWait.mockRestore();
    }
  });

  it('writes no output fence while the output ends inside an escape sequence: tmux reads the rest of it (DECCKM on, Up sends ESC O A)', async () => {
    await using app = await TmuxApp.start({ command: ['python3', SPLIT_SEQUENCE], server, cols: 40, rows: 4 });
    await app.waitForText('ready>');
    await app.press('Up');
    await app.waitForText('got');
    expect(app.text()).toBe('banner\nready>\ngot 1b 4f 41\n');
  });

  it('does not wait for silence from an app that reads keys one by one and keeps drawing (a spinner)', async () => {
    // Raw mode, a new frame every 20 ms, forever: silence never comes, yet its input is set up.
    const spinner =
      "process.stdin.setRawMode(true); let n = 0; setInterval(() => process.stdout.write(`\\rframe ${++n} `), 20); process.stdin.on('data', (d) => process.stdout.write(`\\r\\ngot ${d}\\r\\n`));";
    await using app = await TmuxApp.start({ command: ['node', '-e', spinner], server, cols: 30, rows: 4, timeout: 60_000 });
    const frame = Number(/frame (\d+)/.exec(app.text())?.[1]);
    expect(frame).toBeGreaterThan(0);
    expect(frame).toBeLessThan(150); // 3 s of frames: it resolved long before the 60 s timeout
    await app.type('x');
    await app.waitForText('got x');
  });

  it('does not wait out the timeout for a line-mode app that never stops printing (a ticker, a log tailer)', async () => {
    const ticker = 'for i in $(seq 1000); do echo tick $i; sleep 0.1; done';
    const started = performance.now();
    await using app = await TmuxApp.start({ command: ['bash', '-c', ticker], server, cols: 30, rows: 4, timeout: 60_000 });
    // At most WAIT_CONSTANTS.lineModeBusyMs (1000 ms) after its first output, not the 60 s
    // timeout. That rule's lower edge is test/app/ready.test.ts's table: on a loaded machine a
    // tick can come WAIT.quietMs late, which ends the start sooner, as it should.
    expect(performance.now() - started).toBeLessThan(2000);
    expect(app.text()).toMatch(/tick \d+/);
  });

  it("with ready: 'none', keys typed at once are echoed by the tty yet discarded by the app", async () => {
    await using app = await TmuxApp.start({ command: ['node', SLOW_START, '400'], server, cols: 40, rows: 5, ready: 'none' });
    await app.type('abc');
    await app.waitForText('ready>');
    await app.type('d');
    await app.waitForText('total=1 <');
    expect(app.text()).toBe('abcready>\ntotal=1 < 64\n\n\n');
  });

  it('waits for { text } when given', async () => {
    await using app = await TmuxApp.start({ command: 'echo loading; sleep 0.3; echo Ready; exec cat', server, ready: { text: /^Ready$/ } });
    expect(app.text().split('\n').slice(0, 2)).toEqual(['loading', 'Ready']);
  });

  it('throws WaitTimeoutError naming start()’s readiness rule when the ready text does not appear', async () => {
    const error = await TmuxApp.start({
      command: ['bash', '-c', 'echo loading; exec cat'],
      server,
      cols: 20,
      rows: 3,
      ready: { text: 'Ready>' },
      timeout: 300,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as WaitTimeoutError).message).toBe(
      `start(): the ready text 'Ready>' did not appear within 300 ms, so 'bash -c "echo loading; exec cat"' did not count as started ` +
        '(ready: { text }; a RegExp matches one row at a time). Check the text, or give start() a longer timeout.\n\nScreen:\n  0 │ loading\n      (rows 1-2 blank)',
    );
  });

  it('throws WaitTimeoutError when the app prints nothing within the timeout', async () => {
    const error = await TmuxApp.start({ command: ['sleep', '10'], server, timeout: 300 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as WaitTimeoutError).message).toBe(
      "'sleep 10' printed nothing within 300 ms; pass ready: 'none' (CLI: --ready none) for an app that waits silently.\n\nScreen:\n  (every row blank)",
    );
    expect((error as WaitTimeoutError).timeout).toBe(300);
  });
});

// These apps exit in the instant after their only output (sh's own message cannot linger): tmux 3.3a
// can lose such output under load (README, Quick exits under load: 4–5 of 900 with the CPUs
// saturated; a clean-clone CI run lost sh's message here once), so each test gets two retries.
describe('TmuxApp.start with apps that exit at once', { retry: 2 }, () => {
  it("resolves for 'echo hi': waitForExit gives status 0 and the screen keeps 'hi' on row 0", async () => {
    await using app = await TmuxApp.start({ command: ['echo', 'hi'], server, cols: 20, rows: 3 });
    await expect(app.waitForExit()).resolves.toEqual({ exitCode: 0, signal: null });
    expect(app.text()).toBe('hi\n\n');
  });

  it('resolves for an app that prints nothing and exits 0', async () => {
    await using app = await TmuxApp.start({ command: ['true'], server, cols: 20, rows: 3 });
    await expect(app.waitForExit()).resolves.toEqual({ exitCode: 0, signal: null });
  });

  // The app lingers 0.2 s after its last output: tmux 3.3a can lose the output of an app that exits in the instant after writing it, on a loaded machine (README, Quick exits under load).
  it('resolves for an app that fails after printing: the status is for waitForExit', async () => {
    await using app = await TmuxApp.start({ command: 'echo oops >&2; sleep 0.2; exit 3', server, cols: 20, rows: 3 });
    await expect(app.waitForExit()).resolves.toEqual({ exitCode: 3, signal: null });
    expect(app.text()).toBe('oops\n\n');
  });

  it('throws AppExitedError with status 127 and the screen for a command that does not exist', async () => {
    const error = await TmuxApp.start({ command: ['no-such-command-xyz', '--flag'], server, cols: 60, rows: 3 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppExitedError);
    expect(error).toMatchObject({
      message:
        "'no-such-command-xyz --flag' could not be run (exit status 127, command not found).\n\nScreen:\n" +
        '  0 │ sh: 1: exec: no-such-command-xyz: not found\n      (rows 1-2 blank)',
      exitCode: 127,
      signal: null,
      screenText: 'sh: 1: exec: no-such-command-xyz: not found\n\n',
    });
  });

  it.each([
    ['a command line that exits 127 itself', 'echo usage; sleep 0.2; exit 127', 127, 'usage\n\n'],
    [
      'env, which ran, exiting 127 for a command it could not find',
      ['env', 'no-such-command-xyz'],
      127,
      'env: ‘no-such-command-xyz’: No such file or directory\n\n',
    ],
    ['sh -c exiting 127 for a command line it could not run', ['sh', '-c', 'no-such-command-xyz'], 127, 'sh: 1: no-such-command-xyz: not found\n\n'],
    ['a command line that exits 126 itself', 'echo denied; sleep 0.2; exit 126', 126, 'denied\n\n'],
  ])('resolves for %s: an app that ran, its status for waitForExit', async (_, command, exitCode, text) => {
    await using app = await TmuxApp.start({ command, server, cols: 60, rows: 3 });
    await expect(app.waitForExit()).resolves.toEqual({ exitCode, signal: null });
    expect(app.text()).toBe(text);
  });

  it('throws AppExitedError for a command line sh could not run (127)', async () => {
    const error = await TmuxApp.start({ command: 'no-such-command-xyz --flag', server, cols: 60, rows: 3 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppExitedError);
    expect(error).toMatchObject({ exitCode: 127, screenText: 'sh: 1: no-such-command-xyz: not found\n\n' });
  });

  it('throws AppExitedError for a command that could not be run, whatever the ready rule', async () => {
    const error = await TmuxApp.start({ command: [NOT_EXECUTABLE], server, cols: 200, rows: 3, ready: { text: 'Ready' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppExitedError);
    expect(error).toMatchObject({
      message: `'${NOT_EXECUTABLE}' could not be run (exit status 126, not executable).\n\nScreen:\n  0 │ sh: 1: exec: ${NOT_EXECUTABLE}: Permission denied\n      (rows 1-2 blank)`,
      exitCode: 126,
    });
  });

  it.each([
    ['its sh command line', ['printf', '%.3s\\n', 'y'.repeat(140_000)], {}, `'printf "%.3s\\\\n" ${'y'.repeat(183)}…'`, 'its sh command line is 140025 bytes'],
    ['an environment string', ['printf', 'ok'], { BIG: 'é'.repeat(70_000) }, "'printf ok'", 'the environment string BIG=… is 140004 bytes'],
  ])('throws AppExitedError, starting nothing, when %s is over Linux’s limit for one (E2BIG)', async (_, command, env, shown, what) => {
    const sessions = await server.command(['list-sessions', '-F', '#{session_id}']);
    const error = await TmuxApp.start({ command, env, server, cols: 60, rows: 3 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppExitedError);
    expect(error).toMatchObject({
      message:
        `${shown} could not be run: ${what}, over the 131071 bytes Linux allows one argument or ` +
        'environment string of a program (MAX_ARG_STRLEN). Pass large data in a file or on stdin instead.',
      exitCode: null,
      signal: null,
      screenText: '',
    });
    expect(await server.command(['list-sessions', '-F', '#{session_id}'])).toEqual(sessions);
  });

  it('throws AppExitedError, starting nothing, when the environment is over ARG_MAX in total, each string under the limit for one', async () => {
    const sessions = await server.command(['list-sessions', '-F', '#{session_id}']);
    const env = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`BIG${i}`, 'v'.repeat(120_000)]));
    const error = await TmuxApp.start({ command: ['printf', 'ok'], env, server, cols: 60, rows: 3 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppExitedError);
    const argMax = argMaxOf(parseStackLimit(readFileSync('/proc/self/limits', 'utf8')));
    expect((error as AppExitedError).message).toMatch(
      new RegExp(
        `^'printf ok' could not be run: its arguments and environment take 300\\d{4} bytes with their pointers, over the ${argMax} bytes Linux allows a program ` +
          '\\(ARG_MAX: a quarter of the stack size limit, `ulimit -s`, at least 128 KiB and at most 6 MiB\\)\\. Pass large data in a file or on stdin instead\\.$',
      ),
    );
    expect(error).toMatchObject({ exitCode: null, signal: null, screenText: '' });
    expect(await server.command(['list-sessions', '-F', '#{session_id}'])).toEqual(sessions);
  });

  it('runs with an environment of 1.8 MB (15 × 120000 bytes), under ARG_MAX with an 8 MiB stack', async () => {
    const env = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`BIG${i}`, 'v'.repeat(120_000)]));
    await using app = await TmuxApp.start({ command: ['sh', '-c', 'printf "%.3s %s\\n" "$BIG14" "${#BIG0}"'], env, server, cols: 20, rows: 3 });
    await expect(app.waitForExit()).resolves.toEqual({ exitCode: 0, signal: null });
    expect(app.text()).toBe('vvv 120000\n\n');
  });

  it('runs a command line of exactly the longest length Linux allows', async () => {
    const head = ['printf', '%.3s\\n'];
    const command = [...head, 'y'.repeat(131_071 - formatExecCommand([...head, '']).length)];
    expect(Buffer.byteLength(formatExecCommand(command))).toBe(131_071);
    await using app = await TmuxApp.start({ command, server, cols: 20, rows: 3 });
    await expect(app.waitForExit()).resolves.toEqual({ exitCode: 0, signal: null });
    expect(app.text()).toBe('yyy\n\n');
  });

  it('throws AppExitedError when the app exits before showing the ready text', async () => {
    const error = await TmuxApp.start({ command: 'echo bye; sleep 0.2; exit 2', server, cols: 20, rows: 3, ready: { text: 'Ready' } }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppExitedError);
    expect(error).toMatchObject({
      message: `start(): 'echo bye; sleep 0.2; exit 2' exited before showing the ready text 'Ready' (exit status 2).\n\nScreen:\n  0 │ bye\n      (rows 1-2 blank)`,
      exitCode: 2,
    });
  });
});
