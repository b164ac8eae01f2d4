/**
 * Two Vitest projects run the same test file (projects/two-projects, `test.projects` with 'dark'
 * and 'light', each with its own theme): each project's baselines, cassettes and attachments go
 * to a folder of its own, so neither overwrites the other's and both pass again in CI.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createProject } from './run-vitest.js';
import type { FixtureProject } from './run-vitest.js';

let project: FixtureProject;
beforeAll(
  async () =>
    void (project = await createProject('two-projects', {
      testConfig: `projects: [
        { extends: true, test: { name: 'dark', env: { TMUX_SHOT_THEME: 'dark' } } },
        { extends: true, test: { name: 'light', env: { TMUX_SHOT_THEME: 'light' } } },
      ]`,
    })),
);
afterAll(() => project.dispose());

/** Every file under `folder` of the project, relative to it, sorted. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(join(project.dir, folder), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(project.dir.length + folder.length + 2)).sort();
}

describe.sequential('two Vitest projects running one test file', () => {
  test('write their baselines and cassettes to a folder per project', { timeout: 180_000 }, async () => {
    const run = await project.run([], { TMUX_SHOT_CASSETTES: 'record' });
    expect([...run.tests].map(([id, { state }]) => [id, state]).sort()).toEqual([
      ['[dark] menu.test.js > agent > names the theme', 'passed'],
      ['[dark] menu.test.js > menu opens', 'failed'],
      ['[light] menu.test.js > agent > names the theme', 'passed'],
      ['[light] menu.test.js > menu opens', 'failed'],
    ]);
    expect(run.tests.get('[light] menu.test.js > menu opens')!.errors[0]!.split('\n').slice(-2)).toEqual([
      'Reference screenshot:',
      `  ${project.dir}/__screenshots__/light/menu.test.js/menu-opens-1.png`,
    ]);
    expect(await filesUnder('__screenshots__')).toEqual(['dark/menu.test.js/menu-opens-1.png', 'light/menu.test.js/menu-opens-1.png']);
    const [dark, light] = await Promise.all(['dark', 'light'].map((name) => readFile(join(project.dir, '__screenshots__', name, 'menu.test.js/menu-opens-1.png'))));
    expect(dark!.equals(light!)).toBe(false);
    expect(await filesUnder('__cassettes__')).toEqual(['dark/menu.test.js/agent-names-the-theme.json', 'light/menu.test.js/agent-names-the-theme.json']);
    expect(await filesUnder('.vitest-attachments').then((files) => files.filter((file) => file.includes('/')))).toEqual([
      'dark/menu.test.js/menu-opens-recording.gif',
      'light/menu.test.js/menu-opens-recording.gif',
    ]);
  });

  test('then both pass in CI, each against its own baseline and cassette', { timeout: 180_000 }, async () => {
    const run = await project.run([], { CI: 'true', TMUX_SHOT_CASSETTES: 'replay' });
    expect(run.exitCode, run.output).toBe(0);
    expect([...run.tests.values()].map((t) => t.state)).toEqual(['passed', 'passed', 'passed', 'passed']);
  });
});
