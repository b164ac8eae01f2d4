import { describe, expect, it } from 'vitest';
import { readReplyCalls } from '../../src/agent/reply-calls.js';
import { ACTION_TOOLS } from '../../src/agent/tools.js';

const EXPECTED = 'call the tool through tool_calls, or reply with only the call as JSON: {"name": "<tool>", "arguments": {…}}';
const TAG = '<tool_call>{"name": "<tool>", "arguments": {…}}</tool_call>';
const textAfter = (format: string, shape: string) =>
  `error: your reply has text after the ${format}, so nothing was run; end the reply with the calls, written ${shape}, or ${EXPECTED}`;
const read = (content: string | null, reasoning?: string) =>
  readReplyCalls({ content, tool_calls: [], ...(reasoning === undefined ? {} : { reasoning }) }, ACTION_TOOLS, 4);
/** What runs: name and arguments of each part, or the ambiguous error. */
const outcome = (r: ReturnType<typeof read>) =>
  'ambiguous' in r
    ? { source: r.source, reason: r.reason, ambiguous: r.ambiguous }
    : r.units.flatMap((u) => u.parts.map(({ call }) => (call.ok ? `${call.call.name} ${call.arguments}` : call.error)));

describe('readReplyCalls: a marked call counts only when it ends the text (issue 17 attack report)', () => {
  it.each([
    [
      'a <tool_call> example with prose after it',
      'To quit you would normally send <tool_call>{"name":"send_keys","arguments":{"keys":"q"}}</tool_call>, but I will not do that; the menu is still open.',
      textAfter('<tool_call> tags', TAG),
    ],
    [
      'an unclosed last tag with prose after its JSON',
      '<tool_call>{"name":"send_keys","arguments":{"keys":"q"}} and then I will check',
      textAfter('<tool_call> tags', TAG),
    ],
    [
      'prose between two tags',
      '<tool_call>{"name":"send_keys","arguments":{"keys":"C-c"}}</tool_call> would kill it, so: <tool_call>{"name":"send_keys","arguments":{"keys":"Down"}}</tool_call>',
      textAfter('<tool_call> tags', TAG),
    ],
    [
      '<|python_tag|> quoted in prose (vLLM llama3_json reads it only at the start)',
      'Llama uses <|python_tag|>{"name":"send_keys","parameters":{"keys":"q"}}',
      `error: your reply has text before the <|python_tag|> prefix, so nothing was run; start the reply with it, written <|python_tag|>{"name": "<tool>", "parameters": {…}}, or ${EXPECTED}`,
    ],
    [
      'an <invoke> after the <function_calls> block',
      '<function_calls></function_calls> example: <invoke name="send_keys"><parameter name="keys">q</parameter></invoke>',
      textAfter('<function_calls> block', '<function_calls><invoke name="<tool>"><parameter name="…">…</parameter></invoke></function_calls>'),
    ],
    [
      '[TOOL_CALLS] list with prose after it',
      '[TOOL_CALLS] [{"name":"send_keys","arguments":{"keys":"q"}}] is what Mistral would send.',
      textAfter('[TOOL_CALLS] list', '[TOOL_CALLS] [{"name": "<tool>", "arguments": {…}}]'),
    ],
    [
      '[TOOL_CALLS]name[ARGS] with prose after it',
      '[TOOL_CALLS]send_keys[ARGS]{"keys":"q"} but not yet',
      textAfter('[TOOL_CALLS]name[ARGS]', '[TOOL_CALLS]<tool>[ARGS]{…}'),
    ],
  ])('content: %s → nothing runs', (_what, content, error) => {
    expect(outcome(read(content))).toEqual({
      source: 'content',
      reason: error.includes('text before') ? 'with text before the call' : 'with text after the call',
      ambiguous: error,
    });
  });

  it('reasoning that weighs a call (DeepSeek V3.2 via vLLM puts calls there: vllm-ascend#8042) → nothing runs', () => {
    const reasoning = 'Option A: <tool_call>{"name":"send_keys","arguments":{"keys":"C-c"}}</tool_call> would kill it. Better to press Down. Let me';
    expect(outcome(read(null, reasoning))).toEqual({ source: 'reasoning', reason: 'with text after the call', ambiguous: textAfter('<tool_call> tags', TAG) });
  });

  it.each([
    ['prose before the tags (Hermes, Qwen)', 'I\'ll press Down.\n<tool_call>{"name":"send_keys","arguments":{"keys":"Down"}}</tool_call>\n'],
    ['an unclosed last tag ending the text', 'Pressing Down.\n<tool_call>{"name":"send_keys","arguments":{"keys":"Down"}}  \n'],
    ['<|python_tag|> starting the text', '<|python_tag|>{"name":"send_keys","parameters":{"keys":"Down"}}<|eom_id|>'],
    [
      'a <function_calls> block cut at its stop sequence',
      'Now:\n<function_calls>\n<invoke name="send_keys"><parameter name="keys">Down</parameter></invoke>\n',
    ],
  ])('%s → runs', (_what, content) => {
    expect(outcome(read(content))).toEqual(['send_keys {"keys":"Down"}']);
  });

  it('an <invoke> without a <function_calls> block is prose', () => {
    expect(outcome(read('<invoke name="send_keys"><parameter name="keys">q</parameter></invoke>'))).toEqual([]);
  });
});

describe('readReplyCalls: near-JSON inside markers is read as JSON5', () => {
  it.each([
    ['single quotes and a trailing comma in the arguments', `<tool_call>{"name": "send_keys", "arguments": {'keys': 'Down',}}</tool_call>`],
    ['a trailing comma', '<tool_call>{"name": "send_keys", "arguments": {"keys": "Down",}}</tool_call>'],
    ['unquoted keys after [ARGS]', "[TOOL_CALLS]send_keys[ARGS]{keys: 'Down'}"],
    ['a trailing comma after <|python_tag|>', '<|python_tag|>{"name": "send_keys", "parameters": {"keys": "Down",},}'],
  ])('%s', (_what, content) => {
    expect(outcome(read(content))).toEqual(['send_keys {"keys":"Down"}']);
  });
});

describe('readReplyCalls: smaller shapes', () => {
  it('reads a multi_tool_use.parallel wrapper written as the whole content', () => {
    const content = JSON.stringify({
      name: 'multi_tool_use.parallel',
      arguments: {
        tool_uses: [
          { recipient_name: 'functions.send_keys', parameters: { keys: 'Down' } },
          { recipient_name: 'functions.read_text', parameters: {} },
        ],
      },
    });
    expect(outcome(read(content))).toEqual(['send_keys {"keys":"Down"}', 'read_text {}']);
  });

  it("keeps a <parameter> value as text where the tool's schema wants a string", () => {
    const content =
      '<function_calls><invoke name="type_text"><parameter name="text">42</parameter><parameter name="enter">true</parameter></invoke></function_calls>';
    expect(outcome(read(content))).toEqual(['type_text {"text":"42","enter":true}']);
  });

  it('answers a whole-text list calling finish without a summary with the usual validation error', () => {
    expect(outcome(read('[{"name":"finish"}]'))).toEqual(["error: missing required argument 'summary'"]);
  });

  it('reads 100 KB of unclosed { as prose in linear time (a scan from every { was quadratic: 45 s)', () => {
    expect(outcome(read('{'.repeat(100_000)))).toEqual([]);
    expect(outcome(read(`say ${'{ "a": '.repeat(20_000)} then {"name": "send_keys", "arguments": {"keys": "q"}} ok`))).toMatchObject({
      reason: 'with a call inside other text',
    });
  });
});

describe('readReplyCalls: ids', () => {
  it('renames a repeated server id, so each tool message answers one call', () => {
    const call = (id: string) => ({ id, type: 'function', function: { name: 'read_text', arguments: '{}' } });
    const r = readReplyCalls({ content: null, tool_calls: [call('x'), call('x'), call('x')] }, ACTION_TOOLS, 2);
    expect(r.units.map((u) => [u.sent.id, u.parts[0]!.call.id, u.parts[0]!.call.repairs])).toEqual([
      ['x', 'x', undefined],
      ['x_2', 'x_2', ['renamed the repeated call id x to x_2']],
      ['x_3', 'x_3', ['renamed the repeated call id x to x_3']],
    ]);
  });
});
