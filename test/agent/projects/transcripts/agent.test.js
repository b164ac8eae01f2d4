// The agent fixture's transcripts, run by test/agent/fixture-transcripts.test.ts in a child Vitest:
// every call of the test leaves one, in order, also the calls that threw.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { scriptedModel, toolCall } from '@repo/src/agent/index.ts';
import { describe, expect, test } from 'tmux-shot/vitest';

const menu = ['node', join(process.env.TMUX_SHOT_REPO, 'fixtures/menu.mjs')];
const summaries = (agent) => agent.transcripts.map((t) => [t.kind, t.prompt, t.outcome, t.summary]);

test.override({ tmuxOptions: { command: menu, cols: 40, rows: 12 } });

describe('live', () => {
  test.override({
    agentModel: scriptedModel([
      { tool_calls: [toolCall('verdict', { pass: false, reason: 'the status line says "Use arrows"' })] },
      { tool_calls: [toolCall('send_keys', { keys: 'Down' })] },
      { tool_calls: [toolCall('finish', { summary: 'Save selected', evidence: ['> Save'] })] },
    ]),
  });
  test('keeps every transcript of the test in order, also of the calls that threw', async ({ agent, tmuxApp }) => {
    await expect(tmuxApp).toShowText('Quit');
    await expect(agent.assert('the status bar says Saved')).rejects.toThrow('agent.assert failed');
    const result = await agent.run('select Save');
    const error = await agent.run('select Help').catch((e) => e);
    expect(error.message).toMatch(/^scriptedModel: the script ran out/);
    expect(summaries(agent)).toEqual([
      ['assert', 'the status bar says Saved', 'fail', 'the status line says "Use arrows"'],
      ['run', 'select Save', 'finished', 'Save selected'],
      ['run', 'select Help', 'error', error.message],
    ]);
    expect(agent.transcripts[1]).toBe(result.transcript);
    expect(agent.transcripts[1].evidence).toEqual(['> Save']);
    expect(agent.transcripts[2].turns.map((t) => [t.label, t.source, t.error])).toEqual([['step 1', 'live', error.message]]);
  });
});

describe('replay', () => {
  test.override({ agentModel: scriptedModel([]), agentOptions: { cassette: 'replay' } });
  test('keeps the transcript of a run its cassette refuses', async ({ agent }) => {
    const error = await agent.run('select Save').catch((e) => e);
    expect(error.message).toMatch(/^No cassette at /);
    expect(agent.transcripts).toEqual([{ kind: 'run', prompt: 'select Save', turns: [], outcome: 'error', summary: error.message }]);
  });

  test('keeps the transcripts of calls made when the cassette cannot be read', async ({ agent }) => {
    const dir = join(import.meta.dirname, '__cassettes__', 'agent.test.js');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'replay-keeps-the-transcripts-of-calls-made-when-the-cassette-cannot-be-read.json'), 'not json');
    const first = await agent.run('select Save').catch((e) => e);
    const second = await agent.assert('the menu is open').catch((e) => e);
    expect(summaries(agent)).toEqual([
      ['run', 'select Save', 'error', first.message],
      ['assert', 'the menu is open', 'error', second.message],
    ]);
  });
});
