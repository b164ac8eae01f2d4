// The transcripts of real runs on the menu fixture: repaired calls and their results, shots,
// retries over HTTP, cassette sources, assert and query, and runs that throw. The only fake is the model.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolCall } from '../../src/agent/chat.js';
import { createClient } from '../../src/agent/openai-client.js';
import { AgentRunner } from '../../src/agent/runner.js';
import { scriptedModel, toolCall } from '../../src/agent/scripted-model.js';
import { CassetteMismatchError, TmuxShotError } from '../../src/errors.js';
import { FIRST_SCREEN, useMenuApp, virtualClock } from './app.js';
import { offline, RE_RECORD, useCassettes } from './cassette-app.js';
import { KEY, type Loopback, startServer } from './loopback.js';

/** The menu's screen text with the cursor on Save. */
const SAVE_SCREEN = FIRST_SCREEN.replace('│ > Open ', '│   Open ').replace('│   Save ', '│ > Save ');

const raw = (name: string, args: string, id?: string): ToolCall => ({ ...(id ? { id } : {}), type: 'function', function: { name, arguments: args } });

describe('the transcript of a run', () => {
  const ctx = useMenuApp();
  let server: Loopback | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('holds each turn: the text, the calls as repaired and run with their results, what repair changed, the screens around an action, and the shots', async () => {
    const model = scriptedModel([
      { content: 'Moving down.', tool_calls: [raw('functions.send_keys', '{"keys": "Down"}', 'a'), raw('read_text<|channel|>commentary', '')] },
      { tool_calls: [raw('functions.screenshot', '{"label": "moved"}', 'b'), raw('jump', '{}', 'c')] },
      { content: 'Done.', tool_calls: [toolCall('finish', { summary: 'Save selected', evidence: ['> Save'] }, 'd')] },
    ]);
    const runner = new AgentRunner(ctx.app, model, { model: 'fake', saveScreenshot: ctx.saveScreenshot });
    const result = await runner.run('select Save');

    const shot = join(ctx.outDir, 'moved.png');
    const png = result.transcript.turns[1]!.shots[0]!.png;
    expect(Buffer.from(png).equals(await readFile(shot))).toBe(true); // the very PNG the runner saved
    expect(result.transcript).toEqual({
      kind: 'run',
      prompt: 'select Save',
      turns: [
        {
          label: 'step 1',
          text: 'Moving down.',
          toolCalls: [
            {
              id: 'a',
              name: 'send_keys',
              arguments: '{"keys":"Down"}',
              repaired: 'stripped the functions. prefix',
              result: 'ok: pressed Down',
              ok: true,
              screens: { before: FIRST_SCREEN, after: SAVE_SCREEN },
            },
            {
              id: 'call_1_2',
              name: 'read_text',
              arguments: '{}',
              repaired: 'dropped the leaked template token "<|channel|>commentary"; gave the call without an id the id call_1_2; read empty arguments as {}',
              result: SAVE_SCREEN,
              ok: true,
            },
          ],
          shots: [],
          retries: 0,
          source: 'live',
        },
        {
          label: 'step 2',
          toolCalls: [
            {
              id: 'b',
              name: 'screenshot',
              arguments: '{"label":"moved"}',
              repaired: 'stripped the functions. prefix',
              result: `ok: saved screenshot to ${shot}; the image follows`,
              ok: true,
            },
            {
              id: 'c',
              name: 'jump',
              arguments: '{}',
              result: "error: unknown tool 'jump'; valid tools: send_keys, type_text, screenshot, read_text, wait, finish",
              ok: false,
            },
          ],
          shots: [{ label: 'moved', png }],
          retries: 0,
          source: 'live',
        },
        {
          label: 'step 3',
          text: 'Done.',
          toolCalls: [{ id: 'd', name: 'finish', arguments: '{"summary":"Save selected","evidence":["> Save"]}', result: 'ok: finished', ok: true }],
          shots: [],
          retries: 0,
          source: 'live',
        },
      ],
      outcome: 'finished',
      summary: 'Save selected',
      evidence: ['> Save'],
    });
    expect(runner.transcripts).toEqual([result.transcript]);
  });

  it('marks a finish refused for missing evidence as not ok, and keeps no evidence', async () => {
    const model = scriptedModel([{ tool_calls: [toolCall('finish', { summary: 'saved', evidence: ['Saved!'] }, 'a')] }]);
    const runner = new AgentRunner(ctx.app, model, { model: 'fake', saveScreenshot: ctx.saveScreenshot, maxSteps: 1 });
    const { transcript } = await runner.run('save');
    expect(transcript.turns[0]!.toolCalls).toEqual([
      {
        id: 'a',
        name: 'finish',
        arguments: '{"summary":"saved","evidence":["Saved!"]}',
        result:
          'error: finish rejected: evidence not visible on the screen: "Saved!". Read the screen; continue until the goal is really done, then finish with texts that are visible.',
        ok: false,
      },
    ]);
    expect([transcript.outcome, transcript.evidence]).toEqual(['step-cap', undefined]);
  });

  it('counts a 503 retried before the reply, and keeps the reasoning the server sent (real openai SDK over loopback HTTP)', async () => {
    const message = {
      role: 'assistant',
      content: null,
      reasoning_content: 'The menu is open; finishing.',
      tool_calls: [{ id: 'f', type: 'function', function: { name: 'finish', arguments: '{"summary":"ok"}' } }],
    };
    server = await startServer([
      { status: 503, body: '{"error":{"message":"overloaded"}}' },
      { status: 200, body: JSON.stringify({ id: 'x', object: 'chat.completion', created: 0, model: 'm', choices: [{ index: 0, message }] }) },
    ]);
    const { client, model } = await createClient({ env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.url, TMUX_SHOT_MODEL: 'loop-model' } });
    const runner = new AgentRunner(ctx.app, client, { model, saveScreenshot: ctx.saveScreenshot, clock: virtualClock(), random: () => 0.5 });
    const { transcript } = await runner.run('finish');
    expect(transcript.turns).toEqual([
      {
        label: 'step 1',
        reasoning: 'The menu is open; finishing.',
        toolCalls: [{ id: 'f', name: 'finish', arguments: '{"summary":"ok"}', result: 'ok: finished', ok: true }],
        shots: [],
        retries: 1,
        source: 'live',
      },
    ]);
    expect(server.requests).toHaveLength(2);
  });

  it('leaves the transcript of a run that throws: the API error in its turn, outcome error', async () => {
    server = await startServer([{ status: 401, body: '{"error":{"message":"bad key"}}' }]);
    const { client, model } = await createClient({ env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.url, TMUX_SHOT_MODEL: 'loop-model' } });
    const runner = new AgentRunner(ctx.app, client, { model, saveScreenshot: ctx.saveScreenshot, clock: virtualClock() });
    const error = (await runner.run('finish').catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/^Model request failed \(step 1\): HTTP 401 /);
    expect(runner.transcripts).toEqual([
      {
        kind: 'run',
        prompt: 'finish',
        turns: [{ label: 'step 1', toolCalls: [], shots: [], retries: 0, source: 'live', error: error.message }],
        outcome: 'error',
        summary: error.message,
      },
    ]);
    expect(JSON.stringify(runner.transcripts)).not.toContain(KEY);
  });

  it('labels the planning turn of a timed run and its propose_plan call', async () => {
    const model = scriptedModel([
      { tool_calls: [toolCall('propose_plan', { chunks: ['open', 'save'] }, 'p')] },
      { tool_calls: [toolCall('finish', { summary: 'opened' }, 'a')] },
      { tool_calls: [toolCall('finish', { summary: 'saved' }, 'b')] },
    ]);
    const runner = new AgentRunner(ctx.app, model, {
      model: 'fake',
      saveScreenshot: ctx.saveScreenshot,
      duration: 4,
      chunkSeconds: 2,
      screenshotInterval: 100,
    });
    const { transcript } = await runner.run('open, then save');
    expect(transcript.turns.map((t) => [t.label, t.toolCalls.map((c) => `${c.name} ${c.arguments} → ${c.result}`)])).toEqual([
      ['planning', ['propose_plan {"chunks":["open","save"]} → ok: 2 chunks']],
      ['step 1', ['finish {"summary":"opened"} → ok: finished']],
      ['step 2', ['finish {"summary":"saved"} → ok: finished']],
    ]);
    expect([transcript.outcome, transcript.summary]).toEqual(['finished', 'opened; saved']);
  });
});

describe('the transcripts of a cassette agent', () => {
  const ctx = useCassettes();
  const SELECT_SAVE = [{ tool_calls: [toolCall('send_keys', { keys: 'Down' }, 'a')] }, { tool_calls: [toolCall('finish', { summary: 'Save selected' }, 'b')] }];
  const sources = (agent: { transcripts: readonly { kind: string; outcome: string; turns: readonly { source: string }[] }[] }) =>
    agent.transcripts.map((t) => [t.kind, t.outcome, t.turns.map((turn) => turn.source)]);

  it('marks recorded turns recorded, replayed turns replayed, and live ones live', async () => {
    const recording = await ctx.agent(await ctx.start(), 'auto', scriptedModel(SELECT_SAVE));
    await recording.run('select Save');
    await ctx.end();
    const replaying = await ctx.agent(await ctx.start(), 'replay', offline);
    const replayed = await replaying.run('select Save');
    expect(replayed.transcript).toBe(replaying.transcripts[0]);
    const live = await ctx.agent(await ctx.start(), 'live', scriptedModel(SELECT_SAVE));
    await live.run('select Save');
    expect([sources(recording), sources(replaying), sources(live)]).toEqual([
      [['run', 'finished', ['recorded', 'recorded']]],
      [['run', 'finished', ['replayed', 'replayed']]],
      [['run', 'finished', ['live', 'live']]],
    ]);
  });

  it('marks the turn whose screen differs from the recording diverged, and keeps the transcript of the run that threw', async () => {
    await (await ctx.agent(await ctx.start(), 'auto', scriptedModel(SELECT_SAVE))).run('select Save');
    await ctx.end();
    const app = await ctx.start();
    await app.press('Down', 'Down');
    await app.waitForText('> Settings'); // the first turn's screen differs from the recording
    const driverMoved = await ctx.agent(app, 'replay', offline);
    const error = (await driverMoved.run('select Save').catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(CassetteMismatchError);
    expect(driverMoved.transcripts).toEqual([
      {
        kind: 'run',
        prompt: 'select Save',
        turns: [{ label: 'step 1', toolCalls: [], shots: [], retries: 0, source: 'diverged', error: error.message }],
        outcome: 'error',
        summary: error.message,
      },
    ]);
  });

  it('gives a run the cassette refuses before any model call a transcript without turns', async () => {
    const agent = await ctx.agent(await ctx.start(), 'replay', offline);
    const error = (await agent.run('select Save').catch((e: unknown) => e)) as Error;
    expect(error.message).toBe(
      `No cassette at ${ctx.cassette}, and replay mode (the default when CI is set) never calls a model. Record it locally with a model configured: ${RE_RECORD}`,
    );
    expect(agent.transcripts).toEqual([{ kind: 'run', prompt: 'select Save', turns: [], outcome: 'error', summary: error.message }]);
  });

  it('keeps assert and query transcripts: the verdict and the answer, with their calls', async () => {
    const model = scriptedModel([
      { content: 'Looking.', tool_calls: [toolCall('functions.verdict', { pass: false, reason: 'the cursor is on "Open"' }, 'v')] },
      { tool_calls: [toolCall('answer', '{"answer": "Open"}', 'q1')] },
      { tool_calls: [toolCall('answer', { answer: 5 }, 'q2')] },
    ]);
    const agent = await ctx.agent(await ctx.start(), 'live', model);
    expect(await agent.assert('the cursor is on Save')).toMatchObject({ pass: false });
    expect((await agent.query(z.number(), 'how many items?')).value).toBe(5);
    expect(agent.transcripts).toEqual([
      {
        kind: 'assert',
        prompt: 'the cursor is on Save',
        turns: [
          {
            label: 'assert',
            text: 'Looking.',
            toolCalls: [
              {
                id: 'v',
                name: 'verdict',
                arguments: '{"pass":false,"reason":"the cursor is on \\"Open\\""}',
                repaired: 'stripped the functions. prefix',
                result: 'ok: accepted',
                ok: true,
              },
            ],
            shots: [],
            retries: 0,
            source: 'live',
          },
        ],
        outcome: 'fail',
        summary: 'the cursor is on "Open"',
      },
      {
        kind: 'query',
        prompt: 'how many items?',
        turns: [
          {
            label: 'query',
            toolCalls: [
              {
                id: 'q1',
                name: 'answer',
                arguments: '{"answer":"Open"}',
                result: 'error: the answer does not match the schema: answer: Invalid input: expected number, received string',
                ok: false,
              },
            ],
            shots: [],
            retries: 0,
            source: 'live',
          },
          {
            label: 'query 2',
            toolCalls: [{ id: 'q2', name: 'answer', arguments: '{"answer":5}', result: 'ok: accepted', ok: true }],
            shots: [],
            retries: 0,
            source: 'live',
          },
        ],
        outcome: 'answered',
        summary: '5',
      },
    ]);
  });

  it('ends a query whose answer stays invalid as invalid', async () => {
    const bad = { tool_calls: [toolCall('answer', '{"answer": "Open"}', 'q')] };
    const agent = await ctx.agent(await ctx.start(), 'live', scriptedModel([bad, bad]));
    const error = (await agent.query(z.number(), 'how many items?').catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(TmuxShotError);
    expect(agent.transcripts.map((t) => [t.outcome, t.summary, t.turns.map((turn) => turn.label)])).toEqual([['invalid', error.message, ['query', 'query 2']]]);
  });
});
