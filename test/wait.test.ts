import { describe, expect, it } from 'vitest';
import { ConfigError } from '../src/errors.js';
import { formatTimeout, resolveTimeout } from '../src/wait.js';

const deadline = { at: 4000, reason: "the test's 5000 ms timeout" };

describe('resolveTimeout', () => {
  it.each([
    { explicit: undefined, deadline: undefined, now: 0, want: { ms: 5000 } },
    { explicit: undefined, deadline, now: 0, want: { ms: 4000, cutBy: "the test's 5000 ms timeout" } },
    { explicit: undefined, deadline, now: 1234.6, want: { ms: 2765, cutBy: "the test's 5000 ms timeout" } },
    // Past the deadline a wait still looks once.
    { explicit: undefined, deadline, now: 9000, want: { ms: 1, cutBy: "the test's 5000 ms timeout" } },
    // A deadline further away than the default changes nothing.
    { explicit: undefined, deadline: { at: 60_000, reason: 'x' }, now: 0, want: { ms: 5000 } },
    // An explicit timeout is never cut, 0 included (no limit, for settling).
    { explicit: 20_000, deadline, now: 0, want: { ms: 20_000 } },
    { explicit: 0, deadline, now: 0, want: { ms: 0 } },
  ])('$explicit with deadline $deadline.at at $now → $want', ({ explicit, deadline, now, want }) => {
    expect(resolveTimeout(explicit, 5000, deadline, now)).toEqual(want);
  });

  it.each([
    ['5s', 'timeout', "timeout must be a number of ms, 0 or more; got the string '5s'."],
    [-1, 'timeout', 'timeout must be a number of ms, 0 or more; got -1.'],
    [Number.POSITIVE_INFINITY, 'timeout', 'timeout must be a number of ms, 0 or more; got Infinity.'],
    [null, 'quietMs', 'quietMs must be a number of ms, 0 or more; got null.'],
  ])('refuses %o as %s', (explicit, name, message) => {
    expect(() => resolveTimeout(explicit, 5000, undefined, 0, name)).toThrow(new ConfigError(message));
  });
});

describe('formatTimeout', () => {
  it('says why a timeout was cut short', () => {
    expect(formatTimeout({ ms: 5000 })).toBe('5000 ms');
    expect(formatTimeout({ ms: 4129, cutBy: "the test's 5000 ms timeout" })).toBe("4129 ms (what was left of the test's 5000 ms timeout)");
  });
});
