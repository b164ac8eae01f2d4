// The transcript's pure parts: the recorder (turns, shots and their cap), what repair says it
// changed, and the reasoning a reply carries.
import { describe, expect, it } from 'vitest';
import { readReply, type ToolCall } from '../../src/agent/chat.js';
import { describeRepair, repairToolCall } from '../../src/agent/repair.js';
import { ACTION_TOOLS } from '../../src/agent/tools.js';
import { errorSummary, TranscriptRecorder } from '../../src/agent/transcript.js';
import { AGENT_LOOP } from '../../src/defaults.js';

const png = (n: number) => new Uint8Array([n]);

describe('TranscriptRecorder', () => {
  it('fills the open turn with its calls and shots, and ends with the outcome and the accepted evidence', () => {
    const recorder = new TranscriptRecorder('run', 'choose Save');
    recorder.shot('tick-0000', png(0)); // before the first reply: goes into the first turn
    recorder.turn({ label: 'step 1', source: 'live', retries: 1, text: 'Moving.', reasoning: 'Save is one down.' });
    recorder.toolCall({ id: 'a', name: 'send_keys', arguments: '{"keys":"Down"}', result: 'ok: pressed Down', ok: true });
    recorder.turn({ label: 'step 2', source: 'live', retries: 0, text: null });
    recorder.shot('moved', png(1));
    recorder.evidence(['> Save']);
    expect(recorder.end('finished', 'Save chosen')).toEqual({
      kind: 'run',
      prompt: 'choose Save',
      turns: [
        {
          label: 'step 1',
          text: 'Moving.',
          reasoning: 'Save is one down.',
          toolCalls: [{ id: 'a', name: 'send_keys', arguments: '{"keys":"Down"}', result: 'ok: pressed Down', ok: true }],
          shots: [{ label: 'tick-0000', png: png(0) }],
          retries: 1,
          source: 'live',
        },
        { label: 'step 2', toolCalls: [], shots: [{ label: 'moved', png: png(1) }], retries: 0, source: 'live' },
      ],
      outcome: 'finished',
      summary: 'Save chosen',
      evidence: ['> Save'],
    });
  });

  it('keeps the newest shots within the budget and counts the dropped ones per turn', () => {
    const recorder = new TranscriptRecorder('run', 'demo', 3);
    recorder.shot('tick-0000', png(0));
    recorder.shot('tick-0001', png(1));
    recorder.turn({ label: 'step 1', source: 'live', retries: 0 });
    recorder.shot('tick-0002', png(2));
    recorder.turn({ label: 'step 2', source: 'live', retries: 0 });
    recorder.shot('tick-0003', png(3));
    recorder.shot('tick-0004', png(4));
    const { turns } = recorder.end('duration-elapsed', '');
    expect(turns.map((t) => [t.shots.map((s) => s.label), t.droppedShots])).toEqual([
      [['tick-0002'], 2],
      [['tick-0003', 'tick-0004'], undefined],
    ]);
  });

  it('drops shots taken before any turn when they alone pass the budget, and counts them on the first turn', () => {
    const recorder = new TranscriptRecorder('run', 'demo', 1);
    recorder.shot('tick-0000', png(0));
    recorder.shot('tick-0001', png(1));
    recorder.turn({ label: 'step 1', source: 'live', retries: 0, error: 'Model API unavailable' });
    expect(recorder.end('outage', 'Model API unavailable').turns).toEqual([
      {
        label: 'step 1',
        toolCalls: [],
        shots: [{ label: 'tick-0001', png: png(1) }],
        droppedShots: 1,
        retries: 0,
        source: 'live',
        error: 'Model API unavailable',
      },
    ]);
  });

  it('keeps 50 shots by default', () => {
    expect(AGENT_LOOP.transcriptShots).toBe(50);
    const recorder = new TranscriptRecorder('run', 'demo');
    recorder.turn({ label: 'step 1', source: 'live', retries: 0 });
    for (let i = 0; i < 60; i++) recorder.shot(`tick-${i}`, png(i));
    const [turn] = recorder.end('duration-elapsed', '').turns;
    expect([turn!.shots.length, turn!.shots[0]!.label, turn!.droppedShots]).toEqual([50, 'tick-10', 10]);
  });

  it('keeps the first ending: an invalid answer stays invalid when the error then propagates', () => {
    const recorder = new TranscriptRecorder('assert', 'the menu is open');
    const first = recorder.end('invalid', 'agent.assert("the menu is open"): the model\'s answer was invalid twice');
    expect(recorder.end('error', 'later')).toBe(first);
    expect(first).toEqual({ kind: 'assert', prompt: 'the menu is open', turns: [], outcome: 'invalid', summary: first.summary });
  });

  it.each([
    [new Error('HTTP 401 with Bearer sk-abcdefghijklmnopqrstuv'), 'HTTP 401 with Bearer [redacted]'],
    ['no key here', 'no key here'],
  ])('errorSummary(%s) redacts credentials of a known shape', (error, summary) => {
    expect(errorSummary(error)).toBe(summary);
  });
});

describe('describeRepair', () => {
  const raw = (name: string, args: string, id?: string): ToolCall => ({ ...(id ? { id } : {}), type: 'function', function: { name, arguments: args } });
  it.each<[string, ToolCall, string | undefined]>([
    ['nothing', raw('read_text', '{}', 'a'), undefined],
    ['a functions. prefix', raw('functions.send_keys', '{"keys":"Down"}', 'a'), 'stripped the functions. prefix'],
    ['a leaked token', raw('read_text<|channel|>commentary', '{}', 'a'), 'dropped the leaked template token "<|channel|>commentary"'],
    ['empty arguments', raw('read_text', ' ', 'a'), 'read empty arguments as {}'],
    ['no id', raw('read_text', '{}'), 'gave the call without an id the id call_2_1'],
    [
      'all of them',
      raw(' functions.read_text <|channel|>x', ''),
      'dropped the leaked template token "<|channel|>x"; stripped the functions. prefix; gave the call without an id the id call_2_1; read empty arguments as {}',
    ],
    ['not JSON (not repaired: the call fails)', raw('send_keys', 'Down', 'a'), undefined],
    ['empty arguments of an unknown tool (never parsed)', raw('jump', '', 'a'), undefined],
  ])('%s', (_, call, expected) => {
    expect(describeRepair(call, repairToolCall(call, ACTION_TOOLS, 'call_2_1'))).toBe(expected);
  });
});

describe('readReply reasoning', () => {
  const withMessage = (message: Record<string, unknown>) => ({ choices: [{ message: { role: 'assistant', content: 'hi', ...message } }] });
  it.each<[string, Record<string, unknown>, string | undefined]>([
    ['reasoning_content (DeepSeek, vLLM)', { reasoning_content: 'think' }, 'think'],
    ['reasoning (OpenRouter, Ollama)', { reasoning: 'ponder' }, 'ponder'],
    ['both: reasoning_content first', { reasoning_content: 'think', reasoning: 'ponder' }, 'think'],
    ['empty', { reasoning_content: '' }, undefined],
    ['not text', { reasoning: { effort: 'high' } }, undefined],
    ['none', {}, undefined],
  ])('%s', (_, message, reasoning) => {
    expect(readReply(withMessage(message), 'step 1').message).toEqual({ content: 'hi', tool_calls: [], ...(reasoning ? { reasoning } : {}) });
  });
});
