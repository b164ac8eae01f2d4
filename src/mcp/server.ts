/**
 * `tmux-shot mcp`: the Model Context Protocol server over stdio, on the official SDK (`McpServer`
 * and `StdioServerTransport`). Its tools drive apps in {@link Sessions}; a tool that fails answers
 * with an MCP tool error (`isError: true`) carrying our typed error's message (the SDK turns a
 * thrown error into one), never ending the server. stdout carries the protocol only.
 */
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { McpServer, type ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { ZodRawShapeCompat } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { type ActionCall, type DispatchContext, dispatchTool } from '../agent/index.js';
import { formatMatches, type MouseButton, type TmuxApp, type TmuxAppOptions } from '../app/index.js';
import { AGENT_LOOP, WAIT } from '../defaults.js';
import { ConfigError, StrictModeError, TmuxShotError, WaitTimeoutError } from '../errors.js';
import { describeExit, formatCommand } from '../host/index.js';
import { resolveOutputTarget, writeNewOutputFile } from '../output-file.js';
import { formatWithScreen } from '../screen/index.js';
import { GifFiles } from './gif-files.js';
import { parsePattern } from './pattern.js';
import { PendingRequests } from './requests.js';
import { Sessions } from './sessions.js';
import { MCP_TOOLS } from './tools.js';

/** What the client's model reads about the server as a whole (the `instructions` of `initialize`). */
const INSTRUCTIONS =
  'Drive terminal apps (TUIs, shells, editors) in a private tmux server: start an app, send keys or type text, ' +
  'wait for text, read the screen or take an exact PNG screenshot, record a GIF, and close the session when done.';

/**
 * The MCP server with every tool of {@link MCP_TOOLS} registered over `sessions`. Not yet
 * connected: pass it a transport (`server.connect(…)`).
 */
function createMcpServer(sessions: Sessions): McpServer {
  const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };
  const server = new McpServer({ name: 'tmux-shot', version }, { instructions: INSTRUCTIONS });
  const app = (id: string) => sessions.get(id);
  const runningApp = (id: string) => sessions.running(id);
  const register = inTurns(server, sessions);
  const gifs = new GifFiles();

  server.registerTool('start', MCP_TOOLS.start, async ({ command, cols, rows, env, cwd, ready, timeout }) => {
    const started = await startApp(sessions, { command, cols, rows, env, cwd, ready, timeout });
    await started.app.waitForStable();
    const { cols: width, rows: height } = started.app.screen();
    const exit = await started.app.exitStatus();
    const screen = exit ? `it has already exited (${describeExit(exit)}); its last screen:` : 'its screen:';
    return text(`session ${started.id}: started ${formatCommand(command)} at ${width}×${height} cells; ${screen}`, started.app.text());
  });
  register('send_keys', MCP_TOOLS.send_keys, async ({ session, keys, enter }) =>
    dispatch(await runningApp(session), { name: 'send_keys', args: { keys, enter } }),
  );
  register('type_text', MCP_TOOLS.type_text, async ({ session, text, enter }) =>
    dispatch(await runningApp(session), { name: 'type_text', args: { text, enter } }),
  );
  register('click', MCP_TOOLS.click, async ({ session, text: target, col, row, button }) => {
    if (target !== undefined && (col !== undefined || row !== undefined)) throw new ConfigError('click takes text or a cell (col and row), not both.');
    const running = await runningApp(session);
    if (target !== undefined) {
      await clickText(running, target, button);
      return settle(running, `clicked ${target}`);
    }
    if (col === undefined || row === undefined) throw new ConfigError('click needs text to click on, or both col and row of a cell.');
    await running.mouse.click(col, row, { button });
    return settle(running, `clicked the cell at col ${col}, row ${row}`);
  });
  register('read_text', MCP_TOOLS.read_text, ({ session }) => dispatch(app(session), { name: 'read_text', args: {} }));
  register('screenshot', MCP_TOOLS.screenshot, async ({ session }) => {
    const running = app(session);
    const png = await running.screenshot();
    return {
      content: [
        { type: 'image', data: png.toString('base64'), mimeType: 'image/png' },
        { type: 'text', text: running.text() },
      ],
    };
  });
  register('wait_for_text', MCP_TOOLS.wait_for_text, async ({ session, text: target, timeout }) => {
    const match = await app(session).waitForText(parsePattern(target), { timeout });
    return text(`ok: ${JSON.stringify(match.text)} is on the screen at row ${match.row}, col ${match.col}`);
  });
  register('wait_for_stable', MCP_TOOLS.wait_for_stable, async ({ session, quietMs, timeout }) => {
    const { settled, afterMs } = await app(session).waitForStable({ quietMs, timeout });
    const ms = Math.round(afterMs);
    return text(
      settled
        ? `ok: the screen has been quiet for ${quietMs ?? WAIT.quietMs} ms (waited ${ms} ms)`
        : `not settled: the screen was still changing after ${ms} ms`,
    );
  });
  register('resize', MCP_TOOLS.resize, async ({ session, cols, rows }) => {
    const running = await runningApp(session);
    await running.resize(cols, rows);
    return settle(running, `resized to ${cols}×${rows} cells`);
  });
  register('gif', MCP_TOOLS.gif, async ({ session, path }) => {
    const gif = await app(session).gif();
    const written = await writeGif(gifs, session, path, gif);
    return text(`ok: wrote ${written} (${gif.byteLength} bytes)`);
  });
  register('close', MCP_TOOLS.close, async ({ session }) => {
    const exit = await app(session).exitStatus();
    await sessions.close(session);
    return text(`ok: closed ${session}${exit ? ` (its app had exited: ${describeExit(exit)})` : ''}`);
  });
  return server;
}

/**
 * Starts an app as {@link Sessions.start} does; when the app printed nothing within the timeout,
 * the advice names the start tool's own fields (TmuxApp's names the option and the CLI flag).
 * @throws what {@link Sessions.start} throws; that WaitTimeoutError with the MCP advice, the original as `cause`.
 */
async function startApp(sessions: Sessions, options: Omit<TmuxAppOptions, 'server'>): ReturnType<Sessions['start']> {
  try {
    return await sessions.start(options);
  } catch (error) {
    // With ready 'output', the one readiness timeout is an app that printed nothing (decideReady).
    if (!(error instanceof WaitTimeoutError) || options.ready === 'none') throw error;
    const what =
      `${formatCommand(options.command)} printed nothing within ${error.timeout} ms; ` +
      "pass ready: 'none' to start for an app that waits silently, or a longer timeout for a slow one.";
    throw new WaitTimeoutError(formatWithScreen(what, error.screenText), error.timeout, error.screenText, { cause: error });
  }
}

/**
 * `server.registerTool` for the tools that act on a session (their arguments have `session`): a
 * call runs once the calls before it on the same session have ended ({@link Sessions.inTurn}), so
 * parallel calls from a client never interleave their input; calls on different sessions run at once.
 */
function inTurns(server: McpServer, sessions: Sessions) {
  return <Shape extends ZodRawShapeCompat & { session: unknown }>(
    name: string,
    config: { description: string; inputSchema: Shape },
    handler: ToolCallback<Shape>,
  ) => {
    // ToolCallback<Shape> of a Shape not yet known cannot be called as it is; the SDK calls it with (args, extra).
    const call = handler as (args: { session: string }, extra: unknown) => CallToolResult | Promise<CallToolResult>;
    const queued = (args: { session: string }, extra: unknown) => sessions.inTurn(args.session, async () => call(args, extra));
    return server.registerTool(name, config, queued as ToolCallback<Shape>);
  };
}

/**
 * Serves MCP over the process's stdin and stdout until the client disconnects or `signal` aborts;
 * then closes every session (apps, their processes, the tmux server and its folder) before it
 * resolves. When stdin ends or closes, the requests already received are answered first (a
 * client piping requests and ending its input gets every answer); when stdout fails (nobody reads
 * the answers) or `signal` aborts, the server stops answering at once.
 * @param options.signal Ends the server at once (the CLI's SIGINT/SIGTERM). @default undefined
 * @returns How many sessions were still open at the end (and were closed).
 */
export async function serveStdio(options: { signal?: AbortSignal } = {}): Promise<number> {
  const { stdin, stdout } = process;
  const { signal } = options;
  const sessions = new Sessions();
  const server = createMcpServer(sessions);
  const transport = new TrackedStdioTransport();
  let stop = () => {};
  let finish = () => {};
  const stopped = new Promise<void>((done) => {
    stop = done;
  });
  const disconnected = new Promise<void>((done) => {
    finish = done;
  });
  stdin.on('end', finish).on('close', finish);
  stdout.on('error', stop);
  signal?.addEventListener('abort', stop);
  if (signal?.aborted) stop();
  let closed = 0;
  try {
    await server.connect(transport);
    await Promise.race([stopped, disconnected.then(() => transport.pending.idle())]);
  } finally {
    await server.close(); // first, so that nothing is answered while the sessions close
    closed = await sessions.closeAll();
    stdin.off('end', finish).off('close', finish);
    stdout.off('error', stop);
    signal?.removeEventListener('abort', stop);
  }
  return closed;
}

/** The SDK's stdio transport, keeping count of the requests it has received and not yet answered. */
class TrackedStdioTransport extends StdioServerTransport {
  readonly pending = new PendingRequests();

  constructor() {
    super();
    // The SDK's Protocol calls the handler it finds here before its own, for every message.
    this.onmessage = (message) => this.pending.received(message);
  }

  override async send(message: JSONRPCMessage): Promise<void> {
    await super.send(message);
    this.pending.sent(message);
  }
}

/**
 * Runs one of the agent's input and reading tools through the agent's own dispatch: the same key
 * names, the same `KeyNameError` message (naming type_text for literal text), the same settle
 * wait and text limit. Its error text (`error: …`) becomes an MCP tool error.
 */
async function dispatch(app: TmuxApp, call: Extract<ActionCall, { name: 'send_keys' | 'type_text' | 'read_text' }>): Promise<CallToolResult> {
  const effect = await dispatchTool(call, { driver: app, ...INPUT_ONLY });
  return { content: [{ type: 'text', text: effect.content }], isError: effect.content.startsWith('error: ') };
}

/** The rest of a dispatch context, which send_keys, type_text and read_text never use. */
const INPUT_ONLY: Omit<DispatchContext, 'driver'> = {
  saveScreenshot: unused,
  sleep: unused,
  timeLeft: () => Number.POSITIVE_INFINITY,
  images: false,
};

function unused(): never {
  throw new TmuxShotError('tmux-shot mcp dispatches only send_keys, type_text and read_text through the agent.');
}

/** Waits for the screen to settle after an input, as the agent's send_keys does, and says how that went. */
async function settle(app: TmuxApp, done: string): Promise<CallToolResult> {
  const { settled, afterMs } = await app.waitForStable({ quietMs: AGENT_LOOP.settleQuietMs, timeout: AGENT_LOOP.settleTimeout });
  return text(settled ? `ok: ${done}` : `ok: ${done}; the screen was still changing after ${Math.round(afterMs)} ms`);
}

/**
 * Clicks the one place `target` (literal text or `/regexp/`) matches. When it matches several, the
 * locator's advice (`.first()`, `.nth(i)`…) is no MCP argument: say what the client can pass instead.
 * @throws {StrictModeError} naming the cells matched, with the screen (matches marked).
 */
async function clickText(app: TmuxApp, target: string, button: MouseButton | undefined): Promise<void> {
  try {
    await app.getByText(parsePattern(target)).click({ button });
  } catch (error) {
    if (!(error instanceof StrictModeError)) throw error;
    const sentence =
      `click: ${target} matches ${error.matches.length} places on the screen (${formatMatches(error.matches)}) and clicks only one: ` +
      'give text or a /regexp/ that matches just one of them, or the cell to click as col and row.';
    throw new StrictModeError(formatWithScreen(sentence, app.text(), error.matches), error.matches);
  }
}

/**
 * Writes the GIF of `session` where the client asked ({@link GifFiles}: a new file, or over a GIF
 * this connection wrote), but never to a descriptor of this process: stdout carries the protocol.
 * Without a path, to a new file in the temp folder (`tmux-shot-s1.gif`, then `-2`…).
 * @returns The absolute path written.
 * @throws {ConfigError} for `/dev/stdout`, `/dev/fd/N` and links to them; what `GifFiles.write` and
 *   `resolveOutputTarget` throw.
 */
async function writeGif(gifs: GifFiles, session: string, path: string | undefined, gif: Uint8Array): Promise<string> {
  if (path === undefined) {
    const written = await writeNewOutputFile(tmpdir(), `tmux-shot-${session}`, '.gif', gif, 'GIF');
    await gifs.remember(written);
    return written;
  }
  const target = await resolveOutputTarget(path, 'GIF');
  if (target.kind === 'descriptor') {
    throw new ConfigError(`${path} is descriptor ${target.fd} of the MCP server, whose stdout carries the protocol: give the GIF a file path.`);
  }
  const absolute = resolve(path);
  await gifs.write(absolute, path, gif);
  return absolute;
}

function text(...parts: string[]): CallToolResult {
  return { content: parts.map((part) => ({ type: 'text' as const, text: part })) };
}
