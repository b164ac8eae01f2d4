// createClient() over real HTTP: the openai SDK against an OpenAI-compatible server on loopback.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/agent/openai-client.js';
import { AgentRunner } from '../../src/agent/runner.js';
import { ConfigError, ModelApiError } from '../../src/errors.js';
import type { TmuxApp } from '../../src/app/index.js';
import { screenRow, useMenuApp, virtualClock, type MenuTestContext } from './app.js';
import { type Answer, bareKey, echoCredentials, KEY, KEY_FORMATS, type Loopback, type LoopbackRequest, reply, sentKey, startServer } from './loopback.js';

const status = (code: number, headers: Record<string, string> = {}) => ({ status: code, body: `{"error":{"message":"status ${code}"}}`, headers });

describe('createClient over loopback HTTP', () => {
  const ctx = useMenuApp();
  let app: TmuxApp;
  let outDir: string;
  let saveScreenshot: MenuTestContext['saveScreenshot'];
  let server: Loopback | undefined;

  beforeEach(() => {
    ({ app, outDir, saveScreenshot } = ctx);
  });

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** A runner on the real SDK pointed at `answers`; `slept` records backoff waits instead of waiting. */
  async function loopbackRunner(answers: Answer[] | ((request: LoopbackRequest) => Answer), options: { requestTimeout?: number; key?: string } = {}) {
    server = await startServer(answers);
    const env = { OPENAI_API_KEY: options.key ?? KEY, OPENAI_BASE_URL: server.url, TMUX_SHOT_MODEL: 'loop-model' };
    const { client, model } = await createClient({ env });
    const clock = virtualClock();
    const log: string[] = [];
    const timeout = options.requestTimeout === undefined ? {} : { requestTimeout: options.requestTimeout };
    const runner = new AgentRunner(app, client, { model, saveScreenshot, clock, random: () => 0.5, log: (l) => log.push(l), ...timeout });
    return { runner, slept: clock.slept, log, requests: server.requests };
  }

  /** Every file under outDir, as text, to look for the key. */
  async function outputText(): Promise<string> {
    const files = await readdir(outDir).catch(() => []);
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
      transcript: runner.transcripts[0],
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
      transcript: runner.transcripts[0],
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

  // 'hang': no answer at all; 'stall' and 'trickle': headers, then a body that never finishes.
  it.each(['hang', 'stall', 'trickle'] as const)(
    'fails a request the server does not finish answering (%s) at requestTimeout, naming the host and the time, without retrying',
    async (answer) => {
      const { runner, slept, requests } = await loopbackRunner([answer, reply('finish', { summary: 'ok' })], { requestTimeout: 300 });
      const started = performance.now();
      const error = await runner.run('go').catch((e: unknown) => e);
      const waited = performance.now() - started;
      expect(error).toBeInstanceOf(ModelApiError);
      expect((error as Error).message).toBe(
        `Model request failed (step 1): no answer from ${new URL(server!.url).host} within 300 ms. ` +
          'Check that the server is up, or raise the agent option requestTimeout (the CLI takes --request-timeout) for a slow model.',
      );
      expect(waited).toBeGreaterThanOrEqual(300);
      expect(waited).toBeLessThan(3000);
      expect(requests).toHaveLength(1);
      expect(slept).toEqual([]);
    },
  );

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

  it.each([
    ['null', 'null'],
    ['"a string"', '"a string"'],
    ['{}', '{}'],
    ['{"choices":[]}', '{"choices":[]}'],
    ['{"choices":[{"index":0}]}', '{"choices":[{"index":0}]}'],
    ['{"choices":[{"message":null}]}', '{"choices":[{"message":null}]}'],
    ['{"choices":[{"message":{"tool_calls":"send_keys"}}]}', '{"choices":[{"message":{"tool_calls":"send_keys"}}]}'],
    [`{"choices":null,"pad":"${'x'.repeat(300)}"}`, `{"choices":null,"pad":"${'x'.repeat(177)}…`],
  ])('fails clearly on a reply that is not a chat completion: %s', async (body, shown) => {
    const { runner } = await loopbackRunner([{ status: 200, body }]);
    const error = await runner.run('go').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelApiError);
    expect((error as Error).message).toBe(
      `Model reply for step 1 is not a chat completion with a message in choices[0]: got ${shown}. ` +
        'Check that OPENAI_BASE_URL points at an OpenAI-compatible /v1 endpoint.',
    );
  });

  it('reads what it can of a reply with odd fields: a tool call that is not an object, arguments as an object, usage as text', async () => {
    const body = (message: object, usage: unknown) => ({ status: 200, body: JSON.stringify({ choices: [{ message }], usage }) });
    const { runner } = await loopbackRunner([
      body({ content: 42, tool_calls: [null, { id: 7, function: { name: 'send_keys', arguments: { keys: 'Down' } } }] }, 'many'),
      body({ tool_calls: [{ function: { name: 'finish', arguments: '{"summary":"moved"}' } }] }, { total_tokens: 5 }),
    ]);
    expect(await runner.run('go')).toMatchObject({
      outcome: 'finished',
      summary: 'moved',
      steps: 2,
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 5 },
    });
    expect(screenRow(app, 4)).toBe('│ > Save                     │');
  });

  it('keeps the key out of error messages, even when the server echoes it', async () => {
    const echo = { status: 401, body: JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}. Sent: Authorization: Bearer ${KEY}` } }) };
    const { runner } = await loopbackRunner([echo]);
    const error = (await runner.run('go').catch((e: unknown) => e)) as ModelApiError;
    expect(error).toBeInstanceOf(ModelApiError);
    expect(error.status).toBe(401);
    expect(error.message).toBe(
      'Model request failed (step 1): HTTP 401 Incorrect API key provided: [redacted]. Sent: Authorization: Bearer [redacted]. ' +
        'Check OPENAI_API_KEY (and OPENAI_BASE_URL for other servers).',
    );
    expect(await outputText()).not.toContain(KEY);
  });

  it.each(KEY_FORMATS.map((key, i) => ({ key, n: i + 1 })))(
    'keeps key format $n out of the error, its causes, their fields, the log and the result',
    async ({ key }) => {
      const echo = (request: LoopbackRequest): Answer => {
        const step = server!.requests.length;
        if (step === 1) return echoCredentials(500, request);
        if (step === 2) return reply('send_keys', { keys: 'Down' });
        if (step === 3) return reply('finish', { summary: `done with ${request.authorization}, key ${request.authorization?.replace(/^Bearer /, '')}` });
        return echoCredentials(401, request);
      };
      // A 500 (retried), a reply, a finish whose summary echoes the header: the run's result and log.
      const { runner, log, requests } = await loopbackRunner(echo, { key });
      const result = await runner.run('go');
      expect(result).toMatchObject({ outcome: 'finished', summary: 'done with Bearer [redacted], key [redacted]' });
      expect(requests.map((r) => r.authorization)).toEqual([`Bearer ${sentKey(key)}`, `Bearer ${sentKey(key)}`, `Bearer ${sentKey(key)}`]);
      // A 401: the thrown error, whole.
      const error = (await runner.run('go').catch((e: unknown) => e)) as ModelApiError;
      expect(error.message).toBe(
        'Model request failed (step 1): HTTP 401 Incorrect API key provided: [redacted]. You sent Authorization: Bearer [redacted]. ' +
          'Check OPENAI_API_KEY (and OPENAI_BASE_URL for other servers).',
      );
      const cause = error.cause as { error: unknown; headers: Headers };
      expect(cause.error).toEqual({
        message: 'Incorrect API key provided: [redacted]. You sent Authorization: Bearer [redacted]',
        type: 'invalid_request_error',
        key: '[redacted]',
        headers: { authorization: '[redacted]' },
      });
      expect([cause.headers.get('x-echo-authorization'), cause.headers.get('x-echo-key')]).toEqual(['Bearer [redacted]', '[redacted]']);
      const everything = [inspect(error, { depth: Infinity, showHidden: true }), JSON.stringify(result), log.join('\n'), await outputText()].join('\n');
      expect(everything).not.toContain(bareKey(key));
    },
  );
});

describe('createClient configuration', () => {
  it('needs an API key or a base URL, and says which variables to set', async () => {
    const error = await createClient({ env: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      'No model endpoint configured: set OPENAI_API_KEY (for api.openai.com) or OPENAI_BASE_URL ' +
        '(for an OpenAI-compatible server such as Ollama, vLLM or llama.cpp), and TMUX_SHOT_MODEL to the name of the model ' +
        '(without it, gpt-4.1-mini: an OpenAI model); the CLI also takes --base-url and --model.',
    );
    await expect(createClient({ env: { OPENAI_API_KEY: '', OPENAI_BASE_URL: '' } })).rejects.toBeInstanceOf(ConfigError);
  });

  it('picks the model from the option, then TMUX_SHOT_MODEL, then the default', async () => {
    expect((await createClient({ env: { OPENAI_API_KEY: KEY } })).model).toBe('gpt-4.1-mini');
    expect((await createClient({ env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', TMUX_SHOT_MODEL: 'llama3' } })).model).toBe('llama3');
    expect((await createClient({ env: { TMUX_SHOT_MODEL: 'llama3' }, apiKey: KEY, model: 'qwen' })).model).toBe('qwen');
  });
});
