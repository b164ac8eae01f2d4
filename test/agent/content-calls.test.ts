import { describe, expect, it } from 'vitest';
import { readContentCalls } from '../../src/agent/content-calls.js';
import { ACTION_TOOLS, toolSpecs } from '../../src/agent/tools.js';

const SPECS = toolSpecs(ACTION_TOOLS);

const calls = (...pairs: [string, string][]) =>
  pairs.map(([name, args], i) => ({ id: `content_call_3_${i + 1}`, type: 'function', function: { name, arguments: args } }));

describe('readContentCalls: calls written in the content, one row per report', () => {
  it.each([
    [
      'ggml-org/llama.cpp#14697 (devstral): {"tool_calls": […]} pretty-printed',
      '{\n  "tool_calls": [\n    {\n      "name": "send_keys",\n      "arguments": {\n        "keys": "Down"\n      },\n      "id": "162875335"\n    }\n  ]\n}',
      '{"tool_calls": […]} object',
      calls(['send_keys', '{"keys":"Down"}']),
    ],
    [
      'jundot/omlx#2565 (Qwen2.5-Coder): a raw JSON object',
      '{"name": "type_text", "arguments": {"text": "hello", "enter": true}}',
      'JSON object',
      calls(['type_text', '{"text":"hello","enter":true}']),
    ],
    [
      'nugget/thane-ai-agent PR#21 (granite on Ollama): a JSON list',
      '[{"name": "send_keys", "arguments": {"keys": "Down"}}, {"name": "read_text", "arguments": {}}]',
      'JSON list',
      calls(['send_keys', '{"keys":"Down"}'], ['read_text', '{}']),
    ],
    [
      'nugget/thane-ai-agent PR#21 (qwen2.5-coder): <tool_call> tags, prose before',
      'I will move down.\n<tool_call>\n{"name": "send_keys", "arguments": {"keys": "Down"}}\n</tool_call>',
      '<tool_call> tags',
      calls(['send_keys', '{"keys":"Down"}']),
    ],
    [
      'vllm-project/vllm#54964 (Granite 4 via hermes): arguments a JSON string inside the tag',
      '<tool_call>{"name": "send_keys", "arguments": "{\\n  \\"keys\\": \\"Enter\\"\\n}"}</tool_call>',
      '<tool_call> tags',
      calls(['send_keys', '{\n  "keys": "Enter"\n}']),
    ],
    [
      'Qwen: two <tool_call> blocks, the last unclosed',
      '<tool_call>{"name": "send_keys", "arguments": {"keys": "Down"}}</tool_call>\n<tool_call>{"name": "read_text", "arguments": {}}',
      '<tool_call> tags',
      calls(['send_keys', '{"keys":"Down"}'], ['read_text', '{}']),
    ],
    [
      'BenedictKing/ccx#60: a <function_calls> block',
      '<function_calls>\n<invoke name="send_keys">\n<parameter name="keys">Down Down</parameter>\n<parameter name="enter">true</parameter>\n</invoke>\n</function_calls>',
      '<function_calls> block',
      calls(['send_keys', '{"keys":"Down Down","enter":true}']),
    ],
    [
      'raullenchai/Rapid-MLX#1071 (Devstral): [TOOL_CALLS]name[ARGS]{…}',
      '[TOOL_CALLS]type_text[ARGS]{"text": "Bob"}',
      '[TOOL_CALLS]name[ARGS]',
      calls(['type_text', '{"text":"Bob"}']),
    ],
    [
      'raullenchai/Rapid-MLX#1071: two [TOOL_CALLS]name[ARGS] in a row',
      '[TOOL_CALLS]send_keys[ARGS]{"keys": "Down"}[TOOL_CALLS]read_text[ARGS]{}',
      '[TOOL_CALLS]name[ARGS]',
      calls(['send_keys', '{"keys":"Down"}'], ['read_text', '{}']),
    ],
    [
      'ml-explore/mlx-lm#1374 (Ministral-8B, Mistral-7B-v0.3): [TOOL_CALLS] [{…}]',
      '[TOOL_CALLS] [{"name": "send_keys", "arguments": {"keys": "Enter"}}]',
      '[TOOL_CALLS] list',
      calls(['send_keys', '{"keys":"Enter"}']),
    ],
    [
      'Llama 3.1 (<|python_tag|> JSON with "parameters")',
      '<|python_tag|>{"name": "send_keys", "parameters": {"keys": "q"}}<|eom_id|>',
      '<|python_tag|> prefix',
      calls(['send_keys', '{"keys":"q"}']),
    ],
    [
      'Qwen2.5 in Ollama: the JSON in a ```json fence',
      '```json\n{"name": "finish", "arguments": {"summary": "done"}}\n```',
      '```json fence',
      calls(['finish', '{"summary":"done"}']),
    ],
    [
      'OpenAI-shaped call objects in a list',
      '[{"id": "x", "type": "function", "function": {"name": "functions.read_text", "arguments": "{}"}}]',
      'JSON list',
      calls(['functions.read_text', '{}']),
    ],
  ])('%s', (_report, content, format, expected) => {
    expect(readContentCalls({ content }, SPECS, 'content_call_3_')).toEqual({ kind: 'calls', calls: expected, format, field: 'content' });
  });
});

describe('readContentCalls: reasoning models', () => {
  it('reads the reasoning field when the content is empty (vllm-project/vllm-ascend#8042, DeepSeek-V3.2)', () => {
    expect(readContentCalls({ content: null, reasoning: '<tool_call>{"name": "read_text", "arguments": {}}</tool_call>' }, SPECS, 'c_')).toEqual({
      kind: 'calls',
      calls: [{ id: 'c_1', type: 'function', function: { name: 'read_text', arguments: '{}' } }],
      format: '<tool_call> tags',
      field: 'reasoning',
    });
  });

  it('drops a <think> block left in the content (deepseek-ai/DeepSeek-R1#342)', () => {
    expect(
      readContentCalls({ content: '<think>The menu is open. {"name": "wait"}</think>\n{"name": "read_text", "arguments": {}}' }, SPECS, 'c_'),
    ).toMatchObject({
      kind: 'calls',
      calls: [{ function: { name: 'read_text', arguments: '{}' } }],
      format: 'JSON object',
    });
  });

  it('reads the reasoning when the content is only a <think> block', () => {
    expect(readContentCalls({ content: '<think>hmm</think>', reasoning: '{"name": "wait", "arguments": {"seconds": 1}}' }, SPECS, 'c_')).toMatchObject({
      kind: 'calls',
      field: 'reasoning',
      calls: [{ function: { name: 'wait', arguments: '{"seconds":1}' } }],
    });
  });
});

describe('readContentCalls: no call, or an ambiguous one', () => {
  it.each([
    ['prose', 'The menu shows three items; I am done.'],
    ['empty content and reasoning', ''],
    ['JSON naming no offered tool (data)', '{"name": "Alice", "arguments": {"age": 3}}'],
    ['a JSON value that is not a call', '{"items": ["Apple", "Banana"]}'],
    ['a list mixing an offered tool and another name', '[{"name": "read_text"}, {"name": "Bob"}]'],
    ['prose with JSON naming no tool', 'The config is {"name": "demo", "arguments": {}} as shown.'],
  ])('%s → none', (_what, content) => {
    expect(readContentCalls({ content }, SPECS, 'c_')).toEqual({ kind: 'none' });
  });

  it('answers JSON naming a tool inside prose with one error naming the shape', () => {
    expect(readContentCalls({ content: 'To go down you could send {"name": "send_keys", "arguments": {"keys": "Down"}} and then look.' }, SPECS, 'c_')).toEqual(
      {
        kind: 'ambiguous',
        reason: 'with a call inside other text',
        error:
          'error: your reply has text with a call of send_keys written in it, so nothing was run; call the tool through tool_calls, or reply with only the call as JSON: {"name": "<tool>", "arguments": {…}}',
      },
    );
  });

  it('answers a fenced call with prose around it as ambiguous too', () => {
    expect(readContentCalls({ content: 'Next:\n```json\n{"name": "read_text", "arguments": {}}\n```\nThen I will check.' }, SPECS, 'c_')).toMatchObject({
      kind: 'ambiguous',
    });
  });

  it.each([
    ['<tool_call> tags', '<tool_call>send_keys Down</tool_call>', '<tool_call>{"name": "<tool>", "arguments": {…}}</tool_call>'],
    ['[TOOL_CALLS] list', '[TOOL_CALLS] [{"name": "send_keys", "arguments": {"keys": "Down"}', '[TOOL_CALLS] [{"name": "<tool>", "arguments": {…}}]'],
    ['[TOOL_CALLS]name[ARGS]', '[TOOL_CALLS]send_keys[ARGS]Down', '[TOOL_CALLS]<tool>[ARGS]{…}'],
    ['<|python_tag|> prefix', '<|python_tag|>brave_search.call(query="x")', '<|python_tag|>{"name": "<tool>", "parameters": {…}}'],
    [
      '<function_calls> block',
      '<function_calls>\n</function_calls>',
      '<function_calls><invoke name="<tool>"><parameter name="…">…</parameter></invoke></function_calls>',
    ],
  ])('a %s that cannot be read is ambiguous', (format, content, shape) => {
    expect(readContentCalls({ content }, SPECS, 'c_')).toEqual({
      kind: 'ambiguous',
      reason: 'with a call that cannot be read',
      error: `error: I cannot read a call in the ${format} of your reply, so nothing was run; write ${shape}, or call the tool through tool_calls, or reply with only the call as JSON: {"name": "<tool>", "arguments": {…}}`,
    });
  });

  it('keeps a marked call of a tool that is not offered (repair refuses it, naming the valid tools)', () => {
    expect(readContentCalls({ content: '<tool_call>{"name": "click", "arguments": {}}</tool_call>' }, SPECS, 'c_')).toMatchObject({
      kind: 'calls',
      calls: [{ function: { name: 'click' } }],
    });
  });
});
