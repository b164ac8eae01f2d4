// `tmux-shot agent` end to end: the real openai SDK against a loopback OpenAI-compatible server,
// driving the menu fixture in real tmux.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { type Loopback, reply, startServer } from '../agent/loopback.js';
import { decodeGif } from '../record/decode-gif.js';

const KEY = 'sk-test-cli-agent-9876543210';
const menu = resolve(import.meta.dirname, '../../fixtures/menu.mjs');
const dir = mkdtempSync(join(tmpdir(), 'tmux-shot-cli-agent-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(...argv: string[]): Promise<{ code: number; out: string[]; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { stdout: (t) => out.push(t), stderr: (t) => err.push(t) });
  return { code, out, err: err.join('\n') };
}

describe('tmux-shot agent', () => {
  let server: Loopback | undefined;
  afterEach(async () => {
    vi.unstubAllEnvs();
    await server?.close();
    server = undefined;
  });

  it('drives the app from the goal, prints the screenshot paths, and never writes the key', async () => {
    server = await startServer([
      reply('send_keys', { keys: 'Down Down Enter' }, 'c1'),
      reply('screenshot', { label: 'settings' }, 'c2'),
      reply('finish', { summary: 'selected Settings' }, 'c3'),
    ]);
    vi.stubEnv('OPENAI_API_KEY', KEY);
    vi.stubEnv('OPENAI_BASE_URL', server.url);
    const outDir = join(dir, 'run1');
    const result = await run('agent', 'select the Settings item', '--model', 'loop-model', '--out', outDir, '--cols', '50', '--rows', '14', '--', 'node', menu);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toEqual([join(outDir, 'settings.png'), 'finished: selected Settings']);
    expect(server.requests).toHaveLength(3);
    expect(server.requests[0]!.body['model']).toBe('loop-model');
    expect(server.requests[0]!.authorization).toBe(`Bearer ${KEY}`);
    for (const file of readdirSync(outDir)) expect(readFileSync(join(outDir, file)).includes(KEY)).toBe(false);
  });

  it('with --duration, writes a GIF covering the whole run even when the model refuses', async () => {
    const refusal = {
      status: 200,
      body: JSON.stringify({ id: 'x', object: 'chat.completion', created: 0, model: 'm', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: "I'm sorry, but I can't help with that." } }] }),
    };
    server = await startServer(Array.from({ length: 10 }, () => refusal));
    vi.stubEnv('OPENAI_BASE_URL', server.url);
    vi.stubEnv('OPENAI_API_KEY', '');
    const outDir = join(dir, 'run2');
    const started = performance.now();
    const result = await run('agent', 'a gif of using this app', '--duration', '1.5', '--interval', '0.4', '--out', outDir, '--cols', '50', '--rows', '14', '--', 'node', menu);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1500);
    expect(result.code).toBe(0);
    const gifPath = join(outDir, 'session.gif');
    expect(result.out).toContain(gifPath);
    expect(result.out.filter((line) => line.endsWith('.png')).length).toBeGreaterThanOrEqual(3);
    const gif = decodeGif(readFileSync(gifPath));
    // Frame delays (1/100 s) add up to at least the requested 1.5 s: the GIF covers the run.
    expect(gif.frames.reduce((sum, f) => sum + f.delay, 0)).toBeGreaterThanOrEqual(150);
  });

  it('exits 1 with a clear message when no endpoint is configured', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    vi.stubEnv('OPENAI_BASE_URL', '');
    const result = await run('agent', 'anything', '--out', join(dir, 'run3'), '--', 'node', menu);
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      'tmux-shot agent: No model endpoint configured: set OPENAI_API_KEY (for api.openai.com) or OPENAI_BASE_URL ' +
        '(for an OpenAI-compatible server such as Ollama, vLLM or llama.cpp); the CLI also takes --base-url.',
    );
    expect(existsSync(join(dir, 'run3'))).toBe(false);
  });

  it('exits 2 without a goal', async () => {
    const result = await run('agent', '--', 'node', menu);
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toBe('tmux-shot: agent takes one goal in quotes before --');
  });
});
