/**
 * A finished agent run as a generated test (pure): the model's actions as repaired and executed
 * (the transcript's tool calls that ran), each followed by a wait on what it made appear, the
 * `finish` evidence as assertions, and a final screenshot — a test that replays without a model.
 */
import { type AgentTranscript, evidencePattern, type TranscriptToolCall } from '../agent/index.js';
import { WAIT } from '../defaults.js';
import { appearedText, promptAfter, volatileMasks } from './appeared-text.js';
import { assertionSteps, endsLine, type GeneratedTest, observedTimeout, type TestStep, testTimeout } from './test-steps.js';

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
 * by an assertion on what its keys made appear: `appearedText` from the screen just before its keys
 * to the screen just before the next keys (the next `send_keys` or `type_text`), or the last screen
 * seen — so an effect that arrived after the screen settled, while the model was thinking, is
 * waited for, and text already on the screen before the keys never is. `wait` calls between extend
 * that span: the assertion is then a `waitForText`, with `{ timeout }` of twice their length when
 * longer than a wait's default (see `observedTimeout`); a `wait` before any keys waits on what
 * appeared from its start. After a `type_text` with `enter`, the echo of its line does not count
 * (it shows before the command's output); after keys that end a line, the prompt they brought back
 * is waited for at its place too (`promptAfter`: the next keys must not reach a shell before it). Nothing when nothing stable appeared (never a sleep); `screenshot` and
 * `read_text` change nothing and are left out. Then the accepted `finish` evidence, each an
 * `expectText` (a `/…/` entry as a RegExp, as the agent checked it), skipping one equal to the wait
 * or assertion just before; then a screenshot named {@link FINAL_SCREENSHOT}, masking the volatile
 * text (`volatileMasks`) of the last screen seen.
 */
export function agentRunSteps(transcript: AgentTranscript): TestStep[] {
  const steps: TestStep[] = [];
  /**
   * The span of the last keys (or of waits before any): the screen before them, the latest seen,
   * how long the model waited, the line they entered (`echoes`) and whether they ended a line.
   */
  let span: { before: readonly string[]; latest: readonly string[]; waitedMs: number; waits: boolean; echoes: readonly string[]; line: boolean } | undefined;
  const close = (latest: readonly string[] | undefined) => {
    if (!span) return;
    const after = latest ?? span.latest;
    const appeared = appearedText(span.before, after, span.echoes);
    const prompt = span.line ? promptAfter(span.before, after, appeared, span.echoes) : undefined;
    steps.push(...assertionSteps(appeared, prompt, observedTimeout(span.waitedMs, WAIT.timeout), span.waits));
    span = undefined;
  };
  let last: readonly string[] = [];
  for (const call of okCalls(transcript)) {
    const screens = call.screens && { before: call.screens.before.split('\n'), after: call.screens.after.split('\n') };
    if (screens) last = screens.after;
    if (call.name === 'wait') {
      if (!screens) continue;
      const from = span ?? { before: screens.before, waitedMs: 0, echoes: [], line: false };
      span = { ...from, latest: screens.after, waitedMs: from.waitedMs + waitMs(call), waits: true };
    } else if (call.name === 'send_keys' || call.name === 'type_text') {
      close(screens?.before);
      const actions = actionSteps(call);
      steps.push(...actions);
      const last = actions.at(-1);
      if (screens)
        span = {
          before: screens.before,
          latest: screens.after,
          waitedMs: 0,
          waits: false,
          echoes: enteredLine(call),
          line: last !== undefined && endsLine(last),
        };
    }
  }
  close(undefined);
  for (const entry of transcript.evidence ?? []) {
    const text = evidencePattern(entry);
    const previous = steps.at(-1);
    if (!((previous?.kind === 'expectText' || previous?.kind === 'waitForText') && String(previous.text) === String(text)))
      steps.push({ kind: 'expectText', text });
  }
  const mask = volatileMasks(last);
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

/**
 * The line a `type_text` call typed with `enter`: its text and Enter came together, so the screen
 * before shows neither its echo nor its output, and its echo is not what the wait is on (`appearedText`'s `echoes`).
 */
function enteredLine(call: TranscriptToolCall): string[] {
  const args = JSON.parse(call.arguments) as Record<string, unknown>;
  return call.name === 'type_text' && args['enter'] === true ? [String(args['text'])] : [];
}

/** The input steps of a `send_keys` or `type_text` call: its keys or text, then `Enter` when asked. */
function actionSteps(call: TranscriptToolCall): TestStep[] {
  const args = JSON.parse(call.arguments) as Record<string, unknown>;
  const enter: TestStep[] = args['enter'] === true ? [{ kind: 'press', keys: ['Enter'] }] : [];
  if (call.name === 'type_text') return [{ kind: 'type', text: String(args['text']) }, ...enter];
  const keys = String(args['keys'])
    .split(/\s+/)
    .filter((key) => key !== '');
  return [{ kind: 'press', keys }, ...enter];
}
