/**
 * The run's report index: the entries (pure, as tables), and in a child Vitest run of
 * projects/report-index with `tmux-shot/reporter`, the page it writes in Vitest's attachmentsDir
 * and the line it prints.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hrefOf, indexEntries, indexStatus, publishedReportOf, publishReport, reasonOf } from '../../src/vitest/evidence/report-index.js';
import { createProject } from './run-vitest.js';
import type { FixtureProject } from './run-vitest.js';

test.each([
  ['expected 1 to be 2', 'expected 1 to be 2'],
  ['\n\n  \x1b[31mexpect(tmuxApp).toMatchScreenshot()\x1b[39m\n\nScreenshot does not match', 'expect(tmuxApp).toMatchScreenshot()'],
  ['', ''],
])('reasonOf(%j) -> %j', (message, reason) => {
  expect(reasonOf(message)).toBe(reason);
});

test.each([
  ['/p/.vitest-attachments', '/p/.vitest-attachments/test/menu.test.ts/menu opens-report.html', 'test/menu.test.ts/menu%20opens-report.html'],
  ['/p/.vitest-attachments', '/p/.vitest-attachments/a/b#1?x%-report.html', 'a/b%231%3Fx%25-report.html'],
  ['/p/out', '/p/.vitest-attachments/r.html', '../.vitest-attachments/r.html'],
])('hrefOf(%s, %s) -> %s', (from, to, href) => {
  expect(hrefOf(from, to)).toBe(href);
});

test('a published report is read back; a passed retry keeps the failed run before it; other meta is none', () => {
  const meta = { other: 1 };
  expect(publishedReportOf(meta)).toBeUndefined();
  publishReport(meta, { path: '/p/r.html', failed: true, reason: 'no' });
  expect(publishedReportOf(meta)).toEqual({ path: '/p/r.html', failed: true, reason: 'no' });
  publishReport(meta, { path: '/p/r--retry-1.html', failed: false });
  expect(publishedReportOf(meta)).toEqual({ path: '/p/r.html', failed: true, reason: 'no' });
  publishReport(meta, { path: '/p/r--retry-2.html', failed: true, reason: 'again' });
  expect(publishedReportOf(meta)).toEqual({ path: '/p/r--retry-2.html', failed: true, reason: 'again' });
  expect(publishedReportOf({ tmuxShotReport: '/p/r.html' })).toBeUndefined();
});

test.each([
  [true, true, 'failed'],
  [false, true, 'flaky'],
  [false, false, 'passed'],
])('indexStatus(failed %s, report failed %s) -> %s', (failed, reportFailed, status) => {
  expect(indexStatus(failed, reportFailed)).toBe(status);
});

test('indexEntries', () => {
  expect(
    indexEntries(
      [
        { title: 'menu > opens', file: 'test/menu.test.ts', failed: false, report: { path: '/p/a/test/menu.test.ts/menu opens-report.html', failed: false } },
        { title: 'menu > quits', file: 'test/menu.test.ts', failed: true, report: { path: '/p/a/q-report.html', failed: true, reason: 'AssertionError: no' } },
        { title: 'menu > flaky', file: 'test/menu.test.ts', failed: false, report: { path: '/p/a/f-report.html', failed: true, reason: 'first' } },
        { title: 'x', file: 'x.test.ts', failed: true, report: { path: '/p/a/x-report.html', failed: true } },
      ],
      '/p/a',
    ),
  ).toEqual([
    { title: 'menu > opens', file: 'test/menu.test.ts', status: 'passed', href: 'test/menu.test.ts/menu%20opens-report.html' },
    { title: 'menu > quits', file: 'test/menu.test.ts', status: 'failed', reason: 'AssertionError: no', href: 'q-report.html' },
    { title: 'menu > flaky', file: 'test/menu.test.ts', status: 'flaky', reason: 'first', href: 'f-report.html' },
    { title: 'x', file: 'x.test.ts', status: 'failed', href: 'x-report.html' },
  ]);
});

describe.sequential('the index in a Vitest run', () => {
  let project: FixtureProject;
  beforeAll(async () => void (project = await createProject('report-index', { costReporter: true })));
  afterAll(() => project.dispose());

  const index = () => readFile(join(project.dir, '.vitest-attachments/tmux-shot-report.html'), 'utf8');
  const linksOf = (html: string) => [...html.matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)].map(([, href, title]) => [href, title]);

  test('lists the tests that published a report, the flaky one with its failed run and reason', { timeout: 60_000 }, async () => {
    const run = await project.run();
    expect(run.exitCode).toBe(1);
    expect(run.output).toContain('\ntmux-shot: report .vitest-attachments/tmux-shot-report.html (npx tmux-shot report)\n');
    const html = await index();
    expect(linksOf(html).sort()).toEqual([
      ['reports/fails%20%231-report.html', 'index &gt; fails #1'],
      ['reports/flaky--retry-0-report.html', 'index &gt; flaky'],
      ['reports/passes-report.html', 'index &gt; passes'],
    ]);
    const rows = [
      ...html.matchAll(/<tr class="[^"]*"><td><span class="status [^"]*">([^<]*)<\/span>.*?<a [^>]*>([^<]*)<\/a>.*?<td class="mono">([^<]*)<\/td><\/tr>/g),
    ];
    expect(rows.map(([, status, title, reason]) => [status, title, reason]).sort()).toEqual([
      ['failed', 'index &gt; fails #1', 'expected 1 to be 2 // Object.is equality'],
      ['flaky', 'index &gt; flaky', 'first attempt fails'],
      ['passed', 'index &gt; passes', ''],
    ]);
    expect(html).not.toContain('no report');
  });

  test('is rewritten on every run: a run without reports leaves an empty index, not the last one', { timeout: 60_000 }, async () => {
    await project.run();
    expect(linksOf(await index())).toHaveLength(3);
    const run = await project.run(['-t', 'no report']);
    expect(run.exitCode).toBe(0);
    expect(run.output).not.toContain('tmux-shot: report');
    expect(linksOf(await index())).toEqual([]);
  });

  test("with Vitest's attachmentsDir set, the index stays in .vitest-attachments beside the reports", { timeout: 60_000 }, async () => {
    const run = await project.run(['--attachmentsDir', 'out/attachments']);
    expect(run.output).toContain('\ntmux-shot: report .vitest-attachments/tmux-shot-report.html (npx tmux-shot report)\n');
    expect(linksOf(await index())).toHaveLength(3);
    await expect(readFile(join(project.dir, 'out/attachments/tmux-shot-report.html'))).rejects.toThrow('ENOENT');
  });
});
