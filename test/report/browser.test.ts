/**
 * The report in a real browser (Debian's Chromium through playwright-core): built from real
 * screens, opened from a file, driven as a person would, with no request leaving the page.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import pngjs from 'pngjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cellMetrics, renderPng } from '../../src/render/index.js';
import { buildReport, type ReportInput } from '../../src/report/index.js';
import { failingReport, imageOf, screenAfter, sessionFrames, XSS } from './report-data.js';
import { inspector } from './open-report.js';

/**
 * The failing report with what the inspector must say in words: the actual screen has a hidden
 * cursor (DECTCEM) and invisible text (SGR 8), the reference is a 30-column screen without cells
 * (as when its cells cannot be trusted), and the frames come at fractional times.
 */
function specialReport(): ReportInput {
  const base = failingReport();
  const { rgba: _, cells: __, ...reference } = imageOf(screenAfter(`wide ${'x'.repeat(20)}`, 30, 6));
  const { rgba: ___, ...actual } = imageOf(screenAfter('\x1b[?25lab\x1b[8mhid\x1b[0m'));
  const recording = base.recordings[0]!;
  const frames = recording.frames.frames.map((frame) => ({ ...frame, atMs: frame.atMs + 0.3333333333333 }));
  return {
    ...base,
    screenshots: [{ ...base.screenshots[0]!, reference, actual, changedCells: [] }],
    recordings: [{ ...recording, frames: { ...recording.frames, frames } }],
  };
}

let browser: Browser;
let dir: string;
let url: string;
let specialUrl: string;
let context: BrowserContext | undefined;
const problems: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tmux-shot-report-'));
  const file = join(dir, 'tmux-shot-report.html');
  writeFileSync(file, buildReport(failingReport()));
  url = pathToFileURL(file).href;
  const special = join(dir, 'special.html');
  writeFileSync(special, buildReport(specialReport()));
  specialUrl = pathToFileURL(special).href;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
});

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

afterEach(async () => {
  await context?.close();
  context = undefined;
  expect(problems.splice(0)).toEqual([]);
});

/** The report in a new page; console errors, page errors and every request other than the report itself and data: URLs land in `problems`. */
async function open(options: { javaScriptEnabled?: boolean; report?: string } = {}): Promise<Page> {
  const { report = url, ...contextOptions } = options;
  context = await browser.newContext({ viewport: { width: 1200, height: 900 }, deviceScaleFactor: 1, ...contextOptions });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    if (request.url() !== report && !request.url().startsWith('data:')) problems.push(`request: ${request.url()}`);
  });
  await page.goto(report);
  if (options.javaScriptEnabled !== false) await page.waitForSelector('article.recording[data-ready]');
  return page;
}

const { cellWidthPx, cellHeightPx, paddingPx } = cellMetrics();
/** Where the centre of (row, col) lies in an image at zoom 1. */
const centre = (row: number, col: number) => ({ x: paddingPx + col * cellWidthPx + cellWidthPx / 2, y: paddingPx + row * cellHeightPx + cellHeightPx / 2 });

/** The RGBA bytes of the changed cell (row 2, col 5) in a screenshot of `selector` (zoom 1). */
async function changedCellPixels(page: Page, selector: string): Promise<string> {
  const shot = pngjs.PNG.sync.read(await page.locator(selector).screenshot());
  const rows: string[] = [];
  for (let y = paddingPx + 2 * cellHeightPx; y < paddingPx + 3 * cellHeightPx; y++) {
    const at = (y * shot.width + paddingPx + 5 * cellWidthPx) * 4;
    rows.push(shot.data.subarray(at, at + cellWidthPx * 4).toString('hex'));
  }
  return rows.join('\n');
}

describe('the report in Chromium', () => {
  it('loads the reference, actual and diff images and every other image', async () => {
    const page = await open();
    const sizes = await page.$$eval('#shot-0 .views img', (imgs) =>
      imgs.map((img) => [img.id, (img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight]),
    );
    expect(sizes).toEqual([
      ['shot-0-reference', 224, 116],
      ['shot-0-actual', 224, 116],
      ['shot-0-diff', 224, 116],
    ]);
    expect(await page.$$eval('img', (imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth === 0).length)).toBe(0);
    if (process.env['REPORT_SCREENSHOT']) await page.screenshot({ path: process.env['REPORT_SCREENSHOT'], fullPage: true });
  });

  it('the slider and the onion skin change what the compare view shows', async () => {
    const page = await open();
    const reference = await changedCellPixels(page, '#shot-0-reference');
    const actual = await changedCellPixels(page, '#shot-0-actual');
    expect(reference).not.toBe(actual);
    expect(await page.locator('#shot-0 .stage').getAttribute('data-showing')).toBe('reference left of 50%');
    await page.locator('#shot-0 .split-at').fill('100');
    expect(await changedCellPixels(page, '#shot-0 .stage')).toBe(reference);
    await page.locator('#shot-0 .split-at').fill('0');
    expect(await changedCellPixels(page, '#shot-0 .stage')).toBe(actual);
    await page.locator('#shot-0 input[value=onion]').check();
    await page.locator('#shot-0 .opacity').fill('100');
    expect(await page.locator('#shot-0 .stage').getAttribute('data-showing')).toBe('reference at 100% over actual');
    expect(await changedCellPixels(page, '#shot-0 .stage')).toBe(reference);
    await page.locator('#shot-0 .opacity').fill('0');
    expect(await changedCellPixels(page, '#shot-0 .stage')).toBe(actual);
  });

  it('the blink toggle alternates reference and actual', async () => {
    const page = await open();
    await page.locator('#shot-0 input[value=blink]').check();
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#shot-0 .stage')!.dataset.showing === 'actual');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#shot-0 .stage')!.dataset.showing === 'reference');
  });

  it('zooms at exact pixels', async () => {
    const page = await open();
    await page.locator('#shot-0 .zoom').selectOption('4');
    const box = await page.locator('#shot-0-actual').boundingBox();
    expect([box!.width, box!.height]).toEqual([896, 464]);
    expect(await page.$eval('#shot-0-actual', (img) => getComputedStyle(img).imageRendering)).toBe('pixelated');
  });

  it('copies the accept command', async () => {
    const page = await open();
    await context!.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.locator('#shot-0 button.copy').click();
    await page.waitForFunction(() => document.querySelector('#shot-0 button.copy')!.textContent === 'Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("npx vitest run test/menu.test.ts -t '^menu opens$' -u");
  });

  it('hovering a changed cell shows its code point, colours and what changed', async () => {
    const page = await open();
    await page.locator('#shot-0-actual').hover({ position: centre(2, 5) });
    expect(await inspector(page)).toEqual([
      'cell: row 2, col 5 (actual)',
      "chars: 'é' U+00E9",
      'width: 1',
      'fg: palette 1 → drawn #cc0000',
      'bg: default → drawn #000000',
      'underline: default',
      'attributes: none',
      'cursor: at row 3, col 6',
      "changed: 'e' U+0065 → 'é' U+00E9; fg default → palette 1; fg drawn #ffffff → #cc0000",
    ]);
    await page.locator('#shot-0-reference').hover({ position: centre(1, 0) });
    expect((await inspector(page)).slice(0, 7)).toEqual([
      'cell: row 1, col 0 (reference)',
      "chars: '>' U+003E",
      'width: 1',
      'fg: default → drawn #000000',
      'bg: default → drawn #ffffff',
      'underline: default',
      'attributes: inverse',
    ]);
    await page.locator('#shot-0 .stage').click({ position: centre(2, 5) });
    await page.locator('#shot-0-reference').hover({ position: centre(0, 0) });
    expect((await inspector(page))[0]).toBe('cell: row 2, col 5 (compare: reference)');
  });

  it('outlines the inspected cell on the image, and clears the panel off the grid and off the screen', async () => {
    const page = await open();
    await page.locator('#shot-0-actual').hover({ position: centre(2, 5) });
    const img = (await page.locator('#shot-0-actual').boundingBox())!;
    expect(await page.locator('#cell-mark').boundingBox()).toEqual({
      x: img.x + paddingPx + 5 * cellWidthPx,
      y: img.y + paddingPx + 2 * cellHeightPx,
      width: cellWidthPx,
      height: cellHeightPx,
    });
    // The padding is outside the grid: the panel and the outline go (they kept the last cell).
    await page.locator('#shot-0-actual').hover({ position: { x: 1, y: 1 } });
    expect([await page.locator('#inspector').isVisible(), await page.locator('#cell-mark').isVisible()]).toEqual([false, false]);
    await page.locator('#shot-0-actual').hover({ position: centre(2, 5) });
    await page.locator('h1').hover();
    expect([await page.locator('#inspector').isVisible(), await page.locator('#cell-mark').isVisible()]).toEqual([false, false]);
  });

  it('the compare view inspects the reference left of the split and the actual right of it', async () => {
    const page = await open();
    const stage = page.locator('#shot-0 .stage');
    await stage.hover({ position: centre(2, 5) });
    expect((await inspector(page)).slice(0, 2)).toEqual(['cell: row 2, col 5 (compare: reference)', "chars: 'e' U+0065"]);
    await page.locator('#shot-0 .split-at').fill('10');
    await stage.hover({ position: centre(2, 5) });
    expect((await inspector(page)).slice(0, 2)).toEqual(['cell: row 2, col 5 (compare: actual)', "chars: 'é' U+00E9"]);
  });

  it('a pinned panel stays beside the content: it covers no step or failure text', async () => {
    const page = await open();
    await page.locator('#rec-0 canvas').click({ position: centre(1, 0) });
    expect(await page.locator('#inspector').getAttribute('data-pinned')).toBe('');
    const panel = (await page.locator('#inspector').boundingBox())!;
    const texts = await page.$$eval('#rec-0 .steps li, .error-text, pre', (nodes) =>
      nodes.flatMap((node) => [...node.getClientRects()].map((r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom }))),
    );
    expect(texts.length).toBeGreaterThan(5);
    expect(texts.filter((r) => r.right > panel.x && r.left < panel.x + panel.width && r.bottom > panel.y && r.top < panel.y + panel.height)).toEqual([]);
  });

  it('says when the cursor is hidden, when a cell is not painted, and why an image has no inspector', async () => {
    const page = await open({ report: specialUrl });
    await page.locator('#shot-0-actual').hover({ position: centre(0, 3) });
    expect(await inspector(page)).toEqual([
      'cell: row 0, col 3 (actual)',
      "chars: 'i' U+0069",
      'width: 1',
      'fg: default → not painted (invisible)',
      'bg: default → drawn #000000',
      'underline: default',
      'attributes: invisible',
      'cursor: hidden (DECTCEM), at row 0, col 5',
      'changed: no (same pixels)',
    ]);
    await page.locator('#shot-0-reference').hover({ position: centre(0, 3) });
    expect(await inspector(page)).toEqual([
      'reference: no cell data: its PNG carries no screen that matches its pixels (drawn with other render options, or not by tmux-shot)',
    ]);
    expect(await page.locator('#cell-mark').isVisible()).toBe(false);
    expect(await page.locator('#rec-0 .time').textContent()).toBe('frame 5/5 · 1600 ms');
    await page.locator('#rec-0 .prev').click();
    expect(await page.locator('#rec-0 .time').textContent()).toBe('frame 4/5 · 900 ms');
  });

  it('the timeline scrubs to the failure frame, and steps jump to their frames', async () => {
    const page = await open();
    const time = page.locator('#rec-0 .time');
    expect(await time.textContent()).toBe('frame 5/5 · 1600 ms');
    expect(await page.locator('#rec-0 li.step.failed').count()).toBe(2);
    await page.locator('#rec-0 .jump.failure').click();
    expect(await time.textContent()).toBe('frame 4/5 · 900 ms');
    expect(await page.locator('#rec-0 .scrub').inputValue()).toBe('3');
    // The failed wait and the failed matcher after it both end on frame 3.
    expect(await page.locator('#rec-0 li.current code').allTextContents()).toEqual([`waitForText('${XSS}')`, "expect(tmuxApp).toMatchScreenshot('menu')"]);
    const { screens } = sessionFrames();
    expect(await sameAsCanvas(page, renderPng(screens[3]!))).toBe(true);
    await page.locator('#rec-0 .prev').click();
    expect(await time.textContent()).toBe('frame 3/5 · 400 ms');
    expect(await sameAsCanvas(page, renderPng(screens[2]!))).toBe(true);
    await page.locator('#rec-0 li.step button', { hasText: '130 ms' }).click();
    expect(await time.textContent()).toBe('frame 2/5 · 120 ms');
    await page.locator('#rec-0 .scrub').fill('2');
    await page.locator('#rec-0 canvas').hover({ position: centre(1, 0) });
    expect((await inspector(page)).slice(0, 2)).toEqual(['cell: row 1, col 0 (frame 3/5)', "chars: 'm' U+006D"]);
    await page.locator('#rec-0 .play').click();
    await page.waitForFunction(() => document.querySelector('#rec-0 .time')!.textContent === 'frame 5/5 · 1600 ms');
    expect(await page.locator('#rec-0 .play').textContent()).toBe('▶ play');
  });

  it('the agent transcript lists the tool calls with their arguments and results', async () => {
    const page = await open();
    const calls = await page.$$eval('#agent .call', (divs) =>
      divs.map((div) => [
        div.querySelector('.call-name')!.textContent,
        div.querySelector('.args')!.textContent,
        div.className,
        div.querySelector('.result')!.textContent,
      ]),
    );
    expect(calls).toEqual([
      ['press', '{"keys":["Down"]}', 'call ok', `ok\n${XSS}`],
      ['wait_for_text', '{"text":"Saved"}', 'call failed', 'Timed out after 500 ms'],
      ['finish', '{"summary":"Saved"}', 'call ok', 'finished'],
    ]);
    expect(await page.locator('#agent .source').allTextContents()).toEqual(['diverged', 'live']);
    expect(await page.$eval('#agent img.agent-shot', (img) => (img as HTMLImageElement).naturalWidth)).toBe(224);
  });

  it('keeps the XSS strings as text', async () => {
    const page = await open();
    expect(await page.locator('h1').textContent()).toBe(`menu > opens ${XSS}`);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.$$eval('img:not([src^="data:"])', (imgs) => imgs.length)).toBe(0);
  });

  it('shows the message, errors and images without JavaScript', async () => {
    const page = await open({ javaScriptEnabled: false });
    expect(await page.locator('.error-message').textContent()).toBe(`Error: Screenshot menu differs in 1 cell ${XSS}`);
    for (const id of ['shot-0-reference', 'shot-0-actual', 'shot-0-diff', 'rec-0-f4']) {
      expect(await page.locator(`#${id}`).isVisible()).toBe(true);
      expect(await page.$eval(`#${id}`, (img) => (img as HTMLImageElement).naturalWidth)).toBe(224);
    }
    expect(await page.locator('#agent img.agent-shot').isVisible()).toBe(true);
    expect(await page.locator('#rec-0 .player').isVisible()).toBe(false);
    expect(await page.locator('#shot-0 .message').textContent()).toContain("Screenshot 'menu' differs: 1 cell");
  });
});

/** Whether the recording's canvas holds exactly the pixels of `png`. */
async function sameAsCanvas(page: Page, png: Uint8Array): Promise<boolean> {
  const src = `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
  return page.evaluate(async (src) => {
    const canvas = document.querySelector<HTMLCanvasElement>('#rec-0 canvas')!;
    const img = new Image();
    img.src = src;
    await img.decode();
    // Each picture is read once, on a canvas of its own (reading the page's canvas again and again draws a warning).
    const pixels = (source: CanvasImageSource, width: number, height: number) => {
      const copy = new OffscreenCanvas(width, height).getContext('2d')!;
      copy.drawImage(source, 0, 0);
      return copy.getImageData(0, 0, width, height).data;
    };
    const want = pixels(img, img.width, img.height);
    const got = pixels(canvas, canvas.width, canvas.height);
    return canvas.width === img.width && got.every((value, index) => value === want[index]);
  }, src);
}
