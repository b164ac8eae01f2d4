/**
 * Two Vitest projects run the same test file (projects/two-projects, `test.projects` with 'dark mode'
 * and 'dark-mode', each with its own theme): each project's baselines, cassettes and attachments go
 * to a folder of its own, so neither overwrites the other's and both pass again in CI. The two
 * names differ only in a space and a dash, which sanitizing once made one folder: folders are named
 * as the projects are, so distinct names never share one.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createProject } from './run-vitest.js';
import type { FixtureProject } from './run-vitest.js';

const PROJECTS = `projects: [
  { extends: true, test: { name: 'dark mode', env: { TMUX_SHOT_THEME: 'dark' } } },
  { extends: true, test: { name: 'dark-mode', env: { TMUX_SHOT_THEME: 'light' } } },
]`;

let project: FixtureProject;
beforeAll(async () => void (project = await createProject('two-projects', { testConfig: PROJECTS })));
afterAll(() => project.dispose());

/** Every file under `folder` of the project `of`, relative to it, sorted. */
async function filesUnder(folder: string, of: FixtureProject = project): Promise<string[]> {
  const entries = await readdir(join(of.dir, folder), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(of.dir.length + folder.length + 2))
    .sort();
}

describe.sequential('two Vitest projects running one test file', () => {
  test('write their baselines and cassettes to a folder per project', { timeout: 180_000 }, async () => {
    const run = await project.run(['menu.test.js'], { TMUX_SHOT_CASSETTES: 'record' });
    expect([...run.tests].map(([id, { state }]) => [id, state]).sort()).toEqual([
      ['[dark mode] menu.test.js > agent > names the theme', 'passed'],
      ['[dark mode] menu.test.js > menu opens', 'failed'],
      ['[dark-mode] menu.test.js > agent > names the theme', 'passed'],
      ['[dark-mode] menu.test.js > menu opens', 'failed'],
    ]);
    expect(run.tests.get('[dark-mode] menu.test.js > menu opens')!.errors[0]!.split('\n').slice(-2)).toEqual([
      'Reference screenshot:',
      `  ${project.dir}/__screenshots__/dark-mode/menu.test.js/menu-opens-1.png`,
    ]);
    expect(await filesUnder('__screenshots__')).toEqual(['dark mode/menu.test.js/menu-opens-1.png', 'dark-mode/menu.test.js/menu-opens-1.png']);
    const [dark, light] = await Promise.all(
      ['dark mode', 'dark-mode'].map((name) => readFile(join(project.dir, '__screenshots__', name, 'menu.test.js/menu-opens-1.png'))),
    );
    expect(dark!.equals(light!)).toBe(false);
    expect(await filesUnder('__cassettes__')).toEqual([
      'dark mode/menu.test.js/agent-names-the-theme.json',
      'dark-mode/menu.test.js/agent-names-the-theme.json',
    ]);
    expect(await filesUnder('.vitest-attachments').then((files) => files.filter((file) => file.includes('/')))).toEqual([
      'dark mode/menu.test.js/menu-opens-recording.gif',
      'dark mode/menu.test.js/menu-opens-report.html',
      'dark-mode/menu.test.js/menu-opens-recording.gif',
      'dark-mode/menu.test.js/menu-opens-report.html',
    ]);
  });

  test('then both pass in CI, each against its own baseline and cassette', { timeout: 180_000 }, async () => {
    const run = await project.run(['menu.test.js'], { CI: 'true', TMUX_SHOT_CASSETTES: 'replay' });
    expect(run.exitCode, run.output).toBe(0);
    expect([...run.tests.values()].map((t) => t.state)).toEqual(['passed', 'passed', 'passed', 'passed']);
  });
});

// toMatchScreenText goes through Vitest's own snapshots, so Vitest decides where its text lies:
// by default `__snapshots__/<test file>.snap`, one file for every project that runs the test file.
describe.sequential('toMatchScreenText under two Vitest projects', () => {
  test("shares Vitest's one .snap of the test file by default: in CI one project fails against the other's text", { timeout: 180_000 }, async () => {
    const shared = await createProject('two-projects', { testConfig: PROJECTS });
    try {
      // The first run writes the text of one project (the other may already fail against it).
      await shared.run(['text.test.js']);
      expect(await filesUnder('__snapshots__', shared)).toEqual(['text.test.js.snap']);
      const ci = await shared.run(['text.test.js'], { CI: 'true' });
      expect([...ci.tests.values()].map((test) => test.state).sort()).toEqual(['failed', 'passed']);
    } finally {
      await shared.dispose();
    }
  });

  // The README's resolveSnapshotPath: a .snap per project, with Vitest's -u and obsolete
  // snapshots as they are.
  test('keeps a .snap per project with the resolveSnapshotPath the README gives', { timeout: 180_000 }, async () => {
    const separate = await createProject('two-projects', {
      configImports: "import { basename, dirname, join } from 'node:path';",
      testConfig: `${PROJECTS},
      resolveSnapshotPath: (testPath, extension, { config }) =>
        join(dirname(testPath), '__snapshots__', config.name ?? '', basename(testPath) + extension)`,
    });
    try {
      expect((await separate.run(['text.test.js'])).exitCode).toBe(0);
      expect(await filesUnder('__snapshots__', separate)).toEqual(['dark mode/text.test.js.snap', 'dark-mode/text.test.js.snap']);
      const snap = (name: string) => readFile(join(separate.dir, '__snapshots__', name, 'text.test.js.snap'), 'utf8');
      // Each stores the header line (size and cursor), then the screen's text.
      const stored = (theme: string) =>
        `// Vitest Snapshot v1, https://vitest.dev/guide/snapshot.html\n\nexports[\`names the theme 1\`] = \`\n"# 20x2, cursor at row 1 col 0, visible\nthe ${theme} theme"\n\`;\n`;
      expect([await snap('dark mode'), await snap('dark-mode')]).toEqual([stored('dark'), stored('light')]);
      const ci = await separate.run(['text.test.js'], { CI: 'true' });
      expect([ci.exitCode, [...ci.tests.values()].map((test) => test.state)]).toEqual([0, ['passed', 'passed']]);
      // An obsolete entry (a test that is gone) is reported, and removed by -u, by Vitest itself.
      const darkSnap = join(separate.dir, '__snapshots__/dark mode/text.test.js.snap');
      await writeFile(darkSnap, `${await snap('dark mode')}\nexports[\`gone 1\`] = \`"text"\`;\n`);
      const updated = await separate.run(['text.test.js', '-u']);
      expect([updated.exitCode, updated.output]).toEqual([0, expect.stringMatching(/1 removed/)]);
      expect(await snap('dark mode')).not.toContain('gone 1');
    } finally {
      await separate.dispose();
    }
  });
});
