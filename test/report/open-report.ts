/**
 * Opens report pages in Debian's Chromium (playwright-core, no download) as test/report/browser.test.ts
 * does: a fresh context per page, and every console error or warning, page error and request
 * other than the page's own file URLs and data: URLs collected as a problem.
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** A Chromium for one test file; `problems()` empties and returns what went wrong since the last call. */
export interface ReportBrowser {
  /** Opens `url` in a new context; `allowed` are the other URLs the page may load (a link followed). */
  open(url: string, options?: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number }; allowed?: readonly string[] }): Promise<Page>;
  problems(): string[];
  close(): Promise<void>;
}

export async function launchReportBrowser(): Promise<ReportBrowser> {
  const browser: Browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  return {
    async open(url, { javaScriptEnabled = true, viewport = { width: 1280, height: 900 }, allowed = [] } = {}) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1, javaScriptEnabled });
      contexts.push(context);
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('request', (request) => {
        if (request.url() !== url && !allowed.includes(request.url()) && !request.url().startsWith('data:')) problems.push(`request: ${request.url()}`);
      });
      await page.goto(url);
      if (javaScriptEnabled && (await page.locator('article.recording').count()) > 0) await page.waitForSelector('article.recording[data-ready]');
      return page;
    },
    problems: () => problems.splice(0),
    async close() {
      for (const context of contexts.splice(0)) await context.close();
      await browser.close();
    },
  };
}

/** The cell inspector's lines, as `term: value`. */
export function inspector(page: Page): Promise<string[]> {
  return page.$$eval('#inspector dt', (terms) => terms.map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`));
}
