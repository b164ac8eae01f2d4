/**
 * The documentation site as a reader sees it: VitePress builds docs/ (the guides; the API pages
 * when `npm run docs:api` has written them) into a temp folder, a small static server serves it as
 * a host would (clean URLs), and Debian's Chromium (through playwright-core) opens the home page
 * and the Getting started guide: the navigation, a code block and the search box render, the
 * search finds a guide, and nothing fails to load.
 */
// biome-ignore-all lint/performance/useDomNodeTextContent: these are Playwright locators' innerText (the rendered text), not DOM nodes.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from './markdown.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.woff2': 'font/woff2',
};

/** Runs `vitepress build docs` into `outDir`; rejects with its output when it fails. */
function buildSite(outDir: string): Promise<void> {
  return new Promise((resolveBuild, reject) => {
    const child = spawn(join(REPO, 'node_modules/.bin/vitepress'), ['build', 'docs', '--outDir', outDir], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolveBuild() : reject(new Error(`vitepress build exited with ${code}:\n${output}`))));
  });
}

/** The first of `candidates` that is a file. */
async function firstFile(candidates: string[]): Promise<string | undefined> {
  for (const candidate of candidates)
    if (
      await stat(candidate).then(
        (info) => info.isFile(),
        () => false,
      )
    )
      return candidate;
  return undefined;
}

/** A static server of `root` with clean URLs (`/guide/ci` → `guide/ci.html`), as VitePress's hosts serve it. */
function serve(root: string): Promise<Server> {
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = await firstFile([join(root, path), `${join(root, path)}.html`, join(root, path, 'index.html')]);
    if (file === undefined) {
      notFound.push(path);
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(await readFile(file));
  });
  return new Promise((resolveServer) => server.listen(0, '127.0.0.1', () => resolveServer(server)));
}

let dir: string;
let server: Server;
let origin: string;
let browser: Browser;
let context: BrowserContext | undefined;
const problems: string[] = [];
/** Paths the server had no file for (the browser's own favicon.ico request included). */
const notFound: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tmux-shot-site-'));
  await buildSite(join(dir, 'dist'));
  server = await serve(join(dir, 'dist'));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolveClose) => server?.close(resolveClose));
  rmSync(dir, { recursive: true, force: true });
});

afterEach(async () => {
  await context?.close();
  context = undefined;
  expect([...problems.splice(0), ...notFound.splice(0).map((path) => `not found: ${path}`)]).toEqual([]);
});

/** A page of the site; console errors, page errors, failed requests and requests off the site land in `problems`. */
async function open(path: string): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });
  page.on('request', (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) problems.push(`request off the site: ${request.url()}`);
  });
  await page.goto(origin + path);
  await page.waitForLoadState('networkidle');
  return page;
}

describe('the documentation site in Chromium', () => {
  it('the home page shows the navigation, the first test as a highlighted code block and the search box', async () => {
    const page = await open('/');
    expect(await page.locator('.VPHero .name').innerText()).toBe('tmux-shot');
    expect(await page.locator('.VPNavBarMenu a').allInnerTexts()).toEqual(['Guide', 'API', 'Changelog']);
    const code = page.locator('div.language-ts pre code').first();
    expect(await code.innerText()).toContain("await expect(tmuxApp).toMatchScreenshot('settings selected');");
    // Shiki colours the tokens: a highlighted block has spans with their own colour.
    expect(await code.locator('span[style*="--shiki-light"]').count()).toBeGreaterThan(10);
    await expect.poll(() => page.locator('#local-search .DocSearch-Button').isVisible()).toBe(true);
    expect(
      await page.locator('img[alt="the menu fixture, recorded by tmux-shot record"]').evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0);
  });

  it('a guide shows the sidebar, its headings and code, and the search finds another guide', async () => {
    const page = await open('/guide/getting-started');
    expect(await page.locator('.vp-doc h1').innerText()).toContain('Getting started');
    const sidebar = await page.locator('#VPSidebarNav .VPSidebarItem.level-1 .text').allInnerTexts();
    expect(sidebar.slice(0, 4)).toEqual(['Getting started', 'Running in CI', 'Troubleshooting', 'Apps, waits and readiness']);
    expect(await page.locator('#VPSidebarNav .VPSidebarItem.is-active .text').innerText()).toBe('Getting started');
    expect(await page.locator('.vp-doc h2').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining('A test'), expect.stringContaining('Your first run')]),
    );
    expect(await page.locator('.vp-doc div.language-sh pre code').first().innerText()).toContain('npm ci && npm pack');

    await page.locator('#local-search .DocSearch-Button').click();
    const input = page.locator('.VPLocalSearchBox input');
    await input.fill('GitLab');
    await expect.poll(() => page.locator('.VPLocalSearchBox .result').count()).toBeGreaterThan(0);
    expect(await page.locator('.VPLocalSearchBox .result').first().getAttribute('href')).toMatch(/^\/guide\/ci/);
  });
});
