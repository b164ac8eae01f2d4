// Cassettes never hold secrets: a run recorded through the real openai SDK against a loopback
// server keeps the base URL's host only, and no file written by the tests holds the API key.
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/agent/openai-client.js';
import { useCassettes } from './cassette-app.js';
import { KEY, type Loopback, reply, startServer } from './loopback.js';

/** Every file under `dir` (recursively) as latin1 text; none when `dir` does not exist. */
async function filesUnder(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return new Map(await Promise.all(files.map(async (f) => [f, await readFile(f, 'latin1')] as const)));
}

describe('cassettes and the API key', () => {
  const ctx = useCassettes();
  let server: Loopback | undefined;

  afterEach(async () => {
    await server?.close();
  });

  it('records through the openai SDK with the host only, and writes the key nowhere', async () => {
    server = await startServer([reply('send_keys', { keys: 'Down' }), reply('finish', { summary: 'moved', evidence: ['> Save'] })]);
    const env = { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.url, TMUX_SHOT_MODEL: 'loop-model' };
    const agent = await ctx.agent(
      await ctx.start(),
      'record',
      { chat: { completions: { create: () => Promise.reject(new Error('unused')) } } },
      {
        connect: () => createClient({ env }),
      },
    );
    expect(await agent.run('move down')).toMatchObject({ outcome: 'finished', cost: { calls: 2, replayed: 0, tokens: 20 } });
    expect(server.requests[0]!.authorization).toBe(`Bearer ${KEY}`);
    await ctx.end();
    const cassette = await ctx.read();
    expect([cassette.model, cassette.baseHost]).toEqual(['loop-model', new URL(server.url).host]);
    expect(cassette.interactions[0].entries[0].message).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_send_keys', type: 'function', function: { name: 'send_keys', arguments: '{"keys":"Down"}' } }],
    });
    const written = await filesUnder(ctx.dir);
    expect(written.size).toBeGreaterThan(0);
    expect([...written].filter(([, text]) => text.includes(KEY)).map(([file]) => file)).toEqual([]);
  });

  it('finds the key in no committed cassette and no test attachment', async () => {
    const root = resolve(import.meta.dirname, '../..');
    const dirs = [join(root, 'test'), join(root, '.vitest-attachments')];
    const files = new Map([...(await Promise.all(dirs.map(filesUnder))).flatMap((m) => [...m])]);
    const leaking = [...files].filter(([file, text]) => !file.endsWith('.ts') && text.includes(KEY)).map(([file]) => file);
    expect(leaking).toEqual([]);
  });
});
