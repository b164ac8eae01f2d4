/**
 * The plugin from the outside: Vitest runs the fixture project projects/plugin (real tmux, the
 * menu fixture, a clock app) in a child process, four times in a row on the same copy, and we
 * check results, messages, artifacts and files on disk. Child runs are slow on 2 cores, so each
 * run is one test with many assertions.
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listLiveResults } from '../../src/host/live-sessions.js';
import { readPngText } from '../../src/render/index.js';
import { createProject } from './run-vitest.js';
import type { FixtureProject, RunResult, TestReport } from './run-vitest.js';

let project: FixtureProject;
beforeAll(async () => void (project = await createProject('plugin')));
afterAll(() => project.dispose());

const CHANGE = { TMUX_SHOT_E2E_CHANGE: '1' };

/** Every file under `__screenshots__`, relative to it, sorted. */
async function baselines(): Promise<string[]> {
  const root = join(project.dir, '__screenshots__');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort();
}

async function bytesOf(names: readonly string[]): Promise<Map<string, Buffer>> {
  return new Map(await Promise.all(names.map(async (name) => [name, await readFile(join(project.dir, '__screenshots__', name))] as const)));
}

function report(run: RunResult, id: string): TestReport {
  const found = run.tests.get(id);
  if (!found) throw new Error(`no result for '${id}'; got ${[...run.tests.keys()].join(', ')}\n${run.output}`);
  return found;
}

/** The baselines a run says it wrote, one line each (`tmux-shot: updated screenshot baseline <path>`), sorted. */
function writtenBaselines(run: RunResult): string[] {
  return [...run.output.matchAll(/^tmux-shot: (wrote new|updated) screenshot baseline __screenshots__\/(.*)$/gm)]
    .map(([, verb, path]) => `${verb} ${path}`)
    .sort();
}

const SHOTS = [
  'clock.test.js/clock-masked-1.png',
  'menu.test.js/after-down.png',
  'menu.test.js/menu-opens-1.png',
  'menu.test.js/resized-resized-menu-1.png',
  'retry.test.js/flaky-1.png',
  'retry.test.js/named.png',
];

describe.sequential('Vitest on a fixture project', () => {
  test('a first run writes each missing baseline and fails asking for a review', { timeout: 180_000 }, async () => {
    const run = await project.run();
    expect(run.exitCode).toBe(1);
    for (const id of ['menu.test.js > menu opens', 'menu.test.js > selection moves', 'menu.test.js > resized > resized menu', 'clock.test.js > clock masked']) {
      const { state, errors } = report(run, id);
      expect({ id, state }).toEqual({ id, state: 'failed' });
      expect(errors[0]).toContain('No existing reference screenshot found; a new one was created. Review it before running tests again.');
    }
    // The first attempt stops at its new baseline; the retry finds it under the same name and
    // goes on to the next one, which is new.
    const flaky = report(run, 'retry.test.js > flaky');
    expect(flaky).toMatchObject({ state: 'failed', retryCount: 1 });
    expect(flaky.errors.map((error) => error.split('\n').at(-1))).toEqual([
      `  ${project.dir}/__screenshots__/retry.test.js/flaky-1.png`,
      `  ${project.dir}/__screenshots__/retry.test.js/named.png`,
    ]);
    expect(await baselines()).toEqual(SHOTS);
    expect(writtenBaselines(run)).toEqual(SHOTS.map((name) => `wrote new ${name}`));

    const png = await readFile(join(project.dir, '__screenshots__', 'menu.test.js/menu-opens-1.png'));
    expect(png[25]).toBe(3); // colour type 3: indexed
    expect(Object.keys(readPngText(png)).sort()).toEqual(['tmux-shot:renderer', 'tmux-shot:screen']);
  });

  test('a changed screen fails with the cell-aware message and three images; the rest passes', { timeout: 180_000 }, async () => {
    await writeFile(join(project.dir, '__screenshots__/menu.test.js/orphan.png'), 'not used');
    const before = await bytesOf(SHOTS);
    const live = join(project.dir, 'live');
    const run = await project.run(['--pool=forks', '--maxWorkers=2'], { ...CHANGE, TMUX_SHOT_LIVE_DIR: live });

    expect(report(run, 'menu.test.js > menu opens').state).toBe('passed');
    expect(report(run, 'clock.test.js > clock masked').state).toBe('passed');
    expect(writtenBaselines(run)).toEqual([]);
    // Both attempts compare 'flaky 1' and 'named': the counter starts again on retry.
    expect(report(run, 'retry.test.js > flaky')).toMatchObject({ state: 'passed', retryCount: 1, errors: ['first attempt fails on purpose'] });

    const moved = report(run, 'menu.test.js > selection moves');
    const lines = moved.errors[0]!.split('\n');
    // The highlight (inverse, with its '>') moves from row 4 to row 5.
    expect(lines.slice(0, -9)).toEqual([
      "expect(tmuxApp).toMatchScreenshot('after down')",
      '',
      'Screenshot does not match the stored reference.',
      '9060 pixels differ, more than the 0 allowed (allowedMismatchedPixels).',
      '56 cells differ on rows 4-5',
      'row 4 col 1: inverse on -> off',
      "row 4 col 2: '>' -> ' ', inverse on -> off",
      'row 4 col 3: inverse on -> off',
      'row 4 col 4: inverse on -> off',
      'row 4 col 5: inverse on -> off',
      '...and 51 more cells',
    ]);
    const dir = project.dir;
    expect(lines.slice(-9)).toEqual([
      '',
      'Reference screenshot:',
      `  ${dir}/__screenshots__/menu.test.js/after-down.png`,
      '',
      'Actual screenshot:',
      `  ${dir}/.vitest-attachments/menu.test.js/after-down-actual.png`,
      '',
      'Diff screenshot:',
      `  ${dir}/.vitest-attachments/menu.test.js/after-down-diff.png`,
    ]);
    // The screenshot documented this failure, so the fixture saved no failure screen of its own,
    // only the GIF of the session and the failure report.
    expect(moved.artifacts.map((a) => [a.type, a.attachments?.[0]?.originalPath])).toEqual([
      ['internal:toMatchScreenshot', undefined],
      ['internal:failureScreenshot', `${project.dir}/.vitest-attachments/menu.test.js/selection-moves-recording.gif`],
      ['internal:failureScreenshot', `${project.dir}/.vitest-attachments/menu.test.js/selection-moves-report.html`],
    ]);
    const [artifact] = moved.artifacts;
    expect(artifact).toMatchObject({ type: 'internal:toMatchScreenshot', kind: 'visual-regression', message: moved.errors[0] });
    expect(artifact!.attachments!.map((a) => a.name)).toEqual(['reference', 'actual', 'diff']);
    await stat(join(dir, '.vitest-attachments/menu.test.js/after-down-diff.png'));

    const resized = report(run, 'menu.test.js > resized > resized menu');
    // 4 more columns of 9 px: every pixel of the new 36×224 px strip differs, and nothing else.
    expect(resized.errors[0]!.split('\n').slice(0, 6)).toEqual([
      'expect(tmuxApp).toMatchScreenshot()',
      '',
      'Screenshot does not match the stored reference.',
      'Expected image dimensions to be 368×224px, but received 404×224px.',
      '8064 pixels differ, more than the 0 allowed (allowedMismatchedPixels).',
      'The screen size changed from 40×12 to 44×12 cells.',
    ]);

    const silent = report(run, 'failing.test.js > text never shows');
    expect(silent.errors[0]).toMatch(
      /^expect\(tmuxApp\)\.toShowText\('deploy finished'\)\n\nExpected the screen to show 'deploy finished' within 300 ms, but it did not\.\n\nScreen:\n  0 │ Build status\n  1 │\n  2 │ All 12 checks passed\n  3 │ Updated \d\d:\d\d:\d\d\n      \(rows 4-5 blank\)$/,
    );
    const failureStem = `${dir}/.vitest-attachments/failing.test.js/text-never-shows-failure`;
    const recording = `${dir}/.vitest-attachments/failing.test.js/text-never-shows-recording.gif`;
    // The screen as PNG and text, the GIF and the report: all four listed under the error by Vitest's reporter.
    expect(
      silent.artifacts.map(({ type, attachments }) => [type, attachments?.map((a) => [a.originalPath, (a as { contentType?: string }).contentType])]),
    ).toEqual([
      ['internal:failureScreenshot', [[`${failureStem}.png`, 'image/png']]],
      ['internal:failureScreenshot', [[`${failureStem}.txt`, 'text/plain']]],
      ['internal:failureScreenshot', [[recording, 'image/gif']]],
      ['internal:failureScreenshot', [[`${dir}/.vitest-attachments/failing.test.js/text-never-shows-report.html`, 'text/html']]],
    ]);
    expect((await readFile(recording)).subarray(0, 6).toString('latin1')).toBe('GIF89a');
    // Each test that wrote a report left where it is for tmux-shot watch, in the live sessions
    // folder: the failures, the flaky test's failed attempt, and the test recorded 'always'.
    const results = (await listLiveResults(live)).map(({ test, file, outcome, report }) => ({ test, file, outcome, report }));
    const at = (file: string, stem: string) => `${dir}/.vitest-attachments/${file}/${stem}-report.html`;
    expect(results.sort((a, b) => a.test.localeCompare(b.test))).toEqual([
      { test: 'flaky', file: 'retry.test.js', outcome: 'failed', report: at('retry.test.js', 'flaky') },
      {
        test: 'recorded > records the worker server',
        file: 'clock.test.js',
        outcome: 'passed',
        report: at('clock.test.js', 'recorded-records-the-worker-server'),
      },
      { test: 'resized > resized menu', file: 'menu.test.js', outcome: 'failed', report: at('menu.test.js', 'resized-resized-menu') },
      { test: 'selection moves', file: 'menu.test.js', outcome: 'failed', report: at('menu.test.js', 'selection-moves') },
      { test: 'text never shows', file: 'failing.test.js', outcome: 'failed', report: at('failing.test.js', 'text-never-shows') },
      { test: 'times out', file: 'failing.test.js', outcome: 'failed', report: at('failing.test.js', 'times-out') },
    ]);
    expect(run.output).toContain(
      'Failure screenshots:\n  - .vitest-attachments/failing.test.js/text-never-shows-failure.png\n' +
        '  - .vitest-attachments/failing.test.js/text-never-shows-failure.txt\n  - .vitest-attachments/failing.test.js/text-never-shows-recording.gif\n' +
        '  - .vitest-attachments/failing.test.js/text-never-shows-report.html',
    );
    expect(run.output).not.toContain('tmux-shot: the last screen of');
    expect(await readFile(`${failureStem}.txt`, 'utf8')).toMatch(
      /^# 30x6, cursor at row 4 col 0, hidden\nBuild status\n\nAll 12 checks passed\nUpdated \d\d:\d\d:\d\d\n\n-- styles: row:cols attributes --\n0:0-11 bold\n$/,
    );

    // A test that times out still gets its teardown: the app is closed and its screen saved.
    const late = report(run, 'failing.test.js > times out');
    expect(late.errors[0]!.split('\n')[0]).toBe('Test timed out in 2500ms.');
    expect(late.artifacts[0]).toMatchObject({
      type: 'internal:failureScreenshot',
      attachments: [{ originalPath: `${dir}/.vitest-attachments/failing.test.js/times-out-failure.png` }],
    });

    // A ConfigError is a mistake in the test's code: the screen says nothing about it, and none is saved.
    const misspelt = report(run, 'failing.test.js > a misspelt matcher option');
    expect(misspelt.errors[0]).toMatch(/^toShowText: unknown option 'timout'\. Did you mean 'timeout'\?/);
    expect(misspelt.artifacts).toEqual([]);
    expect((await readdir(join(dir, '.vitest-attachments/failing.test.js'))).filter((name) => name.startsWith('a-misspelt'))).toEqual([]);

    // With tmuxRecording: 'always', a passing test keeps its GIF and its report too.
    expect(report(run, 'clock.test.js > recorded > records the worker server').artifacts).toEqual([
      expect.objectContaining({ type: 'tmux-shot:recording', attachments: [expect.objectContaining({ contentType: 'image/gif' })] }),
      expect.objectContaining({ type: 'tmux-shot:report', attachments: [expect.objectContaining({ contentType: 'text/html' })] }),
    ]);

    // Two workers, one tmux server each: a pid never shares its socket with another pid.
    const servers = [...run.tests.values()].flatMap((t) => t.annotations.filter((a) => a.type === 'server').map((a) => a.message.split(' ')));
    expect(servers.length).toBe(2);
    const socketOf = new Map<string, string>();
    for (const [pid, socket] of servers) {
      expect(socketOf.get(pid!) ?? socket).toBe(socket);
      socketOf.set(pid!, socket!);
    }
    expect(new Set(socketOf.values()).size).toBe(socketOf.size);

    // Two tests of menu.test.js failed, and orphan.png may be one of theirs (an explicit name
    // says not whose): it is not called unused until a run in which all of them pass (the next).
    expect(run.output).not.toContain('orphan.png');
    expect(await bytesOf(SHOTS)).toEqual(before);
  });

  test('-u rewrites only the failing baselines and removes the unused one', { timeout: 180_000 }, async () => {
    const before = await bytesOf(SHOTS);
    const mtimes = await Promise.all(SHOTS.map(async (name) => (await stat(join(project.dir, '__screenshots__', name))).mtimeMs));
    const run = await project.run(['-u'], CHANGE);

    for (const id of ['menu.test.js > menu opens', 'menu.test.js > selection moves', 'menu.test.js > resized > resized menu', 'clock.test.js > clock masked']) {
      expect({ id, state: report(run, id).state }).toEqual({ id, state: 'passed' });
    }
    const after = await bytesOf(SHOTS);
    const rewritten = SHOTS.filter((name) => !after.get(name)!.equals(before.get(name)!));
    expect(rewritten).toEqual(['menu.test.js/after-down.png', 'menu.test.js/resized-resized-menu-1.png']);
    expect(writtenBaselines(run)).toEqual(rewritten.map((name) => `updated ${name}`));
    const untouched = SHOTS.map((name, i) => [name, mtimes[i]] as const).filter(([name]) => !rewritten.includes(name));
    for (const [name, mtime] of untouched) expect((await stat(join(project.dir, '__screenshots__', name))).mtimeMs).toBe(mtime);
    expect(await baselines()).toEqual(SHOTS);
    expect(run.output).toContain('tmux-shot: removed 1 unused screenshot baseline(s) of menu.test.js:\n  __screenshots__/menu.test.js/orphan.png');
    // Each run of a test file starts with an empty attachments folder, as Playwright's output folder:
    // the images of the last run's failures are gone now that the tests pass.
    expect(await readdir(join(project.dir, '.vitest-attachments/menu.test.js')).catch(() => [])).toEqual([]);
  });

  test('runs in worker threads too', { timeout: 180_000 }, async () => {
    const run = await project.run(['--pool=threads', 'menu.test.js', 'clock.test.js'], CHANGE);
    expect(run.exitCode, run.output).toBe(0);
    expect([...run.tests.values()].map((t) => [t.id, t.state]).sort()).toEqual([
      ['clock.test.js > clock masked', 'passed'],
      ['clock.test.js > recorded > records the worker server', 'passed'],
      ['menu.test.js > menu opens', 'passed'],
      ['menu.test.js > resized > resized menu', 'passed'],
      ['menu.test.js > selection moves', 'passed'],
    ]);
  });

  test('--shard splits the files across runs; with -u no shard touches or removes baselines of files it did not run', { timeout: 300_000 }, async () => {
    const before = await bytesOf(await baselines());
    const shards = [];
    for (const shard of ['1/2', '2/2']) shards.push(await project.run(['-u', `--shard=${shard}`, 'menu.test.js', 'clock.test.js'], CHANGE));
    for (const run of shards) {
      expect(run.exitCode, run.output).toBe(0);
      expect(run.output).not.toContain('unused screenshot baseline');
    }
    const [first, second] = shards.map((run) => [...run.tests.keys()].sort());
    expect(first!.filter((id) => second!.includes(id))).toEqual([]);
    expect(first!.every((id) => id.startsWith(first![0]!.split(' > ')[0]!))).toBe(true); // whole files per shard
    expect([...first!, ...second!].sort()).toEqual([
      'clock.test.js > clock masked',
      'clock.test.js > recorded > records the worker server',
      'menu.test.js > menu opens',
      'menu.test.js > resized > resized menu',
      'menu.test.js > selection moves',
    ]);
    expect(await bytesOf(await baselines())).toEqual(before);
  });

  test('in CI a missing baseline fails, and nothing is written under __screenshots__', { timeout: 180_000 }, async () => {
    await rm(join(project.dir, '__screenshots__/menu.test.js/menu-opens-1.png'));
    const listed = await baselines();
    const run = await project.run(['menu.test.js'], { ...CHANGE, CI: 'true' });

    const opens = report(run, 'menu.test.js > menu opens');
    expect(opens.state).toBe('failed');
    expect(opens.errors[0]).toBe(
      [
        'expect(tmuxApp).toMatchScreenshot()',
        '',
        "No existing reference screenshot found. Nothing was written under __screenshots__ (update mode 'none', as in CI): create it locally or with -u, and commit it.",
        '',
        'Actual screenshot:',
        `  ${project.dir}/.vitest-attachments/menu.test.js/menu-opens-1-actual.png`,
      ].join('\n'),
    );
    expect(report(run, 'menu.test.js > selection moves').state).toBe('passed');
    expect(await baselines()).toEqual(listed);
    await stat(join(project.dir, '.vitest-attachments/menu.test.js/menu-opens-1-actual.png'));
  });
});
