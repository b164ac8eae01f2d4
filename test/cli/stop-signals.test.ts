// The trap with real signals sent to this (Vitest worker) process: safe while the trap listens,
// since then nothing else acts on them.
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { STOP_SIGNALS, trapStopSignals } from '../../src/cli/stop-signals.js';

const listeners = () => STOP_SIGNALS.map((name) => process.listeners(name));

describe('trapStopSignals', () => {
  it.each(STOP_SIGNALS)('turns the first %s into an abort with its name and time, and stops listening at once', async (name) => {
    const before = listeners();
    using trap = trapStopSignals();
    expect(listeners().map((l) => l.length)).toEqual(before.map((l) => l.length + 1));
    const sentAt = performance.now();
    process.kill(process.pid, name);
    await once(trap.signal, 'abort');
    expect(trap.stop?.signal).toBe(name);
    expect(trap.stop!.at).toBeGreaterThanOrEqual(sentAt);
    expect(trap.signal.reason).toBe(trap.stop);
    expect(listeners()).toEqual(before); // a second signal meets the process's default handling
  });

  it('removes its listeners when disposed without a signal', () => {
    const before = listeners();
    const trap = trapStopSignals();
    trap[Symbol.dispose]();
    expect(listeners()).toEqual(before);
    expect(trap.signal.aborted).toBe(false);
    expect(trap.stop).toBeUndefined();
  });
});
