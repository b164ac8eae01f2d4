// `tmux-shot record --report`: the session's report beside the recording, from real tmux sessions
// of the menu, opened in Chromium (playwright-core, Debian's /usr/bin/chromium).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/args.js';
import { main } from '../../src/cli/main.js';
import { recordReportPath } from '../../src/cli/record-report.js';
import { cellMetrics } from '../../src/render/index.js';
import { decodeGif } from '../record/decode-gif.js';
import { launchReportBrowser, type ReportBrowser } from '../report/open-report.js';

const root = resolve(import.meta.dirname, '../..');
const menu = join(root, 'fixtures/menu.mjs');
const dir = mkdtempSync(join(tmpdir(), 'tmux-shot-record-report-'));
let browser: ReportBrowser;
beforeAll(async () => void (browser = await launchReportBrowser()));
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => expect(browser.problems()).toEqual([]));

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { stdout: (t) => out.push(t), stderr: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('recordReportPath', () => {
  it.each([
    ['/tmp/demo.gif', '/tmp/demo.html'],
    ['/tmp/demo.cast', '/tmp/demo.html'],
    ['/tmp/demo', '/tmp/demo.html'],
    ['/tmp/v1.2/demo.x.gif', '/tmp/v1.2/demo.x.html'],
  ])('%s → %s', (path, report) => {
    expect(recordReportPath({ path, isStdout: false, isFile: true })).toBe(report);
  });

  it.each([
    [
      { path: '/dev/stdout', isStdout: true, isFile: false },
      '--report writes the report beside the recording, and -o /dev/stdout is not a file: write the recording to a file (-o demo.gif).',
    ],
    [
      { path: '/tmp/demo.html', isStdout: false, isFile: true },
      '-o /tmp/demo.html would be replaced by its own report (.html): name the recording demo.gif or demo.cast.',
    ],
  ])('refuses %j', (out, message) => {
    expect(() => recordReportPath(out)).toThrow(new UsageError(message, 'record'));
  });
});

/** The texts of the step list of the report's first recording. */
const stepTitles = (page: import('playwright-core').Page) => page.locator('#rec-0 li.step code').allTextContents();

describe('tmux-shot record --report', () => {
  // 60 s: the file's first page in Chromium, after a recording; 35 s with two suites loading the machine.
  it('writes demo.html beside demo.gif: titled with the command, passed, the GIF’s last frame, the steps', { timeout: 60_000 }, async () => {
    const gifPath = join(dir, 'demo.gif');
    const htmlPath = join(dir, 'demo.html');
    const result = await run(
      'record',
      '--report',
      '--cols',
      '50',
      '--rows',
      '14',
      '--keys',
      'Down Down',
      '--step-delay',
      '100',
      '-o',
      gifPath,
      '--',
      'node',
      menu,
    );
    const gif = readFileSync(gifPath);
    const html = readFileSync(htmlPath, 'utf8');
    expect(result).toEqual({ code: 0, out: `${gifPath} (${gif.length} bytes)\n${htmlPath} (${Buffer.byteLength(html)} bytes)`, err: '' });

    const page = await browser.open(pathToFileURL(htmlPath).href);
    expect(await page.title()).toBe(`✓ node ${menu}`);
    expect(await page.locator('h1').textContent()).toBe(`node ${menu}`);
    expect(await page.locator('header .status').textContent()).toBe('passed');
    expect(await page.$$eval('nav.links a', (links) => links.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual([['recording', 'demo.gif']]);
    expect(await stepTitles(page)).toEqual([
      `start(['node', '${menu}'])`,
      "press('Down', 'Down')",
      'waitForStable({ quietMs: 200, timeout: 5000 })',
      'close()',
    ]);
    const frames = await page.$$eval('#rec-0 .frames img', (imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth > 0));
    expect(frames.length).toBeGreaterThanOrEqual(2); // first paint, highlight moved
    expect(frames.every(Boolean)).toBe(true);
    const lastFrame = page.locator(`#rec-0-f${frames.length - 1}`);
    expect(await lastFrame.evaluate((img) => (img as HTMLImageElement).complete)).toBe(true);
    expect(await page.locator('#rec-0 .time').textContent()).toMatch(new RegExp(`^frame ${frames.length}/${frames.length} · \\d+ ms$`));

    // The player shows the GIF's last frame, pixel for pixel.
    const decoded = decodeGif(gif);
    const canvas = await page.evaluate(() => {
      const screen = document.querySelector<HTMLCanvasElement>('#rec-0 canvas')!;
      return { width: screen.width, height: screen.height, data: Array.from(screen.getContext('2d')!.getImageData(0, 0, screen.width, screen.height).data) };
    });
    expect([canvas.width, canvas.height]).toEqual([decoded.width, decoded.height]);
    expect(Buffer.from(canvas.data).equals(Buffer.from(decoded.canvases.at(-1)!))).toBe(true);

    const { cellWidthPx, cellHeightPx, paddingPx } = cellMetrics();
    await page.locator('#rec-0 canvas').hover({ position: { x: paddingPx + 4.5 * cellWidthPx, y: paddingPx + 5.5 * cellHeightPx } });
    const inspector = await page.$$eval('#inspector dt', (terms) => terms.map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`));
    expect(inspector.slice(0, 3)).toEqual([`cell: row 5, col 4 (frame ${frames.length}/${frames.length})`, "chars: 'S' U+0053", 'width: 1']);
  });

  it('writes a failed report, with the error and the failed step, when a step fails; no GIF', async () => {
    const gifPath = join(dir, 'timeout.gif');
    const htmlPath = join(dir, 'timeout.html');
    const script = join(dir, 'wait.txt');
    writeFileSync(script, 'keys Down\nwait-for NOPE\n');
    // 1500 ms: --timeout bounds the app's start too, and node took over 400 ms to start with two suites at once.
    const result = await run('record', '--report', '--timeout', '1500', '--script', script, '-o', gifPath, '--', 'node', menu);
    expect(result.code).toBe(1);
    expect(result.out).toBe(`${htmlPath} (${readFileSync(htmlPath).length} bytes)`);
    expect(result.err.split('\n')[0]).toBe("tmux-shot record: Text 'NOPE' did not appear within 1500 ms.");
    expect(existsSync(gifPath)).toBe(false);

    const page = await browser.open(pathToFileURL(htmlPath).href);
    expect(await page.locator('header .status').textContent()).toBe('failed');
    expect(await page.locator('nav.links').count()).toBe(0);
    expect((await page.locator('.error-message').textContent())!.split('\n')[0]).toBe("WaitTimeoutError: Text 'NOPE' did not appear within 1500 ms.");
    expect(await page.locator('#rec-0 li.step.failed code').allTextContents()).toEqual(["waitForText('NOPE', { timeout: 1500 })"]);
    await page.locator('#rec-0 .jump.failure').click();
    expect(await page.locator('#rec-0 li.current code').allTextContents()).toContain("waitForText('NOPE', { timeout: 1500 })");
  });

  it('writes a failed report without a recording when the app fails to start', async () => {
    const htmlPath = join(dir, 'missing.html');
    const result = await run('record', '--report', '-o', join(dir, 'missing.gif'), '--', '/nonexistent/prog');
    expect(result.code).toBe(1);
    expect(result.out).toBe(`${htmlPath} (${readFileSync(htmlPath).length} bytes)`);
    const page = await browser.open(pathToFileURL(htmlPath).href);
    expect(await page.locator('header .status').textContent()).toBe('failed');
    expect(await page.locator('article.recording').count()).toBe(0);
    expect((await page.locator('.error-message').textContent())!.split('\n')[0]).toBe(
      "AppExitedError: '/nonexistent/prog' could not be run (exit status 127, command not found).",
    );
  });

  it('is a usage error when the recording does not go to a file, before the app starts', async () => {
    const result = await run('record', '--report', '--format', 'gif', '-o', '/dev/stdout', '--', 'node', menu);
    expect(result).toEqual({
      code: 2,
      out: '',
      err: "tmux-shot: --report writes the report beside the recording, and -o /dev/stdout is not a file: write the recording to a file (-o demo.gif).\nRun 'tmux-shot record --help' for usage.",
    });
  });
});
