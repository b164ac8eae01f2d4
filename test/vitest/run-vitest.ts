/**
 * Runs Vitest on a small fixture project in a child process, the way a user would, and reads back
 * what happened: each test's state, error messages, artifacts and annotations (written by
 * projects/dump-reporter.js), plus the console output.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { constants as osConstants, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '../..');
const PROJECTS = resolve(import.meta.dirname, 'projects');

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

/** Copies `<projectsDir>/<name>` (plus the shared config and reporter) to a fresh temp dir. */
export async function createProject(name: string, options: ProjectOptions = {}): Promise<FixtureProject> {
  const dir = await mkdtemp(join(tmpdir(), `tmux-shot-project-${name}-`));
  // Beside the project, not in it: nothing a run writes there is the project's (watch mode sees the project).
  const moduleCache = `${dir}-module-cache`;
  await cp(join(options.projectsDir ?? PROJECTS, name), dir, { recursive: true });
  await cp(join(PROJECTS, 'dump-reporter.js'), join(dir, 'dump-reporter.js'));
  await symlink(join(REPO, 'node_modules'), join(dir, 'node_modules'));
  await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
  const timeouts = options.vitestTimeouts ? '' : ', testTimeout: 30000, hookTimeout: 30000';
  // No results cache: through the node_modules link it would be the repository's own
  // node_modules/.vite/vitest/…/results.json, which every child run (several at once, the suite
  // running files in parallel) rewrites in place, so one could read another's half-written JSON.
  // The modules as transformed, though, are kept for the project (Vitest 4.1's fsModuleCache, keyed
  // by the project root and each file's content): its second run and later ones skip the transform
  // of tmux-shot's source, ≈ 1 s of CPU a run.
  await writeFile(
    join(dir, 'vitest.config.ts'),
    `import { defineConfig } from 'vitest/config';
${options.configImports ?? ''}
export default defineConfig({
  resolve: { alias: { 'tmux-shot/vitest': ${JSON.stringify(join(REPO, 'src/vitest/index.ts'))}, '@repo': ${JSON.stringify(REPO)} } },
  test: { include: ['**/*.test.js'], cache: false, experimental: { fsModuleCache: true, fsModuleCachePath: ${JSON.stringify(moduleCache)} }, reporters: ['default', './dump-reporter.js'${options.costReporter ? `, ${JSON.stringify(join(REPO, 'src/vitest/reporter.ts'))}` : ''}]${timeouts}${options.testConfig ? `, ${options.testConfig}` : ''} },
});
`,
  );
  return {
    dir,
    run: (args = [], env = {}, wrap = []) => runVitest(dir, args, env, wrap),
    dispose: async () => {
      await Promise.all([dir, moduleCache].map((path) => rm(path, { recursive: true, force: true })));
    },
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
