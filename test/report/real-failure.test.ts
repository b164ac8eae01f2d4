/**
 * The browser test on a real failing test: a child Vitest run of projects/failure-report
 * (the menu, a screenshot that fails after a press; an agent run with a scripted model, then a
 * failing check) with `tmux-shot/reporter` writes `<stem>-report.html` files and the run's index;
 * Chromium (playwright-core, Debian's /usr/bin/chromium) opens them from their files. With
 * TMUX_SHOT_WRITE_DOCS=1 it also saves the README's screenshot of a report to docs/report.png.
 */
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import pngjs from 'pngjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cellMetrics } from '../../src/render/index.js';
import { createProject, type FixtureProject } from '../vitest/run-vitest.js';
import { inspector, launchReportBrowser, type ReportBrowser } from './open-report.js';

let project: FixtureProject;
let browser: ReportBrowser;
/** The files of the failing run, by name. */
const files = { menu: '', agent: '', index: '' };
const url = (path: string) => pathToFileURL(path).href;

beforeAll(async () => {
  project = await createProject('failure-report', { costReporter: true });
  const baseline = await project.run(['-u', '-t', 'menu highlight']);
  expect(baseline.exitCode, baseline.output).toBe(0);
  const failing = await project.run([], { MENU_DOWN: '1' });
  expect(failing.exitCode, failing.output).toBe(1);
  expect([...failing.tests.values()].map((test) => [test.id, test.state])).toEqual([
    ['report.test.js > menu highlight', 'failed'],
    ['report.test.js > agent > selects help', 'failed'],
  ]);
  const attachments = join(project.dir, '.vitest-attachments');
  files.menu = join(attachments, 'report.test.js/menu-highlight-report.html');
  files.agent = join(attachments, 'report.test.js/agent-selects-help-report.html');
  files.index = join(attachments, 'tmux-shot-report.html');
  browser = await launchReportBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await project?.dispose();
});

afterEach(() => expect(browser.problems()).toEqual([]));

const { cellWidthPx, cellHeightPx, paddingPx } = cellMetrics();
/** Where the centre of (row, col) lies in an image at zoom 1. */
const centre = (row: number, col: number) => ({ x: paddingPx + col * cellWidthPx + cellWidthPx / 2, y: paddingPx + row * cellHeightPx + cellHeightPx / 2 });

/** The RGBA bytes, as hex, of cell (row, col) in a screenshot of `selector` (zoom 1). */
async function cellPixels(page: Page, selector: string, row: number, col: number): Promise<string> {
  const shot = pngjs.PNG.sync.read(await page.locator(selector).screenshot());
  const rows: string[] = [];
  for (let y = paddingPx + row * cellHeightPx; y < paddingPx + (row + 1) * cellHeightPx; y++) {
    const at = (y * shot.width + paddingPx + col * cellWidthPx) * 4;
    rows.push(shot.data.subarray(at, at + cellWidthPx * 4).toString('hex'));
  }
  return rows.join('\n');
}

describe('the report of a real failing screenshot test', () => {
  it('is small: the sizes of the reports and the index', () => {
    const sizes = Object.fromEntries(Object.entries(files).map(([name, path]) => [name, statSync(path).size]));
    console.log('report sizes (bytes):', JSON.stringify(sizes));
    expect(sizes.menu).toBeLessThan(128 * 1024);
    expect(sizes.agent).toBeLessThan(64 * 1024);
    expect(sizes.index).toBeLessThan(16 * 1024);
  });

  it('shows the error once: its message, then the call frames of its stack', async () => {
    const page = await browser.open(url(files.menu));
    expect(await page.locator('h1').textContent()).toBe('menu highlight');
    expect((await page.locator('#errors .error-message').textContent())!.split('\n').slice(0, 4)).toEqual([
      "Error: expect(tmuxApp).toMatchScreenshot('menu')",
      '',
      'Screenshot does not match the stored reference.',
      '9060 pixels differ, more than the 0 allowed (allowedMismatchedPixels).',
    ]);
    const stack = (await page.locator('#errors .stack').textContent())!;
    expect(stack).toMatch(/^ {4}at /);
    expect(stack).toContain(`at ${join(project.dir, 'report.test.js')}:16:3`);
    expect(stack).not.toContain('Screenshot does not match');
  });

  it('lists the 56 changed cells in a box that scrolls', async () => {
    const page = await browser.open(url(files.menu));
    expect(await page.locator('#shot-0 table.changes tbody tr').count()).toBe(56);
    expect(await page.locator('#shot-0 .changes-box tr[data-cell="4,2"] td.mono').textContent()).toBe(
      "' ' U+0020 → '>' U+003E; fg drawn #ffffff → #000000; bg drawn #000000 → #ffffff; +inverse",
    );
    const box = await page.$eval('#shot-0 .changes-box', (div) => [div.clientHeight, div.scrollHeight]);
    expect(box[0]).toBeLessThan(box[1]!);
  });

  it('loads the reference, actual and diff images, and every other image', async () => {
    const page = await browser.open(url(files.menu));
    const sizes = await page.$$eval('#shot-0 .views img', (imgs) =>
      imgs.map((img) => [img.id, (img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight]),
    );
    expect(sizes).toEqual([
      ['shot-0-reference', 368, 224],
      ['shot-0-actual', 368, 224],
      ['shot-0-diff', 368, 224],
    ]);
    expect(await page.$$eval('img', (imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth === 0).length)).toBe(0);
  });

  it('the slider and the onion-skin toggle change what the compare view shows', async () => {
    const page = await browser.open(url(files.menu));
    const reference = await cellPixels(page, '#shot-0-reference', 4, 2);
    const actual = await cellPixels(page, '#shot-0-actual', 4, 2);
    expect(reference).not.toBe(actual);
    await page.locator('#shot-0 .split-at').fill('100');
    expect(await cellPixels(page, '#shot-0 .stage', 4, 2)).toBe(reference);
    await page.locator('#shot-0 .split-at').fill('0');
    expect(await cellPixels(page, '#shot-0 .stage', 4, 2)).toBe(actual);
    await page.locator('#shot-0 input[value=onion]').check();
    await page.locator('#shot-0 .opacity').fill('100');
    expect(await page.locator('#shot-0 .stage').getAttribute('data-showing')).toBe('reference at 100% over actual');
    expect(await cellPixels(page, '#shot-0 .stage', 4, 2)).toBe(reference);
  });

  it('hovering a changed cell shows its code point, its colours and what changed', async () => {
    const page = await browser.open(url(files.menu));
    await page.locator('#shot-0-actual').hover({ position: centre(4, 2) });
    expect(await inspector(page)).toEqual([
      'cell: row 4, col 2 (actual)',
      "chars: '>' U+003E",
      'width: 1',
      'fg: default → drawn #000000',
      'bg: default → drawn #ffffff',
      'underline: default',
      'attributes: inverse',
      'cursor: hidden (DECTCEM), at row 0, col 0', // the menu hides its cursor
      "changed: ' ' U+0020 → '>' U+003E; fg drawn #ffffff → #000000; bg drawn #000000 → #ffffff; +inverse",
    ]);
  });

  it('the timeline lists the steps and scrubs to the failure frame', async () => {
    const page = await browser.open(url(files.menu));
    expect(await page.locator('#rec-0 li.step code').allTextContents()).toEqual([
      `start(['node', '${resolve('fixtures/menu.mjs')}'])`,
      "expect(tmuxApp).toShowText('Quit')",
      "press('Down')",
      "expect(tmuxApp).toMatchScreenshot('menu')",
      'close()',
    ]);
    expect(await page.locator('#rec-0 li.step.failed code').allTextContents()).toEqual(["expect(tmuxApp).toMatchScreenshot('menu')"]);
    const last = Number(await page.locator('#rec-0 .scrub').getAttribute('max'));
    const time = page.locator('#rec-0 .time');
    await page.locator('#rec-0 .scrub').fill('0');
    expect(await time.textContent()).toMatch(new RegExp(`^frame 1/${last + 1} · \\d+ ms$`));
    await page.locator('#rec-0 li.step[data-kind=press] button.jump').click(); // the screen as the key was sent
    const pressed = Number(await page.locator('#rec-0 .scrub').inputValue());
    expect(pressed).toBeLessThan(last);
    await page.locator('#rec-0 canvas').hover({ position: centre(3, 2) });
    expect((await inspector(page)).slice(0, 2)).toEqual([`cell: row 3, col 2 (frame ${pressed + 1}/${last + 1})`, "chars: '>' U+003E"]);
    await page.locator('#rec-0 .jump.failure').click();
    expect(await page.locator('#rec-0 .scrub').inputValue()).toBe(String(last)); // the screen the failed matcher compared
    expect(await page.locator('#rec-0 li.current code').allTextContents()).toContain("expect(tmuxApp).toMatchScreenshot('menu')");
    await page.locator('#rec-0 canvas').hover({ position: centre(4, 2) });
    expect((await inspector(page)).slice(0, 2)).toEqual([`cell: row 4, col 2 (frame ${last + 1}/${last + 1})`, "chars: '>' U+003E"]);
  });

  it('shows the images and the message with JavaScript disabled', async () => {
    const page = await browser.open(url(files.menu), { javaScriptEnabled: false });
    expect((await page.locator('.error-message').textContent())!.split('\n')[0]).toBe("Error: expect(tmuxApp).toMatchScreenshot('menu')");
    for (const id of ['shot-0-reference', 'shot-0-actual', 'shot-0-diff']) {
      expect(await page.locator(`#${id}`).isVisible()).toBe(true);
      expect(await page.$eval(`#${id}`, (img) => (img as HTMLImageElement).naturalWidth)).toBe(368);
    }
    // The screenshot's message is the test's error, shown once above and linked from the section.
    expect(await page.locator('#error-1 .error-message').textContent()).toContain('56 cells differ on rows 3-4');
    expect(await page.locator('#shot-0 .message a').getAttribute('href')).toBe('#error-1');
    const lastFrame = await page.locator('#rec-0 .scrub').getAttribute('max');
    expect(await page.$eval(`#rec-0-f${lastFrame}`, (img) => (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
  });

  it('saves the README screenshot to docs/report.png with TMUX_SHOT_WRITE_DOCS=1', async () => {
    if (!process.env['TMUX_SHOT_WRITE_DOCS']) return;
    const page = await browser.open(url(files.menu), { viewport: { width: 1280, height: 800 } });
    await page.locator('#shot-0-actual').click({ position: centre(4, 2) }); // pins the inspector on a changed cell
    expect(await page.locator('#inspector[data-pinned]').count()).toBe(1);
    // From the screenshot failure to the end of the timeline's steps (the errors above hold its
    // message), in one viewport scrolled there: the inspector is fixed at the viewport's top right.
    const bottom = await page.evaluate(() => document.documentElement.scrollHeight);
    const top = await page.$eval('#screenshots', (section) => section.getBoundingClientRect().top + window.scrollY);
    await page.setViewportSize({ width: 1280, height: Math.ceil(bottom - top) });
    await page.evaluate((y) => window.scrollTo(0, y), top);
    await page.screenshot({ path: resolve(import.meta.dirname, '../../docs/report.png') });
  });
});

describe('the report of a real failing agent test', () => {
  it('lists the tool calls with their arguments and results, and the screenshot inline', async () => {
    const page = await browser.open(url(files.agent));
    const calls = await page.$$eval('#agent .call', (divs) =>
      divs.map((div) => [
        div.querySelector('.call-name')!.textContent,
        div.querySelector('.args')!.textContent,
        div.className,
        div.querySelector('.result')!.textContent,
      ]),
    );
    expect(calls).toEqual([
      ['send_keys', '{"keys":"Down Down Enter"}', 'call ok', 'ok: pressed Down Down Enter'],
      ['screenshot', '{"label":"selected"}', 'call ok', expect.stringMatching(/^ok: saved screenshot to \/.*selected\.png; the image follows$/)],
      ['finish', '{"summary":"selected Settings"}', 'call ok', 'ok: finished'],
    ]);
    expect(await page.$$eval('#agent img.agent-shot', (imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth))).toEqual([368]);
    expect(await page.locator('#agent pre.text').allTextContents()).toEqual(['Settings is two items down.']);
  });
});

describe('the index of the run', () => {
  it('links to each report, and the link opens it', async () => {
    const page = await browser.open(url(files.index), { allowed: [url(files.menu), url(files.agent)] });
    const links = await page.$$eval('a', (anchors) => anchors.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(links).toEqual([
      ['menu highlight', 'report.test.js/menu-highlight-report.html'],
      ['agent > selects help', 'report.test.js/agent-selects-help-report.html'],
    ]);
    for (const [title] of links) {
      await page.locator('a', { hasText: title! }).click();
      await page.waitForURL(title === 'menu highlight' ? url(files.menu) : url(files.agent));
      expect(await page.locator('h1').textContent()).toBe(title);
      await page.goBack();
    }
  });
});
