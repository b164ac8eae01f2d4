/**
 * Child test projects for `npm run bench`: tmux-shot as users install it (the packed package),
 * @microsoft/tui-test and tuistory (installed from npm into a temp dir at exact versions), each
 * with the same trivial bash tests, and a timer for their runs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '../..');
const VITEST = join(REPO, 'node_modules/vitest/vitest.mjs');

/** The peers' versions, installed exactly. */
export const TUI_TEST_VERSION = '0.0.2';
export const TUISTORY_VERSION = '0.10.1';

/** A run's wall time in ms, whether it exited 0, and its output. */
export interface TimedRun {
  ms: number;
  ok: boolean;
  output: string;
}

/** Runs `cmd` in `cwd` (CI=1, NO_COLOR=1) and times it, wall clock. */
export function timeRun(cmd: string, args: string[], cwd: string): TimedRun {
  const start = performance.now();
  const run = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, CI: '1', NO_COLOR: '1' }, timeout: 600_000 });
  return { ms: performance.now() - start, ok: run.status === 0, output: `${run.stdout}\n${run.stderr}` };
}

/** `vitest run` (this repo's Vitest 4) in `cwd`, with extra CLI arguments. */
export function timeVitest(cwd: string, args: string[] = []): TimedRun {
  return timeRun(process.execPath, [VITEST, 'run', ...args], cwd);
}

/**
 * A directory whose node_modules holds tmux-shot as users get it: the packed package (`npm pack`,
 * so the built dist/) unpacked into node_modules/tmux-shot, beside this repo's other dependencies.
 * Projects made by {@link tmuxShotProject} inside it resolve `tmux-shot/vitest` from there.
 */
export function tmuxShotInstall(dir: string): string {
  const base = join(dir, 'tmux-shot');
  const modules = join(base, 'node_modules');
  mkdirSync(join(modules, 'tmux-shot'), { recursive: true });
  for (const name of readdirSync(join(REPO, 'node_modules'))) symlinkSync(join(REPO, 'node_modules', name), join(modules, name));
  const tarball = execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], { cwd: REPO, encoding: 'utf8' }).trim();
  execFileSync('tar', ['-xzf', join(dir, tarball), '-C', join(modules, 'tmux-shot'), '--strip-components=1']);
  return base;
}

/** A Vitest project `name` inside `install` (from {@link tmuxShotInstall}) with these test files (name → source). */
export function tmuxShotProject(install: string, name: string, files: Record<string, string>): string {
  const project = join(install, name);
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(join(project, 'vitest.config.js'), `export default { test: { include: ['*.test.js'] } };\n`);
  for (const [file, source] of Object.entries(files)) writeFileSync(join(project, file), source);
  return project;
}

/** The override that makes `tmuxApp` a bash with no rc files. */
const BASH_OVERRIDE = `test.override({ tmuxOptions: { command: ['bash', '--norc', '--noprofile'] } });\n`;

/**
 * A tmux-shot test file of `count` trivial tests numbered from `from`: type `echo hel''lo-N`,
 * wait for `hello-N` (the quotes keep the typed command from matching).
 */
export function trivialTests(count: number, from = 0): string {
  const tests = Array.from(
    { length: count },
    (_, k) =>
      `test('echo ${from + k}', async ({ tmuxApp }) => {\n  await tmuxApp.type("echo hel''lo-${from + k}\\n");\n  await expect(tmuxApp).toShowText('hello-${from + k}');\n});`,
  );
  return `import { expect, test } from 'tmux-shot/vitest';\n${BASH_OVERRIDE}${tests.join('\n')}\n`;
}

/** A tmux-shot test file of `count` tests whose body is empty but that take `fixture` (`tmuxApp` or `tmuxServer`). */
export function emptyTests(count: number, fixture: 'tmuxApp' | 'tmuxServer'): string {
  const tests = Array.from({ length: count }, (_, k) => `test('${fixture} ${k}', async ({ ${fixture} }) => {});`);
  return `import { test } from 'tmux-shot/vitest';\n${BASH_OVERRIDE}${tests.join('\n')}\n`;
}

/** `npm install` of exact packages into a new ESM project dir; the failure as text, or undefined. */
function npmInstall(project: string, packages: string[]): string | undefined {
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'package.json'), '{ "type": "module", "private": true }\n');
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', ...packages], { cwd: project, encoding: 'utf8', timeout: 300_000 });
  return install.status === 0 ? undefined : `npm install ${packages.join(' ')} failed: ${install.stderr.split('\n').slice(-3).join(' ')}`;
}

/** A project or why it could not be made. */
export type Project = { dir: string } | { skipped: string };

/** @microsoft/tui-test with the same `count` tests (its own runner: `npx tui-test`). */
export function tuiTestProject(dir: string, count: number): Project {
  const project = join(dir, 'tui-test');
  const failed = npmInstall(project, [`@microsoft/tui-test@${TUI_TEST_VERSION}`]);
  if (failed) return { skipped: failed };
  spawnSync('npm', ['install-scripts', 'approve', 'node-pty', '@swc/core'], { cwd: project, encoding: 'utf8', timeout: 300_000 });
  writeFileSync(
    join(project, 'tui-test.config.ts'),
    `import { defineConfig } from "@microsoft/tui-test";\nexport default defineConfig({ retries: 0, trace: false });\n`,
  );
  const tests = Array.from(
    { length: count },
    (_, i) =>
      `test("echo ${i}", async ({ terminal }) => { terminal.write("echo hel''lo-${i}\\r"); await expect(terminal.getByText("hello-${i}")).toBeVisible(); });`,
  );
  mkdirSync(join(project, 'tests'), { recursive: true });
  writeFileSync(
    join(project, 'tests/echo.test.ts'),
    `import { test, expect } from "@microsoft/tui-test";\ntest.use({ shell: "bash" });\n${tests.join('\n')}\n`,
  );
  return { dir: project };
}

/**
 * tuistory with the same `count` tests, as its README's "Library Usage" shows them: in Vitest
 * (this repo's, linked in), `launchTerminal` per test, `type` + `press('enter')`, `waitForText`,
 * `close`; bash without rc files at 80x24 as ours.
 */
export function tuistoryProject(dir: string, count: number): Project {
  const project = join(dir, 'tuistory');
  const failed = npmInstall(project, [`tuistory@${TUISTORY_VERSION}`]);
  if (failed) return { skipped: failed };
  symlinkSync(join(REPO, 'node_modules/vitest'), join(project, 'node_modules/vitest'));
  writeFileSync(join(project, 'vitest.config.js'), `export default { test: { include: ['*.test.js'] } };\n`);
  const tests = Array.from(
    { length: count },
    (_, i) => `test('echo ${i}', async () => {
  const session = await launchTerminal({ command: 'bash', args: ['--norc', '--noprofile'], cols: 80, rows: 24 });
  try {
    await session.type("echo hel''lo-${i}");
    await session.press('enter');
    await session.waitForText('hello-${i}', { timeout: 10000 });
    expect(await session.text()).toContain('hello-${i}');
  } finally {
    session.close();
  }
});`,
  );
  writeFileSync(join(project, 'echo.test.js'), `import { expect, test } from 'vitest';\nimport { launchTerminal } from 'tuistory';\n${tests.join('\n')}\n`);
  return { dir: project };
}
