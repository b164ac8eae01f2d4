/** Waits that end early, without an error, when an AbortSignal fires (a recording stopped by Ctrl-C). */
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Resolves with `promise`'s value, or with undefined as soon as `signal` aborts. The abandoned
 * promise keeps running (TmuxApp's waits end when the app is closed); its later rejection is
 * swallowed, since nobody waits for it any more.
 * @throws whatever `promise` rejects with before the abort.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.resolve(undefined);
  }
  return new Promise<T | undefined>((resolve, reject) => {
    const onAbort = (): void => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        if (!signal.aborted) reject(error);
      },
    );
  });
}

/**
 * Waits `ms` milliseconds, or less when `signal` aborts (then it resolves too). Unlike racing a
 * timer, the timer is cleared on abort, so it does not hold the process open afterwards.
 */
export async function pause(ms: number, signal: AbortSignal): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch (error) {
    if (!signal.aborted) throw error;
  }
}
