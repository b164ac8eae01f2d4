/**
 * `test.concurrent` with the `expect` imported from tmux-shot/vitest (projects/concurrent): each
 * screenshot is named after, stored for and compared in its own test, whichever test Vitest's
 * global expect points at; toShowText's deadline and pending wait are its test's; and
 * toMatchScreenText, which goes through Vitest's snapshots, says to use the test's own expect.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readPngText } from '../../src/render/index.js';
import { decodeScreen, SCREEN_TEXT_KEY, snapshotText } from '../../src/screen/index.js';
import { createProject } from './run-vitest.js';
import type { FixtureProject, RunResult, TestReport } from './run-vitest.js';

let project: FixtureProject;
beforeAll(async () => void (project = await createProject('concurrent')));
afterAll(() => project.dispose());

function report(run: RunResult, name: string): TestReport {
  const found = run.tests.get(`words.test.js > at once > ${name}`);
  if (!found) throw new Error(`no result for '${name}'; got ${[...run.tests.keys()].join(', ')}\n${run.output}`);
  return found;
}

/** The baselines, each with the first row of the screen stored in it. */
async function baselines(): Promise<Record<string, string>> {
  const folder = join(project.dir, '__screenshots__/words.test.js');
  const names = (await readdir(folder).catch(() => [])).sort();
  const rows = await Promise.all(
    names.map(async (name) => snapshotText(decodeScreen(readPngText(await readFile(join(folder, name)))[SCREEN_TEXT_KEY])!).split('\n')[0]!),
  );
  return Object.fromEntries(names.map((name, i) => [name, rows[i]!]));
}

const WORDS = ['alpha', 'beta', 'gamma'];
const SHOTS = Object.fromEntries(WORDS.map((word) => [`at-once-${word}-1.png`, word]));

describe.sequential('concurrent tests with the imported expect', () => {
  test('write each baseline under its own test, of its own screen', { timeout: 180_000 }, async () => {
    const run = await project.run();
    for (const word of WORDS) {
      const { state, errors } = report(run, word);
      expect({ word, state, errors: errors.map((error) => error.split('\n')[2]) }, run.output).toEqual({
        word,
        state: 'failed',
        errors: ['No existing reference screenshot found; a new one was created. Review it before running tests again.'],
      });
    }
    expect(await baselines()).toEqual(SHOTS);

    expect(report(run, 'a text that never shows').errors[0]).toMatch(
      /^expect\(tmuxApp\)\.toShowText\('never shown'\)\n\nExpected the screen to show 'never shown' within \d+ ms \(what was left of the test's 3000 ms timeout\), but it did not\./,
    );
    expect(report(run, 'a wait longer than the test').errors[0]!.split('\n').slice(0, 4).join('\n')).toMatch(
      /^Test timed out in 2500ms\.\n.*\n\nPending: expect\(tmuxApp\)\.toShowText\('never shown'\), waiting \d+ ms of 20000 ms\.$/,
    );
    expect(report(run, 'screen text with the expect of the test')).toMatchObject({ state: 'passed', errors: [] });
    expect(report(run, 'screen text with the imported expect').errors).toEqual([
      [
        'expect(tmuxApp).toMatchScreenText()',
        '',
        "This tmuxApp belongs to the test 'at once > screen text with the imported expect', but this expect is not that test's: the expect imported from " +
          "tmux-shot/vitest (or vitest) follows the test that started last. Vitest's snapshots know their test only through expect: in concurrent " +
          "tests take it from the test context, test.concurrent('…', async ({ tmuxApp, expect }) => { … }).",
      ].join('\n'),
    ]);
  });

  test('then compare each with its own baseline, and -u keeps them all', { timeout: 180_000 }, async () => {
    const again = await project.run(['-t', 'alpha|beta|gamma']);
    expect(
      WORDS.map((word) => report(again, word).state),
      again.output,
    ).toEqual(['passed', 'passed', 'passed']);
    const update = await project.run(['-u']);
    expect(update.output).not.toContain('removed');
    expect(await baselines()).toEqual(SHOTS);
  });
});
