// `tmux-shot record` stopped by a signal, as users stop it: the built bin (dist/cli/bin.js, run
// `npm run build` first) as a child in its own process group, Ctrl-C sent to that whole group (as
// a terminal does) or SIGTERM to the process alone (as `kill` and `timeout` do).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { parseAsciicast } from '../../src/record/index.js';
import { decodeGif } from '../record/decode-gif.js';

const root = resolve(import.meta.dirname, '../..');
const bin = join(root, 'dist/cli/bin.js');
const scratch = mkdtempSync(join(tmpdir(), 'tmux-shot-stop-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * The app: prints its one-line screen with echo off, then waits for a line; once the recording's
 * `--type` step has delivered it, writes it to the marker file ($1), the test's sign that the
 * recording phase is under way, and runs the rest of its arguments (printing nothing, or a flood).
 */
const APP = `stty -echo; printf '\\033[1;32mtmux-shot\\033[0m is recording\\n'; IFS= read -r line; echo "$line" > "$1"; shift; exec "$@"`;
const APP_OUTPUT = '\x1b[1;32mtmux-shot\x1b[0m is recording\r\n';
const STOP_LINE = /^tmux-shot record: recording stopped by (SIGINT|SIGTERM) after (\d+\.\d) s; saving it \(a second \1 quits without saving\)\n$/;

interface Run {
  /** The run's private folder: TMPDIR of the child (so its tmux lives here), marker, output. */
  dir: string;
  mark: string;
  pid: number;
  spawnedAt: number;
  stderrLine: Promise<string>;
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

const runs: Run[] = [];
afterEach(() => {
  for (const run of runs.splice(0)) {
    try {
      process.kill(-run.pid, 'SIGKILL'); // only when a test failed midway; its tmux goes by the lobby hook
    } catch {
      // already gone
    }
  }
});

/** Starts the bin with `argv(dir)` in a new process group, with a fresh folder `dir` as its TMPDIR. */
function startCli(name: string, argv: (dir: string) => string[]): Run {
  const dir = mkdtempSync(join(scratch, `${name}-`));
  const mark = join(dir, 'mark');
  const child = spawn(bin, argv(dir), { detached: true, env: { ...process.env, TMPDIR: dir }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  const stderrLine = new Promise<string>((resolveLine) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
      if (stderr.includes('\n')) resolveLine(stderr);
    });
  });
  const ended = new Promise<Awaited<Run['ended']>>((resolveEnd) => {
    child.on('close', (code, signal) => resolveEnd({ code, signal, stdout, stderr }));
  });
  const run = { dir, mark, pid: child.pid!, spawnedAt: performance.now(), stderrLine, ended };
  runs.push(run);
  return run;
}

/**
 * Records `sh -c APP sh <mark> …then(mark)` for up to 60 s into `<dir>/<out>`, typing the line
 * APP waits for; `then` mentions the marker so that every process of the run names its folder.
 */
function startRecording(name: string, out: string, then: (mark: string) => string[]): Run {
  return startCli(name, (dir) => {
    const mark = join(dir, 'mark');
    return [
      'record',
      '--cols',
      '40',
      '--rows',
      '6',
      '--duration',
      '60',
      '--type',
      'go\n',
      '-o',
      join(dir, out),
      '--',
      'sh',
      '-c',
      APP,
      'sh',
      mark,
      ...then(mark),
    ];
  });
}

/** Resolves once the app has read the typed line: the steps run, so the recording phase has begun. */
async function recordingUnderWay(run: Run): Promise<void> {
  await vi.waitFor(() => expect(readFileSync(run.mark, 'utf8')).toBe('go\n'), { timeout: 15_000, interval: 20 });
}

async function processesMentioning(text: string): Promise<string[]> {
  const { stdout } = await execa('pgrep', ['-a', '-f', text], { reject: false });
  return stdout.split('\n').filter((line) => line !== '' && !line.includes('pgrep'));
}

/** Waits until no process of the run is left (the CLI, tmux server and client, FIFO reader, app) and its tmux folder is gone. */
async function nothingLeft(run: Run): Promise<void> {
  await vi.waitFor(async () => expect(await processesMentioning(run.dir)).toEqual([]), { timeout: 5000, interval: 20 });
  expect(readdirSync(run.dir).filter((name) => name.startsWith('tmux-shot-'))).toEqual([]);
}

/** The seconds in the stop line, checked against the time the test measured from spawn to signal. */
function expectStopLine(stderr: string, signal: string, signalledAt: number, run: Run): void {
  const match = STOP_LINE.exec(stderr);
  expect(match?.[1], stderr).toBe(signal);
  // The recording starts once the app waits for its line (the kernel says so at once: no quiet period); it cannot outlast the test's own clock.
  expect(Number(match![2])).toBeGreaterThanOrEqual(0);
  expect(Number(match![2])).toBeLessThanOrEqual(Math.ceil((signalledAt - run.spawnedAt) / 100) / 10);
}

describe('tmux-shot record stopped by a signal', () => {
  it('Ctrl-C during --duration 60 writes the GIF so far, prints its path and size and the stop line, exits 0', async () => {
    const run = startRecording('gif', 'demo.gif', (mark) => ['tail', '-n0', '-f', mark]);
    await recordingUnderWay(run);
    process.kill(-run.pid, 'SIGINT');
    const signalledAt = performance.now();
    const result = await run.ended;

    const file = join(run.dir, 'demo.gif');
    const bytes = readFileSync(file);
    expect({ code: result.code, signal: result.signal, stdout: result.stdout }).toEqual({ code: 0, signal: null, stdout: `${file} (${bytes.length} bytes)\n` });
    expectStopLine(result.stderr, 'SIGINT', signalledAt, run);
    // Its last frame is the app's screen: the same pixels as a recording of that screen that ended by itself.
    const gif = decodeGif(bytes);
    expect([gif.width, gif.height]).toEqual([4 + 40 * 9 + 4, 4 + 6 * 18 + 4]);
    const reference = join(run.dir, 'settled.gif');
    const settled = await main(['record', '--cols', '40', '--rows', '6', '-o', reference, '--', 'sh', '-c', APP, 'sh', join(run.dir, 'unused')], {
      stdout: () => undefined,
      stderr: () => undefined,
    });
    expect(settled).toBe(0);
    const expected = decodeGif(readFileSync(reference));
    expect(expected.canvases.at(-1)).not.toEqual(expected.canvases[0]); // the screen was drawn
    expect(gif.canvases.at(-1)).toEqual(expected.canvases.at(-1));
    await nothingLeft(run);
  });

  it.each([
    ['SIGINT', 'the process group (Ctrl-C)', (pid: number): void => void process.kill(-pid, 'SIGINT')],
    ['SIGTERM', 'the process alone (kill)', (pid: number): void => void process.kill(pid, 'SIGTERM')],
  ] as const)('%s to %s writes a complete .cast of the session so far and exits 0', async (signal, _to, send) => {
    const run = startRecording(signal, 'demo.cast', (mark) => ['tail', '-n0', '-f', mark]);
    await recordingUnderWay(run);
    send(run.pid);
    const signalledAt = performance.now();
    const result = await run.ended;

    const file = join(run.dir, 'demo.cast');
    const text = readFileSync(file, 'utf8');
    expect({ code: result.code, signal: result.signal, stdout: result.stdout }).toEqual({
      code: 0,
      signal: null,
      stdout: `${file} (${Buffer.byteLength(text)} bytes)\n`,
    });
    expectStopLine(result.stderr, signal, signalledAt, run);
    const cast = parseAsciicast(text);
    expect(cast.size).toEqual({ cols: 40, rows: 6 });
    const output = cast.events.flatMap((event) => (event.kind === 'output' ? [Buffer.from(event.bytes).toString('utf8')] : []));
    expect(output.join('')).toBe(APP_OUTPUT);
    expect(text.endsWith('\n')).toBe(true);
    await nothingLeft(run);
  });

  it('a second Ctrl-C while the GIF is written quits at once by SIGINT, writing nothing and leaving nothing', async () => {
    // A flood after the marker: many frames to encode, so the writing takes long enough to interrupt.
    const run = startRecording('twice', 'demo.gif', (mark) => ['yes', mark]);
    await recordingUnderWay(run);
    process.kill(-run.pid, 'SIGINT');
    const signalledAt = performance.now();
    const stderr = await run.stderrLine; // printed when the recording stops, before the GIF is encoded
    process.kill(-run.pid, 'SIGINT');
    const result = await run.ended;

    expect({ code: result.code, signal: result.signal, stdout: result.stdout, stderr: result.stderr }).toEqual({
      code: null,
      signal: 'SIGINT',
      stdout: '',
      stderr,
    });
    expectStopLine(stderr, 'SIGINT', signalledAt, run);
    await nothingLeft(run);
    expect(readdirSync(run.dir)).toEqual(['mark']); // no GIF, no half-written temporary file
  });

  it('Ctrl-C while the app is still starting quits at once by SIGINT (the default), leaving nothing', async () => {
    // slow-start.mjs stays silent for 60 s, so `--ready output` keeps TmuxApp.start waiting.
    const app = (dir: string) => ['node', join(root, 'fixtures/slow-start.mjs'), '60000', dir];
    const run = startCli('starting', (dir) => ['record', '--timeout', '120000', '-o', join(dir, 'demo.gif'), '--', ...app(dir)]);
    // The app's process exists once respawn-pane ran inside TmuxApp.start, which then waits 60 s
    // for output. (The pattern's start skips the CLI, whose argv holds the app's.)
    const appProcess = `^${app(run.dir).join(' ').replaceAll('.', '\\.')}$`;
    await vi.waitFor(async () => expect(await processesMentioning(appProcess)).toHaveLength(1), { timeout: 15_000, interval: 20 });
    process.kill(-run.pid, 'SIGINT');
    expect(await run.ended).toEqual({ code: null, signal: 'SIGINT', stdout: '', stderr: '' });
    await nothingLeft(run);
    expect(readdirSync(run.dir)).toEqual([]);
  });
  it('in-process main(): SIGINT stops the recording, exit 0, and the signal listeners are gone afterwards', async () => {
    const dir = mkdtempSync(join(scratch, 'in-process-'));
    const [mark, file] = [join(dir, 'mark'), join(dir, 'demo.cast')];
    const out: string[] = [];
    const err: string[] = [];
    const io = { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t) };
    const argv = [
      'record',
      '--cols',
      '40',
      '--rows',
      '6',
      '--duration',
      '60',
      '--type',
      'go\n',
      '-o',
      file,
      '--',
      'sh',
      '-c',
      APP,
      'sh',
      mark,
      'tail',
      '-n0',
      '-f',
      mark,
    ];
    const listeners = () => (['SIGINT', 'SIGTERM'] as const).map((name) => process.listeners(name));
    // A first run starts this worker's shared tmux server (whose control client has its own
    // signal listeners, through execa's cleanup), so that the second run's listeners compare.
    const uninterrupted = ['record', '--cols', '20', '--rows', '2', '-o', join(dir, 'hi.cast'), '--', 'echo', 'hi'];
    expect(await main(uninterrupted, io)).toBe(0);
    const before = listeners();
    expect(await main(uninterrupted, io)).toBe(0);
    expect(listeners()).toEqual(before); // a recording that ends by itself leaves none either
    const recording = main(argv, io);
    await vi.waitFor(() => expect(readFileSync(mark, 'utf8')).toBe('go\n'), { timeout: 15_000, interval: 20 });
    process.kill(process.pid, 'SIGINT'); // the trap listens: this worker lives on
    expect(await recording).toBe(0);
    expect(out.at(-1)).toBe(`${file} (${readFileSync(file).length} bytes)`);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^tmux-shot record: recording stopped by SIGINT after \d+\.\d s; /);
    expect(listeners()).toEqual(before);
  });
});
