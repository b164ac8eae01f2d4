// Cassettes end to end: the scripted model plays the real model while recording against the menu
// fixture in real tmux; replays use a client that throws if called. A cassette is written when the
// test ends (`ctx.end()`, the fixture's teardown).
import { readdir, readFile } from 'node:fs/promises';
import { AuthenticationError, InternalServerError } from 'openai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pendingPath } from '../../src/agent/cassette/format.js';
import { sha256 } from '../../src/agent/cassette/inputs.js';
import { scriptedModel, toolCall } from '../../src/agent/scripted-model.js';
import type { ChatClient, ChatReply, ContentPart } from '../../src/agent/chat.js';
import { CassetteMismatchError, ModelApiError, TmuxShotError } from '../../src/errors.js';
import { DEFAULT_TEXT_MASKS, normalizeText } from '../../src/screen/index.js';
import type { TmuxApp } from '../../src/app/index.js';
import { offline, RE_RECORD, useCassettes } from './cassette-app.js';

const SELECT_SETTINGS = [
  { tool_calls: [toolCall('send_keys', { keys: 'Down Down' }, 'a')], usage: { prompt_tokens: 50, completion_tokens: 5, total_tokens: 55 } },
  { tool_calls: [toolCall('send_keys', { keys: 'Enter' }, 'b')] },
  { tool_calls: [toolCall('finish', { summary: 'Settings chosen', evidence: ['Selected: Settings'] }, 'c')] },
];

const GOAL = 'choose Settings';

/** A menu row as the fixture draws it: the text inside a 28-cell box. */
const row = (text: string) => `│${text.padEnd(28)}│`;

describe('cassettes', () => {
  const ctx = useCassettes();

  /** Records GOAL on a fresh menu (or `app`) with `model`, as one test that ends. */
  async function record(model = scriptedModel(SELECT_SETTINGS), app?: TmuxApp) {
    const result = await (await ctx.agent(app ?? (await ctx.start()), 'auto', model)).run(GOAL);
    expect(await ctx.end()).toEqual({ kind: 'written', path: ctx.cassette });
    return result;
  }

  it('records a run with its screens, raw replies and usage, then replays it without a model', async () => {
    const model = scriptedModel(SELECT_SETTINGS);
    const recorded = await (await ctx.agent(await ctx.start(), 'auto', model)).run(GOAL);
    expect(recorded).toMatchObject({ outcome: 'finished', summary: 'Settings chosen', steps: 3 });
    expect(recorded.cost).toEqual({ calls: 3, replayed: 0, tokens: 55 });
    expect(ctx.tally).toEqual({ calls: 3, tokens: 55, hits: 0, misses: 1, stale: 0 });
    await expect(readdir(ctx.dir)).resolves.not.toContain('__cassettes__');
    expect(await ctx.end()).toEqual({ kind: 'written', path: ctx.cassette });

    const cassette = await ctx.read();
    expect(cassette).toMatchObject({ format: 1, test: 'menu', model: 'scripted', baseHost: '127.0.0.1:9', sampling: {} });
    const [interaction] = cassette.interactions;
    expect(interaction.inputs).toMatchObject({
      kind: 'run',
      goal: GOAL,
      goalHash: sha256(GOAL),
      terminal: { cols: 40, rows: 12 },
      chunkPlan: { chunks: 1, chunkSeconds: 60 },
    });
    expect(interaction.entries.map((e: any) => [e.call, e.chunk, e.turn, e.retries])).toEqual([
      [1, 1, 1, 0],
      [2, 1, 2, 0],
      [3, 1, 3, 0],
    ]);
    expect(interaction.entries[0].message).toEqual({ role: 'assistant', content: null, tool_calls: [toolCall('send_keys', { keys: 'Down Down' }, 'a')] });
    expect(interaction.entries[0].usage).toEqual({ prompt_tokens: 50, completion_tokens: 5, total_tokens: 55 });
    expect(interaction.entries[1].usage).toBeNull();
    const third = interaction.entries[2].screen;
    expect(third.text.split('\n')[5]).toBe(row(' > Settings'));
    expect(third.digest).toBe(sha256(third.text));

    const replayed = await (await ctx.agent(await ctx.start(), 'replay', offline)).run(GOAL);
    expect(replayed).toMatchObject({ outcome: 'finished', summary: 'Settings chosen', steps: 3, cost: { calls: 0, replayed: 3, tokens: 0 } });
    // `usage` is what the replies carried: as recorded, for a replay.
    expect(replayed.usage).toEqual({ prompt_tokens: 50, completion_tokens: 5, total_tokens: 55 });
    expect(ctx.tally).toEqual({ calls: 0, tokens: 0, hits: 1, misses: 0, stale: 0 });
    expect(await ctx.end()).toEqual({ kind: 'none' });
  });

  it('counts a live run (cassettes ignored) as model calls, neither hit nor miss, and writes nothing', async () => {
    const live = await (await ctx.agent(await ctx.start(), 'live', scriptedModel(SELECT_SETTINGS))).run(GOAL);
    expect(live.cost).toEqual({ calls: 3, replayed: 0, tokens: 55 });
    expect(ctx.tally).toEqual({ calls: 3, tokens: 55, hits: 0, misses: 0, stale: 0 });
    expect(await ctx.end()).toEqual({ kind: 'none' });
    await expect(readdir(ctx.dir)).resolves.not.toContain('__cassettes__');
  });

  it('fails a strict replay at the step whose live screen differs, with a diff and the re-record command', async () => {
    await record();
    const before = await ctx.read();
    const replay = (await ctx.agent(await ctx.start('Main menu'), 'replay', offline)).run(GOAL);
    const error = await replay.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CassetteMismatchError);
    expect((error as Error).message).toBe(
      `The live screen differs from the recording before model call 1 (chunk 1, turn 1) of ${ctx.cassette}:\n` +
        '--- recorded\n+++ live\n@@ -1,4 +1,4 @@\n' +
        ' ┌────────────────────────────┐\n' +
        `-${row(' Menu')}\n` +
        `+${row(' Main menu')}\n` +
        ' ├────────────────────────────┤\n' +
        ` ${row(' > Open')}\n` +
        `If the app changed on purpose, re-record: ${RE_RECORD}`,
    );
    expect(ctx.tally).toEqual({ calls: 0, tokens: 0, hits: 0, misses: 1, stale: 0 });
    expect(await ctx.end()).toEqual({ kind: 'none' });
    expect(await ctx.read()).toEqual(before);
  });

  it('continues live on divergence with fallthrough and writes a pending cassette, leaving the recorded one', async () => {
    await record();
    const before = await ctx.read();
    const model = scriptedModel(SELECT_SETTINGS);
    const agent = await ctx.agent(await ctx.start('Main menu'), 'replay', model, { divergence: 'fallthrough' });
    expect(await agent.run(GOAL)).toMatchObject({ outcome: 'finished', cost: { calls: 3, replayed: 0, tokens: 55 } });
    expect(ctx.tally).toEqual({ calls: 3, tokens: 55, hits: 0, misses: 1, stale: 0 });
    expect(model.remaining).toBe(0);
    expect(await ctx.end()).toEqual({ kind: 'pending', path: pendingPath(ctx.cassette), cassette: ctx.cassette });
    expect(await ctx.read()).toEqual(before);
    const pending = JSON.parse(await readFile(pendingPath(ctx.cassette), 'utf8'));
    expect(pending.interactions[0].entries[0].screen.text.split('\n')[1]).toBe(row(' Main menu'));
    expect(pending.interactions[0].entries).toHaveLength(3);
  });

  it('tells replayed calls from live ones when a fallthrough replay diverges part way', async () => {
    await record();
    const model = scriptedModel([
      { tool_calls: [toolCall('finish', { summary: 'chosen' })], usage: { prompt_tokens: 6, completion_tokens: 1, total_tokens: 7 } },
    ]);
    // The copy says "Chosen: Settings" after Enter: the screens match until the third call.
    const app = await ctx.start(undefined, (source) => source.replace('`Selected: ', '`Chosen: '));
    const agent = await ctx.agent(app, 'replay', model, { divergence: 'fallthrough' });
    expect(await agent.run(GOAL)).toMatchObject({ outcome: 'finished', summary: 'chosen', cost: { calls: 1, replayed: 2, tokens: 7 } });
    expect(ctx.tally).toEqual({ calls: 1, tokens: 7, hits: 0, misses: 1, stale: 0 });
    expect(await ctx.end()).toMatchObject({ kind: 'pending' });
    const pending = JSON.parse(await readFile(pendingPath(ctx.cassette), 'utf8'));
    expect(pending.interactions[0].entries.map((e: any) => [e.call, e.usage?.total_tokens ?? null])).toEqual([
      [1, 55],
      [2, null],
      [3, 7],
    ]);
  });

  it('writes no cassette for a recording that ended in an outage, and keeps the one that was there', async () => {
    const down = () => scriptedModel([new InternalServerError(502, undefined, 'bad gateway', new Headers())]);
    const once = { retry: { attempts: 1 } };
    const first = await (await ctx.agent(await ctx.start(), 'auto', down(), {}, once)).run(GOAL);
    expect(first.outcome).toBe('outage');
    const reason = 'an agent call did not complete (the model API failed, or an error stopped it)';
    expect(await ctx.end()).toEqual({ kind: 'unwritten', path: ctx.cassette, reason });
    await expect(readdir(ctx.dir)).resolves.not.toContain('__cassettes__');

    await record();
    const before = await readFile(ctx.cassette, 'utf8');
    expect((await (await ctx.agent(await ctx.start(), 'record', down(), {}, once)).run(GOAL)).outcome).toBe('outage');
    expect(await ctx.end()).toEqual({ kind: 'unwritten', path: ctx.cassette, reason });
    expect(await readFile(ctx.cassette, 'utf8')).toBe(before);
  });

  it('writes the model and endpoint of the re-recording into the header, not the old ones', async () => {
    await record();
    expect(await ctx.read()).toMatchObject({ model: 'scripted', baseHost: '127.0.0.1:9' });
    const connect = async () => ({ client: scriptedModel(SELECT_SETTINGS), model: 'gpt-4.1-mini', baseURL: 'https://models.example.test:8443/v1' });
    await (await ctx.agent(await ctx.start(), 'record', offline, { connect })).run(GOAL);
    expect(await ctx.end()).toEqual({ kind: 'written', path: ctx.cassette });
    expect(await ctx.read()).toMatchObject({ format: 1, test: 'menu', model: 'gpt-4.1-mini', baseHost: 'models.example.test:8443', sampling: {} });
  });

  it('keeps the previous cassette whole when a later interaction fails while re-recording', async () => {
    const verdict = { tool_calls: [toolCall('verdict', { pass: true, reason: 'it says so' })] };
    const agent = await ctx.agent(await ctx.start(), 'auto', scriptedModel([...SELECT_SETTINGS, verdict]));
    await agent.run(GOAL);
    await agent.assert('Settings was chosen');
    await ctx.end();
    const before = await readFile(ctx.cassette, 'utf8');
    const denied = new AuthenticationError(401, { message: 'Incorrect API key provided' }, undefined, new Headers());
    const again = await ctx.agent(await ctx.start(), 'record', scriptedModel([...SELECT_SETTINGS, denied]));
    await again.run(GOAL);
    await expect(again.assert('Settings was chosen')).rejects.toThrow('HTTP 401 Incorrect API key provided');
    expect(await ctx.end()).toMatchObject({ kind: 'unwritten' });
    expect(await readFile(ctx.cassette, 'utf8')).toBe(before);
  });

  it('fails a recorded run and assert whose model replies null, quoting the reply, and writes nothing', async () => {
    const nothing: ChatClient = { chat: { completions: { create: async () => null as unknown as ChatReply } } };
    const agent = await ctx.agent(await ctx.start(), 'record', nothing);
    const advice = 'Check that OPENAI_BASE_URL points at an OpenAI-compatible /v1 endpoint.';
    await expect(agent.run(GOAL)).rejects.toThrow(
      new ModelApiError(`Model reply for step 1 is not a chat completion with a message in choices[0]: got null. ${advice}`, undefined),
    );
    await expect(agent.assert('the menu is shown')).rejects.toThrow(
      new ModelApiError(
        `Model reply for agent.assert("the menu is shown") is not a chat completion with a message in choices[0]: got null. ${advice}`,
        undefined,
      ),
    );
    expect(await ctx.end()).toMatchObject({ kind: 'unwritten' });
    await expect(readdir(ctx.dir)).resolves.not.toContain('__cassettes__');
  });

  it('writes no cassette for a recording in which no model call was answered', async () => {
    let now = 0;
    // A timed run whose clock is past its deadline at once: it ends before its first model call.
    const agent = await ctx.agent(await ctx.start(), 'auto', offline, {}, { duration: 1, clock: { now: () => (now += 1000), sleep: async () => undefined } });
    expect(await agent.run(GOAL)).toMatchObject({ outcome: 'duration-elapsed', steps: 0, cost: { calls: 0, replayed: 0, tokens: 0 } });
    expect(await ctx.end()).toEqual({ kind: 'unwritten', path: ctx.cassette, reason: 'no model call was answered' });
    await expect(readdir(ctx.dir)).resolves.not.toContain('__cassettes__');
  });

  it('masks volatile text in digests: built-in clock times and durations, and the test’s own masks', async () => {
    const masks = { normalize: (text: string) => normalizeText(text, [...DEFAULT_TEXT_MASKS, /build \d+/g]) };
    await (await ctx.agent(await ctx.start('Menu 12:34:56 1.5s build 41'), 'auto', scriptedModel(SELECT_SETTINGS), masks)).run(GOAL);
    await ctx.end();
    expect((await ctx.read()).interactions[0].entries[0].screen.text.split('\n')[1]).toBe('│ Menu * * *│');
    const replayed = await (await ctx.agent(await ctx.start('Menu 09:10:11 20ms build 42'), 'replay', offline, masks)).run(GOAL);
    expect(replayed.outcome).toBe('finished');
    const unmasked = (await ctx.agent(await ctx.start('Menu 09:10:11 20ms build 42'), 'replay', offline)).run(GOAL);
    await expect(unmasked).rejects.toThrow('-│ Menu * * *│\n+│ Menu * * build 42│');
  });

  it('in replay mode (CI) fails on a missing cassette, calls no model and writes nothing', async () => {
    const agent = await ctx.agent(await ctx.start(), 'replay', offline);
    await expect(agent.run(GOAL)).rejects.toThrow(
      new CassetteMismatchError(
        `No cassette at ${ctx.cassette}, and replay mode (the default when CI is set) never calls a model. ` +
          `Record it locally with a model configured: ${RE_RECORD}`,
      ),
    );
    expect(ctx.tally).toEqual({ calls: 0, tokens: 0, hits: 0, misses: 1, stale: 0 });
    expect((await readdir(ctx.dir)).filter((name) => name !== 'menu-copy.mjs')).toEqual([]);
  });

  it('reports a cassette recorded under another tool schema as stale', async () => {
    const names = z.object({ items: z.array(z.string()) });
    const model = scriptedModel([{ tool_calls: [toolCall('answer', { answer: { items: ['Open'] } })] }]);
    await (await ctx.agent(await ctx.start(), 'auto', model)).query(names, 'which items?');
    await ctx.end();
    const agent = await ctx.agent(await ctx.start(), 'replay', offline);
    const renamed = z.object({ entries: z.array(z.string()) });
    await expect(agent.query(renamed, 'which items?')).rejects.toThrow(
      `Cassette ${ctx.cassette} is stale: it was recorded under different inputs: tool schemas. Re-record it: ${RE_RECORD}`,
    );
    expect(ctx.tally.stale).toBe(1);
  });

  it('replays raw replies through repair: template tokens, functions. prefix, bad JSON, several calls in one message', async () => {
    const script = () =>
      scriptedModel([
        {
          tool_calls: [
            toolCall('read_text<|channel|>commentary', '', 'r1'),
            toolCall('functions.send_keys', { keys: 'Down' }, 'k1'),
            toolCall('send_keys', '{"keys": "Down"', 'bad'),
          ],
        },
        { tool_calls: [toolCall('finish', { summary: 'on Save' })] },
      ]);
    const recordModel = script();
    await record(recordModel);
    const cassette = await ctx.read();
    expect(cassette.interactions[0].entries[0].message.tool_calls.map((c: any) => c.function.name)).toEqual([
      'read_text<|channel|>commentary',
      'functions.send_keys',
      'send_keys',
    ]);
    const [, , , ...turn1] = recordModel.requests[1]!.messages;
    expect(turn1.map((m) => m.content)).toEqual([
      [
        `┌${'─'.repeat(28)}┐`,
        row(' Menu'),
        `├${'─'.repeat(28)}┤`,
        row(' > Open'),
        row('   Save'),
        row('   Settings'),
        row('   Help'),
        row('   Quit'),
        `└${'─'.repeat(28)}┘`,
        'Use arrows, Enter to choose, q to quit',
        '',
        '',
      ].join('\n'),
      'ok: pressed Down',
      'error: arguments are not valid JSON: {"keys": "Down" — send a JSON object like {"name": value}',
    ]);
    const app = await ctx.start();
    const result = await (await ctx.agent(app, 'replay', offline)).run(GOAL);
    expect(result).toMatchObject({ outcome: 'finished', summary: 'on Save', steps: 2 });
    // one Down from functions.send_keys; the call with bad JSON pressed nothing
    expect(app.text().split('\n')[4]).toBe(row(' > Save'));
  });

  it('stores only the final successful reply of a retried call, with its retry count', async () => {
    const model = scriptedModel([new InternalServerError(502, undefined, 'bad gateway', new Headers()), ...SELECT_SETTINGS]);
    await record(model);
    const entries = (await ctx.read()).interactions[0].entries;
    expect(entries.map((e: any) => [e.call, e.retries])).toEqual([
      [1, 1],
      [2, 0],
      [3, 0],
    ]);
    expect(ctx.tally.calls).toBe(3);
  });

  it('fails a recorded finish whose evidence is not on the live screen, in recording and in replay', async () => {
    const lying = [
      { tool_calls: [toolCall('finish', { summary: 'saved', evidence: ['Selected: Save'] })] },
      { tool_calls: [toolCall('finish', { summary: 'saved', evidence: ['/Selected: S\\w+/'] })] },
    ];
    const recorded = await (await ctx.agent(await ctx.start(), 'auto', scriptedModel(lying))).run('save');
    await ctx.end();
    const replayed = await (await ctx.agent(await ctx.start(), 'replay', offline)).run('save');
    for (const result of [recorded, replayed]) {
      expect(result.outcome).toBe('unverified');
      expect(result.summary.split('\n').slice(0, 3)).toEqual([
        'finish evidence not on the screen: "/Selected: S\\\\w+/"',
        'Screen:',
        '┌────────────────────────────┐',
      ]);
    }
  });

  it('answers agent.query with schema-typed data, retrying once after an invalid answer', async () => {
    const items = z.object({ items: z.array(z.string()), selected: z.string() });
    const model = scriptedModel([
      { tool_calls: [toolCall('answer', { answer: { items: 'Open' } })] },
      { tool_calls: [toolCall('answer', { answer: { items: ['Open', 'Save', 'Settings', 'Help', 'Quit'], selected: 'Open' } })] },
    ]);
    const app = await ctx.start();
    const { value, cost } = await (await ctx.agent(app, 'auto', model)).query(items, 'which items are shown, and which is selected?');
    const typed: { items: string[]; selected: string } = value;
    expect(typed).toEqual({ items: ['Open', 'Save', 'Settings', 'Help', 'Quit'], selected: 'Open' });
    expect(cost).toEqual({ calls: 2, replayed: 0, tokens: 0 });
    await ctx.end();
    expect(model.requests[1]!.messages.at(-1)).toEqual({
      role: 'tool',
      tool_call_id: expect.any(String),
      content:
        'error: the answer does not match the schema: answer.items: Invalid input: expected array, received string; answer.selected: Invalid input: expected string, received undefined',
    });
    const replayed = await (await ctx.agent(app, 'replay', offline)).query(items, 'which items are shown, and which is selected?');
    expect(replayed).toEqual({ value: typed, cost: { calls: 0, replayed: 2, tokens: 0 } });
  });

  it('fails agent.query clearly when the answer is invalid twice', async () => {
    const bad = { tool_calls: [toolCall('answer', { answer: 3 })] };
    const agent = await ctx.agent(await ctx.start(), 'live', scriptedModel([bad, bad]));
    await expect(agent.query(z.string(), 'title?')).rejects.toThrow(
      new TmuxShotError(
        'agent.query("title?"): the model\'s answer was invalid twice; the last time: the answer does not match the schema: answer: Invalid input: expected string, received number',
      ),
    );
  });

  it('records calls written in the content as received and replays them with the same ids and repairs', async () => {
    const written = [
      { content: '<tool_call>{"name": "send_keys", "arguments": {"keys": "Down Down"}}</tool_call>' },
      { content: '[TOOL_CALLS]send_keys[ARGS]{"keys": "Enter"}' },
      { content: '{"name": "finish", "arguments": {"summary": "Settings chosen", "evidence": ["Selected: Settings"]}}' },
    ];
    const app = await ctx.start();
    const recording = await ctx.agent(app, 'auto', scriptedModel(written));
    const recorded = await recording.run(GOAL);
    expect(await ctx.end()).toEqual({ kind: 'written', path: ctx.cassette });
    expect((await ctx.read()).interactions[0].entries.map((e: any) => e.message.content)).toEqual(written.map((w) => w.content));

    const replayed = await (await ctx.agent(await ctx.start(), 'replay', offline)).run(GOAL);
    expect(replayed).toMatchObject({ outcome: 'finished', summary: 'Settings chosen', cost: { calls: 0, replayed: 3 } });
    const log = (r: typeof recorded) => r.transcript.turns.map((t) => t.toolCalls.map((c) => [c.id, c.repaired]));
    expect(log(replayed)).toEqual(log(recorded));
    expect(log(replayed)).toEqual([
      [['content_call_1_1', 'read the call from the message content (<tool_call> tags)']],
      [['content_call_2_1', 'read the call from the message content ([TOOL_CALLS]name[ARGS])']],
      [['content_call_3_1', 'read the call from the message content (JSON object)']],
    ]);
  });

  it('returns agent.assert verdicts from the verdict tool, through the cassette', async () => {
    const model = scriptedModel([{ tool_calls: [toolCall('verdict', { pass: false, reason: 'the status line says "Use arrows"' })] }]);
    const app = await ctx.start();
    const verdict = await (await ctx.agent(app, 'auto', model)).assert('the status bar says Saved');
    expect(verdict).toEqual({ pass: false, reason: 'the status line says "Use arrows"', cost: { calls: 1, replayed: 0, tokens: 0 } });
    await ctx.end();
    expect(model.requests[0]!.tools.map((t) => t.function.name)).toEqual(['verdict']);
    const [text, image] = model.requests[0]!.messages[1]!.content as ContentPart[];
    expect(text).toMatchObject({ type: 'text', text: expect.stringMatching(/^Claim: the status bar says Saved\n\nThe screen now shows:\n```\n┌/) });
    // The image is the app's PNG, exact bytes; the cassette keeps its hash only.
    const url = (image as Extract<ContentPart, { type: 'image_url' }>).image_url.url;
    expect(url.slice(0, 22)).toBe('data:image/png;base64,');
    expect(Buffer.from(url.slice(22), 'base64').equals(Buffer.from(await app.screenshot()))).toBe(true);
    const entry = (await ctx.read()).interactions[0].entries[0];
    expect(entry.images).toEqual([sha256(url)]);
    expect(JSON.stringify(await ctx.read())).not.toContain(url.slice(22, 80));
    expect(await (await ctx.agent(app, 'replay', offline)).assert('the status bar says Saved')).toMatchObject({ pass: false, cost: { calls: 0, replayed: 1 } });
  });

  it('decodes a query answer list sent as a JSON string (MoonshotAI/kimi-cli PR#2513) and says so', async () => {
    const model = scriptedModel([{ tool_calls: [toolCall('answer', { answer: '["Open", "Save"]' })] }]);
    const agent = await ctx.agent(await ctx.start(), 'auto', model);
    expect((await agent.query(z.array(z.string()), 'which items are listed first?')).value).toEqual(['Open', 'Save']);
    await ctx.end();
    expect(agent.transcripts[0]!.turns[0]!.toolCalls[0]).toMatchObject({
      arguments: '{"answer":"[\\"Open\\", \\"Save\\"]"}',
      repaired: "decoded 'answer' encoded twice (a JSON string holding JSON)",
      result: 'ok: accepted',
    });
  });

  it('sends agent.query text only with images: false', async () => {
    const model = scriptedModel([{ tool_calls: [toolCall('answer', { answer: 'Open' })] }]);
    const app = await ctx.start();
    const agent = await ctx.agent(app, 'auto', model, {}, { images: false });
    expect(await agent.query(z.string(), 'which item is highlighted?')).toEqual({ value: 'Open', cost: { calls: 1, replayed: 0, tokens: 0 } });
    await ctx.end();
    expect(model.requests[0]!.messages[1]!.content).toMatch(/^Question: which item is highlighted\?\n\nThe screen now shows:\n```\n┌/);
    expect((await ctx.read()).interactions[0].entries[0].images).toEqual([]);
  });

  it('asks again with text only when the server refuses the image with a 400', async () => {
    const refused = new ModelApiError('Model API error 400: image input is not supported by this model', 400);
    const model = scriptedModel([
      refused,
      { tool_calls: [toolCall('verdict', { pass: true, reason: 'Open is highlighted' })] },
      { tool_calls: [toolCall('answer', { answer: 'Open' })] },
    ]);
    const agent = await ctx.agent(await ctx.start(), 'auto', model);
    expect(await agent.assert('Open is highlighted')).toMatchObject({ pass: true, cost: { calls: 1 } });
    // The agent remembers: its next question goes text only at once, with no failing request first.
    expect(await agent.query(z.string(), 'which item is highlighted?')).toMatchObject({ value: 'Open', cost: { calls: 1 } });
    await ctx.end();
    expect(model.requests.map((r) => typeof r.messages[1]!.content)).toEqual(['object', 'string', 'string']);
    expect(agent.transcripts[0]!.turns.map((t) => [t.label, t.error ?? t.toolCalls[0]?.result])).toEqual([
      [
        'assert',
        'Model request failed (agent.assert("Open is highlighted")): HTTP Model API error 400: image input is not supported by this model. The server rejected the request; it was not retried.',
      ],
      ['assert (text only after a 400)', 'ok: accepted'],
    ]);
  });

  it('reads a verdict written in the content (jundot/omlx#2565 shape)', async () => {
    const model = scriptedModel([{ content: '{"name": "verdict", "arguments": {"pass": true, "reason": "Open is highlighted"}}' }]);
    const agent = await ctx.agent(await ctx.start(), 'auto', model);
    expect(await agent.assert('Open is highlighted')).toMatchObject({ pass: true, reason: 'Open is highlighted' });
    await ctx.end();
    expect(agent.transcripts[0]!.turns[0]!.toolCalls).toEqual([
      {
        id: 'content_call_1_1',
        name: 'verdict',
        arguments: '{"pass":true,"reason":"Open is highlighted"}',
        repaired: 'read the call from the message content (JSON object)',
        result: 'ok: accepted',
        ok: true,
      },
    ]);
  });

  it('stops a live run that goes past its call budget before the call reaches the model', async () => {
    const model = scriptedModel(SELECT_SETTINGS);
    const agent = await ctx.agent(await ctx.start(), 'live', model, { budget: { maxCalls: 2 } });
    await expect(agent.run(GOAL)).rejects.toThrow('Model budget spent: 2 calls made, maxCalls is 2. Raise maxCalls or simplify the goal.');
    expect(model.remaining).toBe(1);
    expect(await readdir(ctx.dir)).toEqual([]);
  });
});
