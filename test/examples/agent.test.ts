// The README's natural-language test. It runs in CI from its committed cassette,
// __cassettes__/agent.test.ts/<test name>.json: no model, no network, no sleeps, and every replayed
// step is checked against the live screen. Re-record after changing the goal, the app or the
// library's prompts: TMUX_SHOT_CASSETTES=record npx vitest run test/examples/agent.test.ts
// (with OPENAI_API_KEY or OPENAI_BASE_URL set). This cassette was recorded through the openai SDK
// against a loopback server answering scripted replies, standing in for a real model.
import { join } from 'node:path';
import { z } from 'zod';
import { expect, test } from '../../src/vitest/index.js';

const menu = join(import.meta.dirname, '../../fixtures/menu.mjs');

test.override({ tmuxOptions: { command: ['node', menu], cols: 40, rows: 12 } });

test('chooses settings from the menu', async ({ tmuxApp, agent }) => {
  const result = await agent.run('choose the Settings item of the menu');
  expect(result.outcome).toBe('finished');
  await expect(tmuxApp).toShowText('Selected: Settings');
  await agent.assert('the status line says that Settings was selected');
  const items = await agent.query(z.array(z.string()), 'which menu items are listed, top to bottom?');
  expect(items).toEqual(['Open', 'Save', 'Settings', 'Help', 'Quit']);
});
