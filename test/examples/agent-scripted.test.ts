// The README's scripted-agent example, as it is written there.
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
  await expect(tmuxApp).toShowText('Selected: Settings');
});
