import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { TmuxServer } from '../../src/host/server.js';
import {
  LIVE_RESULT_KEEP,
  type LiveResult,
  type LiveSession,
  listLiveResults,
  listLiveSessions,
  liveSessionsDir,
  parseEntry,
  parseResult,
  recordLiveResult,
  registerLiveSession,
} from '../../src/host/live-sessions.js';

const base = mkdtempSync(join(tmpdir(), 'tmux-shot-live-test-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const entry = (socketPath: string, pid = process.pid): LiveSession => ({
  socketPath,
  session: '$1',
  pane: '%1',
  command: 'vim notes.txt',
  cols: 80,
  rows: 24,
  pid,
  startedAt: 1_700_000_000_000,
  test: 'menu.test.ts > opens the menu',
  file: 'menu.test.ts',
});

describe('parseEntry', () => {
  const good = entry('/tmp/s');
  it.each([
    ['an entry', JSON.stringify(good), good],
    ['an entry without test and file', JSON.stringify({ ...good, test: undefined, file: undefined }), { ...good, test: undefined, file: undefined }],
    ['a partial write', JSON.stringify(good).slice(0, 20), undefined],
    ['null', 'null', undefined],
    ['a pid that is a string', JSON.stringify({ ...good, pid: '1' }), undefined],
    ['cols that are a fraction', JSON.stringify({ ...good, cols: 80.5 }), undefined],
    ['a test that is a number', JSON.stringify({ ...good, test: 1 }), undefined],
  ])('%s', (_, text, expected) => {
    expect(parseEntry(text)).toEqual(expected);
  });
});

describe('the live sessions folder', () => {
  it('is $TMUX_SHOT_LIVE_DIR, else one per user in the temp folder', () => {
    expect(liveSessionsDir({ TMUX_SHOT_LIVE_DIR: '/x/live' })).toBe('/x/live');
    expect(liveSessionsDir({})).toBe(join(tmpdir(), `tmux-shot-live-${process.getuid?.()}`));
  });

  it('lists an entry while its process runs and its socket is there (0700 folder, 0600 file); the remover takes it away', async () => {
    const dir = join(base, 'live');
    await using server = await TmuxServer.create();
    const remove = await registerLiveSession(entry(server.connection.socketPath), dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const [file = ''] = readdirSync(dir);
    expect(file).toMatch(new RegExp(`^${process.pid}-[0-9a-f]{12}\\.json$`));
    expect(statSync(join(dir, file)).mode & 0o777).toBe(0o600);
    expect(await listLiveSessions(dir)).toEqual([entry(server.connection.socketPath)]);
    await remove();
    await remove();
    expect(await listLiveSessions(dir)).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('drops entries whose process is gone and files that are not entries; keeps a live process whose socket is gone, unlisted', async () => {
    const dir = join(base, 'stale');
    await using server = await TmuxServer.create();
    await registerLiveSession(entry(server.connection.socketPath, 2 ** 22 + 1), dir); // above pid_max's default: no such process
    await registerLiveSession(entry(join(base, 'no-socket')), dir);
    writeFileSync(join(dir, 'torn.json'), '{"socketPath":', { mode: 0o600 });
    expect(await listLiveSessions(dir)).toEqual([]);
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('lists nothing when the folder does not exist', async () => {
    expect(await listLiveSessions(join(base, 'none'))).toEqual([]);
  });

  it.each([
    ['a symlink', (dir: string) => symlinkSync(base, dir), 'is a symlink'],
    ['a file', (dir: string) => writeFileSync(dir, ''), 'is not a folder'],
    ['open to others', (dir: string) => (mkdirSync(dir), chmodSync(dir, 0o755)), 'lets other users in (mode 755)'],
  ])('is refused when it is %s, saying what to do', async (name, make, fault) => {
    const dir = join(base, name.replaceAll(' ', '-'));
    make(dir);
    const message = `The live sessions folder ${dir} ${fault}: its entries name the sockets your terminal attaches to, so it must be yours alone. Remove it (tmux-shot creates it again, 0700) or set TMUX_SHOT_LIVE_DIR to a private folder.`;
    await expect(registerLiveSession(entry('/tmp/s'), dir)).rejects.toThrow(new ConfigError(message));
    if (name !== 'a file') await expect(listLiveSessions(dir)).rejects.toThrow(message);
  });
});

describe('results of ended tests', () => {
  const result = (endedAt: number, test = 'opens the menu'): LiveResult => ({
    test,
    file: 'menu.test.ts',
    outcome: 'failed',
    report: '/work/.vitest-attachments/menu.test.ts/opens-the-menu-report.html',
    endedAt,
    pid: 2 ** 22 + 1, // no such process: a result outlives its writer
  });

  it('are listed newest first, a later result of the same test replacing the earlier; listLiveSessions leaves them alone', async () => {
    const dir = join(base, 'results');
    await recordLiveResult(result(1_000), dir);
    await recordLiveResult(result(2_000, 'saves'), dir);
    await recordLiveResult({ ...result(3_000), outcome: 'passed' }, dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const files = readdirSync(dir);
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(file).toMatch(new RegExp(`^${2 ** 22 + 1}-[0-9a-f]{16}\\.result$`));
      expect(statSync(join(dir, file)).mode & 0o777).toBe(0o600);
    }
    expect(await listLiveSessions(dir)).toEqual([]);
    expect(readdirSync(dir)).toHaveLength(2);
    expect(await listLiveResults(dir, 3_000)).toEqual([{ ...result(3_000), outcome: 'passed' }, result(2_000, 'saves')]);
  });

  it(`are dropped ${LIVE_RESULT_KEEP / 60_000} minutes after their test ended, as are result files that are not results`, async () => {
    const dir = join(base, 'old-results');
    await recordLiveResult(result(1_000), dir);
    await recordLiveResult(result(2_000, 'saves'), dir);
    writeFileSync(join(dir, 'torn.result'), '{"test":', { mode: 0o600 });
    expect(await listLiveResults(dir, 1_000 + LIVE_RESULT_KEEP + 1)).toEqual([result(2_000, 'saves')]);
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('are dropped when a result is recorded that ended over that long after them, so a folder no watch reads stays small', async () => {
    const dir = join(base, 'pruned-results');
    await recordLiveResult(result(1_000), dir);
    await recordLiveResult(result(1_000 + LIVE_RESULT_KEEP, 'saves'), dir);
    expect(readdirSync(dir)).toHaveLength(2);
    await recordLiveResult(result(1_001 + LIVE_RESULT_KEEP, 'quits'), dir);
    expect(await listLiveResults(dir, 1_001 + LIVE_RESULT_KEEP)).toEqual([
      result(1_001 + LIVE_RESULT_KEEP, 'quits'),
      result(1_000 + LIVE_RESULT_KEEP, 'saves'),
    ]);
    expect(readdirSync(dir)).toHaveLength(2);
  });

  it.each([
    ['a result', JSON.stringify(result(1)), result(1)],
    ['an outcome that is neither passed nor failed', JSON.stringify({ ...result(1), outcome: 'skipped' }), undefined],
    ['a report that is missing', JSON.stringify({ ...result(1), report: undefined }), undefined],
    ['not JSON', 'nope', undefined],
  ])('parseResult: %s', (_, text, expected) => {
    expect(parseResult(text)).toEqual(expected);
  });

  it('are refused in a folder that is not private', async () => {
    const dir = join(base, 'open-results');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    await expect(recordLiveResult(result(1), dir)).rejects.toThrow(`The live sessions folder ${dir} lets other users in (mode 755)`);
    await expect(listLiveResults(dir)).rejects.toThrow(`The live sessions folder ${dir} lets other users in (mode 755)`);
  });
});
