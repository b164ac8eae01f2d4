/** Carries out one validated tool call on the app through the {@link Driver}. */
import { AGENT } from '../defaults.js';
import { KeyNameError, keyNameMessage } from '../errors.js';
import type { ChatMessage } from './chat.js';
import { truncateText } from './context.js';
import type { Driver } from './driver.js';
import { evidenceRejection, missingEvidence } from './evidence.js';
import { imageMessage } from './prompts.js';
import type { ToolCallArgs } from './tools.js';

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
  /** Saves a screenshot; resolves to its path. */
  saveShot: (label: string, png: Uint8Array) => Promise<string>;
  /** Waits `ms` milliseconds. */
  sleep: (ms: number) => Promise<void>;
  /** Time left for the current chunk, in ms (`Infinity` when untimed). */
  timeLeft: () => number;
  /** Longest screen text returned, in characters. */
  maxTextChars: number;
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
      return input(ctx, `typed ${call.args.text.length} characters${call.args.enter ? ' and Enter' : ''}`, async () => {
        await ctx.driver.type(call.args.text);
        if (call.args.enter) await ctx.driver.press('Enter');
      });
    case 'screenshot': {
      const png = await ctx.driver.screenshot();
      const path = await ctx.saveShot(call.args.label, png);
      return { content: `ok: saved screenshot to ${path}; the image follows`, image: imageMessage(call.args.label, png) };
    }
    case 'read_text':
      return { content: truncateText(ctx.driver.text(), ctx.maxTextChars) };
    case 'wait': {
      const ms = Math.max(0, Math.min(call.args.seconds * 1000, AGENT.maxWaitSeconds * 1000, ctx.timeLeft()));
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
    if (error instanceof KeyNameError) return { content: `error: ${keyNameMessage(error.key, error.suggestions, 'type_text')}` };
    throw error;
  }
  const { settled, afterMs } = await ctx.driver.waitForStable({ quietMs: AGENT.settleQuietMs, timeout: AGENT.settleTimeout });
  return { content: settled ? `ok: ${done}` : `ok: ${done}; the screen was still changing after ${afterMs} ms` };
}
