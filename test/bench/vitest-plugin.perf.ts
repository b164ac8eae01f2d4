/**
 * Issue 3's figures: the screenshot comparison on an identical screen (byte-equal path) and on a
 * screen with one changed cell, the per-test cost of the tmuxApp fixture's work (start an app,
 * first settled screen, teardown), and 20 trivial tests run by tmux-shot and by
 * @microsoft/tui-test in the same run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { cellMetrics, renderPng } from '../../src/render/index.js';
import { decideOutcome } from '../../src/diff/index.js';
import { TmuxServer } from '../../src/host/index.js';
import { TmuxApp } from '../../src/app/index.js';
import { toMatchScreenshot } from '../../src/vitest/screenshot/matcher.js';
import { medianMs, printTable } from './measure.js';

const REPO = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'tmux-shot-bench-plugin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
  const same = await medianMs(() => decideOutcome({ reference: { png: reference }, actual: { png: renderPng(app.screen()) }, updateMode: 'none', metrics }));
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
  printTable(
    'toMatchScreenshot work and tmuxApp fixture, median ms (80x24 menu)',
    ['case', 'ms'],
    [
      ['render + PNG of the screen', render],
      ['identical screen: render + byte-equal compare', same],
      ['one changed cell: decode + pixelmatch + cell mapping', oneCell],
      ['toMatchScreenshot of an unchanged live screen (settle + render + compare)', matched],
      ['fixture: start bash, first settled screen, teardown', fixture],
    ],
  );
});

const TESTS = 20;

function timeRun(cmd: string, args: string[], cwd: string): { ms: number; ok: boolean; output: string } {
  const start = performance.now();
  const run = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, CI: '1', NO_COLOR: '1' }, timeout: 600_000 });
  return { ms: performance.now() - start, ok: run.status === 0, output: `${run.stdout}\n${run.stderr}` };
}

/**
 * A project with tmux-shot installed as users get it: the packed package (`npm pack`, so the
 * built dist/) unpacked into node_modules/tmux-shot, beside this repo's other dependencies.
 */
function tmuxShotProject(): string {
  const project = join(dir, 'tmux-shot');
  const modules = join(project, 'node_modules');
  execFileSync('mkdir', ['-p', join(modules, 'tmux-shot')]);
  for (const name of readdirSync(join(REPO, 'node_modules'))) symlinkSync(join(REPO, 'node_modules', name), join(modules, name));
  const tarball = execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], { cwd: REPO, encoding: 'utf8' }).trim();
  execFileSync('tar', ['-xzf', join(dir, tarball), '-C', join(modules, 'tmux-shot'), '--strip-components=1']);
  writeFileSync(join(project, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(join(project, 'vitest.config.js'), `export default { test: { include: ['*.test.js'] } };\n`);
  const tests = Array.from(
    { length: TESTS },
    (_, i) =>
      `test('echo ${i}', async ({ tmuxApp }) => {\n  await tmuxApp.type("echo hel''lo-${i}\\n");\n  await expect(tmuxApp).toShowText('hello-${i}');\n});`,
  );
  writeFileSync(
    join(project, 'echo.test.js'),
    `import { expect, test } from 'tmux-shot/vitest';\n` +
      `test.override({ tmuxOptions: { command: ['bash', '--norc', '--noprofile'] } });\n${tests.join('\n')}\n`,
  );
  return project;
}

function tuiTestProject(): string {
  const project = join(dir, 'tui-test');
  execFileSync('mkdir', ['-p', project]);
  writeFileSync(join(project, 'package.json'), '{ "type": "module", "private": true }\n');
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '@microsoft/tui-test@0.0.2'], { cwd: project, encoding: 'utf8', timeout: 300_000 });
  if (install.status !== 0) return `npm install @microsoft/tui-test failed: ${install.stderr.split('\n').slice(-3).join(' ')}`;
  spawnSync('npm', ['install-scripts', 'approve', 'node-pty', '@swc/core'], { cwd: project, encoding: 'utf8', timeout: 300_000 });
  writeFileSync(
    join(project, 'tui-test.config.ts'),
    `import { defineConfig } from "@microsoft/tui-test";\nexport default defineConfig({ retries: 0, trace: false });\n`,
  );
  const tests = Array.from(
    { length: TESTS },
    (_, i) =>
      `test("echo ${i}", async ({ terminal }) => { terminal.write("echo hel''lo-${i}\\r"); await expect(terminal.getByText("hello-${i}")).toBeVisible(); });`,
  );
  execFileSync('mkdir', ['-p', join(project, 'tests')]);
  writeFileSync(
    join(project, 'tests/echo.test.ts'),
    `import { test, expect } from "@microsoft/tui-test";\ntest.use({ shell: "bash" });\n${tests.join('\n')}\n`,
  );
  return project;
}

test('20 trivial bash tests: tmux-shot vs @microsoft/tui-test', () => {
  const ours = timeRun(process.execPath, [join(REPO, 'node_modules/vitest/vitest.mjs'), 'run'], tmuxShotProject());
  if (!ours.ok) throw new Error(`the tmux-shot run failed:\n${ours.output}`);
  const project = tuiTestProject();
  const rows: (string | number)[][] = [['tmux-shot (vitest run)', ours.ms]];
  if (project.startsWith('npm install')) {
    process.stdout.write(`\n@microsoft/tui-test column skipped: ${project}\n`);
  } else {
    const theirs = timeRun('npx', ['tui-test'], project);
    if (!theirs.ok) throw new Error(`the tui-test run failed:\n${theirs.output.slice(-2000)}`);
    rows.push(['@microsoft/tui-test 0.0.2', theirs.ms], ['ratio tmux-shot / tui-test', Number((ours.ms / theirs.ms).toFixed(3))]);
    process.stdout.write(`target: tmux-shot ≤ 0.25x tui-test → ${ours.ms / theirs.ms <= 0.25 ? 'met' : 'NOT met'}\n`);
  }
  printTable(`${TESTS} trivial tests (bash: echo hello-N, wait for the text), wall ms including start-up`, ['runner', 'ms'], rows);
});
