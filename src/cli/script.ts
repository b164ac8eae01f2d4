/**
 * The `--script` file of `tmux-shot record`: one step per line, run in order.
 *
 *     # comments and blank lines are skipped
 *     keys Down Down Enter     press tmux key names
 *     type hello world         type the rest of the line literally
 *     wait-for Selected        wait until the text is on the screen
 *     pause 500                hold still for 500 ms (pacing for the recording)
 */
import type { InputStep } from './args.js';
import { splitKeys } from './args.js';
import { UsageError } from './args.js';

/** The longest `pause`, in ms: a day, as `--duration` (and well within `setTimeout`'s 2^31 − 1 ms). */
const MAX_PAUSE_MS = 86_400_000;

/** A script step: an input step, a text wait, or a pause in ms. */
export type ScriptStep = InputStep | { kind: 'wait-for'; text: string } | { kind: 'pause'; ms: number };

/**
 * Parses a script file's text.
 * @throws {UsageError} when a step is unknown or a pause is bad, naming the line.
 */
export function parseScript(text: string): ScriptStep[] {
  const steps: ScriptStep[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '' || line.trimStart().startsWith('#')) return;
    const match = /^\s*(\S+)\s?(.*)$/.exec(line)!;
    const [, verb, rest = ''] = match;
    const fail = (why: string) => new UsageError(`script line ${index + 1}: ${why}: ${JSON.stringify(line)}`, 'record');
    switch (verb) {
      case 'keys':
        if (splitKeys(rest).length === 0) throw fail('keys needs at least one key name');
        steps.push({ kind: 'keys', keys: splitKeys(rest) });
        break;
      case 'type':
        steps.push({ kind: 'type', text: rest });
        break;
      case 'wait-for':
        if (rest === '') throw fail('wait-for needs the text to wait for');
        steps.push({ kind: 'wait-for', text: rest });
        break;
      case 'pause': {
        const ms = /^\d+$/.test(rest) ? Number(rest) : Number.NaN;
        if (!(ms <= MAX_PAUSE_MS)) throw fail(`pause takes a whole number of ms, at most ${MAX_PAUSE_MS} (a day)`);
        steps.push({ kind: 'pause', ms });
        break;
      }
      default:
        throw fail(`unknown step '${verb}' (use keys, type, wait-for or pause)`);
    }
  });
  return steps;
}
