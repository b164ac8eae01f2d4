// The agent fixture in a child Vitest run on projects/cassettes: a false agent.assert fails the
// test with the reason and the screen, agent.query returns typed data, a cassette is recorded with
// the scripted model and replayed without it, a fallthrough replay says where its pending cassette
// went, an outage while recording writes none, CI without a cassette fails and writes nothing, and
// the cost line sums every test.
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../vitest/run-vitest.js';
import type { FixtureProject, TestReport } from '../vitest/run-vitest.js';

const CASSETTE = '__cassettes__/agent.test.js/cassette-records-then-replays.json';

/** Runs Vitest on the project with only `env` added to a clean environment; tests keyed by name. */
async function runVitest(project: FixtureProject, env: Record<string, string>): Promise<{ output: string; tests: Map<string, TestReport> }> {
  const { output, tests } = await project.run([], env);
  return { output, tests: new Map([...tests].map(([id, test]) => [id.replace(/^agent\.test\.js > /, ''), test])) };
}

// Each test runs Vitest in child processes: minutes, not seconds, on a loaded 2-core machine.
describe('the agent fixture with cassettes, in a child Vitest run', { timeout: 180_000 }, () => {
  let project: FixtureProject;
  let dir: string;

  beforeAll(async () => {
    project = await createProject('cassettes', { projectsDir: join(import.meta.dirname, 'projects'), costReporter: true });
    dir = project.dir;
  });

  afterAll(() => project.dispose());

  it('records locally, fails a false verdict with the reason and the screen, and prints the cost line', async () => {
    const { output, tests } = await runVitest(project, { TMUX_SHOT_TEST_STEP: 'record' });
    // The child's output, should a test fail that passes here (a full run once failed four, unsaid why).
    expect(
      [...tests].map(([id, t]) => [id, t.state]),
      output,
    ).toEqual([
      ['assert > a false verdict fails the test', 'failed'],
      ['query > returns typed data', 'passed'],
      ['cassette > records then replays', 'passed'],
      ['fallthrough > goes on live and says where the pending cassette went', 'passed'],
      ['outage > while recording writes no cassette', 'passed'],
      ['without a model or a cassette', 'failed'],
    ]);
    const [assertError] = tests.get('assert > a false verdict fails the test')!.errors;
    expect(assertError!.split('\n').slice(0, 5)).toEqual([
      'agent.assert failed: "the status bar says Saved"',
      'Reason: the status line says "Use arrows"',
      'Screen:',
      '┌────────────────────────────┐',
      `│${' Menu'.padEnd(28)}│`,
    ]);
    expect(tests.get('without a model or a cassette')!.errors[0]).toMatch(
      /^No cassette at .*\/__cassettes__\/agent\.test\.js\/without-a-model-or-a-cassette\.json and no model to record one: No model endpoint configured: .* Then run: TMUX_SHOT_CASSETTES=record npx vitest run agent\.test\.js -t 'without a model or a cassette'$/,
    );
    expect(output).not.toContain('deprecated');
    expect(output).toContain('tmux-shot agent: 6 model calls, 250 tokens; cassettes: 0 hits, 5 misses, 0 stale');
    expect(output).toContain(
      "tmux-shot: the cassette __cassettes__/agent.test.js/outage-while-recording-writes-no-cassette.json of 'outage > while recording writes no cassette' " +
        'was not written: an agent call did not complete (the model API failed, or an error stopped it); a cassette already there is kept.\n',
    );
    expect((await readdir(join(dir, '__cassettes__/agent.test.js'))).sort()).toEqual([
      'cassette-records-then-replays.json',
      'fallthrough-goes-on-live-and-says-where-the-pending-cassette-went.json',
    ]);
    const cassette = JSON.parse(await readFile(join(dir, CASSETTE), 'utf8'));
    expect(cassette.interactions.map((i: { inputs: { kind: string } }) => i.inputs.kind)).toEqual(['run', 'assert']);
  });

  it('replays the recorded cassette with a model that has no replies, says where a pending cassette went, and fails without one in CI writing nothing', async () => {
    const recorded = await readFile(join(dir, CASSETTE), 'utf8');
    const replay = await runVitest(project, { TMUX_SHOT_TEST_STEP: 'replay' });
    expect(replay.tests.get('cassette > records then replays')!.state, replay.output).toBe('passed');
    expect(replay.tests.get('fallthrough > goes on live and says where the pending cassette went')!.state, replay.output).toBe('passed');
    // The fallthrough run's live call counts; its interaction is a miss, not a hit.
    expect(replay.output).toContain('tmux-shot agent: 3 model calls, 108 tokens; cassettes: 2 hits, 3 misses, 0 stale');
    const fallthrough = '__cassettes__/agent.test.js/fallthrough-goes-on-live-and-says-where-the-pending-cassette-went';
    expect(replay.output).toContain(
      "tmux-shot: the live screen of 'fallthrough > goes on live and says where the pending cassette went' diverged from its cassette " +
        `${fallthrough}.json; the run went on live and wrote ${fallthrough}.pending.json: diff the two, then rename it over the cassette or delete it.\n`,
    );
    expect(JSON.parse(await readFile(join(dir, `${fallthrough}.pending.json`), 'utf8')).interactions[0].entries).toHaveLength(1);
    expect(await readFile(join(dir, CASSETTE), 'utf8')).toBe(recorded);

    await rm(join(dir, '__cassettes__'), { recursive: true });
    const ci = await runVitest(project, { CI: 'true', TMUX_SHOT_TEST_STEP: 'replay' });
    expect(ci.tests.get('without a model or a cassette')!.errors[0]).toBe(
      `No cassette at ${join(dir, '__cassettes__/agent.test.js/without-a-model-or-a-cassette.json')}, and replay mode (the default when CI is set) ` +
        "never calls a model. Record it locally with a model configured: TMUX_SHOT_CASSETTES=record npx vitest run agent.test.js -t 'without a model or a cassette'",
    );
    expect(ci.tests.get('cassette > records then replays')!.state).toBe('failed');
    await expect(readdir(join(dir, '__cassettes__'))).rejects.toThrow('ENOENT');
  });
});
