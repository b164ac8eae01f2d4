// Failures seen with real models and APIs, beyond the spec's 12, against the menu fixture app.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { APIError, AuthenticationError } from 'openai';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/agent/chat.js';
import { AgentRunner } from '../../src/agent/runner.js';
import { scriptedModel, toolCall } from '../../src/agent/scripted-model.js';
import { ModelApiError } from '../../src/errors.js';
import type { TmuxApp } from '../../src/app/index.js';
import { FIRST_SCREEN, screenRow, useMenuApp, virtualClock, type MenuTestContext } from './app.js';

const ctx = useMenuApp();
let app: TmuxApp;
let outDir: string;
let saveScreenshot: MenuTestContext['saveScreenshot'];

beforeEach(() => {
  ({ app, outDir, saveScreenshot } = ctx);
});

const finish = (summary = 'done') => ({ tool_calls: [toolCall('finish', { summary })] });
const toolMessages = (messages: ChatMessage[]) => messages.filter((m) => m.role === 'tool');

describe('AgentRunner robustness', () => {
  it('answers each of several tool calls in one message, in order, images after the tool messages', async () => {
    const model = scriptedModel([
      {
        tool_calls: [
          toolCall('send_keys', { keys: 'Down' }, 'a'),
          toolCall('screenshot', { label: 'one' }, 'b'),
          toolCall('nope', {}, 'c'),
          toolCall('screenshot', { label: 'one' }, 'd'),
        ],
      },
      finish(),
    ]);
    const runner = new AgentRunner(app, model, { model: 'm', saveScreenshot });
    await runner.run('go');

    const second = model.requests[1]!.messages;
    expect(second.slice(2).map((m) => (m.role === 'tool' ? `tool ${m.tool_call_id}` : m.role))).toEqual([
      'assistant',
      'tool a',
      'tool b',
      'tool c',
      'tool d',
      'user',
      'user',
    ]);
    expect(runner.shots).toEqual([join(outDir, 'one.png'), join(outDir, 'one-2.png')]);
    expect(toolMessages(second).map((m) => m.content.split(':')[0])).toEqual(['ok', 'ok', 'error', 'ok']);
    expect(screenRow(app, 4)).toBe('│ > Save                     │');
  });

  it('dispatches functions.send_keys as send_keys, echoing the repaired name', async () => {
    const model = scriptedModel([{ tool_calls: [toolCall('functions.send_keys', { keys: 'Down Down Down' }, 'k')] }, finish()]);
    await new AgentRunner(app, model, { model: 'm', saveScreenshot }).run('go');

    expect(screenRow(app, 6)).toBe('│ > Help                     │');
    const second = model.requests[1]!.messages;
    expect(second[2]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'k', type: 'function', function: { name: 'send_keys', arguments: '{"keys":"Down Down Down"}' } }],
    });
    expect(second[3]).toEqual({ role: 'tool', tool_call_id: 'k', content: 'ok: pressed Down Down Down' });
  });

  it('types literal text with type_text, then Enter', async () => {
    const model = scriptedModel([{ tool_calls: [toolCall('type_text', { text: 'jj', enter: true }, 't')] }, finish()]);
    await new AgentRunner(app, model, { model: 'm', saveScreenshot }).run('choose the third item');

    expect(screenRow(app, 9)).toBe('Selected: Settings');
    expect(toolMessages(model.requests[1]!.messages)).toEqual([{ role: 'tool', tool_call_id: 't', content: 'ok: typed 2 characters and Enter' }]);
  });

  it('reads an empty arguments string as {}', async () => {
    const model = scriptedModel([{ tool_calls: [toolCall('read_text', '', 'r')] }, finish()]);
    await new AgentRunner(app, model, { model: 'm', saveScreenshot }).run('go');

    expect(toolMessages(model.requests[1]!.messages)).toEqual([{ role: 'tool', tool_call_id: 'r', content: FIRST_SCREEN }]);
    expect(model.requests[1]!.messages[2]).toMatchObject({ tool_calls: [{ function: { name: 'read_text', arguments: '{}' } }] });
  });

  it('lists the valid tools for an unknown tool, and reports unknown key names', async () => {
    const model = scriptedModel([{ tool_calls: [toolCall('click', { x: 1 }, 'u'), toolCall('send_keys', { keys: 'Dwn' }, 'k')] }, finish()]);
    await new AgentRunner(app, model, { model: 'm', saveScreenshot }).run('go');

    const [unknown, badKey] = toolMessages(model.requests[1]!.messages);
    expect(unknown!.content).toBe("error: unknown tool 'click'; valid tools: send_keys, type_text, screenshot, read_text, wait, finish");
    expect(badKey!.content).toBe(
      "error: Unknown key name 'Dwn'. Did you mean 'Down'? Use tmux key names (C-c, M-x, Enter, Up, F1…) or Playwright-style names (Control+C, ArrowUp); send literal text with type_text.",
    );
  });

  it('says why tmux cannot send a combination, and the key to press instead', async () => {
    const model = scriptedModel([{ tool_calls: [toolCall('send_keys', { keys: 'Control+$' }, 'k')] }, finish()]);
    await new AgentRunner(app, model, { model: 'm', saveScreenshot }).run('go');

    expect(toolMessages(model.requests[1]!.messages)).toEqual([
      {
        role: 'tool',
        tool_call_id: 'k',
        content:
          "error: Key 'Control+$' is a combination tmux cannot send: tmux 3.3a has a Control form only of letters, Space, @ [ \\ ] ^ _ ? " +
          "and, as extended keys, of digits and ! # ' ( ) + , - . / : ; < = > `; with '$' it would type the name as text. Did you mean '$'? " +
          'The app then reads it without Control. Press the key you mean, or send literal text with type_text.',
      },
    ]);
  });

  it('says why an extended key cannot reach an app that did not ask for extended keys', async () => {
    const model = scriptedModel([{ tool_calls: [toolCall('send_keys', { keys: 'Control+Enter' }, 'k')] }, finish()]);
    await new AgentRunner(app, model, { model: 'm', saveScreenshot }).run('go');

    expect(toolMessages(model.requests[1]!.messages)).toEqual([
      {
        role: 'tool',
        tool_call_id: 'k',
        content:
          "error: Key 'Control+Enter' is an extended key, and the app has not asked for extended keys: tmux 3.3a sends it (as CSI u, " +
          "e.g. Control+Enter as ESC [ 13 ; 5 u) only to an app that turned on xterm's modifyOtherKeys (CSI > 4 ; 1 m or " +
          "CSI > 4 ; 2 m); to any other app it sends nothing or types the name as text. Did you mean 'Enter'? The app then reads it without Control. Press 'Control+Enter' once " +
          'the app has turned them on, or send the bytes the app expects with type_text.',
      },
    ]);
  });

  it('counts every malformed call toward maxSteps', async () => {
    const model = scriptedModel(Array.from({ length: 5 }, () => ({ tool_calls: [toolCall('send_keys', '{}')] })));
    const result = await new AgentRunner(app, model, { model: 'm', saveScreenshot, maxSteps: 2 }).run('go');

    expect(model.requests).toHaveLength(2);
    expect(result.outcome).toBe('step-cap');
  });

  it('caps a 429 with Retry-After: 3600 at 30 s', async () => {
    const clock = virtualClock();
    const limited = APIError.generate(429, { error: { message: 'Rate limit reached' } }, undefined, new Headers({ 'retry-after': '3600' }));
    const model = scriptedModel([limited, finish('after the limit')]);
    const result = await new AgentRunner(app, model, { model: 'm', saveScreenshot, clock }).run('go');

    expect(clock.slept).toEqual([30000]);
    expect(result.summary).toBe('after the limit');
  });

  it('fails a non-transient 401 at once, without retrying', async () => {
    const clock = virtualClock();
    const denied = new AuthenticationError(401, { message: 'Incorrect API key provided: sk-test-abcdef.' }, undefined, new Headers());
    const model = scriptedModel([denied, finish()]);
    const runner = new AgentRunner(app, model, { model: 'm', saveScreenshot, clock });
    const error = await runner.run('go').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ModelApiError);
    expect((error as Error).message).toBe(
      'Model request failed (step 1): HTTP 401 Incorrect API key provided: [redacted]. Check OPENAI_API_KEY (and OPENAI_BASE_URL for other servers).',
    );
    expect(model.requests).toHaveLength(1);
    expect(clock.slept).toEqual([]);
  });

  it('keeps only the last 3 screenshots as images in a request', async () => {
    const shots = ['a', 'b', 'c', 'd'].map((label) => ({ tool_calls: [toolCall('screenshot', { label })] }));
    const model = scriptedModel([...shots, finish()]);
    await new AgentRunner(app, model, { model: 'm', saveScreenshot }).run('go');

    const last = model.requests[4]!.messages.filter((m) => m.role === 'user').slice(1);
    expect(last.map((m) => (typeof m.content === 'string' ? m.content : 'image'))).toEqual([
      "Screenshot 'a': [image omitted: only the last 3 screenshots are kept]",
      'image',
      'image',
      'image',
    ]);
  });

  it('nudges a timed run whose model stops early, and sums token usage', async () => {
    const usage = { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 };
    const model = scriptedModel([
      { content: 'All done!', usage },
      { ...finish('used the time'), usage },
    ]);
    const result = await new AgentRunner(app, model, { model: 'm', saveScreenshot, duration: 30, screenshotInterval: 100 }).run('demo');

    const nudge = model.requests[1]!.messages.at(-1)!;
    expect(nudge.role).toBe('user');
    expect(nudge.content).toMatch(/^The session is not over: about (29|30) seconds are left\. Continue with the tools;/);
    expect(result).toEqual({
      outcome: 'finished',
      summary: 'used the time',
      steps: 2,
      shots: [],
      usage: { prompt_tokens: 20, completion_tokens: 4, total_tokens: 24 },
      transcript: expect.objectContaining({ outcome: 'finished', summary: 'used the time' }),
    });
  });

  it('ends a timed run whose model keeps waiting when the time is up', async () => {
    const model = scriptedModel(Array.from({ length: 20 }, () => ({ tool_calls: [toolCall('wait', { seconds: 5 })] })));
    const start = performance.now();
    const result = await new AgentRunner(app, model, { model: 'm', saveScreenshot, duration: 0.3, screenshotInterval: 100 }).run('demo');
    const elapsed = performance.now() - start;

    expect(result).toEqual({
      outcome: 'duration-elapsed',
      summary: 'the time ran out before finish',
      steps: 1,
      shots: [],
      transcript: expect.objectContaining({ outcome: 'duration-elapsed' }),
    });
    expect(model.requests).toHaveLength(1);
    expect(elapsed).toBeGreaterThanOrEqual(290); // the 5 s wait was cut to the 0.3 s left
    expect(elapsed).toBeLessThan(3000);
  });

  it('runs the goal as one chunk when the planning reply has no plan', async () => {
    const lines: string[] = [];
    const model = scriptedModel([{ content: 'no' }, finish('did it anyway')]);
    const options = { model: 'm', saveScreenshot, duration: 4, chunkSeconds: 2, screenshotInterval: 100, log: (l: string) => void lines.push(l) };
    const result = await new AgentRunner(app, model, options).run('demo');

    expect(lines).toEqual(['no plan (propose_plan was not called): running the goal as one chunk', 'chunk 1/1 done: did it anyway']);
    expect(model.requests[1]!.messages[1]!.content).toContain('This is chunk 1 of 1. Your task now: demo');
    expect(result.outcome).toBe('finished');
  });
});
