/**
 * Pure command-line parsing over Node's `util.parseArgs` (strict: unknown flags and missing values
 * are usage errors), the shape of a command, and the {@link UsageError} every wrong word becomes.
 * The app's own argv comes after `--` and is never parsed.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { closestNames } from '../suggest.js';
import { resolveKeyNames } from '../term/index.js';
import { KeyNameError, keyNameMessage } from '../errors.js';
import type { CliIo } from './io.js';

import { UsageError } from './usage-error.js';

export { UsageError };

/** A `--keys` or `--type` step, in the order the user gave them. */
export type InputStep = { kind: 'keys'; keys: string[] } | { kind: 'type'; text: string };

/** Flags as parsed, the app's argv after `--`, and the ordered input steps. */
export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  positionals: string[];
  /** argv after `--` (empty when there is none). */
  command: string[];
  steps: InputStep[];
}

/** One `tmux-shot` command, as `main` lists, parses and runs it. */
export interface Command {
  /** One line for the top-level help. */
  summary: string;
  /** The `--help` text. */
  usage: string;
  /** util.parseArgs options of its flags; `-h, --help` is added for every command. */
  options: NonNullable<ParseArgsConfig['options']>;
  /** Runs the command on its parsed argv. @returns The exit status. */
  run(args: ParsedArgs, io: CliIo): Promise<number>;
}

/**
 * Parses `argv` (without the subcommand) against `options`.
 * @throws {UsageError} when a flag is unknown, a value is missing or a value is ambiguous (a value
 * starting with `-` must be written `--type=-n`).
 */
export function parseCommandArgs(command: string, argv: string[], options: ParseArgsConfig['options']): ParsedArgs {
  const dashDash = argv.indexOf('--');
  const own = dashDash === -1 ? argv : argv.slice(0, dashDash);
  const appArgv = dashDash === -1 ? [] : argv.slice(dashDash + 1);
  checkOptionNames(command, own, options);
  let parsed;
  try {
    parsed = parseArgs({ args: own, options, strict: true, allowPositionals: true, tokens: true });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\s*\n\s*/g, ' '), command);
  }
  const steps: InputStep[] = [];
  // parseArgs types tokens from the literal options; ours are passed in, so name the shape we read.
  for (const token of parsed.tokens as { kind: string; name?: string; value?: string }[]) {
    if (token.kind !== 'option' || token.value === undefined) continue;
    if (token.name === 'keys') steps.push({ kind: 'keys', keys: splitKeys(token.value) });
    if (token.name === 'type') steps.push({ kind: 'type', text: token.value });
  }
  return { values: parsed.values, positionals: parsed.positionals, command: appArgv, steps };
}

/**
 * Rejects the first flag that `options` does not name, suggesting the closest ones (Node's own
 * message is about positionals and does not name the flags it knows).
 * @throws {UsageError} when a flag is unknown: `unknown option '--colz' (did you mean --cols?)`.
 */
function checkOptionNames(command: string, args: string[], options: ParseArgsConfig['options']): void {
  const known = options ?? {};
  const { tokens } = parseArgs({ args, options: known, strict: false, allowPositionals: true, tokens: true });
  const unknown = tokens.find((token) => token.kind === 'option' && !Object.hasOwn(known, token.name));
  if (unknown?.kind !== 'option') return;
  const names = Object.keys(known).map((name) => `--${name}`);
  const suggestions = closestNames(unknown.rawName, names);
  const hint = suggestions.length > 0 ? ` (did you mean ${suggestions.join(' or ')}?)` : '';
  throw new UsageError(`unknown option '${unknown.rawName}'${hint}`, command);
}

/**
 * The app's argv after `--`, for commands whose only other arguments are flags.
 * @param example A command line that shows where the app's command goes.
 * @throws {UsageError} when there is no command after `--`, or naming the first argument given
 *   before `--` that is not a flag.
 */
export function appCommand(command: string, args: ParsedArgs, example: string): string[] {
  if (args.command.length === 0) throw new UsageError(`${command} needs a command after --, e.g. ${example}`, command);
  if (args.positionals.length > 0) throw new UsageError(`unexpected argument '${args.positionals[0]}': the app's command goes after --`, command);
  return args.command;
}

/** Splits a `--keys` value on white space: "Down Down Enter" → ['Down', 'Down', 'Enter']. */
export function splitKeys(keys: string): string[] {
  return keys.split(/\s+/).filter(Boolean);
}

/**
 * Reads an integer flag within `[min, max]`.
 * @throws {UsageError} when the value is not a whole number in range.
 */
export function intFlag(command: string, name: string, value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = /^\d+$/.test(String(value)) ? Number(value) : Number.NaN; // not 1e1, 0x28 or ' 40'
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`--${name} takes a whole number from ${min} to ${max}, not '${String(value)}'`, command);
  }
  return n;
}

/**
 * Checks key names of `--keys` steps (or a script's `keys` lines) before anything starts (tmux
 * and Playwright names).
 * @param literalText How to send literal text instead, for the message. @default '--type'
 * @throws {UsageError} when a key name is unknown, with the suggestions for the first one.
 */
export function checkKeySteps(command: string, steps: readonly { kind: string; keys?: string[] }[], literalText = '--type'): void {
  for (const step of steps) {
    if (step.kind !== 'keys' || !step.keys) continue;
    try {
      // Whether the app will ask for extended keys is known only once it runs: press() checks that.
      resolveKeyNames(step.keys, { extendedKeys: true });
    } catch (error) {
      if (!(error instanceof KeyNameError)) throw error;
      throw new UsageError(keyNameMessage(error, literalText), command);
    }
  }
}
