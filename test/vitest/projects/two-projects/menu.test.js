// Run by two Vitest projects, 'dark' and 'light' (test/vitest/vitest-projects.test.ts), each with
// its own TMUX_SHOT_THEME: the same test file draws the menu in the project's theme and records a
// cassette whose scripted answer names the theme. Shared files would mix the two.
import { join } from 'node:path';
import { scriptedModel, toolCall } from '@repo/src/agent/index.ts';
import { describe, expect, test } from 'tmux-shot/vitest';

const menu = ['node', join(process.env.TMUX_SHOT_REPO, 'fixtures/menu.mjs')];
const theme = process.env.TMUX_SHOT_THEME;

test.override({ tmuxOptions: { command: menu, cols: 40, rows: 12, theme } });

test('menu opens', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('Quit');
  await expect(tmuxApp).toMatchScreenshot();
});

describe('agent', () => {
  test.override({
    agentModel: scriptedModel(process.env.TMUX_SHOT_CASSETTES === 'record' ? [{ tool_calls: [toolCall('finish', { summary: `the ${theme} menu` })] }] : []),
    agentOptions: { cassette: process.env.TMUX_SHOT_CASSETTES },
  });

  test('names the theme', async ({ agent, tmuxApp }) => {
    await expect(tmuxApp).toShowText('Quit');
    expect((await agent.run('which theme is this?')).summary).toBe(`the ${theme} menu`);
  });
});
