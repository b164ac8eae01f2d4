// `tmux-shot mcp` as coding agents run it (the server and client as mcp-client.ts starts them).
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { TOOLS } from '../../src/agent/tools.js';
import { TmuxApp } from '../../src/app/index.js';
import { parseProcStat } from '../../src/host/process-table.js';
import { poll } from '../../src/wait.js';
import { bin, closeConnections, type Connection, connect as connectMcp, root, texts } from './mcp-client.js';

const menu = join(root, 'fixtures/menu.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'tmux-shot-mcp-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(closeConnections); // only when a test failed midway
const connect = (name: string) => connectMcp(scratch, name);

/** The menu fixture, with the server's folder as its (ignored) last argument so that pgrep finds it. */
function startMenu(connection: Connection): Promise<CallToolResult> {
  return connection.call('start', { command: ['node', menu, connection.dir] });
}

const MENU = [
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
];

/** Runs a tmux command on the server's private tmux server. */
function tmux(dir: string, ...args: string[]): Promise<{ stdout: string }> {
  const [folder] = readdirSync(dir).filter((name) => name.startsWith('tmux-shot-'));
  return promisify(execFile)('tmux', ['-S', join(dir, folder!, 'socket'), ...args]);
}

/** The pids of the server's tmux server and of every pane's first process (the lobby's and the apps'). */
async function tmuxPids(dir: string): Promise<number[]> {
  const run = (...args: string[]) => tmux(dir, ...args);
  const server = (await run('display-message', '-p', '#{pid}')).stdout;
  const panes = (await run('list-panes', '-a', '-F', '#{pane_pid}')).stdout;
  return `${server}${panes}`.trim().split('\n').map(Number);
}

/** True while `pid` runs (a zombie has ended). */
function running(pid: number): boolean {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.state !== 'Z';
  } catch {
    return false;
  }
}

/** Waits until none of `pids` runs, no process names the folder, and the tmux folder is gone. */
async function nothingLeft(dir: string, pids: number[]): Promise<void> {
  const left = async () => {
    const { stdout } = await promisify(execFile)('pgrep', ['-a', '-f', dir]).catch(() => ({ stdout: '' }));
    const named = stdout.split('\n').filter((line) => line !== '' && !line.includes('pgrep'));
    return [...pids.filter(running).map(String), ...named, ...readdirSync(dir).filter((name) => name.startsWith('tmux-shot-'))];
  };
  await poll(async () => ((await left()).length === 0 ? true : undefined), {
    timeout: 5000,
    interval: 20,
    onTimeout: async () => new Error(`still there: ${(await left()).join('; ')}`),
  });
}

/** `tmux-shot mcp` as a bare child process, for JSON-RPC written by hand (as `printf … | tmux-shot mcp`). */
function spawnServer(name: string) {
  const dir = mkdtempSync(join(scratch, `${name}-`));
  const child = spawn(process.execPath, [bin, 'mcp'], { env: { ...process.env, TMPDIR: dir }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const messages = () =>
    stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return {
    dir,
    child,
    exited: new Promise<number | null>((done) => child.on('close', done)),
    /** Writes JSON-RPC messages, one a line. */
    send: (...messages: object[]) => child.stdin.write(messages.map((message) => `${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`).join('')),
    /** The answers on stdout so far, by id. */
    answers: () =>
      messages()
        .filter((message) => 'result' in message)
        .map((message) => message as { id: number; result: CallToolResult })
        .sort((a, b) => a.id - b.id),
    /** The methods of the requests and notifications the server sent on stdout so far. */
    sent: () => messages().flatMap((message) => ('method' in message ? [message.method] : [])),
    stderr: () => stderr,
  };
}

const INITIALIZE = { id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
const INITIALIZED = { method: 'notifications/initialized' };

describe('tmux-shot mcp', () => {
  it('lists its tools with their required arguments, the agent-shared ones with the agent’s own fields', async () => {
    const { client } = await connect('list');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => [tool.name, tool.inputSchema.required ?? []])).toEqual([
      ['start', ['command']],
      ['send_keys', ['session', 'keys']],
      ['type_text', ['session', 'text']],
      ['click', ['session']],
      ['read_text', ['session']],
      ['screenshot', ['session']],
      ['wait_for_text', ['session', 'text']],
      ['wait_for_stable', ['session']],
      ['resize', ['session', 'cols', 'rows']],
      ['gif', ['session']],
      ['close', ['session']],
    ]);
    const sendKeys = tools.find((tool) => tool.name === 'send_keys')!;
    expect(sendKeys.description).toBe(TOOLS.send_keys.description);
    expect(Object.keys(sendKeys.inputSchema.properties ?? {})).toEqual(['session', 'keys', 'enter']);
    expect(sendKeys.inputSchema.properties?.keys).toEqual({
      type: 'string',
      minLength: 1,
      description: 'Space-separated key names, e.g. "Down Down" or "C-c"',
    });
  });

  it('drives the menu: start → send_keys → wait_for_text → screenshot (the same PNG bytes as a direct screenshot) → close', async () => {
    const mcp = await connect('menu');
    const started = await startMenu(mcp);
    expect(started.isError).toBeFalsy();
    expect(texts(started)).toEqual([
      `session s1: started 'node ${menu} ${mcp.dir}' at 80×24 cells; its screen:`,
      [...MENU, ...Array(24 - MENU.length).fill('')].join('\n'),
    ]);
    expect(texts(await mcp.call('send_keys', { session: 's1', keys: 'Down', enter: true }))).toEqual(['ok: pressed Down Enter']);
    expect(texts(await mcp.call('wait_for_text', { session: 's1', text: '/Selected: \\w+/' }))).toEqual([
      'ok: "Selected: Save" is on the screen at row 9, col 0',
    ]);
    const shot = await mcp.call('screenshot', { session: 's1' });

    await using direct = await TmuxApp.start({ command: ['node', menu] });
    await direct.press('Down', 'Enter');
    await direct.waitForText('Selected: Save');
    const image = shot.content[0]!;
    expect(image.type === 'image' && image.mimeType).toBe('image/png');
    expect(Buffer.from(image.type === 'image' ? image.data : '', 'base64').equals(await direct.screenshot())).toBe(true);
    expect(shot.content[1]).toEqual({ type: 'text', text: direct.text() });
    expect(texts(await mcp.call('read_text', { session: 's1' }))).toEqual([direct.text()]);

    const pids = await tmuxPids(mcp.dir);
    expect(texts(await mcp.call('close', { session: 's1' }))).toEqual(['ok: closed s1']);
    const after = await mcp.call('read_text', { session: 's1' });
    expect([after.isError, texts(after)]).toEqual([
      true,
      ["There is no session 's1' (no session is open): start one with the start tool, and pass the id it returns."],
    ]);
    await mcp.client.close();
    await nothingLeft(mcp.dir, [mcp.pid, ...pids]);
    expect(mcp.stderr()).toBe('tmux-shot mcp: the client disconnected; closed 0 sessions\n');
  });

  it('runs two sessions at once, each with its own screen, size and input', async () => {
    const mcp = await connect('two');
    await startMenu(mcp);
    const second = await mcp.call('start', { command: ['node', menu, mcp.dir], cols: 40, rows: 12 });
    expect(texts(second)[0]).toBe(`session s2: started 'node ${menu} ${mcp.dir}' at 40×12 cells; its screen:`);
    await mcp.call('send_keys', { session: 's2', keys: 'Down Down Enter' });
    expect(texts(await mcp.call('type_text', { session: 's1', text: 'j', enter: true }))).toEqual(['ok: typed 1 character and Enter']);
    expect(texts(await mcp.call('wait_for_text', { session: 's1', text: 'Selected: Save' }))).toEqual([
      'ok: "Selected: Save" is on the screen at row 9, col 0',
    ]);
    expect(texts(await mcp.call('read_text', { session: 's2' }))[0]).toContain('│ > Settings                 │');
    expect(texts(await mcp.call('read_text', { session: 's2' }))[0]).toContain('Selected: Settings');
    expect(texts(await mcp.call('read_text', { session: 's1' }))[0]).not.toContain('Settings                 │\n│ > ');
    expect(texts(await mcp.call('resize', { session: 's1', cols: 100, rows: 30 }))).toEqual(['ok: resized to 100×30 cells']);
    const bigger = await mcp.call('screenshot', { session: 's1' });
    const png = Buffer.from(bigger.content[0]!.type === 'image' ? bigger.content[0]!.data : '', 'base64');
    await using direct = await TmuxApp.start({ command: ['node', menu], cols: 100, rows: 30 });
    await direct.type('j\r');
    await direct.waitForText('Selected: Save');
    expect(png.equals(await direct.screenshot())).toBe(true);
  });

  it('answers every failure with an MCP tool error carrying our message, and goes on serving', async () => {
    const mcp = await connect('errors');
    const failure = async (name: string, args: Record<string, unknown>) => {
      const result = await mcp.call(name, args);
      return [result.isError, texts(result).join('\n').split('\n')[0]];
    };
    expect(await failure('read_text', { session: 's1' })).toEqual([
      true,
      "There is no session 's1' (no session is open): start one with the start tool, and pass the id it returns.",
    ]);
    await startMenu(mcp);
    expect(await failure('send_keys', { session: 's1', keys: 'Down Dwn' })).toEqual([
      true,
      "error: Unknown key name 'Dwn'. Did you mean 'Down'? Use tmux key names (C-c, M-x, Enter, Up, F1…) or Playwright-style names " +
        '(Control+C, ArrowUp); send literal text with type_text.',
    ]);
    expect(await failure('wait_for_text', { session: 's1', text: 'Saved', timeout: 200 })).toEqual([true, "Text 'Saved' did not appear within 200 ms."]);
    expect(await failure('wait_for_text', { session: 's1', text: '/Sel(/' })).toEqual([
      true,
      '/Sel(/ is not a valid regular expression (Invalid regular expression: /Sel(/: Unterminated group); fix it, or to search for the literal text leave off a slash.',
    ]);
    expect(await failure('click', { session: 's1', text: 'Save', col: 1, row: 1 })).toEqual([true, 'click takes text or a cell (col and row), not both.']);
    expect(await failure('click', { session: 's1', col: 1 })).toEqual([true, 'click needs text to click on, or both col and row of a cell.']);
    expect(await failure('gif', { session: 's1', path: '/dev/stdout' })).toEqual([
      true,
      '/dev/stdout is descriptor 1 of the MCP server, whose stdout carries the protocol: give the GIF a file path.',
    ]);
    expect(await failure('send_keys', { session: 's1' })).toEqual([
      true,
      'MCP error -32602: Input validation error: Invalid arguments for tool send_keys: Invalid input: expected string, received undefined at keys',
    ]);
    expect(await failure('start', { command: ['no-such-command-here'] })).toEqual([
      true,
      "'no-such-command-here' could not be run (exit status 127, command not found).",
    ]);
    // The app quits (q): a wait for text it will never show fails at once, so does input; close says how it ended.
    await mcp.call('send_keys', { session: 's1', keys: 'q' });
    expect(await failure('wait_for_text', { session: 's1', text: 'Goodbye' })).toEqual([
      true,
      `'node ${menu} ${mcp.dir}' exited (exit status 0) without showing 'Goodbye'.`,
    ]);
    expect(await failure('send_keys', { session: 's1', keys: 'Down' })).toEqual([
      true,
      `session s1's app 'node ${menu} ${mcp.dir}' has exited (exit status 0), so it takes no more input (send_keys, type_text, click, resize). ` +
        'Its last screen stays readable (read_text, screenshot); close it, and start a new session to go on.',
    ]);
    expect(texts(await mcp.call('close', { session: 's1' }))).toEqual(['ok: closed s1 (its app had exited: exit status 0)']);
    // A failed start takes no id, a closed session's id is not used again.
    expect(texts(await startMenu(mcp))[0]).toBe(`session s2: started 'node ${menu} ${mcp.dir}' at 80×24 cells; its screen:`);
  });

  it('refuses input to an app that has exited, though no call saw it exit, naming its exit status and what to do', async () => {
    const mcp = await connect('exited');
    const go = join(mcp.dir, 'go');
    const command = ['bash', '-c', 'echo hello; until [ -e "$1" ]; do sleep 0.02; done; exit 3', 'exit3', go];
    expect(texts(await mcp.call('start', { command, cols: 40, rows: 4 }))).toEqual([
      `session s1: started 'bash -c "echo hello; until [ -e \\"\\$1\\" ]; do sleep 0.02; done; exit 3" exit3 ${go}' at 40×4 cells; its screen:`,
      'hello\n\n\n',
    ]);
    writeFileSync(go, '');
    await poll(async () => ((await tmux(mcp.dir, 'list-panes', '-a', '-F', '#{pane_dead}')).stdout.includes('1') ? true : undefined), {
      timeout: 5000,
      interval: 20,
      onTimeout: () => new Error('the app did not exit'),
    });
    const refusal =
      `session s1's app 'bash -c "echo hello; until [ -e \\"\\$1\\" ]; do sleep 0.02; done; exit 3" exit3 ${go}' has exited (exit status 3), ` +
      'so it takes no more input (send_keys, type_text, click, resize). Its last screen stays readable (read_text, screenshot); close it, and start a new session to go on.';
    const inputs: [string, Record<string, unknown>][] = [
      ['send_keys', { keys: 'Enter' }],
      ['type_text', { text: 'abc' }],
      ['click', { col: 0, row: 0 }],
      ['click', { text: 'hello' }],
      ['resize', { cols: 30, rows: 4 }],
    ];
    for (const [tool, args] of inputs) {
      const result = await mcp.call(tool, { session: 's1', ...args });
      expect([tool, result.isError, texts(result)]).toEqual([tool, true, [refusal]]);
    }
    expect(texts(await mcp.call('read_text', { session: 's1' }))).toEqual(['hello\n\n\n']);
    expect(texts(await mcp.call('close', { session: 's1' }))).toEqual(['ok: closed s1 (its app had exited: exit status 3)']);
  });

  it('starts the app with the env, cwd and size given, and waits for a settled screen', async () => {
    const mcp = await connect('env');
    const started = await mcp.call('start', {
      command: ['sh', '-c', 'printf "%s in %s" "$GREETING" "$PWD"; exec cat'],
      env: { GREETING: 'hello there' },
      cwd: mcp.dir,
      cols: 60,
      rows: 3,
    });
    expect(texts(started)).toEqual([
      String.raw`session s1: started 'sh -c "printf \"%s in %s\" \"\$GREETING\" \"\$PWD\"; exec cat"' at 60×3 cells; its screen:`,
      `hello there in ${mcp.dir}\n\n`,
    ]);
    expect(texts(await mcp.call('wait_for_stable', { session: 's1', quietMs: 300 }))[0]).toMatch(
      /^ok: the screen has been quiet for 300 ms \(waited \d+ ms\)$/,
    );
    expect(texts(await mcp.call('wait_for_stable', { session: 's1' }))[0]).toMatch(/^ok: the screen has been quiet for 200 ms \(waited \d+ ms\)$/);
  });

  it('clicks text and cells through the mouse reports the app asked for', async () => {
    const mcp = await connect('click');
    const mouseLog = join(root, 'fixtures/mouse-log.mjs');
    await mcp.call('start', { command: ['node', mouseLog, '1000', '1006'] });
    expect(texts(await mcp.call('click', { session: 's1', col: 4, row: 2 }))).toEqual(['ok: clicked the cell at col 4, row 2']);
    expect(texts(await mcp.call('click', { session: 's1', text: '/rea.y/', button: 'right' }))).toEqual(['ok: clicked /rea.y/']);
    expect(texts(await mcp.call('click', { session: 's1', text: 'ready' }))).toEqual(['ok: clicked ready']);
    const ambiguous = await mcp.call('click', { session: 's1', text: '/b=0 x=5/' });
    expect([ambiguous.isError, texts(ambiguous)[0]!.split('\n')]).toEqual([
      true,
      [
        'click: /b=0 x=5/ matches 2 places on the screen (row 1 col 32, row 2 col 32) and clicks only one: ' +
          'give text or a /regexp/ that matches just one of them, or the cell to click as col and row.',
        '',
        'Screen:',
        '   0 │ ready',
        '   1 │ 1: 1b 5b 3c 30 3b 35 3b 33 4d = b=0 x=5 y=3 M',
        '     │                                 ^^^^^^^',
        '   2 │ 2: 1b 5b 3c 30 3b 35 3b 33 6d = b=0 x=5 y=3 m',
        '     │                                 ^^^^^^^',
        '   3 │ 3: 1b 5b 3c 32 3b 33 3b 31 4d = b=2 x=3 y=1 M',
        '   4 │ 4: 1b 5b 3c 32 3b 33 3b 31 6d = b=2 x=3 y=1 m',
        '   5 │ 5: 1b 5b 3c 30 3b 33 3b 31 4d = b=0 x=3 y=1 M',
        '   6 │ 6: 1b 5b 3c 30 3b 33 3b 31 6d = b=0 x=3 y=1 m',
        '       (rows 7-23 blank)',
      ],
    ]);
    const log = texts(await mcp.call('read_text', { session: 's1' }))[0]!.split('\n');
    expect(log.slice(0, 8)).toEqual([
      'ready',
      '1: 1b 5b 3c 30 3b 35 3b 33 4d = b=0 x=5 y=3 M',
      '2: 1b 5b 3c 30 3b 35 3b 33 6d = b=0 x=5 y=3 m',
      '3: 1b 5b 3c 32 3b 33 3b 31 4d = b=2 x=3 y=1 M',
      '4: 1b 5b 3c 32 3b 33 3b 31 6d = b=2 x=3 y=1 m',
      '5: 1b 5b 3c 30 3b 33 3b 31 4d = b=0 x=3 y=1 M',
      '6: 1b 5b 3c 30 3b 33 3b 31 6d = b=0 x=3 y=1 m',
      '',
    ]);
  });

  it('writes the GIF of the session so far to the path given, or to a new file in its private folder in the temp folder', async () => {
    const mcp = await connect('gif');
    await startMenu(mcp);
    await mcp.call('send_keys', { session: 's1', keys: 'Down' });
    const out = join(mcp.dir, 'out', 'menu.gif');
    const [written] = texts(await mcp.call('gif', { session: 's1', path: out }));
    expect(written).toMatch(new RegExp(`^ok: wrote ${out} \\(\\d+ bytes\\)$`));
    expect(readFileSync(out).subarray(0, 6).toString()).toBe('GIF89a');
    expect(Number(/\((\d+) bytes\)/.exec(written!)![1])).toBe(readFileSync(out).byteLength);
    const [first] = texts(await mcp.call('gif', { session: 's1' }));
    const [again] = texts(await mcp.call('gif', { session: 's1' }));
    const [folder] = readdirSync(mcp.dir).filter((name) => name.startsWith('tmux-shot-mcp-'));
    expect([first?.split(' (')[0], again?.split(' (')[0]]).toEqual([
      `ok: wrote ${join(mcp.dir, folder!, 's1.gif')}`,
      `ok: wrote ${join(mcp.dir, folder!, 's1-2.gif')}`,
    ]);
  });

  it('closes every session when the client disconnects mid-session: no app, tmux server or folder is left', async () => {
    const mcp = await connect('disconnect');
    await startMenu(mcp);
    await startMenu(mcp);
    const pids = await tmuxPids(mcp.dir);
    expect(pids).toHaveLength(4); // the tmux server, the lobby's pane and the two apps
    await mcp.client.close(); // ends the server's stdin; the transport sends SIGTERM only 2 s later
    await nothingLeft(mcp.dir, [mcp.pid, ...pids]);
    expect(mcp.stderr()).toBe('tmux-shot mcp: the client disconnected; closed 2 sessions\n');
  });

  it('writes nothing but JSON-RPC messages on stdout, and exits with 0 when its stdin ends', async () => {
    const dir = mkdtempSync(join(scratch, 'stdout-'));
    const child = spawn(process.execPath, [bin, 'mcp'], { env: { ...process.env, TMPDIR: dir }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const exited = new Promise<number | null>((done) => child.on('close', done));
    const answered = new Promise<void>((done) =>
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk;
        if (stdout.split('\n').length > 2) done();
      }),
    );
    const initialize = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } };
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: initialize })}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`);
    await answered;
    child.stdin.end();
    expect(await exited).toBe(0);
    const messages = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { jsonrpc: string; id: number; result: object });
    expect(messages.map((message) => [message.jsonrpc, message.id, Object.keys(message.result)])).toEqual([
      ['2.0', 1, ['protocolVersion', 'capabilities', 'serverInfo', 'instructions']],
      ['2.0', 2, ['tools']],
    ]);
    expect(stderr).toBe('tmux-shot mcp: the client disconnected; closed 0 sessions\n');
  });

  it('answers the requests it got before its stdin ended, then closes every session and exits with 0', async () => {
    const server = spawnServer('drain');
    const start = { name: 'start', arguments: { command: ['node', menu, server.dir] } };
    server.send(INITIALIZE, INITIALIZED, { id: 2, method: 'tools/call', params: start }, { id: 3, method: 'tools/list' });
    server.child.stdin.end();
    expect(await server.exited).toBe(0);
    const answers = server.answers();
    expect(answers.map((answer) => answer.id)).toEqual([1, 2, 3]);
    expect([answers[1]!.result.isError, texts(answers[1]!.result)[0]]).toEqual([
      undefined,
      `session s1: started 'node ${menu} ${server.dir}' at 80×24 cells; its screen:`,
    ]);
    expect(new Set(server.sent())).toEqual(new Set(['ping'])); // asking, while it finished, whether stdout still had a reader
    expect(server.stderr()).toBe('tmux-shot mcp: the client disconnected; closed 1 session\n');
    await nothingLeft(server.dir, [server.child.pid!]);
  });

  it('stops at once on SIGTERM while it finishes those requests, answering none of them', async () => {
    const server = spawnServer('drain-signal');
    // An app that never settles: its start would answer after the 5 s settle timeout.
    const busy = ['sh', '-c', 'while :; do date +%N; sleep 0.05; done', 'busy', server.dir];
    server.send(INITIALIZE, INITIALIZED, { id: 2, method: 'tools/call', params: { name: 'start', arguments: { command: busy } } });
    server.child.stdin.end();
    const appRuns = async () => ((await tmuxPids(server.dir).catch(() => [])).length === 3 ? true : undefined); // tmux, the lobby, the app
    // 15 s: a cold node, its tmux server and the app took over 5 s with two suites at once.
    await poll(appRuns, { timeout: 15_000, interval: 20, onTimeout: () => new Error('the app did not start') });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.answers().map((answer) => answer.id)).toEqual([1]);
    expect(server.stderr()).toBe('tmux-shot mcp: stopped by SIGTERM; closed 0 sessions\n');
    await nothingLeft(server.dir, [server.child.pid!]);
  });

  it('ends as on a disconnect, with status 1 as every command whose stdout reader is gone, when its stdout fails', async () => {
    const dir = mkdtempSync(join(scratch, 'epipe-'));
    const child = spawn(process.execPath, [bin, 'mcp'], { env: { ...process.env, TMPDIR: dir }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const exited = new Promise<number | null>((done) => child.on('close', done));
    child.stdout.destroy();
    const initialize = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } };
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: initialize })}\n`);
    expect([await exited, stderr]).toEqual([1, 'tmux-shot mcp: the client disconnected; closed 0 sessions\n']);
    expect(stderr).toBe('tmux-shot mcp: the client disconnected; closed 0 sessions\n');
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('closes every session on %s and exits', async (signal) => {
    const mcp = await connect(signal);
    await startMenu(mcp);
    const pids = await tmuxPids(mcp.dir);
    process.kill(mcp.pid, signal);
    await nothingLeft(mcp.dir, [mcp.pid, ...pids]);
    expect(mcp.stderr()).toBe(`tmux-shot mcp: stopped by ${signal}; closed 1 session\n`);
  });
});
