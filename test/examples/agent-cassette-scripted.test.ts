// The README's "Recording with a scripted model" example, as it is written there (but for the
// menu's path: a checkout has no node_modules/tmux-shot). Its cassette, committed in
// __cassettes__/agent-cassette-scripted.test.ts/, was recorded by this test's first run; every run
// since replays it, so the scripted model is never called (the cost below says so).
import { scriptedModel, toolCall } from '../../src/index.js';
import { expect, test } from '../../src/vitest/index.js';

test.override({
  tmuxOptions: { command: ['node', 'fixtures/menu.mjs'], cols: 40, rows: 12 },
  agentModel: scriptedModel([
    { tool_calls: [toolCall('send_keys', { keys: 'Down Down Enter' })] },
    { tool_calls: [toolCall('finish', { summary: 'selected Settings', evidence: ['Selected: Settings'] })] },
  ]),
  agentOptions: { cassette: 'auto' },
});

test('selects settings from a cassette', async ({ tmuxApp, agent }) => {
  const result = await agent.run('select the Settings item');
  expect(result.outcome).toBe('finished');
  expect(result.cost).toEqual({ calls: 0, replayed: 2, tokens: 0 });
  await expect(tmuxApp).toShowText('Selected: Settings');
});
