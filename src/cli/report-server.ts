/**
 * `tmux-shot report --serve`: one folder served read-only over HTTP on 127.0.0.1. Only GET and
 * HEAD; only regular files inside the folder (after symlinks), never a listing; a `Host` other
 * than the server's own loopback address is refused, so a web page cannot reach it through a DNS
 * name rebound to 127.0.0.1. Which path a request names is decided purely
 * ({@link servedPath}); the server only reads files.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** Content types of the files a report folder holds; anything else is served as bytes. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.cast': 'application/x-asciicast',
};

/** The content type of a file, by its extension. */
export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** True when `path` is `folder` or lies inside it (both absolute, normalized). */
export function isInside(folder: string, path: string): boolean {
  const rest = relative(folder, path);
  return rest !== '..' && !rest.startsWith(`..${sep}`) && !isAbsolute(rest);
}

/**
 * The file a request's URL path names in `root` (absolute): its query and fragment dropped, each
 * segment percent-decoded; `/` names `index`. Undefined for a path that leaves `root` (`..`, an
 * encoded `/` or `\`, a NUL) or is not valid percent-encoding.
 */
export function servedPath(root: string, urlPath: string, index: string): string | undefined {
  const path = urlPath.split(/[?#]/)[0] ?? '';
  if (!path.startsWith('/')) return undefined;
  let segments: string[];
  try {
    segments = path.slice(1).split('/').map(decodeURIComponent);
  } catch {
    return undefined;
  }
  if (segments.some((segment) => segment === '..' || /[/\\\0]/.test(segment))) return undefined;
  const file = path === '/' ? join(root, index) : resolve(root, ...segments);
  return isInside(root, file) ? file : undefined;
}

/** What the server answers a request, before it reads any file. */
export type Answer = { kind: 'file'; path: string } | { kind: 'error'; status: 403 | 404 | 405; text: string };

/** How a request is answered (pure): its method, `Host` and path. */
export function answerOf(
  request: { method?: string | undefined; url?: string | undefined; host?: string | undefined },
  root: string,
  index: string,
  port: number,
): Answer {
  if (request.method !== 'GET' && request.method !== 'HEAD') return { kind: 'error', status: 405, text: 'Only GET and HEAD are served.' };
  if (request.host !== `127.0.0.1:${port}` && request.host !== `localhost:${port}`) return { kind: 'error', status: 403, text: 'Wrong Host.' };
  const path = servedPath(root, request.url ?? '/', index);
  return path ? { kind: 'file', path } : { kind: 'error', status: 404, text: 'Not found.' };
}

/** A running report server; close it with `close()`. */
export interface ReportServer {
  /** `http://127.0.0.1:<port>/`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Serves `root` (a folder) read-only on 127.0.0.1:`port` (0: a free port) until closed.
 * @param index The file `/` names.
 */
export async function serveFolder(root: string, index: string, port: number): Promise<ReportServer> {
  const realRoot = await realpath(root);
  const server = createServer((request, response) => void answer(request, response, realRoot, index, boundPort(server)));
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done());
  });
  const bound = boundPort(server);
  return {
    url: `http://127.0.0.1:${bound}/`,
    port: bound,
    close: () => new Promise<void>((done) => server.close(() => done()).closeAllConnections()),
  };
}

function boundPort(server: Server): number {
  return (server.address() as AddressInfo).port;
}

/** Answers one request: a regular file inside the folder (after symlinks), or an error status. */
async function answer(request: IncomingMessage, response: ServerResponse, root: string, index: string, port: number): Promise<void> {
  const decided = answerOf({ method: request.method, url: request.url, host: request.headers.host }, root, index, port);
  const headers = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' };
  if (decided.kind === 'error') return void response.writeHead(decided.status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end(decided.text);
  const real = await realpath(decided.path).catch(() => undefined);
  const stats = real && isInside(root, real) ? await stat(real).catch(() => undefined) : undefined;
  if (!real || !stats?.isFile()) return void response.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found.');
  response.writeHead(200, { ...headers, 'Content-Type': contentTypeOf(real), 'Content-Length': stats.size });
  if (request.method === 'HEAD') return void response.end();
  createReadStream(real)
    .on('error', () => response.destroy())
    .pipe(response);
}
