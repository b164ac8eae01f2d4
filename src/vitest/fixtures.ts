/**
 * The fixtures: `tmuxServer` (one private tmux server per Vitest worker), `tmuxOptions` and
 * `tmuxApp` (one app per test), `agentModel`, `agentOptions` and `agent`. Options are plain
 * fixtures, so `test.override({ tmuxOptions: { … } })` sets them per file or `describe`.
 */
import { join } from 'node:path';
import type { TestContext } from 'vitest';
import { VITEST } from '../defaults.js';
import type { ChatClient } from '../agent/index.js';
import { TmuxServer } from '../host/index.js';
import { AgentHandle } from './agent-handle.js';
import type { AgentFixtureOptions } from './agent-handle.js';
import { TmuxAppHandle } from './app-handle.js';
import type { TmuxAppFixtureOptions } from './app-handle.js';
import { failureDocumented } from './artifacts.js';
import { saveFailureScreen } from './failure-screen.js';
import { projectRoot, testAttachmentStem } from './paths.js';

/** Fixtures set up once per Vitest worker. */
export interface TmuxShotWorkerFixtures {
  /** The worker's private tmux server (own socket in a 0700 temp dir, pinned config). */
  tmuxServer: TmuxServer;
}

/** Fixtures set up for each test that uses them. */
export interface TmuxShotTestFixtures {
  /** Options of `tmuxApp`; `{}` unless overridden. @default {} */
  tmuxOptions: TmuxAppFixtureOptions;
  /** The test's app: started before the test when `tmuxOptions.command` is set; closed after it. */
  tmuxApp: TmuxAppHandle;
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

/**
 * Saves the failure screen when the test failed, the app ran, and no screenshot assertion
 * documented the failure. A problem here is printed, never thrown: it must not hide the test's
 * own error or fail a test that a retry made pass.
 */
async function captureFailure(task: TestContext['task'], handle: TmuxAppHandle): Promise<void> {
  if (task.result?.state !== 'fail' || !handle.started || handle.options.failureScreen === false || failureDocumented(task)) return;
  try {
    await saveFailureScreen(task, handle.screen(), handle.renderOptions);
  } catch (error) {
    console.warn(`tmux-shot: could not save the last screen of '${task.fullTestName}': ${(error as Error).message}`);
  }
}

/**
 * The fixture definitions, for `test.extend` — already applied in this module's `test`; use them
 * to add tmux-shot to a `test` of your own: `const test = myTest.extend(tmuxShotFixtures)`.
 */
export const tmuxShotFixtures = {
  tmuxServer: [
    async ({}: object, use: Use<TmuxServer>) => {
      const server = await TmuxServer.create();
      try {
        await use(server);
      } finally {
        await server.dispose();
      }
    },
    { scope: 'worker' as const },
  ] as [(context: object, use: Use<TmuxServer>) => Promise<void>, { scope: 'worker' }],
  tmuxOptions: [{}, { scope: 'test' }] as [TmuxAppFixtureOptions, { scope: 'test' }],
  tmuxApp: async (
    { tmuxOptions, tmuxServer, task }: { tmuxOptions: TmuxAppFixtureOptions; tmuxServer: TmuxServer; task: TestContext['task'] },
    use: Use<TmuxAppHandle>,
  ) => {
    const handle = new TmuxAppHandle(tmuxOptions, tmuxServer);
    try {
      if (tmuxOptions.command !== undefined) await handle.start();
      await use(handle);
      await captureFailure(task, handle);
    } finally {
      await handle.close();
    }
  },
  agentModel: [undefined, { scope: 'test' }] as [ChatClient | undefined, { scope: 'test' }],
  agentOptions: [{}, { scope: 'test' }] as [AgentFixtureOptions, { scope: 'test' }],
  agent: async (
    { tmuxApp, agentModel, agentOptions, task }: { tmuxApp: TmuxAppHandle; agentModel: ChatClient | undefined; agentOptions: AgentFixtureOptions; task: TestContext['task'] },
    use: Use<AgentHandle>,
  ) => {
    const root = projectRoot(task.file);
    const stem = testAttachmentStem(root, join(root, VITEST.attachmentsDir), task.file.filepath, task.fullTestName, task.result?.retryCount ?? 0);
    await use(new AgentHandle(tmuxApp, agentModel, agentOptions, `${stem}-agent`));
  },
};
