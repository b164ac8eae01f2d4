/**
 * The logs of what a person typed into an app through `tmux-shot attach --read-write`: one file per
 * attach, in the live sessions folder (private, 0700; see live-sessions.ts), named for the app's
 * server and pane so that the test that owns the app finds them: `input-<key>-<pid>-<random>.log`,
 * 0600. The attaching side creates it and util-linux `script -I` fills it; the test's side takes
 * (reads and removes) them after the person detached, and when the app closes.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import { lstat, open, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** An app's pane, as the logs are named for it. */
export interface InputLogTarget {
  socketPath: string;
  pane: string;
}

/** One attach's log, taken. */
export interface TakenInputLog {
  /** Its bytes: a `script` header line, what the terminal sent, maybe a footer (see `inputSpan`). */
  bytes: Uint8Array;
  /** When it was created, in ms since the epoch. */
  createdAt: number;
}

/** The part of a log's name that names the app: a hash of its socket and pane (a path in a file name would be long and telling). Pure. */
export function inputLogKey(target: InputLogTarget): string {
  return createHash('sha256').update(`${target.socketPath}\0${target.pane}`).digest('hex').slice(0, 16);
}

/**
 * Creates an empty log for one attach to `target` in `dir` (which must exist), 0600, never
 * replacing a file. @returns Its path.
 */
export async function createInputLog(dir: string, target: InputLogTarget): Promise<string> {
  const path = join(dir, `input-${inputLogKey(target)}-${process.pid}-${randomBytes(4).toString('hex')}.log`);
  await (await open(path, 'wx', 0o600)).close();
  return path;
}

/**
 * Reads and removes the logs of `target` in `dir`, oldest first; none when the folder is missing,
 * or is not this user's alone (a log there could be anyone's: its keys would be put in the test's
 * steps). Only regular files of this user are read.
 */
export async function takeInputLogs(dir: string, target: InputLogTarget): Promise<TakenInputLog[]> {
  if (!isOwnPrivate(await lstat(dir).catch(() => undefined), true)) return [];
  const prefix = `input-${inputLogKey(target)}-`;
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.startsWith(prefix) && name.endsWith('.log'));
  const taken: TakenInputLog[] = [];
  for (const name of names) {
    const path = join(dir, name);
    const stats = await lstat(path).catch(() => undefined);
    const bytes = isOwnPrivate(stats, false) ? await readFile(path).catch(() => undefined) : undefined;
    await rm(path, { force: true });
    if (stats && bytes) taken.push({ bytes, createdAt: stats.birthtimeMs || stats.mtimeMs });
  }
  return taken.sort((a, b) => a.createdAt - b.createdAt);
}

/** A folder (or regular file) of this user's that no one else may enter, read or write. */
function isOwnPrivate(stats: Stats | undefined, folder: boolean): stats is Stats {
  if (!stats || !(folder ? stats.isDirectory() : stats.isFile())) return false;
  const uid = process.getuid?.();
  return (uid === undefined || stats.uid === uid) && (stats.mode & 0o077) === 0;
}

/** How util-linux script 2.38 starts and ends a log. */
const HEADER = 'Script started on ';
const FOOTER = '\nScript done on ';

/**
 * Which bytes of the log so far are the app's input: from after the header line to the footer,
 * or to the end, less a tail that may be the footer's start (a `\n` is C-j, or the footer's first
 * byte: it is input only once a byte other than the footer's follows). `start` = `end` while the
 * header's line is incomplete (the log starts with the header or is all input).
 */
export function inputSpan(log: Uint8Array): { start: number; end: number } {
  const buffer = Buffer.from(log.buffer, log.byteOffset, log.byteLength);
  const head = buffer.subarray(0, HEADER.length).toString('latin1');
  const header = head === HEADER;
  const newline = buffer.indexOf(0x0a);
  if (HEADER.startsWith(head) && (!header || newline === -1)) return { start: log.length, end: log.length };
  const start = header ? newline + 1 : 0;
  const footer = buffer.indexOf(FOOTER, start, 'latin1');
  if (footer !== -1) return { start, end: footer };
  for (let keep = Math.min(FOOTER.length - 1, log.length - start); keep > 0; keep--) {
    if (buffer.subarray(log.length - keep).toString('latin1') === FOOTER.slice(0, keep)) return { start, end: log.length - keep };
  }
  return { start, end: log.length };
}
