import { describe, expect, it } from 'vitest';
import { expandParallel, repairToolCall, repairToolName } from '../../src/agent/repair.js';
import { ACTION_TOOLS, PLANNING_TOOLS } from '../../src/agent/tools.js';

const call = (name: string, args: string, id = 'call_1') => ({ id, type: 'function', function: { name, arguments: args } });

describe('repairToolName', () => {
  it.each([
    ['read_text<|channel|>commentary', 'read_text'],
    ['screenshot<|channel|>commentary<|message|>{}', 'screenshot'],
    ['functions.send_keys', 'send_keys'],
    ['functions.send_keys<|channel|>analysis', 'send_keys'],
    ['  finish ', 'finish'],
    ['<|start|>send_keys', ''],
    ['send_keys', 'send_keys'],
  ])('%j → %j', (raw, expected) => {
    expect(repairToolName(raw)).toBe(expected);
  });
});

describe('repairToolCall', () => {
  it('dispatches a leaked-token name on the first try', () => {
    expect(repairToolCall(call('read_text<|channel|>commentary', '{}'), ACTION_TOOLS, 'x')).toEqual({
      ok: true,
      id: 'call_1',
      call: { name: 'read_text', args: {} },
      arguments: '{}',
    });
  });

  it('strips a functions. prefix', () => {
    expect(repairToolCall(call('functions.send_keys', '{"keys":"Down"}'), ACTION_TOOLS, 'x')).toEqual({
      ok: true,
      id: 'call_1',
      call: { name: 'send_keys', args: { keys: 'Down' } },
      arguments: '{"keys":"Down"}',
    });
  });

  it('reads an empty arguments string as {}', () => {
    expect(repairToolCall(call('read_text', ''), ACTION_TOOLS, 'x')).toMatchObject({ ok: true, arguments: '{}' });
    expect(repairToolCall(call('read_text', '  '), ACTION_TOOLS, 'x')).toMatchObject({ ok: true, arguments: '{}' });
  });

  it('reports a missing required argument in the exact wording', () => {
    expect(repairToolCall(call('send_keys', '{}'), ACTION_TOOLS, 'x')).toEqual({
      ok: false,
      id: 'call_1',
      name: 'send_keys',
      arguments: '{}',
      error: "error: missing required argument 'keys'",
    });
  });

  it('reports arguments that are not JSON', () => {
    expect(repairToolCall(call('send_keys', 'not json'), ACTION_TOOLS, 'x')).toMatchObject({
      ok: false,
      arguments: 'not json',
      error: 'error: arguments are not valid JSON: not json — send a JSON object like {"name": value}',
    });
  });

  it('cuts long bad arguments in the error', () => {
    const result = repairToolCall(call('send_keys', 'x'.repeat(500)), ACTION_TOOLS, 'x');
    expect(result).toMatchObject({
      ok: false,
      error: `error: arguments are not valid JSON: ${'x'.repeat(200)}… — send a JSON object like {"name": value}`,
    });
  });

  it.each([
    ['["Down"]', 'error: arguments must be a JSON object, got an array'],
    ['"Down"', 'error: arguments must be a JSON object, got "Down"'],
    ['null', 'error: arguments must be a JSON object, got null'],
  ])('rejects non-object arguments %s', (args, error) => {
    expect(repairToolCall(call('send_keys', args), ACTION_TOOLS, 'x')).toMatchObject({ ok: false, error });
  });

  it('names mistyped arguments', () => {
    expect(repairToolCall(call('send_keys', '{"keys": 3, "enter": "yes"}'), ACTION_TOOLS, 'x')).toMatchObject({
      ok: false,
      error: "error: argument 'keys' must be a string, got a number; argument 'enter' must be a boolean, got a string",
    });
    expect(repairToolCall(call('propose_plan', '{"chunks": ["a", 2]}'), PLANNING_TOOLS, 'x')).toMatchObject({
      ok: false,
      error: "error: argument 'chunks.1' must be a string, got a number",
    });
  });

  it('lists the valid tools for an unknown tool', () => {
    expect(repairToolCall(call('click', '{}'), ACTION_TOOLS, 'x')).toMatchObject({
      ok: false,
      name: 'click',
      error: "error: unknown tool 'click'; valid tools: send_keys, type_text, screenshot, read_text, wait, finish",
    });
  });

  it('refuses a known tool outside its phase', () => {
    expect(repairToolCall(call('propose_plan', '{"chunks":["a"]}'), ACTION_TOOLS, 'x')).toMatchObject({
      ok: false,
      error: "error: tool 'propose_plan' is not available now; valid tools: send_keys, type_text, screenshot, read_text, wait, finish",
    });
  });

  it('uses the fallback id when the server sent none', () => {
    expect(repairToolCall({ function: { name: 'read_text', arguments: '{}' } }, ACTION_TOOLS, 'call_3_1')).toMatchObject({ ok: true, id: 'call_3_1' });
    expect(repairToolCall({ id: '', function: { name: 'nope' } }, ACTION_TOOLS, 'call_3_2')).toMatchObject({ ok: false, id: 'call_3_2', name: 'nope' });
  });

  it('reports a call without a name', () => {
    expect(repairToolCall({ id: 'c' }, ACTION_TOOLS, 'x')).toMatchObject({
      ok: false,
      error: 'error: the tool call has no name; valid tools: send_keys, type_text, screenshot, read_text, wait, finish',
    });
  });
});

describe('repairToolCall: arguments as open models send them', () => {
  it.each([
    [
      'FoundationAgents/OpenManus PR#989 (Qwen2.5-7B-Instruct): arguments a JSON string holding JSON',
      'type_text',
      '"{\\"text\\": \\"A店\\", \\"enter\\": true}"',
      '{"text":"A店","enter":true}',
      ['decoded arguments encoded twice (a JSON string holding the object)'],
    ],
    [
      'MoonshotAI/kimi-cli PR#2513: a nested list encoded twice where the schema wants a list',
      'finish',
      '{"summary": "done", "evidence": "[\\"Selected: Banana\\"]"}',
      '{"summary":"done","evidence":["Selected: Banana"]}',
      ["decoded 'evidence' encoded twice (a JSON string holding JSON)"],
    ],
    [
      'MoonshotAI/kimi-cli PR#2572: a string that looks like JSON stays a string where the schema wants a string',
      'type_text',
      '{"text": "[1, 2]"}',
      '{"text":"[1, 2]"}',
      undefined,
    ],
    [
      'trailing commas (JSON5)',
      'send_keys',
      '{"keys": "Down", "enter": false,}',
      '{"keys":"Down","enter":false}',
      ['read the arguments as JSON5 (trailing commas, single quotes)'],
    ],
    ['single quotes (JSON5)', 'type_text', "{'text': \"it's\"}", '{"text":"it\'s"}', ['read the arguments as JSON5 (trailing commas, single quotes)']],
    [
      'two identical objects run together',
      'send_keys',
      '{"keys": "Down"}{"keys": "Down"}',
      '{"keys":"Down"}',
      ['read 2 identical argument objects run together as one'],
    ],
  ])('%s', (_report, name, args, normalized, repairs) => {
    const result = repairToolCall(call(name, args), ACTION_TOOLS, 'x');
    expect(result).toMatchObject({ ok: true, arguments: normalized });
    expect(result.repairs).toEqual(repairs);
  });

  it('answers two different objects run together with one error naming the expected shape', () => {
    expect(repairToolCall(call('send_keys', '{"keys": "Down"}{"keys": "Up"}'), ACTION_TOOLS, 'x')).toEqual({
      ok: false,
      id: 'call_1',
      name: 'send_keys',
      arguments: '{"keys": "Down"}{"keys": "Up"}',
      error:
        'error: the arguments are 2 different JSON objects run together; send one call per action, its arguments one JSON object like {"keys": …, "enter"?: …}',
    });
  });

  it('refuses JSON5 Infinity, which would go back to the model as null (was: "must be a number, got a number")', () => {
    expect(repairToolCall(call('wait', '{seconds: Infinity,}'), ACTION_TOOLS, 'x')).toEqual({
      ok: false,
      id: 'call_1',
      name: 'wait',
      arguments: '{seconds: Infinity,}',
      error: 'error: arguments are not valid JSON: {seconds: Infinity,} — Infinity and NaN are not JSON numbers; send a JSON object like {"seconds": …}',
    });
  });

  it('still refuses a nested string that is not JSON', () => {
    expect(repairToolCall(call('finish', '{"summary": "s", "evidence": "Banana"}'), ACTION_TOOLS, 'x')).toMatchObject({
      ok: false,
      error: "error: argument 'evidence' must be an array, got a string",
    });
  });
});

describe('expandParallel', () => {
  it('opens respawn-llc/kent#45 multi_tool_use.parallel into its calls, in order, under the wrapper id', () => {
    const wrapper = call(
      'multi_tool_use.parallel',
      JSON.stringify({
        tool_uses: [
          { recipient_name: 'functions.send_keys', parameters: { keys: 'Down' } },
          { recipient_name: 'functions.read_text', parameters: {} },
        ],
      }),
      'call_w',
    );
    expect(expandParallel(wrapper)).toEqual({
      calls: [
        { id: 'call_w', type: 'function', function: { name: 'functions.send_keys', arguments: '{"keys":"Down"}' } },
        { id: 'call_w', type: 'function', function: { name: 'functions.read_text', arguments: '{}' } },
      ],
    });
  });

  it.each([['{}'], ['{"tool_uses": []}'], ['{"tool_uses": [{"parameters": {}}]}'], ['not json']])('answers a wrapper with %s with the shape', (args) => {
    expect(expandParallel(call('functions.multi_tool_use.parallel', args))).toEqual({
      error: 'error: multi_tool_use.parallel needs {"tool_uses": [{"recipient_name": "functions.<tool>", "parameters": {…}}, …]}; or call the tools directly',
    });
  });

  it('leaves other calls alone', () => {
    expect(expandParallel(call('send_keys', '{}'))).toBeUndefined();
  });
});
