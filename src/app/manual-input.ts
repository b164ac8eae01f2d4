/**
 * What a person typed into an app while attached (`tmux-shot attach --read-write`), as the calls a
 * test makes: runs of text as `type('…')`, runs of keys as `press('Down', 'Enter')`, bracketed
 * pastes as `paste('…')` — the names `tmux-shot codegen` writes. The bytes are those the person's
 * terminal sent to the tmux client, so tmux's own traffic is left out: the prefix chord (`C-b d`
 * detaches; `C-b C-b` sends one `C-b` to the app) and the terminal's answers to the client's
 * queries. One log holds one attach's bytes without read boundaries, so an Escape followed by a
 * key reads as Meta with it (`M-:`), as `decodeInput` reads one write. Pure.
 */
import { decodeInput } from '../term/index.js';
import { formatCall } from './steps.js';

/** The prefix key of our tmux servers (tmux's default). */
const PREFIX = 'C-b';

/** The calls, in order, and what no call replays (mouse reports), one phrase each. */
export interface ManualInput {
  calls: string[];
  leftOut: string[];
}

/** `bytes` (what the person's terminal sent) as calls. */
export function decodeManualInput(bytes: Uint8Array): ManualInput {
  const calls: { name: 'type' | 'press' | 'paste'; args: string[] }[] = [];
  const leftOut = new Set<string>();
  const add = (name: 'type' | 'press' | 'paste', arg: string) => {
    const last = calls.at(-1);
    if (last?.name === name && name !== 'paste' && !split) {
      if (name === 'type') last.args[0] += arg;
      else last.args.push(arg);
    } else calls.push({ name, args: [arg] });
    split = false;
  };
  let prefixed = false;
  /** Set after a prefix chord: the next call starts anew (`C-b [` between two texts). */
  let split = false;
  for (const event of decodeInput(bytes)) {
    if (event.kind === 'reply') continue;
    if (prefixed) {
      [prefixed, split] = [false, true]; // the key after the prefix is a tmux command (C-b d, C-b [), not the app's
      if (event.kind === 'key' && event.key === PREFIX) add('press', PREFIX);
      if (event.kind === 'text' && [...event.text].length > 1) add('type', [...event.text].slice(1).join(''));
      continue;
    }
    if (event.kind === 'key' && event.key === PREFIX) prefixed = true;
    else if (event.kind === 'key') add('press', event.key);
    else if (event.kind === 'text') add('type', event.text);
    else if (event.kind === 'paste') add('paste', event.text);
    else leftOut.add(event.kind === 'mouse' ? 'mouse' : event.what);
  }
  return { calls: calls.map((call) => formatCall(call.name, call.args)), leftOut: [...leftOut] };
}
