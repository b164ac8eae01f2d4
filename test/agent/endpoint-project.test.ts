// The agent fixture against an OpenAI-compatible endpoint, in a child Vitest run: a loopback
// server that echoes the API key and the Authorization header in its 401 and 500 bodies and
// headers, and in a reply, for keys of several formats; and one that never answers.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, type FixtureProject, type RunResult } from '../vitest/run-vitest.js';
import { bareKey, echoCredentials, KEY_FORMATS, type Loopback, reply, sentKey, startServer } from './loopback.js';

/** Every file under `dir` (the node_modules link left out), as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.parentPath.includes('node_modules'))
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

// A child Vitest run of 32 tests on a loaded 2-core machine: a minute, not seconds.
describe('the agent fixture against an echoing endpoint, in a child Vitest run', { timeout: 240_000 }, () => {
  let server: Loopback;
  let project: FixtureProject;
  let run: RunResult;

  beforeAll(async () => {
    server = await startServer((request) => {
      const model = request.body['model'];
      if (model === 'echo-401') return echoCredentials(401, request);
      if (model === 'echo-500') return echoCredentials(500, request);
      if (model === 'hang' || model === 'stall') return model;
      return reply('finish', { summary: `done with ${request.authorization}, key ${request.authorization?.replace(/^Bearer /, '')}` });
    });
    project = await createProject('endpoint', { projectsDir: join(import.meta.dirname, 'projects') });
    // Vitest's default and JSON reporters both print to stdout; the dump reporter gives the results.
    const reporters = ['--reporter=default', '--reporter=json', '--reporter=./dump-reporter.js'];
    run = await project.run(reporters, { OPENAI_BASE_URL: server.url, TMUX_SHOT_TEST_KEYS: JSON.stringify(KEY_FORMATS) });
  }, 240_000);

  afterAll(async () => {
    await server?.close();
    await project?.dispose();
  });

  it('ran every test through both reporters', () => {
    expect(run.output).toContain(' FAIL  agent.test.js > key 1 > 401 > run');
    expect(run.output).toContain(`"numTotalTests":${5 * KEY_FORMATS.length + 2},"numPassedTests":${KEY_FORMATS.length},`);
    expect([...run.tests.values()].map((t) => `${t.id.replace('agent.test.js > ', '')}: ${t.state}`)).toEqual([
      ...KEY_FORMATS.flatMap((_, i) =>
        ['401 > run: failed', '500 > assert: failed', '500 > run: failed', 'own client > 401: failed', '200 > records: passed'].map(
          (t) => `key ${i + 1} > ${t}`,
        ),
      ),
      'a hanging endpoint > run: failed',
      'a stalling endpoint > run: failed',
    ]);
  });

  it('shows no key of any format in stdout, stderr, the JSON report or any file written', async () => {
    const files = await filesUnder(project.dir);
    const contents = await Promise.all(files.map((f) => readFile(join(project.dir, f), 'latin1')));
    for (const [n, key] of KEY_FORMATS.entries()) {
      expect(run.output.includes(bareKey(key)), `key format ${n + 1} in the output`).toBe(false);
      expect(
        files.filter((_, i) => contents[i]!.includes(bareKey(key))),
        `files with key format ${n + 1}`,
      ).toEqual([]);
    }
    expect(server.requests.filter((r) => r.body['model'] === 'echo-401').map((r) => r.authorization)).toEqual(
      KEY_FORMATS.flatMap((k) => [`Bearer ${sentKey(k)}`, `Bearer ${sentKey(k)}`]),
    );
  });

  it("fails with the server's message, the key and the Authorization header redacted, in the error and its cause", () => {
    const denied =
      'Model request failed (step 1): HTTP 401 Incorrect API key provided: [redacted]. You sent Authorization: Bearer [redacted]. ' +
      'Check OPENAI_API_KEY (and OPENAI_BASE_URL for other servers).';
    for (const i of KEY_FORMATS.keys()) {
      expect(run.tests.get(`agent.test.js > key ${i + 1} > 401 > run`)!.errors).toEqual([denied]);
      expect(run.tests.get(`agent.test.js > key ${i + 1} > own client > 401`)!.errors).toEqual([denied]);
      expect(run.tests.get(`agent.test.js > key ${i + 1} > 500 > assert`)!.errors).toEqual([
        'Model API unavailable (agent.assert("the menu is shown")): 1 attempt failed, the last with HTTP 500 Incorrect API key provided: [redacted]. You sent Authorization: Bearer [redacted].',
      ]);
    }
    expect(run.output).toContain('Caused by: Error: 401 Incorrect API key provided: [redacted]. You sent Authorization: Bearer [redacted]\n');
    expect(run.output).toContain("key: '[redacted]', headers: { authorization: '[redacted]' }");
    expect(run.output).toContain('summary: done with Bearer [redacted], key [redacted]\n');
  });

  it('writes a cassette only for the run that got replies: an error or an outage while recording writes none', async () => {
    expect((await filesUnder(project.dir)).filter((f) => f.startsWith('__cassettes__'))).toEqual(
      KEY_FORMATS.map((_, i) => `__cassettes__/agent.test.js/key-${i + 1}-200-records.json`),
    );
  });

  it.each(['hanging', 'stalling'])('ends a request the %s endpoint never answers at requestTimeout, naming the host and the time waited', (kind) => {
    const host = new URL(server.url).host;
    expect(run.tests.get(`agent.test.js > a ${kind} endpoint > run`)!.errors).toEqual([
      `Model request failed (step 1): no answer from ${host} within 1000 ms. ` +
        'Check that the server is up, or raise the agent option requestTimeout (the CLI takes --request-timeout) for a slow model.',
    ]);
    expect(server.requests.filter((r) => r.body['model'] === (kind === 'hanging' ? 'hang' : 'stall'))).toHaveLength(1);
  });
});
