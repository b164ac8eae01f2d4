// `tmux-shot mcp` under a client that asks too much or goes away: backtracking patterns, a client
// killed mid-call, timeouts without bound, cancelled calls, huge screens, GIF paths, and the
// structured results every tool returns (the server and client as mcp-client.ts starts them).
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { parseProcStat } from '../../src/host/process-table.js';
import { poll, systemClock } from '../../src/wait.js';
import { bin, closeConnections, connect as connectMcp, root, texts } from './mcp-client.js';

const menu = join(root, 'fixtures/menu.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'tmux-shot-mcp-hostile-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(closeConnections);
const connect = (name: string) => connectMcp(scratch, name);

/** The processes whose command line names `dir` (the apps started with it as an argument, the tmux server by its socket). */
async function processesNaming(dir: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)('pgrep', ['-a', '-f', dir]).catch(() => ({ stdout: '' }));
  return stdout.split('\n').filter((line) => line !== '' && !line.includes('pgrep'));
}

/** True while `pid` runs (a zombie has ended). */
function running(pid: number): boolean {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.state !== 'Z';
  } catch {
    return false;
  }
}

const BASH = { command: ['bash', '--norc', '--noprofile'], cols: 40, rows: 6, env: { PS1: '$ ' } };

describe('tmux-shot mcp, under a hostile client', () => {
  it('stops a backtracking /regexp/ at its 1000 ms budget while other sessions answer, and SIGTERM ends the server meanwhile', async () => {
    const { call, pid } = await connect('backtracking');
    await call('start', BASH);
    await call('start', BASH);
    await call('type_text', { session: 's1', text: `echo ${'a'.repeat(40)}`, enter: true });
    const tooSlow =
      'The regular expression /(a+)+b/ took more than 1000 ms to search the 40×6 screen, so it was stopped: it backtracks ' +
      '(a repeat inside a repeat, such as (a+)+, tries every way to split the text). ' +
      'Write it so that each character can match in one way only (/a+b/ rather than /(a+)+b/), or search for literal text.';
    const waiting = call('wait_for_text', { session: 's1', text: '/(a+)+b/', timeout: 5000 }, { timeout: 8000 });
    const askedAt = systemClock.now();
    expect(texts(await call('read_text', { session: 's2' }, { timeout: 8000 }))).toEqual(['$\n\n\n\n\n']);
    expect(systemClock.now() - askedAt).toBeLessThan(500); // answered while the pattern runs
    const waited = await waiting;
    expect([waited.isError, texts(waited)]).toEqual([true, [tooSlow]]);
    const clicked = await call('click', { session: 's1', text: '/(a+)+b/' }, { timeout: 8000 });
    expect([clicked.isError, texts(clicked)]).toEqual([true, [tooSlow]]);
    // A sound pattern still answers, from the same workers.
    expect(texts(await call('wait_for_text', { session: 's1', text: '/a{40}$/' }))).toEqual([`ok: "${'a'.repeat(40)}" is on the screen at row 2, col 0`]);

    void call('wait_for_text', { session: 's1', text: '/(a+)+b/', timeout: 5000 }).catch(() => undefined);
    await call('read_text', { session: 's2' }); // answered after the server has begun the search
    process.kill(pid, 'SIGTERM');
    await poll(() => (running(pid) ? undefined : true), { timeout: 5000, interval: 20, onTimeout: () => new Error('SIGTERM did not end the server') });
  });

  it('ends every session and exits within seconds when its client is killed during a long wait', async () => {
    const dir = mkdtempSync(join(scratch, 'killed-'));
    // A client in its own process: it starts the server, an app, and a one-minute wait, then is killed.
    const script = `
      import { Client } from '@modelcontextprotocol/sdk/client/index.js';
      import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
      const transport = new StdioClientTransport({ command: process.execPath, args: [${JSON.stringify(bin)}, 'mcp'], env: { TMPDIR: ${JSON.stringify(dir)} } });
      const client = new Client({ name: 'doomed', version: '1' });
      await client.connect(transport);
      await client.callTool({ name: 'start', arguments: { command: ['node', ${JSON.stringify(menu)}, ${JSON.stringify(dir)}] } });
      void client.callTool({ name: 'wait_for_text', arguments: { session: 's1', text: 'never', timeout: 60000 } }, undefined, { timeout: 120000 });
      await client.listTools(); // answered after the server has begun the wait
      process.stdout.write(transport.pid + '\\n');`;
    const client = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    const serverPid = await new Promise<number>((done) => client.stdout.once('data', (chunk: Buffer) => done(Number(String(chunk).trim()))));
    const killedAt = systemClock.now();
    client.kill('SIGKILL');
    await poll(() => (running(serverPid) ? undefined : true), {
      timeout: 10_000,
      interval: 20,
      onTimeout: () => new Error('the server still runs 10 s after its client was killed'),
    });
    expect(systemClock.now() - killedAt).toBeLessThan(3000); // its first ping after stdin closed fails: ≈ 0–1000 ms
    await poll(async () => ((await processesNaming(dir)).length === 0 ? true : undefined), {
      timeout: 5000,
      interval: 20,
      onTimeout: async () => new Error(`left running: ${(await processesNaming(dir)).join('; ')}`),
    });
  });
  it('refuses a timeout above one minute, saying what to do, and takes one of one minute', async () => {
    const { call } = await connect('timeouts');
    await call('start', BASH);
    const refusal = (tool: string, field: string) =>
      `MCP error -32602: Input validation error: Invalid arguments for tool ${tool}: at most 60000 ms (one minute) per call; to wait longer, call again at ${field}`;
    for (const [tool, args, field] of [
      ['wait_for_text', { session: 's1', text: 'x', timeout: 2 ** 53 - 1 }, 'timeout'],
      ['wait_for_stable', { session: 's1', timeout: 60_001 }, 'timeout'],
      ['wait_for_stable', { session: 's1', quietMs: 600_000 }, 'quietMs'],
      ['start', { ...BASH, timeout: 600_000 }, 'timeout'],
    ] as const) {
      const result = await call(tool, args);
      expect([tool, result.isError, texts(result)]).toEqual([tool, true, [refusal(tool, field)]]);
    }
    const result = await call('wait_for_stable', { session: 's1', timeout: 60_000 });
    expect(result.structuredContent?.settled).toBe(true);
  });

  it('stops a cancelled call, so the next call on its session runs at once', async () => {
    const { call } = await connect('cancel');
    await call('start', BASH);
    await call('start', BASH);
    const cancel = new AbortController();
    const waiting = call('wait_for_text', { session: 's1', text: 'never', timeout: 60_000 }, { signal: cancel.signal });
    await call('read_text', { session: 's2' }); // answered after the server has begun the wait
    const typed = call('type_text', { session: 's1', text: 'echo hi', enter: true }); // queued behind the wait
    const cancelledAt = systemClock.now();
    cancel.abort(new Error('the user gave up'));
    await expect(waiting).rejects.toThrow('the user gave up');
    expect(texts(await typed)).toEqual(['ok: typed 7 characters and Enter']);
    expect(systemClock.now() - cancelledAt).toBeLessThan(5000); // the type_text's settle wait: ≈ 100–2000 ms, not the wait's 60 s
    expect(texts(await call('read_text', { session: 's1' }))).toEqual(['$ echo hi\nhi\n$\n\n\n']);
  });

  it('writes a GIF without a path owner-only in a private folder, refuses one through a symlinked folder, and one of a huge session', async () => {
    const { dir, call } = await connect('gif');
    await call('start', BASH);
    const [written] = texts(await call('gif', { session: 's1' }));
    const path = /^ok: wrote (\S+) \(\d+ bytes\)$/.exec(written!)![1]!;
    expect([dirname(dirname(path)), basename(dirname(path)).replace(/[^-]+$/, 'XXXXXX'), basename(path)]).toEqual([dir, 'tmux-shot-mcp-XXXXXX', 's1.gif']);
    expect([statSync(dirname(path)).mode & 0o777, statSync(path).mode & 0o777]).toEqual([0o700, 0o600]);

    const elsewhere = mkdtempSync(join(scratch, 'elsewhere-'));
    symlinkSync(elsewhere, join(dir, 'linked'));
    const linked = await call('gif', { session: 's1', path: join(dir, 'linked', 'deeper', 'out.gif') });
    expect([linked.isError, texts(linked)]).toEqual([
      true,
      [
        `Cannot write the GIF ${join(dir, 'linked', 'deeper', 'out.gif')}: its folder ${join(dir, 'linked')} is a symbolic link (to ${elsewhere}), ` +
          'and a GIF is not written through one; give a path without links.',
      ],
    ]);
    expect(readdirSync(elsewhere)).toEqual([]);

    await call('start', { command: ['sleep', '1000'], ready: 'none', cols: 1000, rows: 1000 });
    const huge = await call('gif', { session: 's2' });
    expect([huge.isError, texts(huge)]).toEqual([
      true,
      [
        'Cannot make a GIF of session s2: it was 1000×1000 cells (1000000 cells) at its largest, and tmux-shot mcp draws GIFs of sessions of at most 20000 cells (such as 250×80), ' +
          'since drawing one holds every session; take a screenshot instead, or record in a smaller session.',
      ],
    ]);
  });

  it('cuts the screen text of start, screenshot and read_text at the same 8000 characters', async () => {
    const { call } = await connect('text-cap');
    const fill = ['node', '-e', "process.stdout.write('x'.repeat(200 * 99)); setInterval(() => {}, 1e6)"];
    const full = `${`${'x'.repeat(200)}\n`.repeat(99)}`; // 99 full rows, then the empty last row
    const cut = `${full.slice(0, 8000)}\n[… truncated: ${full.length - 8000} more characters …]`;
    const started = await call('start', { command: fill, cols: 200, rows: 100 });
    expect([texts(started)[1], started.structuredContent?.truncated]).toEqual([cut, true]);
    const shot = await call('screenshot', { session: 's1' });
    expect([texts(shot)[1], shot.structuredContent?.truncated]).toEqual([cut, true]);
    const read = await call('read_text', { session: 's1' });
    expect([texts(read), read.structuredContent]).toEqual([[cut], { text: cut, truncated: true }]);
  });

  it('says what the click tool can do when the app has not turned mouse reporting on', async () => {
    const { call } = await connect('no-mouse');
    await call('start', BASH);
    const result = await call('click', { session: 's1', col: 0, row: 0 });
    expect([result.isError, texts(result)[0]!.split('\n')]).toEqual([
      true,
      [
        "click sent nothing: 'bash --norc --noprofile' did not turn mouse reporting on within 5000 ms, so a terminal would not report a click to it. " +
          "The click tool clicks only apps that ask for the mouse: reach the place with send_keys, or turn the app's mouse support on " +
          '(vim: :set mouse=a; less: --mouse; often an option of the app) and start it again.',
        '',
        'Screen:',
        '  0 │ $',
        '      (rows 1-5 blank)',
      ],
    ]);
  });

  it('returns structuredContent beside the text, as each tool’s outputSchema says', async () => {
    const { dir, client, call } = await connect('structured');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => [tool.name, Object.keys(tool.outputSchema?.properties ?? {})])).toEqual([
      ['start', ['session', 'cols', 'rows', 'exited', 'text', 'truncated']],
      ['send_keys', ['settled']],
      ['type_text', ['settled']],
      ['click', ['settled']],
      ['read_text', ['text', 'truncated']],
      ['screenshot', ['cols', 'rows', 'text', 'truncated']],
      ['wait_for_text', ['text', 'row', 'col']],
      ['wait_for_stable', ['settled', 'afterMs']],
      ['resize', ['cols', 'rows', 'settled']],
      ['gif', ['path', 'bytes']],
      ['close', ['exited']],
    ]);
    const structured = async (tool: string, args: Record<string, unknown>) => (await call(tool, args)).structuredContent;
    expect(await structured('start', BASH)).toEqual({ session: 's1', cols: 40, rows: 6, exited: false, text: '$\n\n\n\n\n', truncated: false });
    expect(await structured('type_text', { session: 's1', text: 'echo hi', enter: true })).toEqual({ settled: true });
    expect(await structured('send_keys', { session: 's1', keys: 'Up' })).toEqual({ settled: true });
    expect(await structured('wait_for_text', { session: 's1', text: '/^h./' })).toEqual({ text: 'hi', row: 1, col: 0 });
    expect(await structured('read_text', { session: 's1' })).toEqual({ text: '$ echo hi\nhi\n$ echo hi\n\n\n', truncated: false });
    expect(await structured('screenshot', { session: 's1' })).toEqual({ cols: 40, rows: 6, text: '$ echo hi\nhi\n$ echo hi\n\n\n', truncated: false });
    expect(await structured('resize', { session: 's1', cols: 30, rows: 5 })).toEqual({ cols: 30, rows: 5, settled: true });
    const stable = await structured('wait_for_stable', { session: 's1' });
    expect([stable?.settled, typeof stable?.afterMs]).toEqual([true, 'number']);
    const gif = await structured('gif', { session: 's1', path: join(dir, 'out.gif') });
    expect(gif).toEqual({ path: join(dir, 'out.gif'), bytes: readFileSync(join(dir, 'out.gif')).byteLength });
    expect(await structured('start', { command: ['true'], cols: 20, rows: 2 })).toEqual({
      session: 's2',
      cols: 20,
      rows: 2,
      exited: true,
      text: '\n',
      truncated: false,
    });
    expect(await structured('close', { session: 's2' })).toEqual({ exited: true });
    expect(await structured('close', { session: 's1' })).toEqual({ exited: false });
  });
});
