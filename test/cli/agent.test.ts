// `tmux-shot agent` end to end: the real openai SDK against a loopback OpenAI-compatible server,
// driving the menu fixture in real tmux; in-process through main(), and as the built bin
// (dist/cli/bin.js, run `npm run build` first).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { bareKey, echoCredentials, KEY_FORMATS, type Loopback, reply, sentKey, startServer } from '../agent/loopback.js';
import { decodeGif } from '../record/decode-gif.js';

const KEY = 'sk-test-cli-agent-9876543210';
const menu = resolve(import.meta.dirname, '../../fixtures/menu.mjs');
const bin = resolve(import.meta.dirname, '../../dist/cli/bin.js');
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
    // One status line per tool call on stderr: name, arguments as run, result.
    expect(result.err.split('\n')).toEqual([
      'send_keys {"keys":"Down Down Enter"} → ok: pressed Down Down Enter',
      `screenshot {"label":"settings"} → ok: saved screenshot to ${join(outDir, 'settings.png')}; the image follows`,
      'finish {"summary":"selected Settings"} → ok: finished',
    ]);
    expect(result.code).toBe(0);
    expect(result.out).toEqual([join(outDir, 'settings.png'), 'finished: selected Settings']);
    expect(server.requests).toHaveLength(3);
    expect(server.requests[0]!.body['model']).toBe('loop-model');
    expect(server.requests[0]!.authorization).toBe(`Bearer ${KEY}`);
    for (const file of readdirSync(outDir)) expect(readFileSync(join(outDir, file)).includes(KEY)).toBe(false);
  });

  it('prints a status line for a call read from the text with its repair, a refused call, and a reply whose call did not run', async () => {
    const text = (content: string) => ({
      status: 200,
      body: JSON.stringify({ choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, tool_calls: null } }] }),
    });
    server = await startServer([
      text('Moving down.\n<tool_call>{"name": "send_keys", "arguments": {"keys": "Down",}}</tool_call>'),
      reply('click', { x: 1 }, 'c2'),
      text('I could send <tool_call>{"name": "send_keys", "arguments": {"keys": "q"}}</tool_call> but will not.'),
      reply('finish', { summary: 'done' }, 'c4'),
    ]);
    vi.stubEnv('OPENAI_API_KEY', KEY);
    vi.stubEnv('OPENAI_BASE_URL', server.url);
    const result = await run('agent', 'move down', '--out', join(dir, 'status'), '--', 'node', menu);
    expect([result.code, result.out]).toEqual([0, ['finished: done']]);
    expect(result.err.split('\n')).toEqual([
      'send_keys {"keys":"Down"} (read the call from the message content (<tool_call> tags)) → ok: pressed Down',
      'click {"x":1} → error: unknown tool \'click\'; valid tools: send_keys, type_text, screenshot, read_text, wait, finish',
      '(no call) (not run: content with text after the call) → error: your reply has text after the <tool_call> tags, so nothing was run; end the reply with the calls, written <tool_call>{"name": "<tool>", "arguments": {…}}</tool_call>, or call the tool through tool_calls, or reply with only the call as JSON: {"name": "<tool>", "arguments": {…}}',
      'finish {"summary":"done"} → ok: finished',
    ]);
  });

  it('with --emit, writes the finished run as a test, relative to the current folder, and says so', async () => {
    server = await startServer([
      reply('send_keys', { keys: 'Down Down', enter: true }, 'c1'),
      reply('finish', { summary: 'selected Settings', evidence: ['Settings'] }, 'c2'),
    ]);
    vi.stubEnv('OPENAI_API_KEY', KEY);
    vi.stubEnv('OPENAI_BASE_URL', server.url);
    const emitDir = join(dir, 'emit');
    mkdirSync(emitDir);
    const cwd = vi.spyOn(process, 'cwd').mockReturnValue(emitDir);
    const result = await run(
      'agent',
      'select Settings',
      '--out',
      join(dir, 'emit-shots'),
      '--emit',
      'tests/menu.test.ts',
      '--cols',
      '40',
      '--rows',
      '12',
      '--',
      'node',
      menu,
    ).finally(() => cwd.mockRestore());
    expect([result.code, result.err.split('\n')]).toEqual([
      0,
      [
        'send_keys {"keys":"Down Down","enter":true} → ok: pressed Down Down Enter',
        'finish {"summary":"selected Settings","evidence":["Settings"]} → ok: finished',
      ],
    ]);
    expect(result.out).toEqual([
      'wrote tests/menu.test.ts (no package.json in its folder or above, so no project formatter: left as written)',
      'finished: selected Settings',
    ]);
    expect(
      readFileSync(join(emitDir, 'tests/menu.test.ts'), 'utf8'),
    ).toBe(`// Written by tmux-shot from an agent run: the actions the model took, without the model.

import { expect, test } from 'tmux-shot/vitest';

test.override({ tmuxOptions: { command: ['node', '${menu}'], cols: 40, rows: 12 } });

test('select Settings', async ({ tmuxApp }) => {
  await tmuxApp.press('Down', 'Down', 'Enter');
  await expect(tmuxApp).toShowText('Selected: Settings');
  await expect(tmuxApp).toShowText('Settings');
  await expect(tmuxApp).toMatchScreenshot('finished');
});
`);
  });

  it('with --emit, writes no test when the run does not finish, and says why on stderr', async () => {
    server = await startServer([reply('send_keys', { keys: 'Down' }, 'c1')]);
    vi.stubEnv('OPENAI_API_KEY', KEY);
    vi.stubEnv('OPENAI_BASE_URL', server.url);
    const file = join(dir, 'never', 'menu.test.ts');
    const result = await run('agent', 'select Save', '--out', join(dir, 'never-shots'), '--max-steps', '1', '--emit', file, '--', 'node', menu);
    expect([result.code, result.out]).toEqual([1, []]);
    expect(result.err).toBe(
      'send_keys {"keys":"Down"} → ok: pressed Down\n' +
        `tmux-shot agent: no test written to ${file}: the run did not finish (step-cap): a test is written only from a finished run, whose actions reached the goal.\n` +
        'tmux-shot agent: step-cap: stopped after 1 steps without finish',
    );
    expect(existsSync(file)).toBe(false);
  });

  it('prints at most 10000 characters of what the model says, saying how much was cut', async () => {
    const summary = `done ${'x'.repeat(1_000_000)}`;
    server = await startServer([reply('finish', { summary })]);
    vi.stubEnv('OPENAI_BASE_URL', server.url);
    vi.stubEnv('OPENAI_API_KEY', '');
    const result = await run('agent', 'go', '--out', join(dir, 'long'), '--', 'node', menu);
    const status = `finish {"summary":"done ${'x'.repeat(1_000_000)}"} → ok: finished`;
    expect([result.code, result.err]).toEqual([0, `${status.slice(0, 10_000)}… [cut: ${status.length} characters in all]`]);
    expect(result.out).toEqual([`finished: done ${'x'.repeat(9985)}… [cut: 1000015 characters in all]`]);
  });

  it('with --duration, writes a GIF covering the whole run even when the model refuses', async () => {
    const refusal = {
      status: 200,
      body: JSON.stringify({
        id: 'x',
        object: 'chat.completion',
        created: 0,
        model: 'm',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: "I'm sorry, but I can't help with that." } }],
      }),
    };
    server = await startServer(Array.from({ length: 10 }, () => refusal));
    vi.stubEnv('OPENAI_BASE_URL', server.url);
    vi.stubEnv('OPENAI_API_KEY', '');
    const outDir = join(dir, 'run2');
    const started = performance.now();
    const result = await run(
      'agent',
      'a gif of using this app',
      '--duration',
      '1.5',
      '--interval',
      '0.4',
      '--out',
      outDir,
      '--cols',
      '50',
      '--rows',
      '14',
      '--',
      'node',
      menu,
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(1500);
    expect(result.code).toBe(0);
    const gifPath = join(outDir, 'session.gif');
    expect(result.out).toContain(gifPath);
    expect(result.out.filter((line) => line.endsWith('.png')).length).toBeGreaterThanOrEqual(3);
    const gif = decodeGif(readFileSync(gifPath));
    // Frame delays (1/100 s) add up to at least the requested 1.5 s: the GIF covers the run.
    expect(gif.frames.reduce((sum, f) => sum + f.delay, 0)).toBeGreaterThanOrEqual(150);
  });

  /** A server that echoes the credentials in a 401 or 500 (by the model name sent), else finishes saying them. */
  const echoing = () =>
    startServer((request) => {
      const model = request.body['model'];
      if (model === 'echo-401') return echoCredentials(401, request);
      if (model === 'echo-500') return echoCredentials(500, request);
      return reply('finish', { summary: `done with ${request.authorization}` });
    });

  /** Output lines and stderr of `results`, and the files of `outDir` that contain `key` (without the white space around it). */
  const leaks = (key: string, outDir: string, ...results: { out: string[]; err: string }[]) => ({
    output: results.flatMap((r) => [...r.out, r.err]).filter((text) => text.includes(bareKey(key))),
    files: readdirSync(outDir).filter((file) => readFileSync(join(outDir, file), 'latin1').includes(bareKey(key))),
  });

  it.each(KEY_FORMATS.map((key, i) => ({ key, n: i + 1 })))(
    'prints and writes no key of format $n, when the server echoes it in a 401 or a reply',
    async ({ key, n }) => {
      server = await echoing();
      vi.stubEnv('OPENAI_API_KEY', key);
      vi.stubEnv('OPENAI_BASE_URL', server.url);
      const outDir = join(dir, `keys-${n}`);
      const app = ['--out', outDir, '--cols', '50', '--rows', '14', '--', 'node', menu];
      const denied = await run('agent', 'go', '--model', 'echo-401', ...app);
      expect([denied.code, denied.err]).toEqual([
        1,
        'tmux-shot agent: Model request failed (step 1): HTTP 401 Incorrect API key provided: [redacted]. You sent Authorization: Bearer [redacted]. ' +
          'Check OPENAI_API_KEY (and OPENAI_BASE_URL for other servers).',
      ]);
      const done = await run('agent', 'go', '--model', 'echo-200', '--duration', '0.5', ...app);
      expect(done.out.at(-1)).toBe('finished: done with Bearer [redacted]');
      expect(leaks(key, outDir, denied, done)).toEqual({ output: [], files: [] });
      expect(server.requests.map((r) => r.authorization)).toEqual([`Bearer ${sentKey(key)}`, `Bearer ${sentKey(key)}`]);
    },
  );

  it('prints no key when the server echoes it in the 500s of an outage', async () => {
    server = await echoing();
    const key = KEY_FORMATS[2];
    vi.stubEnv('OPENAI_API_KEY', key);
    vi.stubEnv('OPENAI_BASE_URL', server.url);
    const outDir = join(dir, 'outage');
    const down = await run('agent', 'go', '--model', 'echo-500', '--out', outDir, '--', 'node', menu);
    expect(down.code).toBe(1);
    expect(down.out).toEqual([
      'outage: Model API unavailable (step 1): 4 attempts failed, the last with HTTP 500 Incorrect API key provided: [redacted]. You sent Authorization: Bearer [redacted].',
    ]);
    expect(leaks(key, outDir, down)).toEqual({ output: [], files: [] });
  });

  it.each(['hang', 'stall'] as const)(
    'fails a request the endpoint never answers (%s) after --request-timeout, naming the host and the time',
    async (answer) => {
      server = await startServer([answer]);
      vi.stubEnv('OPENAI_BASE_URL', server.url);
      vi.stubEnv('OPENAI_API_KEY', '');
      const started = performance.now();
      const result = await run('agent', 'go', '--request-timeout', '0.5', '--out', join(dir, answer), '--', 'node', menu);
      expect(performance.now() - started).toBeLessThan(10_000);
      expect([result.code, result.err]).toEqual([
        1,
        `tmux-shot agent: Model request failed (step 1): no answer from ${new URL(server.url).host} within 500 ms. ` +
          'Check that the server is up, or raise the agent option requestTimeout (the CLI takes --request-timeout) for a slow model.',
      ]);
      expect(server.requests).toHaveLength(1);
    },
  );

  it('as the built bin, writes session.gif into a new --out folder when the model finishes before the first screenshot', async () => {
    server = await startServer([reply('finish', { summary: 'nothing to do' })]);
    const outDir = join(dir, 'new', 'folder');
    const env = { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: '', TMUX_SHOT_MODEL: 'loop-model' };
    // --interval 60: no timed screenshot within the 5 s, however long a loaded machine takes to answer.
    const result = await execa(bin, ['agent', 'do nothing', '--duration', '5', '--interval', '60', '--out', outDir, '--', 'node', menu], {
      env,
      reject: false,
    });
    expect([result.exitCode, result.stderr]).toEqual([0, 'finish {"summary":"nothing to do"} → ok: finished']);
    expect(result.stdout.split('\n')).toEqual([join(outDir, 'session.gif'), 'finished: nothing to do']);
    expect(decodeGif(readFileSync(join(outDir, 'session.gif'))).frames.length).toBeGreaterThan(0);
  });

  it('exits 1 with a clear message when no endpoint is configured', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    vi.stubEnv('OPENAI_BASE_URL', '');
    const result = await run('agent', 'anything', '--out', join(dir, 'run3'), '--', 'node', menu);
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      'tmux-shot agent: No model endpoint configured: set OPENAI_API_KEY (for api.openai.com) or OPENAI_BASE_URL ' +
        '(for an OpenAI-compatible server such as Ollama, vLLM or llama.cpp), and TMUX_SHOT_MODEL to the name of the model ' +
        '(without it, gpt-4.1-mini: an OpenAI model); the CLI also takes --base-url and --model.',
    );
    expect(existsSync(join(dir, 'run3'))).toBe(false);
  });

  it('exits 2 without a goal', async () => {
    const result = await run('agent', '--', 'node', menu);
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toBe('tmux-shot: agent takes one goal in quotes before --');
  });
});
