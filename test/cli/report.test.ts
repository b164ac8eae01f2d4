// `tmux-shot report`: which opener a platform uses, which file a served URL names (tables), the
// server on a real socket (files, refusals), the command in-process (a missing index, the printed
// path and URL), and `--serve` stopped by SIGTERM in the built bin (run `npm run build` first).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it, test, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { openerOf } from '../../src/cli/report.js';
import { answerOf, contentTypeOf, isInside, serveFolder, servedPath } from '../../src/cli/report-server.js';
import type { ReportServer } from '../../src/cli/report-server.js';

const root = resolve(import.meta.dirname, '../..');
const scratch = mkdtempSync(join(tmpdir(), 'tmux-shot-report-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A report folder: the index, a report, a PNG, a subfolder; a secret beside it; a symlink out of it. */
const dir = join(scratch, '.vitest-attachments');
mkdirSync(join(dir, 'test/menu.test.js'), { recursive: true });
writeFileSync(join(dir, 'tmux-shot-report.html'), '<h1>index</h1>');
writeFileSync(join(dir, 'test/menu.test.js/menu opens#1-report.html'), '<h1>report</h1>');
writeFileSync(join(dir, 'test/menu.test.js/a.png'), new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
writeFileSync(join(scratch, 'secret.txt'), 'secret');
symlinkSync(join(scratch, 'secret.txt'), join(dir, 'link.txt'));

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { stdout: (t) => out.push(t), stderr: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('openerOf', () => {
  test.each([
    ['linux', {}, undefined],
    ['linux', { DISPLAY: ':0' }, 'xdg-open'],
    ['linux', { WAYLAND_DISPLAY: 'wayland-0' }, 'xdg-open'],
    ['linux', { DISPLAY: '' }, undefined],
    ['freebsd', { DISPLAY: ':0' }, 'xdg-open'],
    ['darwin', {}, 'open'],
    ['win32', { DISPLAY: ':0' }, undefined],
  ] as const)('%s %j -> %s', (platform, env, opener) => {
    expect(openerOf(platform, env)).toBe(opener);
  });
});

describe('servedPath', () => {
  test.each([
    ['/', '/r/tmux-shot-report.html'],
    ['/tmux-shot-report.html', '/r/tmux-shot-report.html'],
    ['/a/b.png?x=1#y', '/r/a/b.png'],
    ['/menu%20opens%231-report.html', '/r/menu opens#1-report.html'],
    ['/a/./b.png', '/r/a/b.png'],
    ['/a/', '/r/a'],
    ['/../etc/passwd', undefined],
    ['/a/../../etc/passwd', undefined],
    ['/%2e%2e/etc/passwd', undefined],
    ['/a%2f..%2f..%2fetc', undefined],
    ['/a%5c..', undefined],
    ['/a%00.png', undefined],
    ['/%E0%A4%A', undefined],
    ['a.png', undefined],
    ['http://evil/a.png', undefined],
  ])('%s -> %s', (url, path) => {
    expect(servedPath('/r', url, 'tmux-shot-report.html')).toBe(path);
  });
});

describe('answerOf', () => {
  const host = '127.0.0.1:9323';
  test.each([
    [
      { method: 'GET', url: '/', host },
      { kind: 'file', path: '/r/i.html' },
    ],
    [
      { method: 'HEAD', url: '/a.png', host: 'localhost:9323' },
      { kind: 'file', path: '/r/a.png' },
    ],
    [
      { method: 'POST', url: '/', host },
      { kind: 'error', status: 405, text: 'Only GET and HEAD are served.' },
    ],
    [
      { method: 'GET', url: '/', host: 'evil.example:9323' },
      { kind: 'error', status: 403, text: 'Wrong Host.' },
    ],
    [
      { method: 'GET', url: '/', host: '127.0.0.1:80' },
      { kind: 'error', status: 403, text: 'Wrong Host.' },
    ],
    [
      { method: 'GET', url: '/', host: undefined },
      { kind: 'error', status: 403, text: 'Wrong Host.' },
    ],
    [
      { method: 'GET', url: '/../x', host },
      { kind: 'error', status: 404, text: 'Not found.' },
    ],
  ])('%j', (request, answer) => {
    expect(answerOf(request, '/r', 'i.html', 9323)).toEqual(answer);
  });
});

test.each([
  ['a/b-report.html', 'text/html; charset=utf-8'],
  ['x.PNG', 'image/png'],
  ['r.gif', 'image/gif'],
  ['f.txt', 'text/plain; charset=utf-8'],
  ['x.bin', 'application/octet-stream'],
  ['noext', 'application/octet-stream'],
])('contentTypeOf %s -> %s', (path, type) => {
  expect(contentTypeOf(path)).toBe(type);
});

test.each([
  ['/r', '/r', true],
  ['/r', '/r/a/b', true],
  ['/r', '/r2/a', false],
  ['/r', '/', false],
  ['/r', '/r/..a', true],
])('isInside(%s, %s) -> %s', (folder, path, inside) => {
  expect(isInside(folder, path)).toBe(inside);
});

/** One raw HTTP request (fetch would normalize `..` and set its own Host). */
function get(
  port: number,
  path: string,
  options: { method?: string; host?: string } = {},
): Promise<{ status: number; type: string | undefined; body: string }> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: { host: options.host ?? `127.0.0.1:${port}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode!, type: res.headers['content-type'], body: Buffer.concat(chunks).toString('latin1') }));
    });
    req.on('error', fail).end();
  });
}

describe('serveFolder', () => {
  let server: ReportServer;
  afterEach(() => server?.close());

  it('serves the files inside the folder and refuses the rest', async () => {
    server = await serveFolder(dir, 'tmux-shot-report.html', 0);
    const { port } = server;
    expect(server.url).toBe(`http://127.0.0.1:${port}/`);
    expect(await get(port, '/')).toEqual({ status: 200, type: 'text/html; charset=utf-8', body: '<h1>index</h1>' });
    expect(await get(port, '/test/menu.test.js/menu%20opens%231-report.html')).toEqual({
      status: 200,
      type: 'text/html; charset=utf-8',
      body: '<h1>report</h1>',
    });
    expect(await get(port, '/test/menu.test.js/a.png')).toEqual({ status: 200, type: 'image/png', body: '\x89PNG' });
    expect(await get(port, '/test/menu.test.js/a.png', { method: 'HEAD' })).toEqual({ status: 200, type: 'image/png', body: '' });
    const notFound = { status: 404, type: 'text/plain; charset=utf-8', body: 'Not found.' };
    expect(await get(port, '/../secret.txt')).toEqual(notFound);
    expect(await get(port, '/%2e%2e/secret.txt')).toEqual(notFound);
    expect(await get(port, '/link.txt')).toEqual(notFound);
    expect(await get(port, '/test')).toEqual(notFound);
    expect(await get(port, '/missing.html')).toEqual(notFound);
    expect(await get(port, '/', { method: 'POST' })).toEqual({ status: 405, type: 'text/plain; charset=utf-8', body: 'Only GET and HEAD are served.' });
    expect(await get(port, '/', { host: `rebound.example:${port}` })).toEqual({ status: 403, type: 'text/plain; charset=utf-8', body: 'Wrong Host.' });
  });
});

describe('tmux-shot report', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('prints the index and its file:// URL when there is no display', async () => {
    vi.stubEnv('DISPLAY', '');
    vi.stubEnv('WAYLAND_DISPLAY', '');
    const index = join(dir, 'tmux-shot-report.html');
    expect(await run('report', dir)).toEqual({ code: 0, out: `tmux-shot report: ${index}\nfile://${index}`, err: '' });
  });

  it('is a usage error without an index', async () => {
    const empty = join(scratch, 'empty');
    mkdirSync(empty);
    expect(await run('report', empty)).toEqual({
      code: 2,
      out: '',
      err:
        `tmux-shot: no report in ${empty}: tmux-shot-report.html is not there. Add 'tmux-shot/reporter' to the reporters of your Vitest config ` +
        "(a failing test then writes its report), run the tests, or name the folder that holds the index (Vitest's attachmentsDir).\n" +
        "Run 'tmux-shot report --help' for usage.",
    });
  });

  test.each([
    [['report', '--port', '1', dir], '--port needs --serve'],
    [['report', '--serve', '--port', '65536', dir], "--port takes a whole number from 0 to 65535, not '65536'"],
    [['report', dir, 'other'], "report takes one folder, not 'other'"],
  ])('%j is a usage error', async (argv, message) => {
    expect(await run(...argv)).toEqual({ code: 2, out: '', err: `tmux-shot: ${message}\nRun 'tmux-shot report --help' for usage.` });
  });

  it('--serve serves until SIGTERM, then exits 0', { timeout: 20_000 }, async () => {
    const child = spawn(process.execPath, [join(root, 'dist/cli/bin.js'), 'report', '--serve', '--port', '0', dir]);
    let stdout = '';
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const served = await new Promise<string>((done) =>
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('\n')) done(stdout);
      }),
    );
    const match = /^tmux-shot report: serving (.*) at http:\/\/127\.0\.0\.1:(\d+)\/tmux-shot-report\.html \(Ctrl-C to stop\)\n$/.exec(served);
    expect(match?.[1]).toBe(dir);
    expect(await get(Number(match![2]), '/')).toEqual({ status: 200, type: 'text/html; charset=utf-8', body: '<h1>index</h1>' });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).toBe(`${served}tmux-shot report: stopped by SIGTERM\n`);
  });
});
