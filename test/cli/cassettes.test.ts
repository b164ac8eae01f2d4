// `tmux-shot cassettes check|prune` on a folder of test files and cassettes written by the test.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatCassette, runPlan, semanticInputs, type Cassette } from '../../src/agent/index.js';
import { main } from '../../src/cli/main.js';

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { stdout: (t) => out.push(t), stderr: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A cassette of test `name` with one run interaction; `systemPromptHash` overrides the current one. */
function cassette(name: string, systemPromptHash?: string): string {
  const inputs = semanticInputs(runPlan('open help', {}, { cols: 80, rows: 24 }));
  const value: Cassette = {
    format: 1,
    test: name,
    model: 'm',
    baseHost: 'api.openai.com',
    sampling: {},
    interactions: [{ inputs: { ...inputs, ...(systemPromptHash ? { systemPromptHash } : {}) }, entries: [] }],
  };
  return formatCassette(value);
}

describe('tmux-shot cassettes', () => {
  let dir: string;

  /** Writes `files` (path relative to dir → content). */
  async function write(files: Record<string, string>): Promise<void> {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(join(dir, path, '..'), { recursive: true });
      await writeFile(join(dir, path), text);
    }
  }

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tmux-shot-cassettes-'));
    await write({
      'test/menu.test.ts': "describe('menu', () => { test('opens help', async () => {}); });\n",
      'test/__cassettes__/menu.test.ts/menu-opens-help.json': cassette('menu > opens help'),
      'test/__cassettes__/menu.test.ts/menu-old-prompt.json': cassette('menu > opens help', 'a'.repeat(64)),
      'test/__cassettes__/menu.test.ts/menu-renamed.json': cassette('menu > opens settings'),
      'test/__cassettes__/menu.test.ts/menu-opens-help.pending.json': cassette('menu > opens help'),
      'test/__cassettes__/gone.test.ts/x.json': cassette('x'),
      'node_modules/pkg/__cassettes__/a.test.ts/skipped.json': 'not read',
    });
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('check lists stale, unused and pending cassettes and exits 1', async () => {
    expect(await run('cassettes', 'check', dir)).toEqual({
      code: 1,
      out: [
        'unused  test/__cassettes__/gone.test.ts/x.json: test file gone.test.ts is gone',
        'stale   test/__cassettes__/menu.test.ts/menu-old-prompt.json: recorded with other run system prompt',
        'pending test/__cassettes__/menu.test.ts/menu-opens-help.pending.json: recorded after a divergence: review it',
        'unused  test/__cassettes__/menu.test.ts/menu-renamed.json: no test "opens settings" in menu.test.ts',
        '5 cassettes: 1 stale, 2 unused, 0 invalid, 1 pending',
      ].join('\n'),
      err: '',
    });
  });

  it('prune removes only the unused ones, and their emptied folders', async () => {
    expect(await run('cassettes', 'prune', dir)).toEqual({
      code: 0,
      out: [
        'removed test/__cassettes__/gone.test.ts/x.json (test file gone.test.ts is gone)',
        'removed test/__cassettes__/menu.test.ts/menu-renamed.json (no test "opens settings" in menu.test.ts)',
        '5 cassettes: 2 removed',
      ].join('\n'),
      err: '',
    });
    expect((await readdir(join(dir, 'test/__cassettes__'), { recursive: true })).sort()).toEqual([
      'menu.test.ts',
      'menu.test.ts/menu-old-prompt.json',
      'menu.test.ts/menu-opens-help.json',
      'menu.test.ts/menu-opens-help.pending.json',
    ]);
  });

  it('check passes on fitting cassettes and reports an invalid file', async () => {
    await rm(join(dir, 'test/__cassettes__'), { recursive: true });
    await write({ 'test/__cassettes__/menu.test.ts/menu-opens-help.json': cassette('menu > opens help') });
    expect(await run('cassettes', 'check', dir)).toEqual({ code: 0, out: '1 cassettes: 0 stale, 0 unused, 0 invalid, 0 pending', err: '' });
    await write({ 'test/__cassettes__/menu.test.ts/broken.json': '{"format": 1}' });
    const broken = await run('cassettes', 'check', dir);
    expect([broken.code, broken.out.split('\n')[0]]).toEqual([
      1,
      `invalid test/__cassettes__/menu.test.ts/broken.json: Cassette ${join(dir, 'test/__cassettes__/menu.test.ts/broken.json')} is not a tmux-shot cassette: test: Invalid input: expected string, received undefined`,
    ]);
  });

  it('refuses other actions with the usage and status 2', async () => {
    const result = await run('cassettes', 'delete');
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toBe('tmux-shot: cassettes takes check or prune, and at most one folder');
  });
});
