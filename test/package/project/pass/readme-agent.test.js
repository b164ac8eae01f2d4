// The scripted-agent test of docs/guide/agents.md, copied as it is written there: it must pass in a project that
// installed the package. (test/examples/ has its copy for the checkout.)
import { expect, test } from 'tmux-shot/vitest';
import { scriptedModel, toolCall } from 'tmux-shot';

test.override({
  tmuxOptions: { command: ['node', 'node_modules/tmux-shot/fixtures/menu.mjs'] },
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
