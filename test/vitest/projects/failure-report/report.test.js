// Two failing tests whose reports test/report/real-failure.test.ts opens in Chromium: a screenshot
// that fails once the menu's highlight moves (MENU_DOWN=1 after the baseline was written without
// it), and an agent run with a scripted model (tool calls, then finish) after which the test's
// own check fails.
import { join } from 'node:path';
import { scriptedModel, toolCall } from '@repo/src/agent/index.ts';
import { describe, expect, test } from 'tmux-shot/vitest';

const menu = ['node', join(process.env.TMUX_SHOT_REPO, 'fixtures/menu.mjs')];

test.override({ tmuxOptions: { command: menu, cols: 40, rows: 12 } });

test('menu highlight', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('Quit');
  if (process.env.MENU_DOWN) await tmuxApp.press('Down');
  await expect(tmuxApp).toMatchScreenshot('menu');
});

describe('agent', () => {
  test.override({
    agentModel: scriptedModel([
      {
        content: 'Settings is two items down.',
        tool_calls: [toolCall('send_keys', { keys: 'Down Down Enter' }), toolCall('screenshot', { label: 'selected' })],
      },
      { tool_calls: [toolCall('finish', { summary: 'selected Settings' })] },
    ]),
  });

  test('selects help', async ({ tmuxApp, agent }) => {
    const result = await agent.run('select the Help item');
    expect(result.outcome).toBe('finished');
    await expect(tmuxApp).toShowText('Selected: Help', { timeout: 300 });
  });
});
