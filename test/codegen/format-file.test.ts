import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatFile } from '../../src/codegen/format-file.js';
import { writeTest } from '../../src/codegen/write-test.js';

const REPO = resolve(import.meta.dirname, '../..');
const dirs: string[] = [];

async function project(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tmux-shot-format-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
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
  it("runs the project's Biome from the nearest node_modules/.bin above the file, with the project's configuration (its width: 80 columns by default)", async () => {
    const dir = await project();
    await symlink(join(REPO, 'node_modules'), join(dir, 'node_modules'));
    await writeFile(join(dir, 'biome.json'), '{ "formatter": { "indentStyle": "tab" }, "javascript": { "formatter": { "quoteStyle": "double" } } }\n');
    await mkdir(join(dir, 'test'));
    const file = join(dir, 'test', 'menu.test.ts');
    await writeFile(file, SOURCE);
    expect(await formatFile(file)).toEqual({ formatter: 'biome', dir });
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
      expect(await formatFile(file)).toEqual({ formatter: 'biome', dir: REPO });
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
    await symlink(join(REPO, 'node_modules'), join(dir, 'node_modules'));
    await writeFile(join(dir, 'biome.json'), '{ "files": { "includes": ["**", "!menu.test.ts"] } }\n');
    const file = join(dir, 'menu.test.ts');
    await writeFile(file, SOURCE);
    expect(await formatFile(file)).toEqual({ formatter: 'biome', dir, error: 'exit status 1: No files were processed in the specified paths.' });
    expect(await readFile(file, 'utf8')).toBe(SOURCE);
  });

  it('finds Prettier when there is no Biome', async () => {
    const dir = await project();
    await mkdir(join(dir, 'node_modules/.bin'), { recursive: true });
    // Not a fake formatter: a real program under the name, to see which one formatFile runs and how.
    await writeFile(join(dir, 'node_modules/.bin/prettier'), `#!/bin/sh\necho "$PWD $*" > "${dir}/ran"\n`);
    await chmod(join(dir, 'node_modules/.bin/prettier'), 0o755);
    const file = join(dir, 'menu.test.ts');
    await writeFile(file, SOURCE);
    expect(await formatFile(file)).toEqual({ formatter: 'prettier', dir });
    expect(await readFile(join(dir, 'ran'), 'utf8')).toBe(`${dir} --write ${file}\n`);
  });
});
