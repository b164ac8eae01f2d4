/**
 * The fixtures: `tmuxServer` (one private tmux server per Vitest worker), `tmuxOptions`,
 * `tmuxRecording` and `tmuxApp` (one app per test), `launchApp` (more apps in the test), `shellOptions`
 * and `shell` (a shell whose commands return their output and status), `agentModel`, `agentOptions` and `agent`. Options are plain
 * fixtures, so `test.override({ tmuxOptions: { … } })` sets them per file or `describe`.
 */
import type { TestContext } from 'vitest';
import { SHELL, VITEST } from '../defaults.js';
import type { ChatClient } from '../agent/index.js';
import { Shell, newMarkNonce, shellAppOptions } from '../app/index.js';
import type { TrackShellWait } from '../app/index.js';
import { TmuxServer } from '../host/index.js';
import { AgentHandle } from './agent-handle.js';
import type { AgentFixtureOptions } from './agent-handle.js';
import { TmuxAppHandle } from './app-handle.js';
import type { TmuxAppFixtureOptions } from './app-handle.js';
import { saveEvidence } from './evidence.js';
import { forgetRun, keepTranscripts, markRunStart } from './report-kept.js';
import type { RecordingMode } from './evidence.js';
import { testAttachmentStem } from './paths.js';
import { checkRecordingMode } from './options.js';
import { markTestStart, testDeadline, trackWait, watchScreen } from './test-timeout.js';
import { OtherApps, SHELL_APP_NAME, checkShellOptions, createLaunchApp } from './other-apps.js';
import type { LaunchApp, ShellFixtureOptions } from './other-apps.js';

/**
 * The `shell` fixture's type, for helpers that take it: `async function login(shell: ShellFixture)`.
 * (`Shell` alone is the type of `Shell.start()`'s, whose `app` is a `TmuxApp`; a helper for both
 * takes `Shell<ShellApp>`, whose `app` has only what `Shell` itself uses.)
 */
export type ShellFixture = Shell<TmuxAppHandle>;

/** Fixtures set up once per Vitest worker. */
export interface TmuxShotWorkerFixtures {
  /** The worker's private tmux server (own socket in a 0700 temp dir, pinned config). */
  tmuxServer: TmuxServer;
}

/** Fixtures set up for each test that uses them. */
export interface TmuxShotTestFixtures {
  /** Options of `tmuxApp`; `{}` unless overridden. @default {} */
  tmuxOptions: TmuxAppFixtureOptions;
  /**
   * When the app session is saved as a GIF; also settable in the config with
   * `provide: { tmuxRecording: 'always' }`. @default 'on-failure'
   */
  tmuxRecording: RecordingMode;
  /** The test's app: started before the test when `tmuxOptions.command` is set; closed after it. */
  tmuxApp: TmuxAppHandle;
  /**
   * Starts another app in the test (Playwright's `context.newPage()`), with the options of the call
   * over `tmuxOptions`, named `app2`, `app3`… or by `name`; closed after the test, its failure
   * screen and GIF saved as `<test>@<name>-failure.png`, `-recording.gif`.
   */
  launchApp: LaunchApp;
  /** Options of `shell`. @default {} (bash) */
  shellOptions: ShellFixtureOptions;
  /**
   * A shell at its prompt, in an app named `shell` (`shell.app`, a handle like `tmuxApp`):
   * `await shell.run('make test')` gives `{ output, exitCode }`. Closed after the test.
   */
  shell: ShellFixture;
  /** The model the `agent` talks to; undefined means the environment's (OPENAI_API_KEY / OPENAI_BASE_URL). @default undefined */
  agentModel: ChatClient | undefined;
  /** Options of every `agent.run` (model name, maxSteps, delay…). @default {} */
  agentOptions: AgentFixtureOptions;
  /** An agent bound to `tmuxApp`. */
  agent: AgentHandle;
}

/** Every tmux-shot fixture. */
export type TmuxShotFixtures = TmuxShotWorkerFixtures & TmuxShotTestFixtures;

type Use<T> = (value: T) => Promise<void>;

/** What every fixture that starts apps (`tmuxApp`, `launchApp`, `shell`) takes from the test context. */
type AppFixtureContext = { tmuxRecording: RecordingMode; tmuxServer: TmuxServer } & Pick<TestContext, 'task' | 'onTestFinished'>;

/**
 * The fixture definitions, for `test.extend` — already applied in this module's `test`; use them
 * to add tmux-shot to a `test` of your own:
 * `const test = myTest.extend<TmuxShotFixtures>(tmuxShotFixtures)` (importing them also registers
 * the matchers).
 */
export const tmuxShotFixtures = {
  tmuxServer: [
    async ({}: object, use: Use<TmuxServer>) => {
      const server = await TmuxServer.create({ spareSession: true }); // each test's app starts in a session prepared meanwhile
      try {
        await use(server);
      } finally {
        await server.dispose();
      }
    },
    { scope: 'worker' as const },
  ] as [(context: object, use: Use<TmuxServer>) => Promise<void>, { scope: 'worker' }],
  tmuxOptions: [{}, { scope: 'test' }] as [TmuxAppFixtureOptions, { scope: 'test' }],
  tmuxRecording: [VITEST.recording, { scope: 'test', injected: true }] as [RecordingMode, { scope: 'test'; injected: true }],
  tmuxApp: async (
    { tmuxOptions, tmuxRecording, tmuxServer, task, onTestFinished }: { tmuxOptions: TmuxAppFixtureOptions } & AppFixtureContext,
    use: Use<TmuxAppHandle>,
  ) => {
    markTestStart(task); // set up inside the test's timer, right after the worker's tmux server
    markRunStart(task); // where this run's errors begin, for its report
    onTestFinished(() => forgetRun(task)); // after every fixture's teardown: the report is written
    const recording = checkRecordingMode(tmuxRecording);
    const handle = new TmuxAppHandle(tmuxOptions, tmuxServer, task);
    watchScreen(task, () => (handle.started ? handle.text() : undefined));
    // When the test times out inside the start below, Vitest never resumes this function for
    // teardown, but it awaits this hook before the next test: close() stops the start.
    onTestFinished(() => handle.close());
    try {
      if (tmuxOptions.command !== undefined) await handle.start();
      await use(handle);
    } finally {
      await handle.close();
    }
    // After close: an app that floods its terminal would otherwise keep the worker busy while the
    // GIF is drawn (a 49 s teardown here, 4 s after), and the screen saved is the final one.
    await saveEvidence(task, handle, recording);
  },
  launchApp: async (
    { tmuxOptions, tmuxRecording, tmuxServer, task, onTestFinished }: { tmuxOptions: TmuxAppFixtureOptions } & AppFixtureContext,
    use: Use<LaunchApp>,
  ) => {
    markRunStart(task);
    onTestFinished(() => forgetRun(task));
    const recording = checkRecordingMode(tmuxRecording);
    const apps = new OtherApps(tmuxServer, task);
    onTestFinished(() => apps.close()); // as tmuxApp: a test that timed out inside a start
    try {
      await use(createLaunchApp(apps, tmuxOptions));
    } finally {
      await apps.close();
    }
    await apps.saveEvidence(recording);
  },
  shellOptions: [{}, { scope: 'test' }] as [ShellFixtureOptions, { scope: 'test' }],
  shell: async (
    { shellOptions, tmuxRecording, tmuxServer, task, onTestFinished }: { shellOptions: ShellFixtureOptions } & AppFixtureContext,
    use: Use<ShellFixture>,
  ) => {
    markRunStart(task);
    onTestFinished(() => forgetRun(task));
    const recording = checkRecordingMode(tmuxRecording);
    const checked = checkShellOptions(shellOptions);
    const nonce = newMarkNonce();
    const handle = new TmuxAppHandle({}, tmuxServer, task, SHELL_APP_NAME);
    onTestFinished(() => handle.close());
    try {
      await handle.start(shellAppOptions(checked, nonce));
      const track: TrackShellWait = (what, timeout, wait) => trackWait(task, { what, timeout, screenText: () => handle.text() }, wait);
      await use(await Shell.attach(handle, checked.shell ?? SHELL.shell, { nonce, timeout: checked.timeout, deadline: () => testDeadline(task), track }));
    } finally {
      await handle.close();
    }
    await saveEvidence(task, handle, recording);
  },
  agentModel: [undefined, { scope: 'test' }] as [ChatClient | undefined, { scope: 'test' }],
  agentOptions: [{}, { scope: 'test' }] as [AgentFixtureOptions, { scope: 'test' }],
  agent: async (
    {
      tmuxApp,
      agentModel,
      agentOptions,
      task,
    }: { tmuxApp: TmuxAppHandle; agentModel: ChatClient | undefined; agentOptions: AgentFixtureOptions; task: TestContext['task'] },
    use: Use<AgentHandle>,
  ) => {
    const agent = new AgentHandle(tmuxApp, agentModel, agentOptions, `${testAttachmentStem(task)}-agent`);
    await use(agent);
    keepTranscripts(task, agent.transcripts); // for tmuxApp's report: tmuxApp is torn down after the agent
    await agent.close();
  },
};
