import { chmod, mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatFile, formatterEnv } from '../../src/test-file/format-file.js';
import { describeWrittenTest } from '../../src/test-file/write-test-file.js';
import { writeTest } from '../../src/codegen/write-test.js';

const REPO = resolve(import.meta.dirname, '../..');
const dirs: string[] = [];

async function project(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tmux-shot-format-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const SOURCE = writeTest({
  title: 'opens',
  command: ['node', 'menu.mjs'],
  cols: 40,
  rows: 12,
  steps: [
    { kind: 'press', keys: ['Down'] },
    { kind: 'expectText', text: '> Save' },
  ],
});

describe('formatFile', () => {
  it("runs the project's Biome from the nearest node_modules/.bin above the file, up to the project's root, with the project's configuration (its width: 80 columns by default)", async () => {
    const dir = await project();
    await writeFile(join(dir, 'package.json'), '{}\n');
    await symlink(join(REPO, 'node_modules'), join(dir, 'node_modules'));
    await writeFile(join(dir, 'biome.json'), '{ "formatter": { "indentStyle": "tab" }, "javascript": { "formatter": { "quoteStyle": "double" } } }\n');
    await mkdir(join(dir, 'test'));
    const file = join(dir, 'test', 'menu.test.ts');
    await writeFile(file, SOURCE);
    expect(await formatFile(file)).toEqual({ formatter: 'biome', dir, project: dir });
    expect(await readFile(file, 'utf8')).toBe(`import { expect, test } from "tmux-shot/vitest";

test.override({
\ttmuxOptions: { command: ["node", "menu.mjs"], cols: 40, rows: 12 },
});

test("opens", async ({ tmuxApp }) => {
\tawait tmuxApp.press("Down");
\tawait expect(tmuxApp).toShowText("> Save");
});
`);
  });

  it("leaves writeTest's output unchanged under this repository's Biome style (2 spaces, single quotes)", async () => {
    const file = join(REPO, 'test/codegen', `.format-probe-${process.pid}.test.ts`);
    try {
      await writeFile(file, SOURCE);
      expect(await formatFile(file)).toEqual({ formatter: 'biome', dir: REPO, project: REPO });
      expect(await readFile(file, 'utf8')).toBe(SOURCE);
    } finally {
      await rm(file, { force: true });
    }
  });

  it('leaves the file as written when no formatter is found', async () => {
    const dir = await project();
    const file = join(dir, 'menu.test.ts');
    await writeFile(file, SOURCE);
    expect(await formatFile(file)).toEqual({});
    expect(await readFile(file, 'utf8')).toBe(SOURCE);
  });

  it('says why when the formatter fails, and leaves the file as written', async () => {
    const dir = await project();
    await writeFile(join(dir, 'package.json'), '{}\n');
    await symlink(join(REPO, 'node_modules'), join(dir, 'node_modules'));
    await writeFile(join(dir, 'biome.json'), '{ "files": { "includes": ["**", "!menu.test.ts"] } }\n');
    const file = join(dir, 'menu.test.ts');
    await writeFile(file, SOURCE);
    expect(await formatFile(file)).toEqual({ formatter: 'biome', dir, project: dir, error: 'exit status 1: No files were processed in the specified paths.' });
    expect(await readFile(file, 'utf8')).toBe(SOURCE);
  });

  it('finds Prettier when there is no Biome', async () => {
    const dir = await project();
    await writeFile(join(dir, 'package.json'), '{}\n');
    await mkdir(join(dir, 'node_modules/.bin'), { recursive: true });
    // Not a fake formatter: a real program under the name, to see which one formatFile runs and how.
    await writeFile(join(dir, 'node_modules/.bin/prettier'), `#!/bin/sh\necho "$PWD $*" > "${dir}/ran"\n`);
    await chmod(join(dir, 'node_modules/.bin/prettier'), 0o755);
    const file = join(dir, 'menu.test.ts');
    await writeFile(file, SOURCE);
    expect(await formatFile(file)).toEqual({ formatter: 'prettier', dir, project: dir });
    expect(await readFile(join(dir, 'ran'), 'utf8')).toBe(`${dir} --write ${file}\n`);
  });

  it("never runs a formatter above the project's root (the nearest package.json): a prettier planted in a shared folder above it", async () => {
    const shared = await project();
    const dir = join(shared, 'app');
    await plant(join(shared, 'node_modules/.bin/prettier'), join(shared, 'ran.json'));
    await mkdir(join(dir, 'test'), { recursive: true });
    await writeFile(join(dir, 'package.json'), '{}\n');
    const file = join(dir, 'test', 'menu.test.ts');
    await writeFile(file, SOURCE);
    expect(await formatFile(file)).toEqual({ project: dir });
    expect(await exists(join(shared, 'ran.json'))).toBe(false);
    expect(await readFile(file, 'utf8')).toBe(SOURCE);
  });

  it('runs no formatter for a file outside any project (no package.json in its folder or above)', async () => {
    const dir = await project();
    await plant(join(dir, 'node_modules/.bin/biome'), join(dir, 'ran.json'));
    const file = join(dir, 'menu.test.ts');
    await writeFile(file, SOURCE);
    expect(await formatFile(file)).toEqual({});
    expect(await exists(join(dir, 'ran.json'))).toBe(false);
  });

  it("runs the project's formatter with PATH, HOME, TMPDIR, the locale and its own BIOME_/PRETTIER_ variables only: no API key, token, secret or NODE_OPTIONS", async () => {
    const dir = await project();
    await writeFile(join(dir, 'package.json'), '{}\n');
    await plant(join(dir, 'node_modules/.bin/prettier'), join(dir, 'ran.json'));
    for (const [name, value] of Object.entries({
      OPENAI_API_KEY: 'sk-test-secret',
      GITHUB_TOKEN: 'ghp_test',
      AWS_SECRET_ACCESS_KEY: 'aws-test',
      NPM_CONFIG_TOKEN: 'npm-test',
      NODE_OPTIONS: '--require /nonexistent/hook.cjs',
      HOME: '/home/tester',
      TMPDIR: dir,
      LANG: 'C.UTF-8',
      LC_ALL: undefined,
      LC_CTYPE: undefined,
      PRETTIER_DEBUG: '1',
      BIOME_CONFIG_PATH: undefined,
    }))
      vi.stubEnv(name, value);
    const file = join(dir, 'menu.test.ts');
    await writeFile(file, SOURCE);
    expect(await formatFile(file)).toEqual({ formatter: 'prettier', dir, project: dir });
    expect(JSON.parse(await readFile(join(dir, 'ran.json'), 'utf8'))).toEqual({
      PATH: process.env.PATH,
      HOME: '/home/tester',
      TMPDIR: dir,
      LANG: 'C.UTF-8',
      PRETTIER_DEBUG: '1',
    });
  });
});

describe('formatterEnv', () => {
  it.each([
    [
      { PATH: '/usr/bin', HOME: '/home/a', OPENAI_API_KEY: 'sk-x' },
      { PATH: '/usr/bin', HOME: '/home/a' },
    ],
    [
      { TMPDIR: '/t', LANG: 'C.UTF-8', LC_ALL: 'C', LC_CTYPE: 'C.UTF-8', TERM: 'xterm' },
      { TMPDIR: '/t', LANG: 'C.UTF-8', LC_ALL: 'C', LC_CTYPE: 'C.UTF-8' },
    ],
    [
      { BIOME_CONFIG_PATH: '/p/biome.json', PRETTIER_DEBUG: '1', NODE_OPTIONS: '--require x', NODE_PATH: '/n' },
      { BIOME_CONFIG_PATH: '/p/biome.json', PRETTIER_DEBUG: '1' },
    ],
    [{ GITHUB_TOKEN: 'g', NPM_TOKEN: 'n', AWS_SECRET_ACCESS_KEY: 'a', SSH_AUTH_SOCK: '/s', PATH: undefined }, {}],
  ])('keeps of %j only %j', (env, kept) => {
    expect(formatterEnv(env)).toEqual(kept);
  });
});

describe('describeWrittenTest', () => {
  it.each([
    [undefined, 'wrote t.test.ts'],
    [{}, 'wrote t.test.ts (no package.json in its folder or above, so no project formatter: left as written)'],
    [{ project: '/p' }, "wrote t.test.ts (no biome or prettier in node_modules/.bin from its folder up to the project's root /p: left as written)"],
    [{ project: '/p', formatter: 'biome', dir: '/p' }, 'wrote t.test.ts (formatted with /p/node_modules/.bin/biome)'],
    [
      { project: '/p', formatter: 'prettier', dir: '/p/sub', error: 'exit status 2: SyntaxError' },
      'wrote t.test.ts (/p/sub/node_modules/.bin/prettier failed, left as written: exit status 2: SyntaxError)',
    ],
  ] as const)('%j reads %j', (format, line) => {
    expect(describeWrittenTest(format ? { path: 't.test.ts', format } : { path: 't.test.ts' })).toBe(line);
  });
});

/** A program under a formatter's name that writes the environment it got to `record`: a real program, to see whether and how formatFile runs it. */
async function plant(bin: string, record: string): Promise<void> {
  await mkdir(join(bin, '..'), { recursive: true });
  await writeFile(bin, `#!${process.execPath}\nrequire('node:fs').writeFileSync(${JSON.stringify(record)}, JSON.stringify(process.env));\n`);
  await chmod(bin, 0o755);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
