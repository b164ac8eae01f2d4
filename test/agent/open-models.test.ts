// Issue 17 part 1: runs whose calls arrive the way open models send them, against the real menu
// fixture, through the scripted model and through the loopback HTTP server (real openai SDK).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/agent/chat.js';
import { createClient } from '../../src/agent/openai-client.js';
import { judgeClaim } from '../../src/agent/judge.js';
import { AgentRunner } from '../../src/agent/runner.js';
import { TranscriptRecorder } from '../../src/agent/transcript.js';
import { AGENT } from '../../src/agent/options.js';
import { type ScriptedReply, scriptedModel, toolCall } from '../../src/agent/scripted-model.js';
import type { TmuxApp } from '../../src/app/index.js';
import { type MenuTestContext, screenRow, useMenuApp, virtualClock } from './app.js';
import { KEY, type Loopback, reply, startServer } from './loopback.js';

const ctx = useMenuApp();
let app: TmuxApp;
let saveScreenshot: MenuTestContext['saveScreenshot'];

beforeEach(() => {
  ({ app, saveScreenshot } = ctx);
});

/** Every content format, one per turn, choosing Settings on the menu (reports cited in content-calls.test.ts). */
const MIXED: ScriptedReply[] = [
  { content: 'Moving down.\n<tool_call>\n{"name": "send_keys", "arguments": {"keys": "Down"}}\n</tool_call>' },
  { content: '[TOOL_CALLS]send_keys[ARGS]{"keys": "Down"}' },
  { content: '[TOOL_CALLS] [{"name": "read_text", "arguments": {}}]' },
  { content: '<|python_tag|>{"name": "wait", "parameters": {"seconds": 0}}' },
  { content: '<function_calls>\n<invoke name="read_text">\n</invoke>\n</function_calls>' },
  { content: '```json\n{"name": "send_keys", "arguments": {"keys": "Enter"}}\n```' },
  { content: '[{"name": "read_text", "arguments": {}}]' },
  { content: null, reasoning_content: '{"name": "read_text", "arguments": {}}' },
  { content: '{"tool_calls": [{"name": "finish", "arguments": {"summary": "chose Settings", "evidence": ["Selected: Settings"]}, "id": "162875335"}]}' },
];

/** What the step log (transcript) says was repaired, turn by turn. */
const MIXED_REPAIRS = [
  'read the call from the message content (<tool_call> tags)',
  'read the call from the message content ([TOOL_CALLS]name[ARGS])',
  'read the call from the message content ([TOOL_CALLS] list)',
  'read the call from the message content (<|python_tag|> prefix)',
  'read the call from the message content (<function_calls> block)',
  'read the call from the message content (```json fence)',
  'read the call from the message content (JSON list)',
  'read the call from the message reasoning (JSON object)',
  'read the call from the message content ({"tool_calls": […]} object)',
];

describe('calls written in the message content', () => {
  it('completes a goal on the menu when every call arrives in a content format (scripted model)', async () => {
    const model = scriptedModel(MIXED);
    const result = await new AgentRunner(app, model, { model: 'm', saveScreenshot }).run('choose Settings');

    expect([result.outcome, result.summary, result.steps]).toEqual(['finished', 'chose Settings', 9]);
    expect(screenRow(app, 9)).toBe('Selected: Settings');
    const calls = result.transcript.turns.map((t) => t.toolCalls[0]!);
    expect(calls.map((c) => c.repaired)).toEqual(MIXED_REPAIRS);
    expect(calls.map((c) => c.id)).toEqual(MIXED.map((_, i) => `content_call_${i + 1}_1`));
    expect(calls.map((c) => c.ok)).toEqual(MIXED.map(() => true));
    expect([calls[0]!.result, calls[1]!.result, calls[5]!.result]).toEqual(['ok: pressed Down', 'ok: pressed Down', 'ok: pressed Enter']);
    // The call goes back as tool_calls in place of the text, and its answer carries the generated id.
    expect(model.requests[1]!.messages.slice(2)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'content_call_1_1', type: 'function', function: { name: 'send_keys', arguments: '{"keys":"Down"}' } }],
      },
      { role: 'tool', tool_call_id: 'content_call_1_1', content: 'ok: pressed Down' },
    ]);
  });

  it('still ends a text reply with no call as no-tool-calls', async () => {
    const model = scriptedModel([{ content: 'The menu lists {"name": "Open"} and four more items.' }]);
    const result = await new AgentRunner(app, model, { model: 'm', saveScreenshot }).run('look');
    expect([result.outcome, result.summary, result.steps]).toEqual(['no-tool-calls', 'The menu lists {"name": "Open"} and four more items.', 1]);
  });

  it('answers a call inside prose with one error and runs nothing, then goes on', async () => {
    const prose = 'You could send {"name": "send_keys", "arguments": {"keys": "Down"}} to move.';
    const model = scriptedModel([{ content: prose }, { tool_calls: [toolCall('finish', { summary: 'gave up' })] }]);
    const result = await new AgentRunner(app, model, { model: 'm', saveScreenshot }).run('look');

    expect([result.outcome, result.steps]).toEqual(['finished', 2]);
    expect(screenRow(app, 3)).toBe('│ > Open                     │');
    const error =
      'error: your reply has text with a call of send_keys written in it, so nothing was run; call the tool through tool_calls, or reply with only the call as JSON: {"name": "<tool>", "arguments": {…}}';
    expect(model.requests[1]!.messages.slice(2)).toEqual([
      { role: 'assistant', content: prose },
      { role: 'user', content: error },
    ]);
    expect(result.transcript.turns[0]!.toolCalls).toEqual([
      { id: 'content_call_1_1', name: '', arguments: '', repaired: 'not run: content with a call inside other text', result: error, ok: false },
    ]);
  });
});

describe('a call quoted in prose or weighed in reasoning runs nothing (issue 17 attack report)', () => {
  const tagAfter =
    'your reply has text after the <tool_call> tags, so nothing was run; end the reply with the calls, written <tool_call>{"name": "<tool>", "arguments": {…}}</tool_call>, or call the tool through tool_calls, or reply with only the call as JSON: {"name": "<tool>", "arguments": {…}}';

  it('does not press C-c that the reasoning rejected, and sends the reasoning back as the content (never content null alone: OpenHands#8685)', async () => {
    const reasoning = 'Option A: <tool_call>{"name":"send_keys","arguments":{"keys":"C-c"}}</tool_call> would kill it. Better to press Down. Let me';
    const model = scriptedModel([{ content: null, reasoning_content: reasoning }, { tool_calls: [toolCall('finish', { summary: 'stopped' })] }]);
    const result = await new AgentRunner(app, model, { model: 'm', saveScreenshot }).run('look');

    expect([result.outcome, result.steps]).toEqual(['finished', 2]);
    expect(screenRow(app, 3)).toBe('│ > Open                     │');
    expect(model.requests[1]!.messages.slice(2)).toEqual([
      { role: 'assistant', content: reasoning },
      { role: 'user', content: `error: ${tagAfter}` },
    ]);
    expect(result.transcript.turns[0]!.toolCalls).toEqual([
      { id: 'content_call_1_1', name: '', arguments: '', repaired: 'not run: reasoning with text after the call', result: `error: ${tagAfter}`, ok: false },
    ]);
  });

  const ask = (client: ReturnType<typeof scriptedModel>) => ({
    client,
    model: 'm',
    retry: AGENT.retry,
    clock: virtualClock(),
    random: () => 0.5,
    requestTimeout: AGENT.requestTimeout,
  });
  const falseVerdict = { tool_calls: [toolCall('verdict', { pass: false, reason: 'Selected: nothing' })] };

  it.each([
    [
      'content',
      {
        content:
          'The claim is false: nothing is selected. (If it were true I would answer <tool_call>{"name":"verdict","arguments":{"pass":true,"reason":"Selected: Settings"}}</tool_call>.)',
      },
    ],
    [
      'reasoning',
      {
        content: null,
        reasoning_content:
          'A lazy answer would be <tool_call>{"name":"verdict","arguments":{"pass":true,"reason":"Selected: Settings"}}</tool_call> but the screen says Selected: nothing, so',
      },
    ],
  ])('agent.assert does not pass on a verdict quoted in the %s: it asks again with the error', async (_field, first) => {
    const model = scriptedModel([first, falseVerdict]);
    const verdict = await judgeClaim(ask(model), 'Settings was selected', app.text());
    expect([verdict.value, verdict.calls]).toEqual([{ pass: false, reason: 'Selected: nothing' }, 2]);
    const text = 'content' in first && first.content ? first.content : (first as { reasoning_content: string }).reasoning_content;
    expect(model.requests[1]!.messages.slice(2)).toEqual([
      { role: 'assistant', content: text },
      { role: 'user', content: `error: ${tagAfter}` },
    ]);
  });

  it('asks again with a well-formed assistant message after a reply with no call and no content', async () => {
    const model = scriptedModel([{ content: null, reasoning_content: 'thinking about Settings' }, falseVerdict]);
    await judgeClaim(ask(model), 'Settings was selected', app.text());
    expect(model.requests[1]!.messages.slice(2)).toEqual([
      { role: 'assistant', content: 'thinking about Settings' },
      { role: 'user', content: 'error: call the verdict tool' },
    ]);
  });
});

describe('at most AGENT_LOOP.maxCallsPerReply calls run per reply', () => {
  it('runs the first 10 of 10 000 <tool_call> tags, answers each other id once with not run, and notes it', async () => {
    const content = Array.from({ length: 10_000 }, () => '<tool_call>{"name":"send_keys","arguments":{"keys":"Down"}}</tool_call>').join('\n');
    const model = scriptedModel([{ content }, { tool_calls: [toolCall('finish', { summary: 'done' }, 'f1')] }]);
    const seen: string[] = [];
    const result = await new AgentRunner(app, model, { model: 'm', saveScreenshot, onToolCall: (c) => seen.push(`${c.id} ${c.ok}`) }).run('go down');

    expect([result.outcome, result.steps]).toEqual(['finished', 2]);
    // 10 Downs on 5 items: back at Open (the menu wraps).
    expect(screenRow(app, 3)).toBe('│ > Open                     │');
    const notRun = 'error: not run: the reply has 10000 calls and at most 10 run per reply; call the others again after reading the screen';
    const tools = model.requests[1]!.messages.filter((m) => m.role === 'tool') as { tool_call_id: string; content: string }[];
    expect(tools.map((m) => m.tool_call_id)).toEqual(Array.from({ length: 10_000 }, (_, i) => `content_call_1_${i + 1}`));
    expect(tools.slice(9, 11).map((m) => m.content)).toEqual(['ok: pressed Down', notRun]);
    expect(new Set(tools.slice(10).map((m) => m.content))).toEqual(new Set([notRun]));
    const calls = result.transcript.turns[0]!.toolCalls;
    expect(calls.length).toBe(11);
    expect(calls[10]).toEqual({
      id: 'content_call_1_10000',
      name: '',
      arguments: '',
      repaired: 'not run: calls 11 to 10000 of the reply',
      result: notRun,
      ok: false,
    });
    expect(seen).toEqual([...Array.from({ length: 10 }, (_, i) => `content_call_1_${i + 1} true`), 'content_call_1_10000 false', 'f1 true']);
  });
});

describe('multi_tool_use.parallel (respawn-llc/kent#45)', () => {
  it("runs the inner calls in order and answers them in one tool message under the server's id", async () => {
    const wrapper = toolCall(
      'multi_tool_use.parallel',
      {
        tool_uses: [
          { recipient_name: 'functions.send_keys', parameters: { keys: 'Down' } },
          { recipient_name: 'functions.send_keys', parameters: { keys: 'Down' } },
          { recipient_name: 'functions.read_text', parameters: {} },
        ],
      },
      'call_srv_7',
    );
    const model = scriptedModel([{ tool_calls: [wrapper] }, { tool_calls: [toolCall('finish', { summary: 'done' })] }]);
    const result = await new AgentRunner(app, model, { model: 'm', saveScreenshot }).run('go to Settings');

    expect(screenRow(app, 5)).toBe('│ > Settings                 │');
    const [assistant, tool, ...rest] = model.requests[1]!.messages.slice(2) as ChatMessage[];
    expect(rest).toEqual([]);
    expect(assistant).toEqual({ role: 'assistant', content: null, tool_calls: [{ ...wrapper, function: { ...wrapper.function } }] });
    expect(tool).toMatchObject({ role: 'tool', tool_call_id: 'call_srv_7' });
    expect((tool as { content: string }).content.split('\n').slice(0, 3)).toEqual([
      'call 1 (send_keys): ok: pressed Down',
      'call 2 (send_keys): ok: pressed Down',
      'call 3 (read_text): ┌────────────────────────────┐',
    ]);
    expect(result.transcript.turns[0]!.toolCalls.map((c) => [c.id, c.name, c.repaired])).toEqual([
      ['call_srv_7', 'send_keys', 'stripped the functions. prefix; ran call 1 of 3 in multi_tool_use.parallel'],
      ['call_srv_7', 'send_keys', 'stripped the functions. prefix; ran call 2 of 3 in multi_tool_use.parallel'],
      ['call_srv_7', 'read_text', 'stripped the functions. prefix; ran call 3 of 3 in multi_tool_use.parallel'],
    ]);
  });
});

describe('through the loopback HTTP server (real openai SDK)', () => {
  let server: Loopback | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** A chat-completions body with `message` as the model's, finish_reason stop (the call is text). */
  const body = (message: Record<string, unknown>) => ({
    status: 200,
    body: JSON.stringify({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 0,
      model: 'loop-model',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', tool_calls: null, ...message } }],
    }),
  });

  it('completes the goal with every call in a content format; the next request is well-formed', async () => {
    server = await startServer(MIXED.map(({ content, reasoning_content }) => body({ content, ...(reasoning_content ? { reasoning_content } : {}) })));
    const { client, model } = await createClient({ env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.url, TMUX_SHOT_MODEL: 'loop-model' } });
    const result = await new AgentRunner(app, client, { model, saveScreenshot, clock: virtualClock() }).run('choose Settings');

    expect([result.outcome, result.steps]).toEqual(['finished', 9]);
    expect(screenRow(app, 9)).toBe('Selected: Settings');
    expect(result.transcript.turns.map((t) => t.toolCalls[0]!.repaired)).toEqual(MIXED_REPAIRS);
    expect(result.transcript.turns[7]!.reasoning).toBe('{"name": "read_text", "arguments": {}}');
    // Every tool message answers a tool_call id of the assistant message before it.
    const last = server.requests.at(-1)!.body['messages'] as { role: string; tool_call_id?: string; tool_calls?: { id: string }[] }[];
    const pairs = last.flatMap((m, i) => (m.role === 'tool' ? [[last[i - 1]!.tool_calls?.map((c) => c.id), m.tool_call_id]] : []));
    expect(pairs).toEqual(MIXED.slice(0, -1).map((_, i) => [[`content_call_${i + 1}_1`], `content_call_${i + 1}_1`]));
  });

  it('runs several calls in one reply when the server ignores parallel_tool_calls, with reasoning fields beside them', async () => {
    const calls = [
      { id: 'a', type: 'function', function: { name: 'send_keys', arguments: '{"keys": "Down",}' } },
      { id: 'b', type: 'function', function: { name: 'send_keys', arguments: '"{\\"keys\\": \\"Down\\"}"' } },
    ];
    server = await startServer([
      body({ content: null, reasoning_content: 'two downs', reasoning: 'two downs', tool_calls: calls }),
      body({ content: '', tool_calls: [{ id: 'c', type: 'function', function: { name: 'finish', arguments: { summary: 'at Settings' } } }] }),
    ]);
    const { client, model } = await createClient({ env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.url, TMUX_SHOT_MODEL: 'loop-model' } });
    const result = await new AgentRunner(app, client, { model, saveScreenshot, clock: virtualClock() }).run('go to Settings');

    expect([result.outcome, result.summary]).toEqual(['finished', 'at Settings']);
    expect(screenRow(app, 5)).toBe('│ > Settings                 │');
    expect(result.transcript.turns[0]!.toolCalls.map((c) => [c.id, c.arguments, c.repaired])).toEqual([
      ['a', '{"keys":"Down"}', 'read the arguments as JSON5 (trailing commas, single quotes)'],
      ['b', '{"keys":"Down"}', 'decoded arguments encoded twice (a JSON string holding the object)'],
    ]);
    expect(result.transcript.turns[0]!.reasoning).toBe('two downs');
    const second = server.requests[1]!.body['messages'] as { role: string; tool_call_id?: string }[];
    expect(second.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual(['a', 'b']);
  });

  async function loopbackAssert(answers: Parameters<typeof startServer>[0]) {
    server = await startServer(answers);
    const { client, model } = await createClient({ env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.url, TMUX_SHOT_MODEL: 'loop-model' } });
    const ask = { client, model, retry: AGENT.retry, clock: virtualClock(), random: () => 0.5, requestTimeout: AGENT.requestTimeout };
    const png = await app.screenshot();
    return { png, verdict: await judgeClaim(ask, 'Open is highlighted', app.text(), png) };
  }

  it("sends agent.assert's screenshot as an image_url part: the app's PNG, exact bytes", async () => {
    const { png, verdict } = await loopbackAssert([reply('verdict', { pass: true, reason: 'row 4 shows > Open' })]);
    expect(verdict.value).toEqual({ pass: true, reason: 'row 4 shows > Open' });
    const [, user] = server!.requests[0]!.body['messages'] as { content: { type: string; text?: string; image_url?: { url: string } }[] }[];
    expect(user!.content.map((p) => p.type)).toEqual(['text', 'image_url']);
    const url = user!.content[1]!.image_url!.url;
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    expect(Buffer.from(url.slice('data:image/png;base64,'.length), 'base64').equals(Buffer.from(png))).toBe(true);
  });

  it('asks again with text only when the server answers the image with a 400', async () => {
    const refusal = { status: 400, body: JSON.stringify({ error: { message: 'This model does not support image input', type: 'invalid_request_error' } }) };
    const { verdict } = await loopbackAssert([refusal, reply('verdict', { pass: true, reason: 'row 4 shows > Open' })]);
    expect([verdict.value.pass, verdict.calls]).toEqual([true, 1]);
    const contents = server!.requests.map((r) => (r.body['messages'] as { content: unknown }[])[1]!.content);
    expect(contents.map((c) => typeof c)).toEqual(['object', 'string']);
    expect((contents[0] as { text: string }[])[0]!.text).toBe(contents[1]);
  });

  it('answers the first verdict when the server ignores the one-call request, and the transcript says so', async () => {
    const two = reply('verdict', { pass: true, reason: 'row 4 shows > Open' }, 'v1');
    const body = JSON.parse(two.body);
    const first = body.choices[0].message.tool_calls[0];
    body.choices[0].message.tool_calls.push({ ...first, id: 'v2', function: { name: 'verdict', arguments: '{"pass": false, "reason": "no"}' } });
    body.choices[0].message.reasoning_content = 'Open has the marker';
    server = await startServer([{ status: 200, body: JSON.stringify(body) }]);
    const { client, model } = await createClient({ env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.url, TMUX_SHOT_MODEL: 'loop-model' } });
    const transcript = new TranscriptRecorder('assert', 'Open is highlighted');
    const ask = { client, model, retry: AGENT.retry, clock: virtualClock(), random: () => 0.5, requestTimeout: AGENT.requestTimeout, transcript };
    const verdict = await judgeClaim(ask, 'Open is highlighted', app.text());
    expect(verdict.value).toEqual({ pass: true, reason: 'row 4 shows > Open' });
    const [turn] = transcript.end('pass', 'ok').turns;
    expect(turn!.reasoning).toBe('Open has the marker');
    expect(turn!.toolCalls.map((c) => [c.id, c.repaired])).toEqual([['v1', 'answered the first of 2 calls in the reply; the others were not run']]);
  });

  it('sends no image after a screenshot call with images: false', async () => {
    server = await startServer([reply('screenshot', { label: 'menu' }, 's1'), reply('finish', { summary: 'seen' })]);
    const { client, model } = await createClient({ env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.url, TMUX_SHOT_MODEL: 'loop-model' } });
    const result = await new AgentRunner(app, client, { model, saveScreenshot, clock: virtualClock(), images: false }).run('look');
    expect(result.outcome).toBe('finished');
    const messages = server.requests[1]!.body['messages'] as { role: string; content: unknown }[];
    expect(messages.slice(2).map((m) => m.role)).toEqual(['assistant', 'tool']);
    expect(messages[3]!.content).toBe(`ok: saved screenshot to ${result.shots[0]}; images are off, so use read_text to read the screen`);
  });
});
