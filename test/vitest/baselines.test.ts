/**
 * Baselines in child Vitest runs of projects/baselines: `-u` removes only the baselines of tests
 * that ran to the end and passed without asking for them (failed, timed-out, skipped and filtered
 * tests keep theirs), also for every file of a worker without isolation; a file's attachments
 * folder is emptied once, before its hooks; names in other scripts get files of their own; a
 * read-only baseline folder fails with the baseline's name and the reason.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { canUnshare, readOnlyWrap } from '../special-files.js';
import { createProject } from './run-vitest.js';
import type { FixtureProject, RunResult } from './run-vitest.js';

let project: FixtureProject;
beforeAll(async () => void (project = await createProject('baselines')));
afterAll(() => project.dispose());

/** Puts a stand-in baseline (not a PNG: no test compares it) at each path under `__screenshots__`. */
async function seed(paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    await mkdir(dirname(join(project.dir, '__screenshots__', path)), { recursive: true });
    await writeFile(join(project.dir, '__screenshots__', path), 'a baseline');
  }
}

/** Every file under `__screenshots__/<folder>`, relative to it, sorted. */
async function baselines(folder: string): Promise<string[]> {
  return (await readdir(join(project.dir, '__screenshots__', folder)).catch(() => [])).sort();
}

/** The states of a run of sweep.test.js and skipped.test.js. */
const SWEEP_AND_SKIPPED = {
  'sweep.test.js > passes': 'passed',
  'sweep.test.js > fails early': 'failed',
  'sweep.test.js > times out': 'failed',
  'skipped.test.js > runs': 'passed',
  'skipped.test.js > skipped': 'skipped',
};

function states(run: RunResult): Record<string, string> {
  return Object.fromEntries([...run.tests].map(([id, { state }]) => [id, state]));
}

describe.sequential('baselines in a Vitest run', () => {
  test("-u keeps the baselines of failed, timed-out and skipped tests and removes a passing test's stale one", { timeout: 180_000 }, async () => {
    await seed([
      'sweep.test.js/passes-2.png',
      'sweep.test.js/fails-early-1.png',
      'sweep.test.js/dialog.png',
      'sweep.test.js/times-out-1.png',
      'sweep.test.js/gone-test-1.png',
      'skipped.test.js/runs-2.png',
      'skipped.test.js/skipped-1.png',
    ]);
    const run = await project.run(['sweep.test.js', 'skipped.test.js', '-u']);
    expect(states(run)).toEqual(SWEEP_AND_SKIPPED);
    expect(run.tests.get('sweep.test.js > times out')!.errors[0]!.split('\n')[0]).toBe('Test timed out in 2500ms.');
    // A name no test makes automatically (an explicit name, or a test that is gone) may belong to
    // a test that failed: it stays until a run where every test of the file passes.
    expect(await baselines('sweep.test.js')).toEqual(['dialog.png', 'fails-early-1.png', 'gone-test-1.png', 'passes-1.png', 'times-out-1.png']);
    expect(await baselines('skipped.test.js')).toEqual(['runs-1.png', 'skipped-1.png']);
    expect(run.output).toContain('tmux-shot: removed 1 unused screenshot baseline(s) of sweep.test.js:\n  __screenshots__/sweep.test.js/passes-2.png\n');
    expect(run.output).toContain('tmux-shot: removed 1 unused screenshot baseline(s) of skipped.test.js:\n  __screenshots__/skipped.test.js/runs-2.png\n');
  });

  test('a run filtered by -t reports, and with -u removes, only the stale baselines of the tests it ran', { timeout: 180_000 }, async () => {
    await seed(['sweep.test.js/passes-3.png']);
    const report = await project.run(['sweep.test.js', '-t', '^passes$']);
    expect(report.output).toContain(
      'tmux-shot: 1 screenshot baseline(s) of sweep.test.js no test used:\n  __screenshots__/sweep.test.js/passes-3.png\nRun with -u to remove them.\n',
    );
    expect(await baselines('sweep.test.js')).toContain('passes-3.png');
    const run = await project.run(['sweep.test.js', '-u', '-t', '^passes$']);
    expect(states(run)).toEqual({ 'sweep.test.js > passes': 'passed', 'sweep.test.js > fails early': 'skipped', 'sweep.test.js > times out': 'skipped' });
    expect(await baselines('sweep.test.js')).toEqual(['dialog.png', 'fails-early-1.png', 'gone-test-1.png', 'passes-1.png', 'times-out-1.png']);
  });

  test('names in other scripts get files of their own; two names that make one file fail', { timeout: 180_000 }, async () => {
    const run = await project.run(['names.test.js', '-u']);
    expect(states(run)).toEqual({ 'names.test.js > names in other scripts': 'passed', 'names.test.js > two names, one file': 'failed' });
    expect(run.tests.get('names.test.js > two names, one file')!.errors).toEqual([
      "The screenshot names 'main menu' (test 'two names, one file') and 'main-menu!' (test 'two names, one file') would share the baseline main-menu.png: " +
        "file names keep only letters, digits, '_' and '-', and ignore case. Rename one of them.",
    ]);
    expect(await baselines('names.test.js')).toEqual(['main-menu.png', 'メニュー.png', '菜单.png']);
    const [menu, chinese] = await Promise.all(['メニュー.png', '菜单.png'].map((name) => readFile(join(project.dir, '__screenshots__/names.test.js', name))));
    expect(menu!.equals(chinese!)).toBe(false);
  });

  // test.for([0, 1])('menu item') makes two tests named 'menu item'. Numbered after that name,
  // their screenshots were one baseline: -u wrote the second's screen over the first's.
  test('tests with one full name: unnamed screenshots and cassettes fail, failure files stay apart', { timeout: 180_000 }, async () => {
    const run = await project.run(['twins.test.js', '-u']);
    const twins = (describe: string) =>
      "2 tests of twins.test.js are named '" +
      describe +
      " > menu item' (test.for and test.each name their tests so when the name has no %s, %i or $field): " +
      "unnamed screenshots and cassettes are named after their test, so these tests would share them. Give each test its own name, e.g. test.for([…])('menu item %s', …).";
    expect(run.reports.map((test) => [test.id, test.state, test.errors[0]])).toEqual([
      ['twins.test.js > screenshot > menu item', 'failed', twins('screenshot')],
      ['twins.test.js > screenshot > menu item', 'failed', twins('screenshot')],
      ['twins.test.js > failure > menu item', 'failed', "expected false to be 'never' // Object.is equality"],
      ['twins.test.js > failure > menu item', 'failed', "expected true to be 'never' // Object.is equality"],
      ['twins.test.js > cassette > menu item', 'failed', twins('cassette')],
      ['twins.test.js > cassette > menu item', 'failed', twins('cassette')],
    ]);
    expect(await baselines('twins.test.js')).toEqual([]);
    expect(await readdir(join(project.dir, '__cassettes__')).catch(() => [])).toEqual([]);
    const attachments = join(project.dir, '.vitest-attachments/twins.test.js');
    expect((await readdir(attachments)).filter((file) => file.startsWith('failure')).sort()).toEqual([
      'failure-menu-item--2-failure.png',
      'failure-menu-item--2-failure.txt',
      'failure-menu-item--2-recording.gif',
      'failure-menu-item--2-report.html',
      'failure-menu-item-failure.png',
      'failure-menu-item-failure.txt',
      'failure-menu-item-recording.gif',
      'failure-menu-item-report.html',
    ]);
    const [first, second] = await Promise.all(
      ['failure-menu-item-failure.txt', 'failure-menu-item--2-failure.txt'].map((file) => readFile(join(attachments, file), 'utf8')),
    );
    expect([first!.includes('Selected: Open'), second!.includes('Selected: Open')]).toEqual([false, true]); // each kept its own screen
  });

  // Without isolation one worker imports tmux-shot/vitest once, for its first file: the hooks it
  // registers then ran for that file alone, and the second file kept its stale files.
  test('with --no-isolate, every file gets its attachments folder emptied and its unused baselines removed', { timeout: 180_000 }, async () => {
    await seed(['sweep.test.js/passes-4.png', 'skipped.test.js/runs-3.png']);
    const stale = ['sweep.test.js', 'skipped.test.js', 'before-all.test.js'].map((file) =>
      join(project.dir, '.vitest-attachments', file, 'earlier-run-failure.png'),
    );
    for (const path of stale) {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, 'an earlier run');
    }
    const before = { sweep: await baselines('sweep.test.js'), skipped: await baselines('skipped.test.js') };
    // sweep.test.js, the largest, runs first (Vitest's order without durations): the others' folders are emptied at their first test.
    const run = await project.run(['sweep.test.js', 'skipped.test.js', 'before-all.test.js', '-u', '--no-isolate', '--maxWorkers=1']);
    expect(states(run)).toEqual({
      ...SWEEP_AND_SKIPPED,
      "before-all.test.js > writes with Vitest's own test": 'passed',
      'before-all.test.js > sees the files written before it': 'passed',
    });
    // What the earlier tests left, less the stale one, plus the passing test's own (written if missing).
    const kept = (before: string[], stale: string, own: string) => [...new Set([...before.filter((name) => name !== stale), own])].sort();
    expect(await baselines('sweep.test.js')).toEqual(kept(before.sweep, 'passes-4.png', 'passes-1.png'));
    expect(await baselines('skipped.test.js')).toEqual(kept(before.skipped, 'runs-3.png', 'runs-1.png'));
    expect(run.output).toContain('tmux-shot: removed 1 unused screenshot baseline(s) of sweep.test.js:\n  __screenshots__/sweep.test.js/passes-4.png\n');
    expect(run.output).toContain('tmux-shot: removed 1 unused screenshot baseline(s) of skipped.test.js:\n  __screenshots__/skipped.test.js/runs-3.png\n');
    expect(stale.map((path) => existsSync(path))).toEqual([false, false, false]);
  });

  // The import's hook empties the folder before the file's own beforeAll hooks; the file fixture,
  // set up at the first test, finds it done and leaves what those hooks wrote.
  test("the attachments folder is emptied once: what a file's beforeAll hook writes there stays", { timeout: 180_000 }, async () => {
    const run = await project.run(['before-all.test.js']);
    expect(run.tests.get('before-all.test.js > sees the files written before it')).toMatchObject({ state: 'passed', errors: [] });
  });

  // The folder is bind-mounted read-only for the child alone (see readOnlyWrap): this works as
  // root too, where file modes do not stop writes.
  test.skipIf(!canUnshare)('a read-only baseline folder fails with the baseline and the reason, not a temporary file', { timeout: 180_000 }, async () => {
    const folder = join(project.dir, '__screenshots__/names.test.js');
    await rm(join(folder, 'メニュー.png'));
    const run = await project.run(['names.test.js', '-t', 'names in other scripts'], {}, readOnlyWrap(folder));
    expect(run.tests.get('names.test.js > names in other scripts')).toMatchObject({
      state: 'failed',
      errors: [`Cannot write the screenshot baseline ${folder}/メニュー.png: the file system is read-only (EROFS).`],
    });
    expect(await baselines('names.test.js')).toEqual(['main-menu.png', '菜单.png']);
  });
});
