// The steps the shell and agent fixtures leave on their apps, in this repo's own Vitest run: a
// shell's start lasts until its prompt and each run is one step; each agent call is one step, its
// keys and waits inside it (the transcript has them).
import { join } from 'node:path';
import { z } from 'zod';
import { scriptedModel, toolCall } from '../../src/agent/index.js';
import { describe, expect, test } from '../../src/vitest/index.js';

const menu = ['node', join(import.meta.dirname, '../../fixtures/menu.mjs')];

/** The steps without their times. */
function titled(app: { steps: readonly { kind: string; title: string; error?: string }[] }) {
  return app.steps.map(({ kind, title, error }) => ({ kind, title, error }));
}

describe('shell', () => {
  test('has its start, lasting until the prompt, and one step per run', async ({ shell }) => {
    expect(titled(shell.app)).toEqual([{ kind: 'start', title: "start(['bash', '--norc', '--noprofile', '-i'])", error: undefined }]);
    const firstOutput = shell.app.timeline.events.find((event) => event.kind === 'output')!;
    expect(shell.app.steps[0]!.durationMs).toBeGreaterThanOrEqual(firstOutput.atMs);
    expect(await shell.run("printf 'a\\nb\\n'")).toEqual({ output: 'a\nb', exitCode: 0 });
    await expect(shell.run('sleep 1', { timeout: 100 })).rejects.toThrow();
    expect(titled(shell.app).slice(1)).toEqual([
      { kind: 'run', title: "run('printf \\'a\\\\nb\\\\n\\'')", error: undefined },
      { kind: 'run', title: "run('sleep 1', { timeout: 100 })", error: 'shell.run("sleep 1"): the bash prompt did not come back within 100 ms.' },
    ]);
  });
});

describe('agent', () => {
  test.override({
    tmuxOptions: { command: menu, cols: 40, rows: 12 },
    agentModel: scriptedModel([
      { tool_calls: [toolCall('send_keys', { keys: 'Down Down', enter: true })] },
      { tool_calls: [toolCall('finish', { summary: 'Settings selected' })] },
      { tool_calls: [toolCall('verdict', { pass: false, reason: 'Help is not selected' })] },
      { tool_calls: [toolCall('answer', { answer: { items: 4 } })] },
      { tool_calls: [toolCall('send_keys', { keys: 'Up' })] },
    ]),
  });

  test('has one step per call, its keys and waits inside it, failed when it throws or did not finish', async ({ agent, tmuxApp }) => {
    await expect(tmuxApp).toShowText('Quit');
    expect((await agent.run('select Settings')).outcome).toBe('finished');
    await expect(agent.assert('Help is selected')).rejects.toThrow('agent.assert failed');
    await agent.query(z.object({ items: z.number() }), 'how many items are listed?');
    expect((await agent.run('select Save', { maxSteps: 1 })).outcome).toBe('step-cap');
    expect(titled(tmuxApp).slice(1)).toEqual([
      { kind: 'expect', title: "expect(tmuxApp).toShowText('Quit')", error: undefined },
      { kind: 'agent', title: "agent.run('select Settings')", error: undefined },
      { kind: 'agent', title: "agent.assert('Help is selected')", error: 'agent.assert failed: "Help is selected"' },
      { kind: 'agent', title: "agent.query('how many items are listed?')", error: undefined },
      { kind: 'agent', title: "agent.run('select Save', { maxSteps: 1 })", error: 'did not finish (step-cap): stopped after 1 steps without finish' },
    ]);
  });
});
