// The agent fixture with cassettes, run by test/agent/fixture-project.test.ts in a child Vitest.
// TMUX_SHOT_TEST_STEP picks what the scripted model of 'records then replays' is: 'record' gives
// it a script, 'replay' gives it none (any call fails), so the second run proves the replay.
import { join } from 'node:path';
import { InternalServerError } from 'openai';
import { z } from 'zod';
import { scriptedModel, toolCall } from '@repo/src/agent/index.ts';
import { expect, test, describe } from 'tmux-shot/vitest';

const menu = ['node', join(process.env.TMUX_SHOT_REPO, 'fixtures/menu.mjs')];
const step = process.env.TMUX_SHOT_TEST_STEP;
const verdict = (pass, reason) => ({ tool_calls: [toolCall('verdict', { pass, reason })], usage: { prompt_tokens: 90, completion_tokens: 10, total_tokens: 100 } });

test.override({ tmuxOptions: { command: menu, cols: 40, rows: 12 } });

describe('assert', () => {
  test.override({ agentModel: scriptedModel([verdict(false, 'the status line says "Use arrows"')]) });
  test('a false verdict fails the test', async ({ agent, tmuxApp }) => {
    await expect(tmuxApp).toShowText('Quit');
    await agent.assert('the status bar says Saved');
  });
});

describe('query', () => {
  test.override({ agentModel: scriptedModel([{ tool_calls: [toolCall('answer', { answer: ['Open', 'Save', 'Settings', 'Help', 'Quit'] })] }]) });
  test('returns typed data', async ({ agent, tmuxApp }) => {
    await expect(tmuxApp).toShowText('Quit');
    const items = await agent.query(z.array(z.string()), 'which menu items are shown?');
    expect(items).toEqual(['Open', 'Save', 'Settings', 'Help', 'Quit']);
  });
});

describe('cassette', () => {
  const script = [
    { tool_calls: [toolCall('send_keys', { keys: 'Down Down', enter: true })], usage: { prompt_tokens: 40, completion_tokens: 2, total_tokens: 42 } },
    { tool_calls: [toolCall('finish', { summary: 'chose Settings', evidence: ['Selected: Settings'] })] },
    verdict(true, 'the status line says "Selected: Settings"'),
  ];
  test.override({ agentModel: scriptedModel(step === 'record' ? script : []), agentOptions: { cassette: 'auto' } });
  test('records then replays', async ({ agent, tmuxApp }) => {
    await expect(tmuxApp).toShowText('Quit');
    const result = await agent.run('choose Settings');
    expect(result).toMatchObject({ outcome: 'finished', steps: 2, cost: step === 'replay' ? { calls: 0, replayed: 2, tokens: 0 } : { calls: 2, replayed: 0, tokens: 42 } });
    expect(await agent.assert('Settings was chosen')).toEqual({ pass: true, reason: 'the status line says "Selected: Settings"' });
  });
});

describe('fallthrough', () => {
  // The replay step presses Down first: the screen differs from the recording at the first call.
  const finish = { tool_calls: [toolCall('finish', { summary: 'done' })], usage: { prompt_tokens: 7, completion_tokens: 1, total_tokens: 8 } };
  test.override({ agentModel: scriptedModel([finish]), agentOptions: { cassette: step === 'record' ? 'record' : 'replay', divergence: 'fallthrough' } });
  test('goes on live and says where the pending cassette went', async ({ agent, tmuxApp }) => {
    await expect(tmuxApp).toShowText('Quit');
    if (step === 'replay') {
      await tmuxApp.press('Down');
      await expect(tmuxApp).toShowText('> Save');
    }
    expect(await agent.run('choose Help')).toMatchObject({ outcome: 'finished', cost: { calls: 1, replayed: 0, tokens: 8 } });
  });
});

describe('outage', () => {
  test.override({
    agentModel: scriptedModel([new InternalServerError(502, undefined, 'bad gateway', new Headers())]),
    agentOptions: { cassette: 'auto', retry: { attempts: 1 } },
  });
  test('while recording writes no cassette', async ({ agent, tmuxApp }) => {
    await expect(tmuxApp).toShowText('Quit');
    expect(await agent.run('choose Help')).toMatchObject({ outcome: 'outage', cost: { calls: 0, replayed: 0, tokens: 0 } });
  });
});

test('without a model or a cassette', async ({ agent, tmuxApp }) => {
  await expect(tmuxApp).toShowText('Quit');
  await agent.run('choose Help');
});
