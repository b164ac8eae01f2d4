// agent.run(goal, { emit }) end to end: a scripted model's finished run on the menu fixture, in a
// child Vitest run, writes a test (exact text, formatted by the project's Biome); that test then
// passes in child Vitest runs with no model configured: -u writes its baseline, then it passes
// without -u. A run that does not finish writes nothing.
import { copyFile, readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, type FixtureProject } from '../vitest/run-vitest.js';

const REPO = resolve(import.meta.dirname, '../..');

/** The test the run writes: Biome's defaults (no biome.json in the project: tabs, double quotes, 80 columns). */
const GENERATED = `// Written by tmux-shot from an agent run: the actions the model took, without the model.

import { expect, test } from "tmux-shot/vitest";

test.override({
\ttmuxOptions: { command: ["node", "menu.mjs"], cols: 40, rows: 12 },
});

test("select Settings", async ({ tmuxApp }) => {
\tawait tmuxApp.press("Down");
\tawait expect(tmuxApp).toShowText("> Save");
\tawait tmuxApp.type("j");
\tawait expect(tmuxApp).toShowText("> Settings");
\tawait tmuxApp.press("Enter");
\tawait expect(tmuxApp).toShowText("Selected: Settings");
\tawait expect(tmuxApp).toShowText(/> Sett\\w+/);
\tawait expect(tmuxApp).toMatchScreenshot("finished");
});
`;

describe('agent.run with emit, in child Vitest runs', { timeout: 180_000 }, () => {
  let project: FixtureProject;

  beforeAll(async () => {
    project = await createProject('emit', { projectsDir: join(import.meta.dirname, 'projects') });
    await copyFile(join(REPO, 'fixtures/menu.mjs'), join(project.dir, 'menu.mjs'));
  });

  afterAll(() => project.dispose());

  it('writes the finished run as a test that passes without a model, twice; a run that does not finish writes nothing', async () => {
    const run = await project.run(['agent.test.js']);
    expect([...run.tests].map(([id, t]) => [id, t.state, t.errors])).toEqual([
      ['agent.test.js > finished > writes the run as a test', 'passed', []],
      ['agent.test.js > not finished > writes nothing and says why', 'passed', []],
    ]);
    expect(await readdir(join(project.dir, 'generated'))).toEqual(['menu.test.js']);
    expect(await readFile(join(project.dir, 'generated/menu.test.js'), 'utf8')).toBe(GENERATED);

    // No agentModel and no OPENAI_* variables (run-vitest.ts keeps them from the child).
    const update = await project.run(['generated/menu.test.js', '-u']);
    expect([update.exitCode, [...update.tests].map(([id, t]) => [id, t.state, t.errors])]).toEqual([
      0,
      [['generated/menu.test.js > select Settings', 'passed', []]],
    ]);
    expect(await readdir(join(project.dir, 'generated/__screenshots__/menu.test.js'))).toEqual(['finished.png']);
    const again = await project.run(['generated/menu.test.js']);
    expect([again.exitCode, [...again.tests].map(([id, t]) => [id, t.state, t.errors])]).toEqual([
      0,
      [['generated/menu.test.js > select Settings', 'passed', []]],
    ]);
  });
});
