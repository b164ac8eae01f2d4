/**
 * The run's report index: the entries (pure, as tables), and in a child Vitest run of
 * projects/report-index with `tmux-shot/reporter`, the page it writes in Vitest's attachmentsDir
 * and the line it prints.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hrefOf, indexEntries, publishReport, reasonOf, reportPathOf } from '../../src/vitest/report-index.js';
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

test('a published report path is read back; other meta is none', () => {
  const meta = { other: 1 };
  expect(reportPathOf(meta)).toBeUndefined();
  publishReport(meta, '/p/r.html');
  expect(reportPathOf(meta)).toBe('/p/r.html');
  expect(reportPathOf({ tmuxShotReport: 3 })).toBeUndefined();
});

test('indexEntries', () => {
  expect(
    indexEntries(
      [
        { title: 'menu > opens', file: 'test/menu.test.ts', failed: false, errors: [], report: '/p/a/test/menu.test.ts/menu opens-report.html' },
        {
          title: 'menu > quits',
          file: 'test/menu.test.ts',
          failed: true,
          errors: ['\x1b[31mAssertionError: no\x1b[39m\nmore', 'second'],
          report: '/p/a/q-report.html',
        },
        { title: 'x', file: 'x.test.ts', failed: true, errors: [], report: '/p/a/x-report.html' },
      ],
      '/p/a',
    ),
  ).toEqual([
    { title: 'menu > opens', file: 'test/menu.test.ts', status: 'passed', href: 'test/menu.test.ts/menu%20opens-report.html' },
    { title: 'menu > quits', file: 'test/menu.test.ts', status: 'failed', reason: 'AssertionError: no', href: 'q-report.html' },
    { title: 'x', file: 'x.test.ts', status: 'failed', href: 'x-report.html' },
  ]);
});

describe.sequential('the index in a Vitest run', () => {
  let project: FixtureProject;
  beforeAll(async () => void (project = await createProject('report-index', { costReporter: true })));
  afterAll(() => project.dispose());

  test("lists the tests that published a report, failing first, in Vitest's attachmentsDir", { timeout: 60_000 }, async () => {
    const run = await project.run();
    expect(run.exitCode).toBe(1);
    expect(run.output).toContain('\ntmux-shot: report .vitest-attachments/tmux-shot-report.html\n');
    const html = await readFile(join(project.dir, '.vitest-attachments/tmux-shot-report.html'), 'utf8');
    const links = [...html.matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)].map(([, href, title]) => [href, title]);
    expect(links).toEqual([
      ['reports/fails%20%231-report.html', 'index &gt; fails #1'],
      ['reports/passes-report.html', 'index &gt; passes'],
    ]);
    const reasons = [...html.matchAll(/<td class="mono">([^<]*)<\/td>/g)].map(([, reason]) => reason);
    expect(reasons).toEqual(['expected 1 to be 2 // Object.is equality', '']);
    expect(html).not.toContain('no report');
  });

  test('with attachmentsDir set, the index goes there; without reports, none is written', { timeout: 60_000 }, async () => {
    const run = await project.run(['--attachmentsDir', 'out/attachments', '-t', 'no report']);
    expect(run.exitCode).toBe(0);
    expect(run.output).not.toContain('tmux-shot: report');
    await expect(readFile(join(project.dir, 'out/attachments/tmux-shot-report.html'))).rejects.toThrow('ENOENT');
    const all = await project.run(['--attachmentsDir', 'out/attachments']);
    expect(all.output).toContain('\ntmux-shot: report out/attachments/tmux-shot-report.html\n');
  });
});
