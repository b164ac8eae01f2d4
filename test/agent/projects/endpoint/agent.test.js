// The agent fixture against a real OpenAI-compatible endpoint: the loopback server of
// test/agent/endpoint-project.test.ts (OPENAI_BASE_URL), which answers by the model name each test
// sends. TMUX_SHOT_TEST_KEYS lists API keys of several formats; each gets the same tests with
// OPENAI_API_KEY set to it, and the server echoes the key in its bodies and headers. The cassette
// mode is the local default (auto: record, as no cassette exists) unless a test says otherwise.
import { join } from 'node:path';
import OpenAI from 'openai';
import { beforeEach, vi } from 'vitest';
import { describe, expect, test } from 'tmux-shot/vitest';

const menu = ['node', join(process.env.TMUX_SHOT_REPO, 'fixtures/menu.mjs')];
const keys = JSON.parse(process.env.TMUX_SHOT_TEST_KEYS ?? '[]');

test.override({ tmuxOptions: { command: menu, cols: 40, rows: 12 }, tmuxRecording: 'off' });

for (const [i, key] of keys.entries()) {
  describe(`key ${i + 1}`, () => {
    beforeEach(() => {
      vi.stubEnv('OPENAI_API_KEY', key);
    });

    describe('401', () => {
      test.override({ agentOptions: { model: 'echo-401' } });
      test('run', async ({ agent, tmuxApp }) => {
        await expect(tmuxApp).toShowText('Quit');
        await agent.run('choose Settings');
      });
    });

    describe('500', () => {
      test.override({ agentOptions: { model: 'echo-500', retry: { attempts: 1 } } });
      test('assert', async ({ agent, tmuxApp }) => {
        await expect(tmuxApp).toShowText('Quit');
        await agent.assert('the menu is shown');
      });
      test('run', async ({ agent, tmuxApp }) => {
        await expect(tmuxApp).toShowText('Quit');
        expect(await agent.run('choose Settings')).toMatchObject({ outcome: 'finished' });
      });
    });

    describe('own client', () => {
      // An openai client of the test's own, given as agentModel, with the key as its apiKey.
      test.override({ agentModel: new OpenAI({ apiKey: key, baseURL: process.env.OPENAI_BASE_URL }), agentOptions: { model: 'echo-401' } });
      test('401', async ({ agent, tmuxApp }) => {
        await expect(tmuxApp).toShowText('Quit');
        await agent.run('choose Settings');
      });
    });

    describe('200', () => {
      test.override({ agentOptions: { model: 'echo-200', cassette: 'record' } });
      test('records', async ({ agent, tmuxApp }) => {
        await expect(tmuxApp).toShowText('Quit');
        const result = await agent.run('choose Settings');
        console.log(`summary: ${result.summary}`);
        expect(result).toMatchObject({ outcome: 'finished', steps: 1 });
      });
    });
  });
}

describe('a hanging endpoint', () => {
  test.override({ agentOptions: { model: 'hang', cassette: 'live', requestTimeout: 1000 } });
  test('run', async ({ agent, tmuxApp }) => {
    await expect(tmuxApp).toShowText('Quit');
    await agent.run('choose Settings');
  });
});

// The headers of a 200 come at once, then the body stalls: the request still ends at requestTimeout.
describe('a stalling endpoint', () => {
  test.override({ agentOptions: { model: 'stall', cassette: 'live', requestTimeout: 1000 } });
  test('run', async ({ agent, tmuxApp }) => {
    await expect(tmuxApp).toShowText('Quit');
    await agent.run('choose Settings');
  });
});
