// `tmux-shot cassettes check|prune` as users run it: the built bin (dist/cli/bin.js, run
// `npm run build` first) in a project folder with its own Vitest, which collects the test names.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatCassette, type Cassette } from '../../src/agent/cassette/format.js';
import { runPlan, semanticInputs } from '../../src/agent/cassette/inputs.js';
import { auditCassette, cassetteLocation, testsOfFile } from '../../src/cli/cassettes.js';

const repo = resolve(import.meta.dirname, '../..');
const bin = join(repo, 'dist/cli/bin.js');

/** Runs the bin in `cwd`; resolves with its status and output, whatever the status. */
function run(cwd: string, ...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((done) => {
    execFile(bin, argv, { cwd }, (error, stdout, stderr) => {
      done({ code: typeof error?.code === 'number' ? error.code : error ? 1 : 0, out: stdout.trimEnd(), err: stderr.trimEnd() });
    });
  });
}

/** A cassette of test `name` with one run interaction of `goal`; `systemPromptHash` overrides the current one. */
function cassette(name: string, systemPromptHash?: string, goal = 'open help'): string {
  const inputs = semanticInputs(runPlan(goal, {}, { cols: 80, rows: 24 }));
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

const MENU_TEST = `import { describe, test } from 'vitest';
describe('menu', () => {
  test('opens help', async () => {});
  test('x v2', async () => {});
  test.skip('waits for a fix', async () => {});
});
`;

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
    // The project's own Vitest: this checkout's, linked into a node_modules folder of its own.
    await mkdir(join(dir, 'node_modules'));
    await symlink(join(repo, 'node_modules/vitest'), join(dir, 'node_modules/vitest'));
    await write({
      'package.json': '{ "type": "module" }\n',
      'test/menu.test.ts': MENU_TEST,
      'test/__cassettes__/menu.test.ts/menu-opens-help.json': cassette('menu > opens help'),
      'test/__cassettes__/menu.test.ts/menu-old-prompt.json': cassette('menu > opens help', 'a'.repeat(64)),
      'test/__cassettes__/menu.test.ts/menu-renamed.json': cassette('menu > opens settings'),
      // Renamed to 'x v2': the old name is still a substring of the file's source.
      'test/__cassettes__/menu.test.ts/menu-x.json': cassette('menu > x'),
      'test/__cassettes__/menu.test.ts/menu-waits-for-a-fix.json': cassette('menu > waits for a fix'),
      'test/__cassettes__/menu.test.ts/menu-opens-help.pending.json': cassette('menu > opens help'),
      'test/__cassettes__/gone.test.ts/x.json': cassette('x'),
      'node_modules/pkg/__cassettes__/a.test.ts/skipped.json': 'not read',
    });
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('check lists stale, unused and pending cassettes by the test names Vitest collects, and exits 1', async () => {
    expect(await run(dir, 'cassettes', 'check')).toEqual({
      code: 1,
      out: [
        'unused    test/__cassettes__/gone.test.ts/x.json: test file gone.test.ts is gone',
        'stale     test/__cassettes__/menu.test.ts/menu-old-prompt.json: recorded with other run system prompt',
        'pending   test/__cassettes__/menu.test.ts/menu-opens-help.pending.json: recorded after a divergence: review it',
        'unused    test/__cassettes__/menu.test.ts/menu-renamed.json: no test "menu > opens settings" in menu.test.ts',
        'unused    test/__cassettes__/menu.test.ts/menu-x.json: no test "menu > x" in menu.test.ts',
        '7 cassettes: 1 stale, 3 unused, 0 misplaced, 0 unknown, 0 invalid, 1 pending',
      ].join('\n'),
      err: '',
    });
  });

  it('prune removes only the unused ones, and their emptied folders', async () => {
    expect(await run(dir, 'cassettes', 'prune', 'test')).toEqual({
      code: 0,
      out: [
        'removed __cassettes__/gone.test.ts/x.json (test file gone.test.ts is gone)',
        'removed __cassettes__/menu.test.ts/menu-renamed.json (no test "menu > opens settings" in menu.test.ts)',
        'removed __cassettes__/menu.test.ts/menu-x.json (no test "menu > x" in menu.test.ts)',
        '7 cassettes: 3 removed',
      ].join('\n'),
      err: '',
    });
    expect((await readdir(join(dir, 'test/__cassettes__'), { recursive: true })).sort()).toEqual([
      'menu.test.ts',
      'menu.test.ts/menu-old-prompt.json',
      'menu.test.ts/menu-opens-help.json',
      'menu.test.ts/menu-opens-help.pending.json',
      'menu.test.ts/menu-waits-for-a-fix.json',
    ]);
  });

  it('finds cassettes in project folders, and tells misplaced and unknown ones apart', async () => {
    await rm(join(dir, 'test/__cassettes__'), { recursive: true });
    await write({
      'vitest.config.ts': `import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { projects: [{ extends: true, test: { name: 'dark' } }, { extends: true, test: { name: 'light' } }] } });
`,
      'test/broken.test.ts': "throw new Error('cannot import this');\n",
      'other/notes.ts': '',
      'test/__cassettes__/dark/menu.test.ts/menu-opens-help.json': cassette('menu > opens help'),
      'test/__cassettes__/light/menu.test.ts/menu-opens-help.json': cassette('menu > opens help'),
      'test/__cassettes__/light/menu.test.ts/menu-x.json': cassette('menu > x'),
      'test/__cassettes__/menu.test.ts/menu-opens-help.json': cassette('menu > opens help'),
      'test/__cassettes__/broken.test.ts/x.json': cassette('x'),
      'other/__cassettes__/notes.ts/x.json': cassette('x'),
    });
    expect(await run(dir, 'cassettes', 'check')).toEqual({
      code: 1,
      out: [
        `unknown   other/__cassettes__/notes.ts/x.json: Vitest in ${dir} does not run notes.ts (not in its include; run cassettes in the project folder)`,
        'unknown   test/__cassettes__/broken.test.ts/x.json: Vitest could not collect broken.test.ts: cannot import this',
        'unused    test/__cassettes__/light/menu.test.ts/menu-x.json: no test "menu > x" in menu.test.ts',
        'misplaced test/__cassettes__/menu.test.ts/menu-opens-help.json: its test runs in another Vitest project: move it to __cassettes__/dark/menu.test.ts/ or __cassettes__/light/menu.test.ts/',
        '6 cassettes: 0 stale, 1 unused, 1 misplaced, 2 unknown, 0 invalid, 0 pending',
      ].join('\n'),
      err: '',
    });
  });

  it('says so when the project has no Vitest to collect the test names', async () => {
    await rm(join(dir, 'node_modules/vitest'));
    const result = await run(dir, 'cassettes', 'check');
    expect([result.code, result.out, result.err.split('\n')[0]!.replace(/ imported from .*/, '')]).toEqual([
      1,
      '',
      `tmux-shot cassettes: Could not collect the tests with the project's Vitest in ${dir}: Cannot find package 'vitest'`,
    ]);
    expect(result.err.split('\n')[1]).toBe('Run tmux-shot cassettes in the project folder, where npx vitest runs.');
  });

  it('refuses other actions with the usage and status 2', async () => {
    const result = await run(dir, 'cassettes', 'delete');
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toBe('tmux-shot: cassettes takes check or prune, and at most one folder');
  });
});

describe('auditCassette', () => {
  const names = new Map([['', new Set(['menu > opens help'])]]);
  const location = { testFile: '/p/test/menu.test.ts', projectFolder: '' };

  it.each([
    ['a test of that name', undefined, cassette('menu > opens help'), { kind: 'collected', names } as const],
    // Whatever goal the test has now: only running it tells (its replay then fails as stale).
    ['a test of that name, whatever its goal', undefined, cassette('menu > opens help', undefined, 'open settings'), { kind: 'collected', names } as const],
    ['a test whose name contains it, but is another', 'unused', cassette('menu > opens'), { kind: 'collected', names } as const],
    ['a test file that is gone', 'unused', cassette('x'), { kind: 'gone' } as const],
    ['a test file Vitest cannot import', 'unknown', cassette('x'), { kind: 'unknown', reason: 'r' } as const],
  ])('%s -> %s', (_, kind, text, tests) => {
    expect(auditCassette('/p/test/__cassettes__/menu.test.ts/c.json', text, location, tests)?.kind).toBe(kind);
  });

  it('places cassettes with and without a project folder', () => {
    expect(cassetteLocation('/p/test/__cassettes__/menu.test.ts/c.json')).toEqual({ testFile: '/p/test/menu.test.ts', projectFolder: '' });
    expect(cassetteLocation('/p/test/__cassettes__/dark/menu.test.ts/c.json')).toEqual({ testFile: '/p/test/menu.test.ts', projectFolder: 'dark' });
    expect(cassetteLocation('/p/test/other/c.json')).toBeUndefined();
  });

  it('maps each project that collected a file to its folder', () => {
    const modules = [
      { file: '/p/a.test.ts', project: 'unit (chromium)', errors: [], tests: ['t'] },
      { file: '/p/a.test.ts', project: 'web/dark', errors: [], tests: ['v'] },
      { file: '/p/b.test.ts', project: '', errors: [], tests: ['u'] },
    ];
    expect(testsOfFile('/p/a.test.ts', modules, '/p')).toEqual({
      kind: 'collected',
      names: new Map([
        ['unit (chromium)', new Set(['t'])],
        ['web%2Fdark', new Set(['v'])],
      ]),
    });
  });
});
