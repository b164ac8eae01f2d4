// createClient() over real HTTP: the openai SDK against an OpenAI-compatible server on loopback.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentRunner, createClient } from '../../src/agent/index.js';
import { ConfigError, ModelApiError } from '../../src/errors.js';
import type { TmuxApp } from '../../src/app/index.js';
import { screenRow, useMenuApp } from './app.js';
import { type Answer, KEY, type Loopback, reply, startServer } from './loopback.js';

const status = (code: number, headers: Record<string, string> = {}) => ({ status: code, body: `{"error":{"message":"status ${code}"}}`, headers });

describe('createClient over loopback HTTP', () => {
  const ctx = useMenuApp();
  let app: TmuxApp;
  let outDir: string;
  let server: Loopback | undefined;

  beforeEach(() => {
    ({ app, outDir } = ctx);
  });

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** A runner on the real SDK pointed at `answers`; `slept` records backoff waits instead of waiting. */
  async function loopbackRunner(answers: Answer[], timeout?: number) {
    server = await startServer(answers);
    const env = { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.url, TMUX_SHOT_MODEL: 'loop-model' };
    const { client, model } = await createClient({ env, ...(timeout ? { timeout } : {}) });
    const slept: number[] = [];
    const runner = new AgentRunner(app, client, { model, outDir, sleep: async (ms) => void slept.push(ms), random: () => 0.5 });
    return { runner, slept, requests: server.requests };
  }

  /** Every file under outDir, as text, to look for the key. */
  async function outputText(): Promise<string> {
    const files = await readdir(outDir);
    return (await Promise.all(files.map((f) => readFile(join(outDir, f), 'latin1')))).join('\n');
  }

  it('runs a tool-call exchange through the real openai SDK', async () => {
    const { runner, requests } = await loopbackRunner([
      reply('send_keys', { keys: 'Down' }),
      reply('screenshot', { label: 'after' }),
      reply('finish', { summary: 'moved' }),
    ]);
    const result = await runner.run('move down');

    expect(result).toEqual({
      outcome: 'finished',
      summary: 'moved',
      steps: 3,
      shots: [join(outDir, 'after.png')],
      usage: { prompt_tokens: 21, completion_tokens: 9, total_tokens: 30 },
    });
    expect(requests.map((r) => r.path)).toEqual(['/v1/chat/completions', '/v1/chat/completions', '/v1/chat/completions']);
    expect(requests[0]!.authorization).toBe(`Bearer ${KEY}`);
    expect(requests[0]!.body['model']).toBe('loop-model');
    expect((requests[0]!.body['tools'] as { function: { name: string } }[]).map((t) => t.function.name)).toEqual([
      'send_keys',
      'type_text',
      'screenshot',
      'read_text',
      'wait',
      'finish',
    ]);
    const third = requests[2]!.body['messages'] as { role: string; tool_call_id?: string; content: unknown }[];
    expect(third.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool', 'user']);
    expect(third[3]).toEqual({ role: 'tool', tool_call_id: 'call_send_keys', content: 'ok: pressed Down' });
    expect(JSON.stringify(third[6])).toMatch(/"image_url":\{"url":"data:image\/png;base64,/);
    expect(screenRow(app, 4)).toBe('│ > Save                     │');
    expect(await outputText()).not.toContain(KEY);
  });

  it('retries a 502 itself, with the SDK retries off', async () => {
    const { runner, slept, requests } = await loopbackRunner([status(502), reply('finish', { summary: 'back' })]);
    expect((await runner.run('go')).summary).toBe('back');
    expect(requests).toHaveLength(2);
    expect(slept).toEqual([750]); // our backoff ran, so the SDK did not retry
  });

  it('stops cleanly after 4 attempts of a persistent 502 (the SDK would have made 12)', async () => {
    const { runner, slept, requests } = await loopbackRunner([status(502), status(502), status(502), status(502), status(502)]);
    const result = await runner.run('go');
    expect(result).toEqual({
      outcome: 'outage',
      summary: 'Model API unavailable (step 1): 4 attempts failed, the last with HTTP 502 status 502.',
      steps: 1,
      shots: [],
    });
    expect(requests).toHaveLength(4);
    expect(slept).toEqual([750, 1500, 3000]);
  });

  it('caps a 429 with Retry-After: 3600', async () => {
    const { runner, slept, requests } = await loopbackRunner([status(429, { 'retry-after': '3600' }), reply('finish', { summary: 'ok' })]);
    expect((await runner.run('go')).outcome).toBe('finished');
    expect(requests).toHaveLength(2);
    expect(slept).toEqual([30000]);
  });

  it('retries a request that times out', async () => {
    const { runner, slept, requests } = await loopbackRunner(['hang', reply('finish', { summary: 'ok' })], 300);
    expect((await runner.run('go')).outcome).toBe('finished');
    expect(requests).toHaveLength(2);
    expect(slept).toEqual([750]);
  });

  it('fails clearly on a malformed JSON body', async () => {
    const { runner, slept, requests } = await loopbackRunner([{ status: 200, body: '{not json' }]);
    const error = await runner.run('go').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelApiError);
    expect((error as Error).message).toBe(
      "Model request failed (step 1): the server's reply is not valid JSON (Expected property name or '}' in JSON at position 1). " +
        'Check that OPENAI_BASE_URL points at an OpenAI-compatible /v1 endpoint.',
    );
    expect(requests).toHaveLength(1);
    expect(slept).toEqual([]);
  });

  it('keeps the key out of error messages, even when the server echoes it', async () => {
    const echo = { status: 401, body: JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}. Sent: Authorization: Bearer ${KEY}` } }) };
    const { runner } = await loopbackRunner([echo]);
    const error = (await runner.run('go').catch((e: unknown) => e)) as ModelApiError;
    expect(error).toBeInstanceOf(ModelApiError);
    expect(error.status).toBe(401);
    expect(error.message).toBe(
      'Model request failed (step 1): HTTP 401 Incorrect API key provided: sk-[redacted]. Sent: Authorization: Bearer [redacted]. ' +
        'Check OPENAI_API_KEY (and OPENAI_BASE_URL for other servers).',
    );
    expect(await outputText()).not.toContain(KEY);
  });
});

describe('createClient configuration', () => {
  it('needs an API key or a base URL, and says which variables to set', async () => {
    const error = await createClient({ env: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      'No model endpoint configured: set OPENAI_API_KEY (for api.openai.com) or OPENAI_BASE_URL ' +
        '(for an OpenAI-compatible server such as Ollama, vLLM or llama.cpp); the CLI also takes --base-url.',
    );
    await expect(createClient({ env: { OPENAI_API_KEY: '', OPENAI_BASE_URL: '' } })).rejects.toBeInstanceOf(ConfigError);
  });

  it('picks the model from the option, then TMUX_SHOT_MODEL, then the default', async () => {
    expect((await createClient({ env: { OPENAI_API_KEY: KEY } })).model).toBe('gpt-4.1-mini');
    expect((await createClient({ env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', TMUX_SHOT_MODEL: 'llama3' } })).model).toBe('llama3');
    expect((await createClient({ env: { TMUX_SHOT_MODEL: 'llama3' }, apiKey: KEY, model: 'qwen' })).model).toBe('qwen');
  });
});
