// The 12 behaviours of the original spec (shared/seeds/test_agent.extracted.py.txt), against the
// menu fixture app; the only fake is the model.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { InternalServerError } from 'openai';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/agent/chat.js';
import { splitRunOnChunk } from '../../src/agent/chunks.js';
import { AgentRunner } from '../../src/agent/runner.js';
import { scriptedModel, toolCall } from '../../src/agent/scripted-model.js';
import type { TmuxApp } from '../../src/app/index.js';
import { FIRST_SCREEN, screenRow, useMenuApp, virtualClock, type MenuTestContext } from './app.js';

/** A 502 as the openai SDK raises it for a failing gateway. */
const badGateway = () =>
  new InternalServerError(502, { detail: 'Upstream connection failed' }, 'Bad Gateway', new Headers({ 'content-type': 'application/json' }));

/** Collects status lines (the spec captured stdout). */
function lines() {
  const out: string[] = [];
  return { out, log: (line: string) => void out.push(line) };
}

describe('AgentRunner (spec)', () => {
  const ctx = useMenuApp();
  let app: TmuxApp;
  let outDir: string;
  let saveScreenshot: MenuTestContext['saveScreenshot'];

  beforeEach(() => {
    ({ app, outDir, saveScreenshot } = ctx);
  });

  it('drives the app via scripted tool calls', async () => {
    const model = scriptedModel([
      { content: 'Moving down.', tool_calls: [toolCall('send_keys', '{"keys": "Down Down", "enter": false}', 'call_1')] },
      { tool_calls: [toolCall('screenshot', '{"label": "moved"}', 'call_2')] },
      { tool_calls: [toolCall('finish', '{"summary": "moved and captured"}', 'call_3')] },
    ]);
    const runner = new AgentRunner(app, model, { model: 'fake-model', saveScreenshot, delay: 0.05, maxSteps: 5 });
    const result = await runner.run('move down twice and screenshot it');

    expect(runner.shots).toEqual([join(outDir, 'moved.png')]);
    expect(existsSync(runner.shots[0]!)).toBe(true);
    expect(result).toEqual({ outcome: 'finished', summary: 'moved and captured', steps: 3, shots: runner.shots, transcript: runner.transcripts[0] });
    expect(screenRow(app, 5)).toBe('│ > Settings                 │');
    // the saved file is the screen as rendered, and the image message carries exactly its bytes
    const png = await readFile(runner.shots[0]!);
    expect(png).toEqual(await app.screenshot());

    // 3 round-trips: send_keys turn, screenshot turn, finish turn
    expect(model.requests).toHaveLength(3);
    // the request after the screenshot call carries the image right after that turn's tool message
    const third = model.requests[2]!.messages;
    expect(third.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool', 'user']);
    const images = third.filter((m) => m.role === 'user' && Array.isArray(m.content));
    expect(images).toHaveLength(1);
    const parts = images[0]!.content as Exclude<ChatMessage['content'], string | null>;
    expect(parts.map((p) => (p as { type: string }).type)).toEqual(['text', 'image_url']);
    expect((parts[1] as { image_url: { url: string } }).image_url.url).toBe(`data:image/png;base64,${png.toString('base64')}`);
    expect(third[5]).toEqual({ role: 'tool', tool_call_id: 'call_2', content: `ok: saved screenshot to ${runner.shots[0]}; the image follows` });
  });

  it('stops when the model returns no tool calls', async () => {
    const model = scriptedModel([{ content: 'Nothing to do here.' }]);
    const runner = new AgentRunner(app, model, { model: 'fake-model', saveScreenshot, delay: 0.05, maxSteps: 5 });
    const result = await runner.run('do nothing');

    expect(runner.shots).toEqual([]);
    expect(model.requests).toHaveLength(1);
    expect(result).toEqual({ outcome: 'no-tool-calls', summary: 'Nothing to do here.', steps: 1, shots: [], transcript: runner.transcripts[0] });
  });

  it('keeps capturing via the ticker even if the model refuses outright', async () => {
    const refusal = { content: "I'm sorry, but I can't help with that." };
    const model = scriptedModel(Array.from({ length: 10 }, () => refusal)); // more than enough for every nudge
    const runner = new AgentRunner(app, model, {
      model: 'fake-model',
      saveScreenshot,
      delay: 0,
      maxSteps: 50,
      duration: 1.2,
      screenshotInterval: 0.2,
    });

    const start = performance.now();
    const result = await runner.run('I want a gif of you actively using this app');
    const elapsed = performance.now() - start;

    expect(elapsed).toBeGreaterThanOrEqual(1000); // waited out the duration, did not bail
    expect(runner.shots.length).toBeGreaterThanOrEqual(3); // real frames despite total refusal
    for (const shot of runner.shots) expect(existsSync(shot)).toBe(true);
    expect(runner.shots.slice(0, 3)).toEqual(['tick-0001.png', 'tick-0002.png', 'tick-0003.png'].map((f) => join(outDir, f)));
    // the refusal was nudged (3 times), then the model was left alone while the ticker ran
    expect(model.requests).toHaveLength(4);
    expect(result.outcome).toBe('no-tool-calls');
  });

  it('survives a malformed tool call instead of crashing', async () => {
    const model = scriptedModel([
      { tool_calls: [toolCall('send_keys', '{}', 'call_1')] }, // missing "keys"
      { tool_calls: [toolCall('send_keys', 'not json', 'call_2')] }, // malformed JSON
      { tool_calls: [toolCall('finish', '{"summary": "recovered"}', 'call_3')] },
    ]);
    const runner = new AgentRunner(app, model, { model: 'fake-model', saveScreenshot, delay: 0, maxSteps: 5 });
    const result = await runner.run('do something'); // must not throw

    const tools = model.requests[2]!.messages.filter((m) => m.role === 'tool');
    expect(tools).toHaveLength(2);
    expect(tools[0]!.content).toBe("error: missing required argument 'keys'");
    expect(tools[1]!.content).toBe('error: arguments are not valid JSON: not json — send a JSON object like {"name": value}');
    expect(result.outcome).toBe('finished');
  });

  it('normalizes a bundled plan into separate chunks', async () => {
    const bundled = toolCall(
      'propose_plan',
      { chunks: ['1. Open vim and create a file. 2. Record a macro and replay it 5 times. 3. Open a vertical split and copy a line across.'] },
      'plan_1',
    );
    const model = scriptedModel([
      { tool_calls: [bundled] },
      { tool_calls: [toolCall('finish', '{"summary": "opened file"}', 'c1')] },
      { tool_calls: [toolCall('finish', '{"summary": "did macro"}', 'c2')] },
      { tool_calls: [toolCall('finish', '{"summary": "did split"}', 'c3')] },
    ]);
    const { out, log } = lines();
    const runner = new AgentRunner(app, model, {
      model: 'fake-model',
      saveScreenshot,
      delay: 0,
      maxSteps: 12,
      duration: 6,
      screenshotInterval: 100,
      chunkSeconds: 2,
      log,
    });
    await runner.run('give a demo of advanced vim features');

    expect(out).toContain('split into 3 chunks');
    expect(out).toContain('chunk 3/3 done: did split');
    expect(out).toEqual(['split into 3 chunks', 'plan (3 chunks)', 'chunk 1/3 done: opened file', 'chunk 2/3 done: did macro', 'chunk 3/3 done: did split']);
    const firstOfChunk2 = model.requests[2]!.messages[1]!.content as string;
    expect(firstOfChunk2).toContain('This is chunk 2 of 3. Your task now: Record a macro and replay it 5 times.');
  });

  it('chunks a long duration session with status updates', async () => {
    const plan = toolCall('propose_plan', '{"chunks": ["show text objects", "show macros", "show marks"]}', 'plan_1');
    const model = scriptedModel([
      { tool_calls: [plan] },
      { tool_calls: [toolCall('finish', '{"summary": "did text objects"}', 'c1')] },
      { tool_calls: [toolCall('finish', '{"summary": "did macros"}', 'c2')] },
      { tool_calls: [toolCall('finish', '{"summary": "did marks"}', 'c3')] },
    ]);
    const { out, log } = lines();
    const runner = new AgentRunner(app, model, {
      model: 'fake-model',
      saveScreenshot,
      delay: 0,
      maxSteps: 12,
      duration: 6,
      screenshotInterval: 100, // the ticker does not fire during this fast run
      chunkSeconds: 2, // 6 s / 2 s → about 3 chunks
      log,
    });
    const result = await runner.run('give a demo of advanced vim features');

    expect(model.requests).toHaveLength(4); // 1 planning call + 3 chunk turns
    expect(out).toContain('plan (3 chunks)');
    expect(out).toContain('chunk 1/3 done: did text objects');
    expect(out).toContain('chunk 2/3 done: did macros');
    expect(out).toContain('chunk 3/3 done: did marks');
    // the planning request asks for propose_plan with about 3 chunks
    expect(model.requests[0]!.tools.map((t) => t.function.name)).toEqual(['propose_plan']);
    expect(model.requests[0]!.messages[0]!.content).toContain('Plan it as exactly 3 chunks of about 2 seconds each');
    // each chunk starts from a fresh context: system prompt + its own task
    for (const r of model.requests.slice(1)) expect(r.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(result).toEqual({ outcome: 'finished', summary: 'did text objects; did macros; did marks', steps: 3, shots: [], transcript: runner.transcripts[0] });
  });

  it('retries transient API errors instead of crashing', async () => {
    const clock = virtualClock();
    const model = scriptedModel([badGateway(), badGateway(), { tool_calls: [toolCall('finish', '{"summary": "done after retry"}', 'call_1')] }]);
    const runner = new AgentRunner(app, model, {
      model: 'fake-model',
      saveScreenshot,
      delay: 0,
      maxSteps: 5,
      clock,
      random: () => 0.5,
    });
    const result = await runner.run('do something'); // must not throw

    expect(model.requests).toHaveLength(3);
    expect(clock.slept).toEqual([750, 1500]);
    expect(result).toEqual({ outcome: 'finished', summary: 'done after retry', steps: 1, shots: [], transcript: runner.transcripts[0] });
    expect(result.transcript.turns.map((t) => t.retries)).toEqual([2]);
  });

  it('degrades gracefully on a persistent backend outage', async () => {
    const clock = virtualClock();
    const { out, log } = lines();
    const model = scriptedModel([
      { tool_calls: [toolCall('screenshot', '{"label": "before-outage"}', 'call_1')] },
      badGateway(),
      badGateway(),
      badGateway(),
      badGateway(),
    ]);
    const runner = new AgentRunner(app, model, {
      model: 'fake-model',
      saveScreenshot,
      delay: 0,
      maxSteps: 5,
      log,
      clock, // skip real backoff waits
    });
    const result = await runner.run('do something'); // must not throw

    expect(runner.shots).toEqual([join(outDir, 'before-outage.png')]); // not lost
    expect(existsSync(runner.shots[0]!)).toBe(true);
    expect(model.requests).toHaveLength(5);
    expect(clock.slept).toHaveLength(3);
    const why = 'Model API unavailable (step 2): 4 attempts failed, the last with HTTP 502 {"detail":"Upstream connection failed"}';
    expect(result).toEqual({ outcome: 'outage', summary: `${why}.`, steps: 2, shots: runner.shots, transcript: runner.transcripts[0] });
    expect(result.transcript.turns.map((t) => [t.retries, t.error])).toEqual([
      [0, undefined],
      [3, `${why}.`],
    ]);
    expect(out).toEqual([`outage: ${why}.`]);
  });

  it('strips leaked chat-template tokens from the tool name in a step', async () => {
    const model = scriptedModel([{ tool_calls: [toolCall('read_text<|channel|>commentary', '{}', 'call_1')] }]);
    const runner = new AgentRunner(app, model, { model: 'fake-model', saveScreenshot, delay: 0, maxSteps: 5 });
    const messages: ChatMessage[] = [];
    const step = await runner.step(messages, 'step 1');

    const tool = messages.find((m) => m.role === 'tool')!;
    expect(tool.content).not.toContain('unknown tool');
    expect(tool.content).not.toContain('error');
    expect(tool).toEqual({ role: 'tool', tool_call_id: 'call_1', content: FIRST_SCREEN });
    expect(messages[0]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'read_text', arguments: '{}' } }],
    });
    expect(step).toEqual({ hadToolCalls: true, finished: false, summary: '' });
  });

  it('respects the maxSteps safety cap', async () => {
    // every turn waits and never finishes: must stop at maxSteps, not hang
    const model = scriptedModel(Array.from({ length: 10 }, (_, i) => ({ tool_calls: [toolCall('wait', '{"seconds": 0.01}', `call_${i}`)] })));
    const runner = new AgentRunner(app, model, { model: 'fake-model', saveScreenshot, delay: 0, maxSteps: 3 });
    const result = await runner.run('wait forever');

    expect(model.requests).toHaveLength(3);
    expect(result).toEqual({ outcome: 'step-cap', summary: 'stopped after 3 steps without finish', steps: 3, shots: [], transcript: runner.transcripts[0] });
  });
});

describe('splitRunOnChunk (spec)', () => {
  it('splits bundled numbered items ', () => {
    const parts = splitRunOnChunk(
      '1. Open vim in a new terminal and create a file. ' +
        '2. Use fzf to search project files and jump to a definition. ' +
        '3. Duplicate a heading with a macro and save.',
    );
    expect(parts).toHaveLength(3);
    expect(parts[0]!.startsWith('Open vim')).toBe(true);
    expect(parts[1]!.startsWith('Use fzf')).toBe(true);
    expect(parts[2]!.startsWith('Duplicate a heading')).toBe(true);
  });

  it('leaves ordinary text alone ', () => {
    expect(splitRunOnChunk('create a macro with qa and replay it with 5@a')).toEqual(['create a macro with qa and replay it with 5@a']);
  });
});
