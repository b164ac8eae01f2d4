// agent.run(goal, { emit }) in a child Vitest run (test/codegen/emit.test.ts): a scripted model's
// finished run on the menu writes a test; a run that does not finish writes none.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { scriptedModel, toolCall } from '@repo/src/agent/index.ts';
import { describe, expect, test } from 'tmux-shot/vitest';

test.override({ tmuxOptions: { command: ['node', 'menu.mjs'], cols: 40, rows: 12 } });

describe('finished', () => {
  test.override({
    agentModel: scriptedModel([
      { tool_calls: [toolCall('send_keys', { keys: 'Down' })] },
      { tool_calls: [toolCall('type_text', { text: 'j' }), toolCall('read_text', {})] },
      { tool_calls: [toolCall('send_keys', { keys: 'Bogus' })] },
      { tool_calls: [toolCall('send_keys', { keys: 'Enter' })] },
      { tool_calls: [toolCall('finish', { summary: 'Settings selected', evidence: ['Selected: Settings', '/> Sett\\w+/'] })] },
    ]),
  });
  test('writes the run as a test', async ({ agent }) => {
    const result = await agent.run('select Settings', { emit: 'generated/menu.test.js' });
    expect(result.outcome).toBe('finished');
    expect(result.emit).toEqual({
      written: true,
      path: join(process.cwd(), 'generated/menu.test.js'),
      format: { formatter: 'biome', dir: process.cwd(), project: process.cwd() },
    });
  });
});

describe('not finished', () => {
  test.override({
    agentModel: scriptedModel([{ tool_calls: [toolCall('send_keys', { keys: 'Down' })] }]),
    agentOptions: { maxSteps: 1 },
  });
  test('writes nothing and says why', async ({ agent }) => {
    const result = await agent.run('select Save', { emit: 'generated/never.test.js' });
    expect(result.emit).toEqual({
      written: false,
      path: join(process.cwd(), 'generated/never.test.js'),
      reason: 'the run did not finish (step-cap): a test is written only from a finished run, whose actions reached the goal',
    });
    expect(existsSync('generated/never.test.js')).toBe(false);
  });
});
