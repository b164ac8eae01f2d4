/** The time source of waits: injected, so wait logic is tested without real time. */

/** A clock: the current time and a way to let it pass. */
export interface Clock {
  /** Current time in ms (any fixed origin; only differences are used). */
  now(): number;
  /** Resolves after `ms` milliseconds have passed on this clock. */
  sleep(ms: number): Promise<void>;
}

/** Real time: `performance.now()` (monotonic, so wall-clock jumps do not end waits) and timers. */
export const systemClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
