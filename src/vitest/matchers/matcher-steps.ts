/**
 * Every tmux-shot matcher called on a live app becomes an `expect` step of that app (see
 * `TmuxApp.steps`): `expect(tmuxApp).toShowText('Saved')`, `expect(getByText('Save')).not.toBeVisible()`,
 * with how long it took and, when it failed, the reason its message gives. One wrapper, applied
 * where the matchers are registered, so no matcher logs on its own.
 */
import { stripVTControlCharacters } from 'node:util';
import type { MatcherState, MatcherResult as ExpectationResult } from 'vitest';
import { TmuxApp, formatCall, locatorInternals } from '../../app/index.js';
import type { AppStepKind } from '../../app/index.js';
import { nameOfHandle } from '../fixtures/app-handle.js';
import { subjectOf } from './subject.js';

type StepRunner = <T>(kind: AppStepKind, title: () => string, action: () => T, failure?: (result: Awaited<T>) => string | undefined) => T;

/** How `received` logs a step, and how a title names it; undefined for anything but a live app or a locator (a snapshot, PNG bytes, an app not started yet). */
function stepsOf(received: unknown): { run: StepRunner; name: string } | undefined {
  const locator = locatorInternals(received);
  if (locator) return { run: locator.port.step, name: locator.description };
  const subject = subjectOf(received);
  const started = subject instanceof TmuxApp || (nameOfHandle(subject) !== undefined && (subject as { started?: unknown }).started === true);
  if (!started) return undefined;
  const app = subject as TmuxApp;
  return { run: (kind, title, action, failure) => app.logStep(kind, title, action, failure), name: nameOfHandle(received) ?? nameOfHandle(subject) ?? 'app' };
}

/**
 * The reason a matcher's message gives, for a step's error: its first line after the header (which
 * repeats the call, as the step's title does), skipping blank lines and the `Locator:` line (the
 * title names the locator too); the header itself when nothing follows it. Colours dropped. Pure.
 * @example reasonOf("expect(tmuxApp).toShowText('x')\n\nExpected the screen to show 'x' within 2000 ms, but it did not.\n…")
 *   // "Expected the screen to show 'x' within 2000 ms, but it did not."
 */
export function reasonOf(message: string): string {
  const [header = '', ...rest] = stripVTControlCharacters(message).split('\n');
  return rest.find((line) => line.trim() !== '' && !line.startsWith('Locator: ')) ?? header;
}

/** Why a matcher's result fails the assertion (see {@link reasonOf}), or undefined when it passes. */
function failureOf(isNot: boolean, result: Awaited<ExpectationResult>): string | undefined {
  if (result.pass !== isNot) return undefined;
  return reasonOf(result.message());
}

type Matcher = (this: MatcherState, received: unknown, ...args: never[]) => ExpectationResult;

/** `matcher`, named `name`, logging each call on a live app as an `expect` step (see the file's comment); synchronous results stay synchronous. */
export function loggedAsStep<M extends Matcher>(name: string, matcher: M): M {
  return function (this: MatcherState, received: unknown, ...args: never[]): ExpectationResult {
    const steps = stepsOf(received);
    if (!steps) return matcher.call(this, received, ...args);
    const isNot = this.isNot === true; // Vitest leaves it undefined when not negated
    const title = () => `expect(${steps.name}).${isNot ? 'not.' : ''}${formatCall(name, args)}`;
    return steps.run(
      'expect',
      title,
      () => matcher.call(this, received, ...args),
      (result) => failureOf(isNot, result),
    );
  } as M;
}

/** Each of `matchers` {@link loggedAsStep}, under its own name. */
export function loggedAsSteps<T extends Record<string, Matcher>>(matchers: T): T {
  return Object.fromEntries(Object.entries(matchers).map(([name, matcher]) => [name, loggedAsStep(name, matcher)])) as T;
}
