import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../src/agent/chat.js';
import { scriptedModel, toolCall } from '../../src/agent/scripted-model.js';
import { TmuxShotError } from '../../src/errors.js';

const request = (content: string): ChatRequest => ({ model: 'fake', messages: [{ role: 'user', content }], tools: [] });

describe('scriptedModel', () => {
  it('replies in order, throws scripted errors, and copies each request when it is made', async () => {
    const boom = new Error('boom');
    const usage = { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 };
    const model = scriptedModel([{ content: 'hi' }, boom, { tool_calls: [toolCall('finish', { summary: 'ok' }, 'c1')], usage }]);
    const params = request('one');
    expect(await model.chat.completions.create(params)).toEqual({ choices: [{ message: { role: 'assistant', content: 'hi' } }] });
    params.messages.push({ role: 'user', content: 'two' });
    await expect(model.chat.completions.create(params)).rejects.toBe(boom);
    expect(await model.chat.completions.create(params)).toEqual({
      choices: [
        {
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'c1', type: 'function', function: { name: 'finish', arguments: '{"summary":"ok"}' } }],
          },
        },
      ],
      usage,
    });
    expect(model.requests.map((r) => r.messages.length)).toEqual([1, 2, 2]);
    expect(model.remaining).toBe(0);
  });

  it('says clearly when the script runs out', async () => {
    const model = scriptedModel([{ content: 'only' }]);
    await model.chat.completions.create(request('a'));
    const error = await model.chat.completions.create(request('b')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TmuxShotError);
    expect((error as Error).message).toBe(
      'scriptedModel: the script ran out — request 2 has no reply (the script had 1 items). Add replies to the script or lower maxSteps.',
    );
  });
});

describe('toolCall', () => {
  it('builds the raw OpenAI shape, with raw argument strings for malformed calls', () => {
    expect(toolCall('send_keys', { keys: 'Down Down' }, 'call_9')).toEqual({
      id: 'call_9',
      type: 'function',
      function: { name: 'send_keys', arguments: '{"keys":"Down Down"}' },
    });
    expect(toolCall('send_keys', 'not json', 'x').function.arguments).toBe('not json');
    expect(toolCall('read_text', undefined, 'y').function.arguments).toBe('{}');
    expect(toolCall('read_text').id).not.toBe(toolCall('read_text').id);
  });
});
