/**
 * The live sessions of this user's running tests, for `tmux-shot attach` and `tmux-shot watch`: each
 * started app adds one entry (a JSON file) to a private folder and removes it when it closes; a
 * reader lists the entries whose writer still runs and whose socket is still there, and removes the
 * others (a process killed outright leaves its entry behind).
 *
 * A test that ends with a report (a failure, or every test under `tmuxRecording: 'always'`) leaves a
 * result beside them ({@link recordLiveResult}): its app's entry is gone by then, and `tmux-shot
 * watch` shows where the report is. Results are kept {@link LIVE_RESULT_KEEP} ms, whatever became
 * of their writer: a Vitest worker often ends right after its last test, before a reader looks.
 *
 * The folder is `$TMUX_SHOT_LIVE_DIR`, else `<tmpdir>/tmux-shot-live-<uid>`: created 0700, and
 * refused unless it is a real folder (not a symlink) owned by this user with no access for others,
 * since an entry names a socket that a reader attaches its terminal to. Entries are 0600.
 */
import { createHash, randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../errors.js';
import { systemClock } from '../wait.js';
import { isProcessAlive } from './process-exit.js';

/** One app of a running test, as `tmux-shot attach` and `tmux-shot watch` list it. */
export interface LiveSession {
  /** The tmux server's socket: `tmux -S <socketPath> attach -t <session>` reaches the app. */
  socketPath: string;
  /** The app's session, a tmux target (`$3`). */
  session: string;
  /** The app's pane (`%3`). */
  pane: string;
  /** The app's command line, as the step log and errors show it. */
  command: string;
  /** The app's size in cells. */
  cols: number;
  rows: number;
  /** The process that started the app (a Vitest worker, an MCP server, a script): the entry goes when it does. */
  pid: number;
  /** When the app started, in ms since the epoch. */
  startedAt: number;
  /** The test's full name (`file > describe > test`), when a Vitest test started the app. */
  test?: string;
  /** The test's file, relative to its project root, when a Vitest test started the app. */
  file?: string;
}

/** How a test ended, as {@link recordLiveResult} leaves it for `tmux-shot watch`. */
export interface LiveResult {
  /** The test's full name, as its {@link LiveSession.test}. */
  test: string;
  /** The test's file, as its {@link LiveSession.file}. */
  file: string;
  outcome: 'passed' | 'failed';
  /** The test's report (an absolute path). */
  report: string;
  /** When the report was written, in ms since the epoch. */
  endedAt: number;
  /** The process that wrote it. */
  pid: number;
}

/** How long a result is listed after its test ended, in ms: 5 minutes. */
export const LIVE_RESULT_KEEP = 5 * 60_000;

/** The file-name ending of results (not `.json`: {@link listLiveSessions} leaves them alone). */
const RESULT_SUFFIX = '.result';

/** The folder of the entries: `$TMUX_SHOT_LIVE_DIR`, else `<tmpdir>/tmux-shot-live-<uid>`. */
export function liveSessionsDir(env: NodeJS.ProcessEnv = process.env): string {
  return env['TMUX_SHOT_LIVE_DIR'] || join(tmpdir(), `tmux-shot-live-${process.getuid?.() ?? 'user'}`);
}

/**
 * Adds `entry` to the folder (creating the folder 0700 when missing).
 * @returns A function that removes the entry again (safe to call twice).
 * @throws {ConfigError} when the folder is a symlink, is not a folder, belongs to another user, or
 *   lets others in: saying which, and to remove it or set TMUX_SHOT_LIVE_DIR.
 */
export async function registerLiveSession(entry: LiveSession, dir = liveSessionsDir()): Promise<() => Promise<void>> {
  await ensurePrivateDir(dir);
  const name = `${entry.pid}-${randomBytes(6).toString('hex')}.json`;
  const path = join(dir, name);
  const temporary = join(dir, `.${name}.tmp`);
  await writeFile(temporary, `${JSON.stringify(entry)}\n`, { mode: 0o600, flag: 'wx' });
  await rename(temporary, path);
  return () => rm(path, { force: true });
}

/**
 * The entries whose process still runs and whose socket is still there, oldest first. Others are
 * removed, as are files that are not entries. A missing folder lists nothing.
 * @throws {ConfigError} as {@link registerLiveSession}, when the folder is not private.
 */
export async function listLiveSessions(dir = liveSessionsDir()): Promise<LiveSession[]> {
  const names = await readPrivateDir(dir);
  const live: LiveSession[] = [];
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const path = join(dir, name);
    const entry = parseEntry(await readFile(path, 'utf8').catch(() => ''));
    if (entry && isProcessAlive(entry.pid) && (await isSocket(entry.socketPath))) live.push(entry);
    else if (!entry || !isProcessAlive(entry.pid)) await rm(path, { force: true });
  }
  return live.sort((a, b) => a.startedAt - b.startedAt);
}

/**
 * Leaves `result` in the folder (creating it 0700), replacing the result this process left for the
 * same test (a test with several apps rewrites its report once per app), and removes the results
 * that ended over {@link LIVE_RESULT_KEEP} ms before it.
 * @throws {ConfigError} as {@link registerLiveSession}, when the folder is not private.
 */
export async function recordLiveResult(result: LiveResult, dir = liveSessionsDir()): Promise<void> {
  await ensurePrivateDir(dir);
  const key = createHash('sha256').update(`${result.file}\0${result.test}`).digest('hex').slice(0, 16);
  const name = `${result.pid}-${key}${RESULT_SUFFIX}`;
  const temporary = join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  await writeFile(temporary, `${JSON.stringify(result)}\n`, { mode: 0o600, flag: 'wx' });
  await rename(temporary, join(dir, name));
  await listLiveResults(dir, result.endedAt); // drops the results that ended long before this one, so the folder stays small
}

/**
 * The results of tests that ended within {@link LIVE_RESULT_KEEP} ms before `now`, newest first.
 * Older ones are removed, as are result files that are not results. A missing folder lists nothing.
 * @param now - the time, in ms since the epoch. @default systemClock.epochNow()
 * @throws {ConfigError} as {@link registerLiveSession}, when the folder is not private.
 */
export async function listLiveResults(dir = liveSessionsDir(), now = systemClock.epochNow()): Promise<LiveResult[]> {
  const names = await readPrivateDir(dir);
  const results: LiveResult[] = [];
  for (const name of names.filter((n) => n.endsWith(RESULT_SUFFIX) && !n.startsWith('.'))) {
    const path = join(dir, name);
    const result = parseResult(await readFile(path, 'utf8').catch(() => ''));
    if (result && now - result.endedAt <= LIVE_RESULT_KEEP) results.push(result);
    else await rm(path, { force: true });
  }
  return results.sort((a, b) => b.endedAt - a.endedAt);
}

/** `text` as a result, or undefined when it is not one. */
export function parseResult(text: string): LiveResult | undefined {
  const result = parseObject(text);
  if (!result) return undefined;
  const strings = ['test', 'file', 'report'].every((key) => typeof result[key] === 'string');
  const numbers = ['endedAt', 'pid'].every((key) => Number.isSafeInteger(result[key]));
  return strings && numbers && (result['outcome'] === 'passed' || result['outcome'] === 'failed') ? (result as unknown as LiveResult) : undefined;
}

/** `text` as an entry, or undefined when it is not one (a partial or foreign file). */
export function parseEntry(text: string): LiveSession | undefined {
  const entry = parseObject(text);
  if (!entry) return undefined;
  const strings = ['socketPath', 'session', 'pane', 'command'].every((key) => typeof entry[key] === 'string');
  const numbers = ['cols', 'rows', 'pid', 'startedAt'].every((key) => Number.isSafeInteger(entry[key]));
  const optional = ['test', 'file'].every((key) => entry[key] === undefined || typeof entry[key] === 'string');
  return strings && numbers && optional ? (entry as unknown as LiveSession) : undefined;
}

/** `text` as a JSON object, or undefined. */
function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The names in `dir` once it is checked private; [] when it does not exist. */
async function readPrivateDir(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (names === undefined) return [];
  await checkPrivateDir(dir);
  return names;
}

async function isSocket(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isSocket() ?? false;
}

async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  await checkPrivateDir(dir);
}

async function checkPrivateDir(dir: string): Promise<void> {
  const stats = await lstat(dir);
  const uid = process.getuid?.();
  const fault = stats.isSymbolicLink()
    ? 'is a symlink'
    : !stats.isDirectory()
      ? 'is not a folder'
      : uid !== undefined && stats.uid !== uid
        ? `belongs to user ${stats.uid}, not to you (${uid})`
        : (stats.mode & 0o077) !== 0
          ? `lets other users in (mode ${(stats.mode & 0o777).toString(8)})`
          : undefined;
  if (fault) {
    throw new ConfigError(
      `The live sessions folder ${dir} ${fault}: its entries name the sockets your terminal attaches to, so it must be yours alone. ` +
        'Remove it (tmux-shot creates it again, 0700) or set TMUX_SHOT_LIVE_DIR to a private folder.',
    );
  }
}
