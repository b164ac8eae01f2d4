// Where the agent decides to stop: each rule of stop.ts, as a table.
import { describe, expect, it } from 'vitest';
import {
  decideAfterTurn,
  endsPlannedRun,
  plannedRunEnding,
  stopBeforeChunk,
  stopBeforeTurn,
  waitsOutDuration,
  type AgentOutcome,
  type LoopState,
  type StepResult,
} from '../../src/agent/stop.js';
import { ModelApiError } from '../../src/errors.js';

const state = (change: Partial<LoopState> = {}): LoopState => ({ steps: 1, maxSteps: 30, timeLeft: Infinity, nudges: 0, rejections: 0, ...change });
const turn = (change: Partial<StepResult> = {}): StepResult => ({ hadToolCalls: true, finished: false, summary: '', ...change });
const screen = () => 'the screen';

describe('stopBeforeTurn', () => {
  it.each([
    [state(), undefined],
    [state({ steps: 30 }), { outcome: 'step-cap', summary: 'stopped after 30 steps without finish' }],
    [state({ timeLeft: 0 }), { outcome: 'duration-elapsed', summary: 'the time ran out before finish' }],
    [state({ steps: 30, timeLeft: 0 }), { outcome: 'step-cap', summary: 'stopped after 30 steps without finish' }],
  ])('%o → %o', (loop, ending) => {
    expect(stopBeforeTurn(loop)).toEqual(ending);
  });
});

describe('decideAfterTurn', () => {
  it.each([
    ['a turn that called tools goes on', turn(), state(), 'continue'],
    ['finish ends it', turn({ finished: true, summary: 'done' }), state(), { outcome: 'finished', summary: 'done' }],
    ['an outage ends it', turn({ hadToolCalls: false, outage: new ModelApiError('API down.', 502) }), state(), { outcome: 'outage', summary: 'API down.' }],
    ['a first rejected finish gets another chance', turn({ rejected: ['Saved'] }), state({ rejections: 1 }), 'continue'],
    [
      'a second rejected finish is unverified, with the screen',
      turn({ rejected: ['Saved'] }),
      state({ rejections: 2 }),
      { outcome: 'unverified', summary: 'finish evidence not on the screen: "Saved"\nScreen:\nthe screen' },
    ],
    ['no tool calls end an untimed run', turn({ hadToolCalls: false, summary: 'bye' }), state(), { outcome: 'no-tool-calls', summary: 'bye' }],
    ['no tool calls with time left are nudged', turn({ hadToolCalls: false }), state({ timeLeft: 5000 }), 'nudge'],
    [
      'no tool calls after 3 nudges end it',
      turn({ hadToolCalls: false, summary: 'no' }),
      state({ timeLeft: 5000, nudges: 3 }),
      { outcome: 'no-tool-calls', summary: 'no' },
    ],
    [
      'no tool calls with no time left end it',
      turn({ hadToolCalls: false, summary: 'no' }),
      state({ timeLeft: 0 }),
      { outcome: 'no-tool-calls', summary: 'no' },
    ],
  ])('%s', (_, result, loop, decision) => {
    expect(decideAfterTurn(result, loop, screen)).toEqual(decision);
  });
});

describe('planned runs', () => {
  it('stop before a chunk when the time is up, with the summaries so far', () => {
    expect(stopBeforeChunk(1, ['a'])).toBeUndefined();
    expect(stopBeforeChunk(0, ['a', 'b'])).toEqual({ outcome: 'duration-elapsed', summary: 'a; b' });
  });

  it.each([
    ['outage', true],
    ['step-cap', true],
    ['finished', false],
    ['no-tool-calls', false],
    ['unverified', false],
    ['duration-elapsed', false],
  ] as const)('a chunk ending in %s ends the run: %s', (outcome, ends) => {
    expect(endsPlannedRun({ outcome, summary: '' })).toBe(ends);
  });

  it('end as their last chunk did, with every summary', () => {
    expect(plannedRunEnding({ outcome: 'no-tool-calls', summary: 'c' }, ['a', 'b', 'c'])).toEqual({ outcome: 'no-tool-calls', summary: 'a; b; c' });
  });
});

describe('waitsOutDuration', () => {
  it.each([
    ['no-tool-calls', true],
    ['step-cap', true],
    ['finished', false],
    ['unverified', false],
    ['outage', false],
    ['duration-elapsed', false],
  ] as [AgentOutcome, boolean][])('%s: %s', (outcome, waits) => {
    expect(waitsOutDuration(outcome)).toBe(waits);
  });
});
