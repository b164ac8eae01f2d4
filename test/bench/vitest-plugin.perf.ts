/**
 * Issue 3's and 16's figures: the screenshot comparison on an identical screen (byte-equal path)
 * and on a screen with one changed cell; the per-test cost of the tmuxApp fixture (start bash,
 * first settled screen, teardown) inside a real Vitest run and in-process; and 20 trivial tests
 * run by tmux-shot, by @microsoft/tui-test and by tuistory in the same run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { cellMetrics, renderPng } from '../../src/render/index.js';
import { decideOutcome } from '../../src/diff/index.js';
import { TmuxServer } from '../../src/host/index.js';
import { TmuxApp } from '../../src/app/index.js';
import { toMatchScreenshot } from '../../src/vitest/screenshot/matcher.js';
import { median, medianMs, printTable, printTarget } from './measure.js';
import {
  TUISTORY_VERSION,
  TUI_TEST_VERSION,
  emptyTests,
  type Project,
  type TimedRun,
  timeRun,
  timeVitest,
  tmuxShotInstall,
  tmuxShotProject,
  trivialTests,
  tuiTestProject,
  tuistoryProject,
} from './projects.js';

const dir = mkdtempSync(join(tmpdir(), 'tmux-shot-bench-plugin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let install: string;
beforeAll(() => {
  install = tmuxShotInstall(dir);
});

test('screenshot comparison and fixture overhead', async ({ task }) => {
  await using server = await TmuxServer.create();
  await using app = await TmuxApp.start({ command: ['node', 'fixtures/menu.mjs'], server });
  await app.waitForText('Quit');
  await app.waitForStable();
  const reference = renderPng(app.screen());
  await app.press('Down');
  await app.waitForStable();
  const changed = renderPng(app.screen());
  const metrics = cellMetrics();
  const render = await medianMs(() => renderPng(app.screen()));
  // The live screen is now the changed one: its own PNG is the identical-screen baseline.
  const same = await medianMs(() => decideOutcome({ reference: { png: changed }, actual: { png: renderPng(app.screen()) }, updateMode: 'none', metrics }));
  const oneCell = await medianMs(() => decideOutcome({ reference: { png: reference }, actual: { png: changed }, updateMode: 'none', metrics }));
  // The whole matcher on a live app whose screen equals its baseline: settle, render, compare.
  // Each call as a new run of the test file (a fresh file task), so the name may repeat.
  const benchTask = { ...task, context: task.context };
  const file = join(dir, 'bench.test.ts'); // baselines go to the temp dir, beside this "test file"
  const state = () => ({ ...expect.getState(), testPath: file, task: Object.assign(benchTask, { file: { ...task.file, filepath: file } }) });
  const matcher = async () => {
    const result = await toMatchScreenshot.call(state(), app, 'unchanged');
    if (!result.pass) throw new Error(result.message());
  };
  await toMatchScreenshot.call(state(), app, 'unchanged'); // writes the baseline
  const matched = await medianMs(matcher, 15, 2);
  const fixture = await medianMs(
    async () => {
      const bash = await TmuxApp.start({ command: ['bash', '--norc', '--noprofile'], server });
      await bash.close();
    },
    15,
    2,
  );
  // The floor the issue names: one bash and one tmux client process, fork/exec to exit.
  const socket = server.connection.socketPath;
  const floor = await medianMs(() => {
    spawnSync('bash', ['--norc', '--noprofile', '-c', 'exit']);
    spawnSync('tmux', ['-S', socket, 'display-message', '-p', 'x']);
  }, 15);
  printTable(
    'toMatchScreenshot work and tmuxApp fixture, median ms (80x24 menu)',
    ['case', 'ms', 'vs reference'],
    [
      ['render + PNG of the screen (reference)', render, '1.00x'],
      ['identical screen: render + byte-equal compare', same, `${(same / render).toFixed(2)}x`],
      ['one changed cell: decode + pixelmatch + cell mapping', oneCell, `${(oneCell / render).toFixed(2)}x`],
      ['toMatchScreenshot of an unchanged live screen (settle + render + compare)', matched, `${(matched / render).toFixed(2)}x`],
      ['one bash + one tmux client process, fork/exec to exit (reference)', floor, '1.00x'],
      ['TmuxApp.start(bash) + close, in-process', fixture, `${(fixture / floor).toFixed(2)}x`],
    ],
  );
  printTarget('identical-screen toMatchScreenshot ≤ 5 ms', matched <= 5, `${matched.toFixed(1)} ms, ${(matched / render).toFixed(2)}x render + PNG`);
});

/** Tests per run for the fixture's cost; runs of each kind, alternated. */
const FIXTURE_TESTS = 40;
const FIXTURE_RUNS = 3;

test('tmuxApp fixture per test inside Vitest: N tests taking tmuxApp vs N taking only tmuxServer', () => {
  // Both runs import tmux-shot/vitest and start the worker's tmux server; the difference is the
  // fixture's own work per test: start bash, first settled screen, teardown, evidence.
  const apps = tmuxShotProject(install, 'fixture-apps', { 'apps.test.js': emptyTests(FIXTURE_TESTS, 'tmuxApp') });
  const empty = tmuxShotProject(install, 'fixture-empty', { 'empty.test.js': emptyTests(FIXTURE_TESTS, 'tmuxServer') });
  const appRuns: number[] = [];
  const emptyRuns: number[] = [];
  const perTest: number[] = [];
  for (let run = 0; run < FIXTURE_RUNS; run++) {
    const withApps = checked(timeVitest(apps), 'tmuxApp tests');
    const without = checked(timeVitest(empty), 'tmuxServer-only tests');
    appRuns.push(withApps.ms);
    emptyRuns.push(without.ms);
    perTest.push((withApps.ms - without.ms) / FIXTURE_TESTS);
  }
  const fixture = median(perTest);
  printTable(
    `tmuxApp fixture inside vitest run, ${FIXTURE_TESTS} tests, median of ${FIXTURE_RUNS} alternated runs, wall ms`,
    ['run', 'ms'],
    [
      [`${FIXTURE_TESTS} empty tests taking tmuxApp (bash)`, median(appRuns)],
      [`${FIXTURE_TESTS} empty tests taking only tmuxServer (reference)`, median(emptyRuns)],
      ['fixture per test: (apps − reference) / N', fixture],
    ],
  );
  printTarget('fixture ≤ 25 ms per test', fixture <= 25, `${fixture.toFixed(1)} ms`);
});

function checked(run: TimedRun, what: string): TimedRun {
  if (!run.ok) throw new Error(`the run of ${what} failed:\n${run.output.slice(-3000)}`);
  return run;
}

const TESTS = 20;
/** Runs of each runner, alternated; medians. */
const PEER_RUNS = 3;

test(`${TESTS} trivial bash tests: tmux-shot vs @microsoft/tui-test and tuistory`, () => {
  const ours = tmuxShotProject(install, 'echo', { 'echo.test.js': trivialTests(TESTS) });
  const peers: { name: string; project: Project; run: (dir: string) => TimedRun }[] = [
    { name: `@microsoft/tui-test ${TUI_TEST_VERSION}`, project: tuiTestProject(dir, TESTS), run: (cwd) => timeRun('npx', ['tui-test'], cwd) },
    { name: `tuistory ${TUISTORY_VERSION} (in vitest run)`, project: tuistoryProject(dir, TESTS), run: (cwd) => timeVitest(cwd) },
  ];
  const oursRuns: number[] = [];
  // Cold: as a user's first `npx vitest run` in a new project, its own package.json and no Vitest
  // cache (a fresh copy of the project each run), npx resolving the project's vitest bin.
  const coldRuns: number[] = [];
  const theirRuns = peers.map(() => [] as number[]);
  const why = peers.map((peer) => ('skipped' in peer.project ? peer.project.skipped : undefined));
  for (let run = 0; run < PEER_RUNS; run++) {
    oursRuns.push(checked(timeVitest(ours), 'the tmux-shot tests').ms);
    const cold = tmuxShotProject(install, `echo-cold-${run}`, { 'echo.test.js': trivialTests(TESTS) });
    coldRuns.push(checked(timeRun('npx', ['vitest', 'run'], cold), 'the cold tmux-shot tests').ms);
    peers.forEach((peer, i) => {
      if (why[i] !== undefined || 'skipped' in peer.project) return;
      const result = peer.run(peer.project.dir);
      if (result.ok) theirRuns[i]!.push(result.ms);
      else why[i] = `its run failed: ${result.output.trim().split('\n').slice(-3).join(' ').slice(0, 300)}`;
    });
  }
  const oursMs = median(oursRuns);
  const coldMs = median(coldRuns);
  const ratios = peers.map((_, i) => (why[i] === undefined ? oursMs / median(theirRuns[i]!) : undefined));
  const coldRatios = peers.map((_, i) => (why[i] === undefined ? coldMs / median(theirRuns[i]!) : undefined));
  const rows: (string | number)[][] = [
    ['tmux-shot (vitest run)', oursMs, '1.00x', '—', ''],
    ['tmux-shot, cold: npx vitest run in a new project', coldMs, `${(coldMs / oursMs).toFixed(2)}x`, '1.00x', ''],
  ];
  peers.forEach((peer, i) => {
    const ratio = ratios[i];
    rows.push(
      ratio === undefined
        ? [peer.name, '—', '—', '—', `not run: ${why[i]}`]
        : [peer.name, median(theirRuns[i]!), `${ratio.toFixed(3)}x`, `${coldRatios[i]!.toFixed(3)}x`, ''],
    );
  });
  printTable(
    `${TESTS} trivial tests (bash: echo hello-N, wait for the text), wall ms including start-up, median of ${PEER_RUNS} alternated runs`,
    ['runner', 'ms', 'tmux-shot / runner', 'cold tmux-shot / runner', 'note'],
    rows,
  );
  const [tuiTest, tuistory] = ratios;
  const [coldTuiTest] = coldRatios;
  if (tuiTest !== undefined) printTarget('tmux-shot ≤ 0.12x @microsoft/tui-test (vitest run)', tuiTest <= 0.12, `${tuiTest.toFixed(3)}x`);
  if (coldTuiTest !== undefined) {
    printTarget('tmux-shot ≤ 0.12x @microsoft/tui-test (cold npx vitest run, new project)', coldTuiTest <= 0.12, `${coldTuiTest.toFixed(3)}x`);
  }
  if (tuistory !== undefined) printTarget('tmux-shot faster than tuistory (< 1x)', tuistory < 1, `${tuistory.toFixed(3)}x`);
});
