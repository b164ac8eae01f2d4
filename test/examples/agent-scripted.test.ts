// The README's scripted-agent example, as it is written there (but for the menu's path: a checkout
// has no node_modules/tmux-shot), plus the cost its Cost bullet gives for it.
import { scriptedModel, toolCall } from '../../src/index.js';
import { expect, test } from '../../src/vitest/index.js';

test.override({
  tmuxOptions: { command: ['node', 'fixtures/menu.mjs'] },
  agentModel: scriptedModel([
    { tool_calls: [toolCall('send_keys', { keys: 'Down Down Enter' })] },
    { tool_calls: [toolCall('finish', { summary: 'selected Settings' })] },
  ]),
});

test('selects settings', async ({ tmuxApp, agent }) => {
  const result = await agent.run('select the Settings item');
  expect(result.outcome).toBe('finished');
  expect(result.cost).toEqual({ calls: 2, replayed: 0, tokens: 0 });
  await expect(tmuxApp).toShowText('Selected: Settings');
});
