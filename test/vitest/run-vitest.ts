/**
 * Runs Vitest on a small fixture project in a child process, the way a user would, and reads back
 * what happened: each test's state, error messages, artifacts and annotations (written by
 * projects/dump-reporter.js), plus the console output.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { constants as osConstants, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { escapeRegExp } from '../../src/vitest/screenshot/accept-command.js';

const REPO = resolve(import.meta.dirname, '../..');
const PROJECTS = resolve(import.meta.dirname, 'projects');
const DIST = join(REPO, 'dist');

let built: Promise<void> | undefined;

/** Throws when a file of src/ changed after the last build of dist/, or dist/ holds a module src/ no longer has (once per process). */
function checkBuilt(): Promise<void> {
  built ??= (async () => {
    const buildMs = await stat(join(DIST, 'vitest/index.js')).then(
      (file) => file.mtimeMs,
      () => {
        throw new Error('dist/ is not built: run `npm run build` first (child Vitest runs use the built package, as users do).');
      },
    );
    const sources = new Set<string>();
    for (const entry of await readdir(join(REPO, 'src'), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
      const path = join(entry.parentPath, entry.name);
      sources.add(relative(join(REPO, 'src'), path).replace(/\.ts$/, ''));
      if ((await stat(path)).mtimeMs > buildMs) {
        throw new Error(`dist/ is older than ${relative(REPO, path)}: run \`npm run build\` first (child Vitest runs use the built package, as users do).`);
      }
    }
    // A module whose source was removed or renamed since the build would still load.
    for (const entry of await readdir(DIST, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
      const module = relative(DIST, join(entry.parentPath, entry.name)).replace(/\.js$/, '');
      if (!sources.has(module)) {
        throw new Error(`dist/${module}.js has no source in src/ any more: run \`rm -rf dist && npm run build\` (child Vitest runs use the built package).`);
      }
    }
  })();
  return built;
}

/** One test as the dump reporter saw it. */
export interface TestReport {
  /** File (relative to the project) and full name: `menu.test.ts > opens`, after `[project] ` for a named Vitest project. */
  id: string;
  state: 'passed' | 'failed' | 'skipped' | 'pending';
  errors: string[];
  artifacts: { type: string; message?: string; attachments?: { name?: string; path?: string; originalPath?: string }[] }[];
  annotations: { type: string; message: string; attachment?: { path?: string } }[];
  retryCount: number;
  /** How long the test took, set-up and teardown included, in ms. */
  duration?: number;
}

/** The outcome of one child Vitest run. */
export interface RunResult {
  /** The child's exit status; 128 + the signal number when a signal ended it (134: SIGABRT). */
  exitCode: number;
  output: string;
  tests: Map<string, TestReport>;
  /** Every test in the order Vitest reported them, also those that share an id (tests of one name). */
  reports: TestReport[];
}

/** A temporary copy of `projects/<name>` wired to this checkout; `dispose()` removes it. */
export interface FixtureProject {
  dir: string;
  /** Runs `vitest run --root <dir> ...args`; `wrap` is a command the child runs under (e.g. unshare). */
  run(args?: readonly string[], env?: Record<string, string>, wrap?: readonly string[]): Promise<RunResult>;
  dispose(): Promise<void>;
}

/**
 * Environment variables the child must not inherit: those that make std-env (and so Vitest)
 * believe it runs in CI, the surrounding tmux, a model endpoint, and tmux-shot's own settings.
 */
const LEAKS =
  /^(CI|CONTINUOUS_INTEGRATION|BUILD_NUMBER|RUN_ID|GITHUB_.*|GITLAB_.*|BUILDKITE.*|CIRCLECI|TRAVIS|JENKINS_URL|TEAMCITY_VERSION|TF_BUILD|UPDATE_SNAPSHOT|VITEST.*|TMUX|TMUX_PANE|OPENAI_.*|TMUX_SHOT_.*)$/;

export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !LEAKS.test(key)));
  return { ...env, NO_COLOR: '1', FORCE_COLOR: '0', TMUX_SHOT_REPO: REPO, ...extra };
}

/** Options of {@link createProject}. */
export interface ProjectOptions {
  /** The folder that holds the project. @default test/vitest/projects */
  projectsDir?: string;
  /** Add tmux-shot's agent cost reporter after the others, named by path as `'tmux-shot/reporter'` is. @default false */
  costReporter?: boolean;
  /** More of the config's `test` block, as source text (e.g. `projects: [...]`). @default '' */
  testConfig?: string;
  /** Import lines for the config file, as source text. @default '' */
  configImports?: string;
  /** Leave `testTimeout` and `hookTimeout` at Vitest's defaults (5000 and 10000 ms) instead of 30000 ms. @default false */
  vitestTimeouts?: boolean;
}

/**
 * Copies `<projectsDir>/<name>` (plus the shared config and reporter) to a fresh temp dir. Its
 * `tmux-shot/vitest` is the built package (dist/, as users get it), which Vitest imports as Node
 * does instead of transforming tmux-shot's source in each child run (≈ 2 s of CPU a project);
 * `@repo/src/….ts` imports of the tests resolve to the same built modules.
 * @throws {Error} when dist/ is older than src/: run `npm run build` (`npm test` does).
 */
export async function createProject(name: string, options: ProjectOptions = {}): Promise<FixtureProject> {
  await checkBuilt();
  const dir = await mkdtemp(join(tmpdir(), `tmux-shot-project-${name}-`));
  await cp(join(options.projectsDir ?? PROJECTS, name), dir, { recursive: true });
  await cp(join(PROJECTS, 'dump-reporter.js'), join(dir, 'dump-reporter.js'));
  await symlink(join(REPO, 'node_modules'), join(dir, 'node_modules'));
  await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
  const timeouts = options.vitestTimeouts ? '' : ', testTimeout: 30000, hookTimeout: 30000';
  // No results cache: through the node_modules link it would be the repository's own
  // node_modules/.vite/vitest/…/results.json, which every child run (several at once, the suite
  // running files in parallel) rewrites in place, so one could read another's half-written JSON.
  const alias = `[
    { find: 'tmux-shot/vitest', replacement: ${JSON.stringify(join(DIST, 'vitest/index.js'))} },
    { find: /^@repo\\/src\\/(.*)\\.ts$/, replacement: ${JSON.stringify(`${DIST.replaceAll('$', '$$$$')}/$1.js`)} },
    { find: '@repo', replacement: ${JSON.stringify(REPO)} },
  ]`;
  await writeFile(
    join(dir, 'vitest.config.ts'),
    `import { defineConfig } from 'vitest/config';
${options.configImports ?? ''}
export default defineConfig({
  resolve: { alias: ${alias} },
  test: { include: ['**/*.test.js'], cache: false, server: { deps: { external: [new RegExp(${JSON.stringify(`^${escapeRegExp(DIST)}/`)})] } }, reporters: ['default', './dump-reporter.js'${options.costReporter ? `, ${JSON.stringify(join(DIST, 'vitest/reporter.js'))}` : ''}]${timeouts}${options.testConfig ? `, ${options.testConfig}` : ''} },
});
`,
  );
  return {
    dir,
    run: (args = [], env = {}, wrap = []) => runVitest(dir, args, env, wrap),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

async function runVitest(dir: string, args: readonly string[], env: Record<string, string>, wrap: readonly string[]): Promise<RunResult> {
  const vitest = join(REPO, 'node_modules/vitest/vitest.mjs');
  const command = [...wrap, process.execPath, vitest, 'run', '--root', dir, ...args];
  const { exitCode, output } = await new Promise<{ exitCode: number; output: string }>((done) => {
    execFile(command[0]!, command.slice(1), { cwd: dir, env: childEnv(env), maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const failure = error as (Error & { code?: unknown; signal?: NodeJS.Signals | null }) | null;
      // A child killed by a signal (an abort is SIGABRT) reports 128 + its number, as a shell does.
      const signalled = failure?.signal ? 128 + (osConstants.signals[failure.signal] ?? 0) : undefined;
      const code = typeof failure?.code === 'number' ? failure.code : (signalled ?? (failure ? 1 : 0));
      done({ exitCode: code, output: `${stdout}\n${stderr}${failure?.signal ? `\n(killed by ${failure.signal})` : ''}` });
    });
  });
  const dump = JSON.parse(await readFile(join(dir, 'results.json'), 'utf8').catch(() => '[]')) as TestReport[];
  await rm(join(dir, 'results.json'), { force: true });
  return { exitCode, output, tests: new Map(dump.map((test) => [test.id, test])), reports: dump };
}
