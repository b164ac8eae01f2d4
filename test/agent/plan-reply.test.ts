import { describe, expect, it } from 'vitest';
import { readPlan } from '../../src/agent/plan-reply.js';
import { toolCall } from '../../src/agent/scripted-model.js';

describe('readPlan', () => {
  it('reads, repairs and normalizes the first propose_plan call', () => {
    expect(readPlan({ tool_calls: [toolCall('functions.propose_plan<|channel|>x', { chunks: ['1. a 2. b', 'c'] })] })).toEqual({
      chunks: ['a', 'b', 'c'],
      split: true,
    });
  });

  it.each([
    [{ content: 'Here is my plan: …' }, 'propose_plan was not called'],
    [{ tool_calls: [toolCall('propose_plan', '{}')] }, "error: missing required argument 'chunks'"],
    [{ tool_calls: [toolCall('send_keys', { keys: 'q' })] }, "error: tool 'send_keys' is not available now; valid tools: propose_plan"],
    [{ tool_calls: [toolCall('propose_plan', { chunks: ['1.  '] })] }, 'the plan has no chunks'],
  ])('says why there is no plan in %j', (message, problem) => {
    expect(readPlan(message)).toEqual({ problem });
  });
});
