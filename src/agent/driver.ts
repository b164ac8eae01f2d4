/**
 * The app as the agent sees it: the {@link Driver} interface (`TmuxApp` implements it
 * structurally; agent/ never imports host/ or app/, so it can be tested with any object of this
 * shape), and how one validated tool call is carried out on it — `finish` evidence included,
 * checked against the live screen.
 */
import { AGENT_LOOP } from '../defaults.js';
import { KeyNameError, keyNameMessage } from '../errors.js';
import type { ChatMessage } from './chat.js';
import { imageMessage, truncateText } from './prompts.js';
import type { ToolCallArgs } from './tools.js';

/** What the agent needs from a running app. */
export interface Driver {
  /**
   * Presses keys in order: tmux key names (`Enter`, `Down`, `C-c`, `M-x`, `F1`…) or Playwright
   * aliases (`ArrowDown`, `Control+C`).
   * @throws {KeyNameError} for a name neither tmux nor the aliases know.
   */
  press(...keys: string[]): Promise<void>;
  /** Types literal text, byte-exact; `'\n'` is sent as Enter (CR). */
  type(text: string): Promise<void>;
  /** The visible screen text, rows joined by `'\n'`. */
  text(): string;
  /** PNG bytes of the current screen. */
  screenshot(): Promise<Uint8Array>;
  /**
   * Waits until the app has been silent for `quietMs` (ms), at most `timeout` (ms). Resolves
   * `settled: false` instead of throwing when the screen is still changing at the timeout;
   * `afterMs` is how long it waited.
   */
  waitForStable(options?: { quietMs?: number; timeout?: number }): Promise<{ settled: boolean; afterMs: number }>;
}

/** A call the acting loop dispatches (planning calls are read by the planner instead). */
export type ActionCall = Exclude<ToolCallArgs, { name: 'propose_plan' }>;

/** What a dispatched call produced. */
export interface ToolEffect {
  /** The tool message text the model reads. */
  content: string;
  /** An image message to append after this turn's tool messages (screenshot). */
  image?: ChatMessage;
  /** Set by `finish` when its evidence (if any) is on the screen: the model's summary. */
  finished?: string;
  /** Set by `finish` when some of its evidence is not on the screen: the entries missing. */
  rejected?: string[];
}

/** What dispatching needs besides the driver. */
export interface DispatchContext {
  driver: Driver;
  /** Saves a screenshot labelled `label` (the model's words, or `tick-0001`…); resolves to where it went. */
  saveScreenshot: (label: string, png: Uint8Array) => Promise<string>;
  /** Waits `ms` milliseconds. */
  sleep: (ms: number) => Promise<void>;
  /** Time left for the current chunk, in ms (`Infinity` when untimed). */
  timeLeft: () => number;
  /** Whether a screenshot's image goes to the model (the `images` option). */
  images: boolean;
}

/**
 * Runs one call. Unknown key names come back as an error the model can read; other errors (the
 * app or tmux failing) propagate.
 */
export async function dispatchTool(call: ActionCall, ctx: DispatchContext): Promise<ToolEffect> {
  switch (call.name) {
    case 'send_keys': {
      const keys = call.args.keys.split(/\s+/).filter((k) => k !== '');
      return input(ctx, `pressed ${keys.join(' ')}${call.args.enter ? ' Enter' : ''}`, async () => {
        await ctx.driver.press(...keys, ...(call.args.enter ? ['Enter'] : []));
      });
    }
    case 'type_text':
      return input(
        ctx,
        `typed ${call.args.text.length} ${call.args.text.length === 1 ? 'character' : 'characters'}${call.args.enter ? ' and Enter' : ''}`,
        async () => {
          await ctx.driver.type(call.args.text);
          if (call.args.enter) await ctx.driver.press('Enter');
        },
      );
    case 'screenshot': {
      const png = await ctx.driver.screenshot();
      const path = await ctx.saveScreenshot(call.args.label, png);
      if (!ctx.images) return { content: `ok: saved screenshot to ${path}; images are off, so use read_text to read the screen` };
      return { content: `ok: saved screenshot to ${path}; the image follows`, image: imageMessage(call.args.label, png) };
    }
    case 'read_text':
      return { content: truncateText(ctx.driver.text(), AGENT_LOOP.maxTextChars) };
    case 'wait': {
      const ms = Math.max(0, Math.min(call.args.seconds * 1000, AGENT_LOOP.maxWaitSeconds * 1000, ctx.timeLeft()));
      await ctx.sleep(ms);
      return { content: `ok: waited ${(ms / 1000).toFixed(2)} s` };
    }
    case 'finish': {
      const missing = missingEvidence(call.args.evidence ?? [], ctx.driver.text());
      if (missing.length > 0) return { content: evidenceRejection(missing), rejected: missing };
      return { content: 'ok: finished', finished: call.args.summary };
    }
  }
}

/** Sends input, then waits for the screen to settle and says how that went. */
async function input(ctx: DispatchContext, done: string, send: () => Promise<void>): Promise<ToolEffect> {
  try {
    await send();
  } catch (error) {
    if (error instanceof KeyNameError) return { content: `error: ${keyNameMessage(error, 'type_text')}` };
    throw error;
  }
  const { settled, afterMs } = await ctx.driver.waitForStable({ quietMs: AGENT_LOOP.settleQuietMs, timeout: AGENT_LOOP.settleTimeout });
  return { content: settled ? `ok: ${done}` : `ok: ${done}; the screen was still changing after ${afterMs} ms` };
}

/**
 * Evidence of a `finish` call as the agent checks it: an entry is literal text that must appear in
 * the screen text, or a RegExp when it starts and ends with `/` (`/Saved \d+/`, no flags; length ≥
 * 3) and is a valid pattern (else the literal text). Also how an emitted test asserts it.
 * @example evidencePattern('/Saved \\d+/') // /Saved \d+/
 */
export function evidencePattern(evidence: string): RegExp | string {
  if (evidence.length >= 3 && evidence.startsWith('/') && evidence.endsWith('/')) {
    try {
      return new RegExp(evidence.slice(1, -1));
    } catch {
      return evidence;
    }
  }
  return evidence;
}

/** The entries of `evidence` not visible in `screen` (the screen text, rows joined by `'\n'`), in order. */
export function missingEvidence(evidence: readonly string[], screen: string): string[] {
  return evidence.filter((entry) => {
    const m = evidencePattern(entry);
    return typeof m === 'string' ? !screen.includes(m) : !m.test(screen);
  });
}

/** Evidence entries for messages: each JSON-quoted, joined by `', '`. */
export function quoteEvidence(entries: readonly string[]): string {
  return entries.map((entry) => JSON.stringify(entry)).join(', ');
}

/** The tool message for a finish whose evidence is not on the screen. */
function evidenceRejection(missing: readonly string[]): string {
  return (
    `error: finish rejected: evidence not visible on the screen: ${quoteEvidence(missing)}. ` +
    'Read the screen; continue until the goal is really done, then finish with texts that are visible.'
  );
}
