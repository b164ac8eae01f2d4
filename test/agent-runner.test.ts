// The package's AgentRunner in the original spec's shape, `AgentRunner(app, client, model=…,
// out_dir=…)` (shared/seeds/test_agent.extracted.py.txt): screenshots written under `outDir`, and
// `runner.shots` listing them. The menu fixture app is real; the only fake is the model.
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentRunner, ConfigError, scriptedModel, toolCall } from '../src/index.js';
import { useMenuApp } from './agent/app.js';

describe('AgentRunner with outDir (the spec shape)', () => {
  const ctx = useMenuApp();

  it('drives the app via scripted tool calls and writes the screenshot under outDir', async () => {
    const { app, outDir } = ctx;
    const model = scriptedModel([
      { content: 'Moving down.', tool_calls: [toolCall('send_keys', '{"keys": "Down Down", "enter": false}', 'call_1')] },
      { tool_calls: [toolCall('screenshot', '{"label": "moved"}', 'call_2')] },
      { tool_calls: [toolCall('finish', '{"summary": "moved and captured"}', 'call_3')] },
    ]);
    const runner = new AgentRunner(app, model, { model: 'fake-model', outDir, delay: 0.05, maxSteps: 5 });
    const result = await runner.run('move down twice and screenshot it');

    expect(runner.shots).toEqual([join(outDir, 'moved.png')]);
    expect(await readFile(runner.shots[0]!)).toEqual(await app.screenshot());
    expect(result.shots).toEqual(runner.shots);
    expect(model.requests).toHaveLength(3);
    const third = model.requests[2]!.messages;
    expect(third.filter((m) => m.role === 'tool')).toHaveLength(2);
    expect(third.filter((m) => m.role === 'user' && Array.isArray(m.content))).toHaveLength(1);
  });

  it('names files after the labels, never replacing one, in a folder it creates', async () => {
    const outDir = join(ctx.outDir, 'agent', 'shots'); // not there yet
    const model = scriptedModel([
      { tool_calls: [toolCall('screenshot', '{"label": "Settings open!"}', 'call_1'), toolCall('screenshot', '{"label": "../Settings open"}', 'call_2')] },
      { tool_calls: [toolCall('finish', '{"summary": "captured twice"}', 'call_3')] },
    ]);
    const runner = new AgentRunner(ctx.app, model, { model: 'fake-model', outDir, maxSteps: 5 });
    await runner.run('screenshot the menu twice');

    expect(runner.shots).toEqual([join(outDir, 'Settings-open.png'), join(outDir, 'Settings-open-2.png')]);
    expect((await readdir(outDir)).sort()).toEqual(['Settings-open-2.png', 'Settings-open.png']);
  });

  it('keeps capturing under outDir via the ticker even if the model refuses outright', async () => {
    const { app, outDir } = ctx;
    const model = scriptedModel(Array.from({ length: 10 }, () => ({ content: "I'm sorry, but I can't help with that." })));
    const runner = new AgentRunner(app, model, { model: 'fake-model', outDir, duration: 1.2, screenshotInterval: 0.2, maxSteps: 50 });
    await runner.run('I want a gif of you actively using this app');

    expect(runner.shots.slice(0, 3)).toEqual(['tick-0001.png', 'tick-0002.png', 'tick-0003.png'].map((f) => join(outDir, f)));
    for (const shot of runner.shots) expect(existsSync(shot)).toBe(true);
  });

  it('takes a relative outDir from the working directory', async () => {
    const outDir = relative(process.cwd(), join(ctx.outDir, 'relative'));
    const model = scriptedModel([
      { tool_calls: [toolCall('screenshot', '{"label": "menu"}', 'call_1')] },
      { tool_calls: [toolCall('finish', '{"summary": "done"}', 'call_2')] },
    ]);
    const runner = new AgentRunner(ctx.app, model, { model: 'fake-model', outDir });
    await runner.run('screenshot the menu');

    expect(runner.shots).toEqual([join(outDir, 'menu.png')]);
    expect(existsSync(join(ctx.outDir, 'relative', 'menu.png'))).toBe(true);
    await rm(join(ctx.outDir, 'relative'), { recursive: true });
  });

  it('keeps saveScreenshot for other storage, and lists what it resolved to', async () => {
    const stored = new Map<string, Uint8Array>();
    const saveScreenshot = async (label: string, png: Uint8Array) => {
      stored.set(`memory:${label}`, png);
      return `memory:${label}`;
    };
    const model = scriptedModel([
      { tool_calls: [toolCall('screenshot', '{"label": "menu"}', 'call_1')] },
      { tool_calls: [toolCall('finish', '{"summary": "done"}', 'call_2')] },
    ]);
    const runner = new AgentRunner(ctx.app, model, { model: 'fake-model', saveScreenshot });
    await runner.run('screenshot the menu');

    expect(runner.shots).toEqual(['memory:menu']);
    expect(stored.get('memory:menu')).toEqual(await ctx.app.screenshot());
    expect(await readdir(ctx.outDir)).toEqual([]);
  });

  it.each([
    [
      { outDir: 'out', saveScreenshot: async () => 'x' },
      "Agent options 'outDir' and 'saveScreenshot' are both set: pass outDir for files in a folder, or saveScreenshot for other storage.",
    ],
    [
      {},
      "Agent option 'outDir' is missing: pass the folder the screenshots are saved in, or saveScreenshot (a function that saves one and resolves to where it went).",
    ],
    [
      { outDir: '' },
      "Agent option 'outDir' is empty: pass the folder the screenshots are saved in, or saveScreenshot (a function that saves one and resolves to where it went).",
    ],
  ])('refuses %j when constructed', (options, message) => {
    expect(() => new AgentRunner(ctx.app, scriptedModel([]), { model: 'fake-model', ...options })).toThrow(new ConfigError(message));
  });
});
