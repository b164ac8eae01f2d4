/**
 * Whether the app has read the last key sent, from what the kernel shows (the rule; app/keyboard.ts
 * observes and waits). Pure.
 *
 * A key written to the terminal is read when the foreground process group's count of bytes read
 * (`rchar` of `/proc/<pid>/io`, summed over the group) has grown since just before the write, and
 * the foreground waits for keys again (every task asleep, one blocked reading the terminal: see
 * src/host/tty-wait.ts). The growth says the app's `read()` took the key out of the terminal's
 * input queue, so the next key comes in a read of its own (right after the write the task may
 * still look blocked before it wakes: the wait alone does not tell). The wait says it has handled
 * the key: an Ink app reads keys one by one yet handles two keys read before its next render
 * with the state of the last render (ink-select-input moves down once for two Downs); a wait with
 * a timer due within `KEYBOARD.soonMs` does not count (Node's event loop sleeps until its next timer). An app that
 * reads one byte at a time (readline) has taken the first byte and reads the rest byte by byte
 * anyway. The kernel also settles it when:
 * - the foreground is another process group, or gone: the key made the app run a command or exit;
 * - the terminal is in canonical (line) mode: the line discipline takes keys and holds them until
 *   Enter, so no read comes; what is typed is read as lines, and a key cannot merge with another;
 * - the count does not grow within `KEYBOARD.readTimeout`: the app is busy, and the next key is
 *   sent anyway, as a keyboard would (the two may then be read together).
 * After a lone Escape the app waits `KEYBOARD.escapeMs` or less to tell it from the start of a
 * sequence (see `KEYBOARD.escapeMs`): a wait with a timer due that soon does not count as waiting
 * for keys (the caller reads the wait so), and the bound grows by as much.
 * Where the kernel cannot be read at all (another OS, /proc denied), the next key waits
 * `KEYBOARD.fallbackGap` ms.
 *
 * Counting is by any file: a read of another file (a config, an eventfd) after the write also
 * counts, so a busy app that reads files may be sent the next key before it reads this one.
 */
import { KEYBOARD } from '../defaults.js';

/** The foreground's reads at one moment (host's `ForegroundReads`). */
export interface ReadCount {
  /** The foreground process group's id. */
  pgrp: number;
  /** Bytes its processes have read so far. */
  readChars: number;
}

/** What has been observed since the last key was sent. Times are in ms. */
export interface KeyReadFacts {
  /** The foreground's reads just before the key was sent; undefined when the kernel could not be read. */
  before: ReadCount | undefined;
  /** Its reads now; undefined when it cannot be read now (the app is gone). */
  now: ReadCount | undefined;
  /** Whether the foreground waits for keys now (`'waiting'` of host's `ForegroundWait`); undefined when that cannot be read. */
  waiting: boolean | undefined;
  /** Whether the terminal is in canonical (line) mode: undefined unreadable, 'unread' not asked yet. */
  canonical: boolean | undefined | 'unread';
  /** Time since the key was sent. */
  elapsed: number;
  /** The key was a lone Escape. */
  escape: boolean;
}

/** Why a key counts as read, or what to do meanwhile. */
export type KeyReadDecision =
  | { kind: 'read'; how: 'read' | 'moved-on' | 'line-mode' | 'timeout' | 'fallback' }
  /** Read the terminal's mode (`canonical`), then decide again. */
  | { kind: 'read-mode' }
  /** Observe again after `ms`. */
  | { kind: 'wait'; ms: number };

/** The rule of this module's TSDoc over `facts`. */
export function decideKeyRead(facts: KeyReadFacts): KeyReadDecision {
  const { before, now, waiting, canonical, elapsed } = facts;
  const bound = KEYBOARD.readTimeout + (facts.escape ? KEYBOARD.escapeMs : 0);
  if (before === undefined) {
    return elapsed >= KEYBOARD.fallbackGap ? { kind: 'read', how: 'fallback' } : { kind: 'wait', ms: KEYBOARD.fallbackGap - elapsed };
  }
  if (now === undefined || now.pgrp !== before.pgrp) return { kind: 'read', how: 'moved-on' };
  if (now.readChars > before.readChars && waiting !== false) return { kind: 'read', how: 'read' };
  if (canonical === true) return { kind: 'read', how: 'line-mode' };
  if (elapsed >= bound) return { kind: 'read', how: 'timeout' };
  if (canonical === 'unread' && elapsed >= KEYBOARD.modeAfter) return { kind: 'read-mode' };
  return { kind: 'wait', ms: Math.min(KEYBOARD.pollMs, bound - elapsed) };
}
