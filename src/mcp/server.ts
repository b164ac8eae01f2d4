/**
 * `tmux-shot mcp`: the Model Context Protocol server over stdio, on the official SDK (`McpServer`
 * and `StdioServerTransport`). Its tools drive apps in {@link Sessions}; a tool that fails answers
 * with an MCP tool error (`isError: true`) carrying our typed error's message (the SDK turns a
 * thrown error into one), never ending the server. stdout carries the protocol only.
 */
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { McpServer, type ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { ZodRawShapeCompat } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { type ActionCall, type DispatchContext, dispatchTool, truncateText } from '../agent/index.js';
import { formatMatches, type MouseButton, type TmuxApp, type TmuxAppOptions } from '../app/index.js';
import { AGENT_LOOP, WAIT } from '../defaults.js';
import { ConfigError, MouseNotEnabledError, StrictModeError, TmuxShotError, WaitTimeoutError } from '../errors.js';
import { describeExit, formatCommand } from '../host/index.js';
import { resolveOutputTarget } from '../output-file.js';
import { systemClock } from '../wait.js';
import { formatWithScreen } from '../screen/index.js';
import { GifFiles } from './gif-files.js';
import { checkGifSize } from './gif-size.js';
import { MCP_LIMITS } from './limits.js';
import { parsePattern } from './pattern.js';
import { PatternSearch } from './pattern-search.js';
import { clickPattern, waitForPattern } from './pattern-wait.js';
import { PendingRequests } from './requests.js';
import { Sessions } from './sessions.js';
import { MCP_TOOLS } from './tools.js';

/** What the client's model reads about the server as a whole (the `instructions` of `initialize`). */
const INSTRUCTIONS =
  'Drive terminal apps (TUIs, shells, editors) in a private tmux server: start an app, send keys or type text, ' +
  'wait for text, read the screen or take an exact PNG screenshot, record a GIF, and close the session when done.';

/**
 * The MCP server with every tool of {@link MCP_TOOLS} registered over `sessions`. Not yet
 * connected: pass it a transport (`server.connect(…)`). Each result carries its text and the
 * same facts as `structuredContent` (the tool's `outputSchema`); screen text is cut at
 * `MCP_LIMITS.textChars` everywhere.
 */
function createMcpServer(sessions: Sessions, search: PatternSearch): McpServer {
  const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };
  const server = new McpServer({ name: 'tmux-shot', version }, { instructions: INSTRUCTIONS });
  const app = (id: string) => sessions.get(id);
  const runningApp = (id: string) => sessions.running(id);
  const register = inTurns(server, sessions);
  const gifs = new GifFiles();

  server.registerTool('start', MCP_TOOLS.start, async ({ command, cols, rows, env, cwd, ready, timeout }, { signal }) => {
    const started = await startApp(sessions, { command, cols, rows, env, cwd, ready, timeout, signal });
    await started.app.waitForStable();
    const { cols: width, rows: height } = started.app.screen();
    const exit = await started.app.exitStatus();
    const screen = cappedText(started.app);
    const what = exit ? `it has already exited (${describeExit(exit)}); its last screen:` : 'its screen:';
    return result(
      { session: started.id, cols: width, rows: height, exited: exit !== undefined, ...screen },
      `session ${started.id}: started ${formatCommand(command)} at ${width}×${height} cells; ${what}`,
      screen.text,
    );
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
      const pattern = parsePattern(target);
      const command = sessions.command(session);
      const click =
        typeof pattern === 'string' ? () => clickText(running, pattern, target, button) : () => clickPattern(running, command, search, pattern, target, button);
      await mouseOrAdvice(running, command, click);
      return settle(running, `clicked ${target}`);
    }
    if (col === undefined || row === undefined) throw new ConfigError('click needs text to click on, or both col and row of a cell.');
    await mouseOrAdvice(running, sessions.command(session), () => running.mouse.click(col, row, { button }));
    return settle(running, `clicked the cell at col ${col}, row ${row}`);
  });
  register('read_text', MCP_TOOLS.read_text, ({ session }) => {
    const screen = cappedText(app(session));
    return result(screen, screen.text);
  });
  register('screenshot', MCP_TOOLS.screenshot, async ({ session }) => {
    const running = app(session);
    const png = await running.screenshot();
    const { cols, rows } = running.screen();
    const screen = cappedText(running);
    return {
      content: [
        { type: 'image', data: png.toString('base64'), mimeType: 'image/png' },
        { type: 'text', text: screen.text },
      ],
      structuredContent: { cols, rows, ...screen },
    };
  });
  register('wait_for_text', MCP_TOOLS.wait_for_text, async ({ session, text: target, timeout }, { signal }) => {
    const pattern = parsePattern(target);
    const match =
      typeof pattern === 'string'
        ? await app(session).waitForText(pattern, { timeout, signal })
        : await waitForPattern(app(session), sessions.command(session), search, pattern, { timeout, signal });
    return result(
      { text: match.text, row: match.row, col: match.col },
      `ok: ${JSON.stringify(match.text)} is on the screen at row ${match.row}, col ${match.col}`,
    );
  });
  register('wait_for_stable', MCP_TOOLS.wait_for_stable, async ({ session, quietMs, timeout }) => {
    const { settled, afterMs } = await app(session).waitForStable({ quietMs, timeout });
    const ms = Math.round(afterMs);
    return result(
      { settled, afterMs: ms },
      settled
        ? `ok: the screen has been quiet for ${quietMs ?? WAIT.quietMs} ms (waited ${ms} ms)`
        : `not settled: the screen was still changing after ${ms} ms`,
    );
  });
  register('resize', MCP_TOOLS.resize, async ({ session, cols, rows }) => {
    const running = await runningApp(session);
    await running.resize(cols, rows);
    return settle(running, `resized to ${cols}×${rows} cells`, { cols, rows });
  });
  register('gif', MCP_TOOLS.gif, async ({ session, path }) => {
    const running = app(session);
    checkGifSize(session, running.timeline);
    const gif = await running.gif();
    const written = await writeGif(gifs, session, path, gif);
    return result({ path: written, bytes: gif.byteLength }, `ok: wrote ${written} (${gif.byteLength} bytes)`);
  });
  register('close', MCP_TOOLS.close, async ({ session }) => {
    const exit = await app(session).exitStatus();
    await sessions.close(session);
    return result({ exited: exit !== undefined }, `ok: closed ${session}${exit ? ` (its app had exited: ${describeExit(exit)})` : ''}`);
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
 * parallel calls from a client never interleave their input; calls on different sessions run at
 * once. A call the client cancels (`notifications/cancelled`, which aborts the SDK's
 * `extra.signal`) does not run when it is still queued, and ends its turn at once when it runs: the
 * waits that take the signal stop, and the session's next call need not wait for the rest.
 */
function inTurns(server: McpServer, sessions: Sessions) {
  return <Shape extends ZodRawShapeCompat & { session: unknown }, Output extends ZodRawShapeCompat>(
    name: string,
    config: { description: string; inputSchema: Shape; outputSchema: Output },
    handler: ToolCallback<Shape>,
  ) => {
    // ToolCallback<Shape> of a Shape not yet known cannot be called as it is; the SDK calls it with (args, extra).
    const call = handler as unknown as (args: { session: string }, extra: { signal: AbortSignal }) => CallToolResult | Promise<CallToolResult>;
    const queued = (args: { session: string }, extra: { signal: AbortSignal }) =>
      sessions.inTurn(args.session, () => untilAborted(extra.signal, async () => call(args, extra)));
    return server.registerTool(name, config, queued as unknown as ToolCallback<Shape>);
  };
}

/**
 * Runs `call` unless `signal` has aborted already, and settles as soon as `signal` aborts.
 * @returns What `call` returns; rejects with `signal.reason` once `signal` aborts first.
 */
function untilAborted<T>(signal: AbortSignal, call: () => Promise<T>): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((done, fail) => {
    const abort = () => fail(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    call()
      .then(done, fail)
      .finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * Serves MCP over the process's stdin and stdout until the client disconnects or `signal` aborts;
 * then closes every session (apps, their processes, the tmux server and its folder) before it
 * resolves. When stdin ends or closes, the requests already received are answered first (a
 * client piping requests and ending its input gets every answer), with a `ping` on stdout every
 * second meanwhile ({@link drain}); when stdout fails (nobody reads the answers: a killed client)
 * or `signal` aborts, the server stops answering at once.
 * @param options.signal Ends the server at once (the CLI's SIGINT/SIGTERM). @default undefined
 * @returns How many sessions were still open at the end (and were closed).
 */
export async function serveStdio(options: { signal?: AbortSignal } = {}): Promise<number> {
  const { stdin, stdout } = process;
  const { signal } = options;
  const sessions = new Sessions();
  const search = new PatternSearch();
  const server = createMcpServer(sessions, search);
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
  const ended = new AbortController();
  let closed = 0;
  try {
    await server.connect(transport);
    await Promise.race([stopped, disconnected.then(() => drain(server, transport.pending, ended.signal))]);
  } finally {
    ended.abort();
    await server.close(); // first, so that nothing is answered while the sessions close
    await search.close();
    closed = await sessions.closeAll();
    stdin.off('end', finish).off('close', finish);
    stdout.off('error', stop);
    signal?.removeEventListener('abort', stop);
  }
  return closed;
}

/**
 * Resolves once no request received is still outstanding. Meanwhile, every
 * `MCP_LIMITS.readerCheckMs`, a `ping` request (MCP's own, which any party may send at any time)
 * goes out on stdout: a client that was killed has left stdin closed and nobody reading stdout, so
 * that write fails (EPIPE) and stops the server within seconds instead of when the last call ends.
 */
async function drain(server: McpServer, pending: PendingRequests, ended: AbortSignal): Promise<void> {
  const done = pending.idle();
  while (pending.size > 0 && !ended.aborted) {
    server.server.ping().catch(() => undefined); // never answered: stdin is closed
    await Promise.race([done, systemClock.sleep(MCP_LIMITS.readerCheckMs, ended)]);
  }
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
 * Runs one of the agent's input tools through the agent's own dispatch: the same key names, the
 * same `KeyNameError` message (naming type_text for literal text), the same settle wait. Its
 * error text (`error: …`) becomes an MCP tool error; `settled` is false when its text says the
 * screen was still changing.
 */
async function dispatch(app: TmuxApp, call: Extract<ActionCall, { name: 'send_keys' | 'type_text' }>): Promise<CallToolResult> {
  const effect = await dispatchTool(call, { driver: app, ...INPUT_ONLY });
  if (effect.content.startsWith('error: ')) return { content: [{ type: 'text', text: effect.content }], isError: true };
  return result({ settled: !effect.content.includes('; the screen was still changing') }, effect.content);
}

/** The rest of a dispatch context, which send_keys and type_text never use. */
const INPUT_ONLY: Omit<DispatchContext, 'driver'> = {
  saveScreenshot: unused,
  sleep: unused,
  timeLeft: () => Number.POSITIVE_INFINITY,
  images: false,
};

function unused(): never {
  throw new TmuxShotError('tmux-shot mcp dispatches only send_keys and type_text through the agent.');
}

/** Waits for the screen to settle after an input, as the agent's send_keys does, and says how that went. */
async function settle(app: TmuxApp, done: string, facts: Record<string, unknown> = {}): Promise<CallToolResult> {
  const { settled, afterMs } = await app.waitForStable({ quietMs: AGENT_LOOP.settleQuietMs, timeout: AGENT_LOOP.settleTimeout });
  return result({ ...facts, settled }, settled ? `ok: ${done}` : `ok: ${done}; the screen was still changing after ${Math.round(afterMs)} ms`);
}

/**
 * Runs a click; when the app never turned mouse reporting on, the library's advice (`{ force: true }`)
 * is no argument of the click tool: say what the tool can do instead.
 * @throws {MouseNotEnabledError} with that advice and the screen, the library's error as `cause`; what `click` throws.
 */
async function mouseOrAdvice(app: TmuxApp, command: string, click: () => Promise<void>): Promise<void> {
  try {
    await click();
  } catch (error) {
    if (!(error instanceof MouseNotEnabledError)) throw error;
    const sentence =
      `click sent nothing: ${command} did not turn mouse reporting on within ${error.timeout} ms, so a terminal would not report a click to it. ` +
      "The click tool clicks only apps that ask for the mouse: reach the place with send_keys, or turn the app's mouse support on " +
      '(vim: :set mouse=a; less: --mouse; often an option of the app) and start it again.';
    throw new MouseNotEnabledError(formatWithScreen(sentence, app.text()), error.timeout, error.screenText, { cause: error });
  }
}

/** The app's screen text, cut at `MCP_LIMITS.textChars` as the agent's read_text cuts it. */
function cappedText(app: TmuxApp): { text: string; truncated: boolean } {
  const full = app.text();
  return { text: truncateText(full, MCP_LIMITS.textChars), truncated: full.length > MCP_LIMITS.textChars };
}

/** A tool's result: its text parts, and the same facts as `structuredContent` (its `outputSchema`). */
function result(structured: Record<string, unknown>, ...parts: string[]): CallToolResult {
  return { content: parts.map((part) => ({ type: 'text' as const, text: part })), structuredContent: structured };
}

/**
 * Clicks the one place literal `text` (as the client wrote it: `target`) matches. When it matches several, the
 * locator's advice (`.first()`, `.nth(i)`…) is no MCP argument: say what the client can pass instead.
 * @throws {StrictModeError} naming the cells matched, with the screen (matches marked).
 */
async function clickText(app: TmuxApp, text: string, target: string, button: MouseButton | undefined): Promise<void> {
  try {
    await app.getByText(text).click({ button });
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
 * Without a path, to a new file in the connection's private folder ({@link GifFiles.writeTemp}).
 * @returns The absolute path written.
 * @throws {ConfigError} for `/dev/stdout`, `/dev/fd/N` and links to them; what `GifFiles.write` and
 *   `resolveOutputTarget` throw.
 */
async function writeGif(gifs: GifFiles, session: string, path: string | undefined, gif: Uint8Array): Promise<string> {
  if (path === undefined) return gifs.writeTemp(session, gif);
  const target = await resolveOutputTarget(path, 'GIF');
  if (target.kind === 'descriptor') {
    throw new ConfigError(`${path} is descriptor ${target.fd} of the MCP server, whose stdout carries the protocol: give the GIF a file path.`);
  }
  const absolute = resolve(path);
  await gifs.write(absolute, path, gif);
  return absolute;
}
