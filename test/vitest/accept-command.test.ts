/**
 * The accept command of a failed screenshot: regex escaping and sh quoting as tables, and in a
 * child Vitest run of projects/accept (two failing screenshot tests whose names hold `'`, regex
 * syntax and one name inside the other) the command kept for one test rewrites exactly that
 * test's baseline.
 */
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { acceptCommand, escapeRegExp, quoteShell } from '../../src/vitest/screenshot/accept-command.js';
import { childEnv, createProject } from './run-vitest.js';
import type { FixtureProject } from './run-vitest.js';

describe('escapeRegExp', () => {
  test.each([
    ['menu opens', 'menu opens'],
    ['a.b*c+d?', 'a\\.b\\*c\\+d\\?'],
    ['^(x)|[y]{2}$', '\\^\\(x\\)\\|\\[y\\]\\{2\\}\\$'],
    ['C:\\dir/file', 'C:\\\\dir\\/file'],
    ["it's — ok", "it's — ok"],
  ])('%j -> %j', (text, escaped) => {
    expect(escapeRegExp(text)).toBe(escaped);
    expect(new RegExp(`^${escaped}$`).test(text)).toBe(true);
  });
});

describe('quoteShell', () => {
  test.each([
    ['test/menu.test.ts', 'test/menu.test.ts'],
    ['-u', '-u'],
    ['^menu opens$', "'^menu opens$'"],
    ["it's", "'it'\\''s'"],
    ['a b', "'a b'"],
    ['', "''"],
    ['$HOME `x` "y"', `'$HOME \`x\` "y"'`],
    ['two\nlines', "'two\nlines'"],
  ])('%j -> %s', (word, quoted) => {
    expect(quoteShell(word)).toBe(quoted);
  });

  test.each(["it's", '$HOME `x` "y" \\n', 'two\nlines', "'''", '*'])('sh reads %j back as one word', async (word) => {
    const { stdout } = await promisify(execFile)('sh', ['-c', `printf '%s' ${quoteShell(word)}`]);
    expect(stdout).toBe(word);
  });
});

describe('acceptCommand', () => {
  test.each([
    [{ baseline: 'a.png', file: 'test/menu.test.ts', names: ['menu opens'] }, "TMUX_SHOT_ACCEPT=a.png npx vitest run test/menu.test.ts -t '^menu opens$'"],
    [
      { baseline: 'test/__screenshots__/menu.test.ts/menu-opens-1.png', file: 'test/menu.test.ts', names: ['menu', 'opens'] },
      "TMUX_SHOT_ACCEPT=test/__screenshots__/menu.test.ts/menu-opens-1.png npx vitest run test/menu.test.ts -t '^menu opens$'",
    ],
    [
      { baseline: 'a.png', file: 'test/menu.test.ts', names: ['menu', 'opens'], project: 'unit' },
      "TMUX_SHOT_ACCEPT=a.png npx vitest run test/menu.test.ts --project unit -t '^menu opens$'",
    ],
    [
      { baseline: 'a.png', file: 'test/menu.test.ts', names: ['opens'], project: 'my app' },
      "TMUX_SHOT_ACCEPT=a.png npx vitest run test/menu.test.ts --project 'my app' -t '^opens$'",
    ],
    [
      { baseline: "__screenshots__/a b.test.ts/it's $(x).png", file: 'test/a b.test.ts', names: ["it's (1+1)"] },
      "TMUX_SHOT_ACCEPT='__screenshots__/a b.test.ts/it'\\''s $(x).png' npx vitest run 'test/a b.test.ts' -t '^it'\\''s \\(1\\+1\\)$'",
    ],
  ])('%j', (target, command) => {
    expect(acceptCommand(target)).toBe(command);
  });
});

describe.sequential('the accept command in a Vitest run', () => {
  let project: FixtureProject;
  beforeAll(async () => void (project = await createProject('accept', { costReporter: true })));
  afterAll(() => project.dispose());

  const baseline = (name: string) => readFile(join(project.dir, '__screenshots__/accept.test.js', `${name}.png`));

  test('rewrites the baseline of its one test', { timeout: 180_000 }, async () => {
    const update = await project.run(['-u']);
    expect(update.exitCode, update.output).toBe(0);
    const [first, second] = [await baseline('first'), await baseline('second')];
    const failing = await project.run([], { MENU_DOWN: '1' });
    expect(failing.exitCode).toBe(1);
    const attachment = (name: string) => readFile(join(project.dir, '.vitest-attachments/accept.test.js', name));
    const kept = JSON.parse(await readFile(join(project.dir, 'kept.json'), 'utf8'));
    const command =
      "TMUX_SHOT_ACCEPT=__screenshots__/accept.test.js/first.png npx vitest run accept.test.js -t '^it'\\''s a menu opens \\(1\\+1\\) \\[x\\]\\*$'";
    const changedCells = [3, 4].flatMap((row) => Array.from({ length: 28 }, (_, index) => ({ col: index + 1, row })));
    expect(kept['opens (1+1) [x]*']).toEqual([
      {
        name: 'first',
        baseline: '__screenshots__/accept.test.js/first.png',
        kind: 'mismatch',
        message: failing.tests.get("accept.test.js > it's a menu > opens (1+1) [x]*")!.errors[0]!.split('\n    at ')[0],
        reference: { widthPx: 368, heightPx: 224, cells: { cols: 40, rows: 12 }, bytes: first.length },
        actual: { widthPx: 368, heightPx: 224, cells: { cols: 40, rows: 12 }, bytes: (await attachment('first-actual.png')).length },
        diff: { widthPx: 368, heightPx: 224, bytes: (await attachment('first-diff.png')).length },
        changedCells,
        acceptCommand: command,
      },
    ]);
    const { stdout } = await promisify(execFile)('sh', ['-c', command], { cwd: project.dir, env: childEnv({ MENU_DOWN: '1' }) }).catch((error) => error);
    expect(stdout).toContain('1 passed | 1 skipped');
    expect(await baseline('second')).toEqual(second);
    expect(await baseline('first')).not.toEqual(first);
    const accepted = await project.run([], { MENU_DOWN: '1' });
    expect(Object.fromEntries([...accepted.tests].map(([id, { state }]) => [id, state]))).toEqual({
      "accept.test.js > it's a menu > opens (1+1) [x]*": 'passed',
      "accept.test.js > it's a menu > opens (1+1) [x]* again": 'failed',
    });
  });

  test("writes each failing test's report beside its evidence, prints it with the failure and lists it in the index", { timeout: 180_000 }, async () => {
    const run = await project.run([], { MENU_DOWN: '1' });
    const folder = join(project.dir, '.vitest-attachments/accept.test.js');
    const reports = (await readdir(folder)).filter((name) => name.endsWith('-report.html')).sort();
    // The first test's baseline was accepted above: only the second fails now.
    expect(reports).toEqual(['its-a-menu-opens-11-x-again-report.html']);
    const test = run.tests.get("accept.test.js > it's a menu > opens (1+1) [x]* again")!;
    const files = test.artifacts
      .filter(({ type }) => type === 'internal:failureScreenshot')
      .flatMap(({ attachments }) => attachments!.map(({ originalPath }) => originalPath));
    expect(files).toEqual([join(folder, 'its-a-menu-opens-11-x-again-recording.gif'), join(folder, 'its-a-menu-opens-11-x-again-report.html')]);
    expect(run.output).toContain(
      'Failure screenshots:\n  - .vitest-attachments/accept.test.js/its-a-menu-opens-11-x-again-recording.gif\n  - .vitest-attachments/accept.test.js/its-a-menu-opens-11-x-again-report.html\n',
    );
    expect(run.output).toContain('\ntmux-shot: report .vitest-attachments/tmux-shot-report.html (npx tmux-shot report)\n');
    const html = await readFile(join(folder, 'its-a-menu-opens-11-x-again-report.html'), 'utf8');
    expect(html).toContain('^it&#39;\\&#39;&#39;s a menu opens');
    expect(html).toContain('href="its-a-menu-opens-11-x-again-recording.gif"');
    const index = await readFile(join(project.dir, '.vitest-attachments/tmux-shot-report.html'), 'utf8');
    expect([...index.matchAll(/<a href="([^"]*)">/g)].map(([, href]) => href)).toEqual(['accept.test.js/its-a-menu-opens-11-x-again-report.html']);
    expect(Buffer.byteLength(html)).toBeLessThan(150_000); // 68 kB here: 2 s of the menu, three 368×224 PNGs and their cells
  });
});

describe.sequential('the accept command, exact', () => {
  let project: FixtureProject;
  beforeAll(async () => void (project = await createProject('accept-exact')));
  afterAll(() => project.dispose());

  const BASELINES = [
    '__screenshots__/a.test.js/plain.png',
    '__screenshots__/a.test.js/nested.png',
    '__screenshots__/ba.test.js/plain.png',
    '__screenshots__/ba.test.js/nested.png',
    'sub/__screenshots__/a.test.js/plain.png',
    'sub/__screenshots__/a.test.js/nested.png',
  ];
  const baselines = () => Promise.all(BASELINES.map((path) => readFile(join(project.dir, path))));

  test("rewrites the one baseline it names, not those of files and tests Vitest's filters also match", { timeout: 240_000 }, async () => {
    expect((await project.run(['-u'])).exitCode).toBe(0);
    const before = await baselines();
    const failing = await project.run([], { MENU_DOWN: '1' });
    expect([...failing.tests.values()].map(({ state }) => state)).toEqual(Array(6).fill('failed'));
    const command = acceptCommand({ baseline: '__screenshots__/a.test.js/plain.png', file: 'a.test.js', names: ['x y'] });
    expect(command).toBe("TMUX_SHOT_ACCEPT=__screenshots__/a.test.js/plain.png npx vitest run a.test.js -t '^x y$'");
    // The same command with -u, as a user might add it: still only the one baseline.
    const { stdout } = await promisify(execFile)('sh', ['-c', `${command} -u`], { cwd: project.dir, env: childEnv({ MENU_DOWN: '1' }) }).catch(
      (error) => error,
    );
    // The filters ran six tests (three files, two tests each): the one accepted passes, the others fail, compared as in CI.
    expect(stdout).toContain('5 failed | 1 passed');
    const after = await baselines();
    expect(BASELINES.filter((_, index) => !after[index]!.equals(before[index]!))).toEqual(['__screenshots__/a.test.js/plain.png']);
  });
});
