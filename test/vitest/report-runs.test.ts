/**
 * The failure report of each run of a test, in a child Vitest run of projects/report-runs: a
 * retry's report holds its own errors and attempt, a test's apps share one report, a report under
 * `tmuxRecording: 'off'` still has each app's last screen, `failureReport: false` writes none, and
 * a baseline drawn with other options gets no cells (its drawn colours would be wrong).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ClientData } from '../../src/report/client-data.js';
import { createProject } from './run-vitest.js';
import type { FixtureProject, RunResult } from './run-vitest.js';

/** The report's page and the data its script reads. */
async function report(dir: string, name: string): Promise<{ html: string; data: ClientData }> {
  const html = await readFile(join(dir, '.vitest-attachments/runs.test.js', name), 'utf8');
  const json = html.match(/<script type="application\/json" id="report-data">([^]*?)<\/script>/)![1]!;
  return { html, data: JSON.parse(json) as ClientData };
}

describe.sequential('reports of runs, in a child Vitest run', () => {
  let project: FixtureProject;
  let run: RunResult;
  beforeAll(async () => {
    project = await createProject('report-runs', { costReporter: true });
    await project.run(['-u', '-t', 'theme changed'], { THEME: 'light' });
    run = await project.run([], { TEXT: 'changed' });
  }, 180_000);
  afterAll(() => project.dispose());

  test('write one report per run and test, none where failureReport is false', async () => {
    const reports = (await readdir(join(project.dir, '.vitest-attachments/runs.test.js'))).filter((name) => name.endsWith('-report.html')).sort();
    expect(reports).toEqual([
      'off-recording-off-report.html',
      'retried--retry-1-report.html',
      'retried-report.html',
      'several-apps-report.html',
      'themed-theme-changed-report.html',
    ]);
    expect(run.tests.get('runs.test.js > no report > report off')!.state).toBe('failed');
  });

  test("a retry's report holds its own errors and its attempt", async () => {
    const first = await report(project.dir, 'retried-report.html');
    expect(first.html).toContain('failure of attempt 0');
    expect(first.html).not.toContain('failure of attempt 1');
    const retry = await report(project.dir, 'retried--retry-1-report.html');
    expect(retry.html).toContain('failure of attempt 1');
    expect(retry.html).not.toContain('failure of attempt 0');
  });

  test("a test's apps share one report, tmuxApp's recording first, the others as their fixtures were torn down", async () => {
    const { html, data } = await report(project.dir, 'several-apps-report.html');
    expect(data.recordings).toHaveLength(3);
    const names = [...html.matchAll(/<h3[^>]*>([^<]*)</g)].map(([, name]) => name);
    expect(names.filter((name) => ['tmuxApp', 'server', 'shell'].includes(name!))).toEqual(['tmuxApp', 'shell', 'server']);
    const index = await readFile(join(project.dir, '.vitest-attachments/tmux-shot-report.html'), 'utf8');
    expect(index).toContain('href="runs.test.js/several-apps-report.html"');
    expect(index).not.toContain('@server');
  });

  test("under tmuxRecording 'off', a report has the app's last screen and no GIF", async () => {
    const { data } = await report(project.dir, 'off-recording-off-report.html');
    expect(data.recordings).toHaveLength(1);
    expect(data.recordings[0]!.length).toBeGreaterThanOrEqual(1);
    const files = await readdir(join(project.dir, '.vitest-attachments/runs.test.js'));
    expect(files.filter((name) => name.startsWith('off-recording-off'))).toEqual([
      'off-recording-off-failure.png',
      'off-recording-off-failure.txt',
      'off-recording-off-report.html',
    ]);
  });

  test('a baseline drawn with another theme is shown without cells; the actual with them', async () => {
    const { data } = await report(project.dir, 'themed-theme-changed-report.html');
    expect(data.shots).toHaveLength(1);
    expect(data.shots[0]).toMatchObject({ reference: null, actual: expect.any(Number) });
  });
});
