// Tests with one full name, as test.for makes them from a name without %s: an unnamed screenshot
// or a cassette would be one file for both, so they fail with a ConfigError; failure files (the
// last screen, the GIF) get a file of their own each.
import { join } from 'node:path';
import { scriptedModel, toolCall } from '@repo/src/agent/index.ts';
import { describe, expect, test } from 'tmux-shot/vitest';

const menu = ['node', join(process.env.TMUX_SHOT_REPO, 'fixtures/menu.mjs')];

test.override({ tmuxOptions: { command: menu, cols: 40, rows: 12 } });

describe('screenshot', () => {
  test.for([0, 1])('menu item', async (downs, { tmuxApp }) => {
    await expect(tmuxApp).toShowText('Quit');
    if (downs > 0) await tmuxApp.press('Down');
    await expect(tmuxApp).toMatchScreenshot();
  });
});

describe('failure', () => {
  test.for([false, true])('menu item', async (select, { tmuxApp }) => {
    await expect(tmuxApp).toShowText('Quit');
    if (select) {
      await tmuxApp.press('Enter');
      await expect(tmuxApp).toShowText('Selected: Open');
    }
    expect(select).toBe('never');
  });
});

describe('cassette', () => {
  test.override({ agentModel: scriptedModel([{ tool_calls: [toolCall('finish', { summary: 'done' })] }]), agentOptions: { cassette: 'record' } });

  test.for([0, 1])('menu item', async (_, { agent }) => {
    await agent.run('open the menu');
  });
});
