/**
 * A finished agent run as a generated test (pure): the model's actions as repaired and executed
 * (the transcript's tool calls that ran), each followed by a wait on what it made appear, the
 * `finish` evidence as assertions, and a final screenshot — a test that replays without a model.
 */
import { type AgentTranscript, evidencePattern, type TranscriptToolCall } from '../agent/index.js';
import { WAIT } from '../defaults.js';
import { appearedText, volatileMasks } from './appeared-text.js';
import { type GeneratedTest, observedTimeout, type TestStep, testTimeout } from './test-steps.js';

/** The app the agent drove, as the generated test's `tmuxOptions` give it. */
export type AgentApp = Pick<GeneratedTest, 'command' | 'cols' | 'rows' | 'env' | 'cwd'>;

/** The name of the generated test's final screenshot. */
export const FINAL_SCREENSHOT = 'finished';

/** Why a run that ended with `outcome` (not `finished`) writes no test. */
export function notFinishedReason(outcome: string): string {
  return `the run did not finish (${outcome}): a test is written only from a finished run, whose actions reached the goal`;
}

/**
 * The test of a `finished` run `transcript` on `app`: titled with the goal, the steps of
 * {@link agentRunSteps}, and its own timeout when a long wait has one (see `testTimeout`). The
 * transcript has no clock, so the model's waits are what was observed to take time.
 */
export function agentRunTest(transcript: AgentTranscript, app: AgentApp): GeneratedTest {
  const steps = agentRunSteps(transcript);
  const timeout = testTimeout(steps);
  return {
    title: transcript.prompt,
    comment: ['Written by tmux-shot from an agent run: the actions the model took, without the model.'],
    ...app,
    steps,
    ...(timeout === undefined ? {} : { timeout }),
  };
}

/**
 * The steps of a run: per tool call that ran (`ok`), in order — `send_keys` → `press` (its keys,
 * then `Enter` when asked), `type_text` → `type` (then `press('Enter')` when asked), each followed
 * by an `expectText` on the text it made appear (`appearedText` of the call's screens; none when
 * nothing stable appeared); `wait` → a `waitForText` on what appeared while it waited (nothing when
 * nothing did: never a sleep); `screenshot` and `read_text` change nothing and are left out. Then
 * the accepted `finish` evidence, each an `expectText` (a `/…/` entry as a RegExp, as the agent
 * checked it), skipping one equal to the wait or assertion just before; then a screenshot named
 * {@link FINAL_SCREENSHOT}, masking the volatile text (`volatileMasks`) of the last screen seen. A
 * `wait` longer than a wait's default gets `{ timeout }` of twice it (see `observedTimeout`).
 */
export function agentRunSteps(transcript: AgentTranscript): TestStep[] {
  const steps: TestStep[] = [];
  const calls = okCalls(transcript);
  for (const call of calls) steps.push(...callSteps(call));
  for (const entry of transcript.evidence ?? []) {
    const text = evidencePattern(entry);
    const last = steps.at(-1);
    if (!((last?.kind === 'expectText' || last?.kind === 'waitForText') && String(last.text) === String(text))) steps.push({ kind: 'expectText', text });
  }
  const screen = calls.findLast((call) => call.screens)?.screens?.after.split('\n') ?? [];
  const mask = volatileMasks(screen);
  steps.push(mask.length > 0 ? { kind: 'screenshot', name: FINAL_SCREENSHOT, mask } : { kind: 'screenshot', name: FINAL_SCREENSHOT });
  return steps;
}

/** The tool calls of the run that ran (`ok`), in order. */
function okCalls(transcript: AgentTranscript): TranscriptToolCall[] {
  return transcript.turns.flatMap((turn) => turn.toolCalls).filter((call) => call.ok);
}

/** How long a `wait` call waited, in ms (its `seconds`; 0 when unreadable). */
function waitMs(call: TranscriptToolCall): number {
  const seconds = Number((JSON.parse(call.arguments) as Record<string, unknown>)['seconds']);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

function callSteps(call: TranscriptToolCall): TestStep[] {
  const args = JSON.parse(call.arguments) as Record<string, unknown>;
  const enter: TestStep[] = args['enter'] === true ? [{ kind: 'press', keys: ['Enter'] }] : [];
  const appeared = call.screens ? appearedText(call.screens.before.split('\n'), call.screens.after.split('\n')) : undefined;
  switch (call.name) {
    case 'send_keys': {
      const keys = String(args['keys'])
        .split(/\s+/)
        .filter((key) => key !== '');
      return [{ kind: 'press', keys }, ...enter, ...expectAppeared(appeared)];
    }
    case 'type_text':
      return [{ kind: 'type', text: String(args['text']) }, ...enter, ...expectAppeared(appeared)];
    case 'wait': {
      const timeout = observedTimeout(waitMs(call), WAIT.timeout);
      if (appeared === undefined) return [];
      return [timeout === undefined ? { kind: 'waitForText', text: appeared } : { kind: 'waitForText', text: appeared, timeout }];
    }
    default:
      return [];
  }
}

function expectAppeared(text: string | RegExp | undefined): TestStep[] {
  return text === undefined ? [] : [{ kind: 'expectText', text }];
}
