// A person's keys typed through `tmux-shot attach --read-write` while a test runs, without a
// pause: the fixture logs them as a manual step when it closes the app, and removes their log.
// (The log is written here as util-linux script writes it; the real relay: test/cli/attach.test.ts.)
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, vi } from 'vitest';
import { createInputLog } from '../../src/host/input-logs.js';
import { listLiveSessions } from '../../src/host/live-sessions.js';
import { expect, test } from '../../src/vitest/index.js';

const live = mkdtempSync(join(tmpdir(), 'tmux-shot-manual-input-'));
beforeAll(() => void vi.stubEnv('TMUX_SHOT_LIVE_DIR', live));
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(live, { recursive: true, force: true });
});

const NAME = 'what a person typed is a manual step once the app closes; the entry and the log are gone';

test(NAME, async ({ tmuxApp }) => {
  await tmuxApp.start({ command: ['cat'], ready: 'none' });
  const [entry] = await listLiveSessions(live);
  expect(entry).toMatchObject({
    ...tmuxApp.tmuxTarget,
    command: 'cat',
    file: 'test/vitest/manual-input.test.ts',
    test: `test/vitest/manual-input.test.ts > ${NAME}`,
  });
  const log = await createInputLog(live, { socketPath: entry!.socketPath, pane: entry!.pane });
  writeFileSync(
    log,
    'Script started on 2026-12-06 20:00:00+00:00 [COMMAND="tmux"]\nhi\x1bOB\x02d\nScript done on 2026-12-06 20:00:05+00:00 [COMMAND_EXIT_CODE="0"]\n',
  );
  await tmuxApp.close();
  expect(tmuxApp.steps.filter((step) => step.kind === 'manual').map((step) => step.title)).toEqual(["manual input: type('hi'), press('Down')"]);
  expect(readdirSync(live)).toEqual([]);
});
