/**
 * `Keyboard`: sends input as a keyboard does: each key its own write to the terminal, sent once
 * the app has read the one before (the rule: src/term/key-read.ts `decideKeyRead`), so the app
 * sees one key per `read()`. Every input of a `TmuxApp` (keys, text, pastes, mouse reports) goes
 * through it, so the first write of a call also waits for the last key of the call before.
 */
import { KEYBOARD } from '../defaults.js';
import { decideKeyRead } from '../term/index.js';
import type { KeyReadDecision, ReadCount } from '../term/index.js';
import { poll, systemClock } from '../wait.js';

/** How the last write came to count as read (`decideKeyRead`'s `how`). */
export type KeyRead = Extract<KeyReadDecision, { kind: 'read' }>['how'];

/** What the keyboard observes of the terminal (the app's `TmuxSession`). */
export interface KeyboardTarget {
  /** The foreground's reads now; undefined when the kernel cannot be read. */
  foregroundReads(): Promise<ReadCount | undefined>;
  /** Whether the foreground waits for keys now, with no timer due within `soonMs` ms; undefined when the kernel cannot be read. */
  foregroundWait(options: { soonMs: number }): Promise<'waiting' | 'running' | 'busy' | undefined>;
  /** Whether the terminal is in canonical (line) mode; undefined when it cannot be read. */
  isCanonical(): Promise<boolean | undefined>;
}

/** One write of input: a key, a keystroke of text, a paste, a mouse report. */
export interface KeyWrite {
  write: () => Promise<void>;
  /** It is a lone Escape (see `KEYBOARD.escapeMs`). */
  escape: boolean;
}

/** A write sent and not yet known to be read. */
interface Unread {
  before: ReadCount | undefined;
  sentAt: number;
  escape: boolean;
}

/**
 * Sends input one write at a time, each once the app has read the one before (see this module's
 * TSDoc); one per `TmuxApp`.
 */
export class Keyboard {
  readonly #target: KeyboardTarget;
  #unread: Unread | undefined;
  /** The terminal's mode as last read, until a key is seen read (the app may change it then). */
  #canonical: boolean | undefined | 'unread' = 'unread';

  constructor(target: KeyboardTarget) {
    this.#target = target;
  }

  /**
   * Runs each write in order, each once the app has read what was written before it (the write
   * before the first included), with `delay` ms more between two writes of this call.
   * @param delay Pause between writes, after the app has read the previous one, in ms (Playwright's `keyboard.type` `delay`).
   * @throws What a write throws; the writes after it are not sent.
   */
  async send(writes: readonly KeyWrite[], delay = 0): Promise<void> {
    for (const [index, key] of writes.entries()) {
      await this.untilRead();
      if (index > 0 && delay > 0) await systemClock.sleep(delay);
      const before = await this.#target.foregroundReads();
      await key.write();
      this.#unread = { before, sentAt: systemClock.now(), escape: key.escape };
    }
  }

  /**
   * Waits until the last write is read by the rule (bounded by `KEYBOARD.readTimeout`); at once when there is none.
   * @returns How it came to count as read; undefined when no write was waiting.
   */
  async untilRead(): Promise<KeyRead | undefined> {
    const unread = this.#unread;
    if (!unread) return undefined;
    let pause = 0;
    const probe = async (): Promise<KeyReadDecision | undefined> => {
      let decision = await this.#decide(unread);
      if (decision.kind === 'read-mode') {
        this.#canonical = await this.#target.isCanonical().catch(() => undefined);
        decision = await this.#decide(unread);
      }
      if (decision.kind === 'wait') {
        pause = decision.ms;
        return undefined;
      }
      return decision;
    };
    const timeout = KEYBOARD.readTimeout + KEYBOARD.escapeMs + KEYBOARD.fallbackGap; // the longest the rule waits
    const decision = await poll(probe, { timeout, interval: () => pause });
    const how = decision?.kind === 'read' ? decision.how : 'timeout';
    // A wait given up on (waitForStable's timeout) may end after the next write, which stays unread.
    if (this.#unread === unread) {
      if (decision?.kind === 'read' && how !== 'line-mode') this.#canonical = 'unread';
      this.#unread = undefined;
    }
    return how;
  }

  async #decide(unread: Unread): Promise<KeyReadDecision> {
    const now = unread.before === undefined ? undefined : await this.#target.foregroundReads();
    const grown = now !== undefined && unread.before !== undefined && now.readChars > unread.before.readChars;
    const soonMs = unread.escape ? KEYBOARD.escapeMs : KEYBOARD.soonMs;
    const wait = grown ? await this.#target.foregroundWait({ soonMs }) : undefined; // only then does it decide
    const waiting = wait === undefined ? undefined : wait === 'waiting';
    const elapsed = systemClock.now() - unread.sentAt;
    return decideKeyRead({ before: unread.before, now, waiting, canonical: this.#canonical, elapsed, escape: unread.escape });
  }
}
