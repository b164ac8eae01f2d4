// The `agent` fixture's transcripts in a child Vitest run on projects/transcripts (the child's
// tests assert them; here, that they pass).
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createProject } from '../vitest/run-vitest.js';

describe('the agent fixture keeps the transcripts of the test, in a child Vitest run', { timeout: 180_000 }, () => {
  it('keeps every call, also the ones that threw, a refused cassette and an unreadable one', async () => {
    const project = await createProject('transcripts', { projectsDir: join(import.meta.dirname, 'projects') });
    try {
      const { tests } = await project.run([], {});
      expect([...tests].map(([id, t]) => [id, t.state, t.errors])).toEqual([
        ['agent.test.js > live > keeps every transcript of the test in order, also of the calls that threw', 'passed', []],
        ['agent.test.js > replay > keeps the transcript of a run its cassette refuses', 'passed', []],
        ['agent.test.js > replay > keeps the transcripts of calls made when the cassette cannot be read', 'passed', []],
      ]);
    } finally {
      await project.dispose();
    }
  });
});
