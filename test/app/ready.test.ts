import { describe, expect, it } from 'vitest';
import { decideReady, foregroundPollMs } from '../../src/app/ready.js';
import type { ReadyFacts } from '../../src/app/ready.js';

/** Facts of an app that has printed nothing yet and runs. */
const START: ReadyFacts = {
  sinceFirstOutput: undefined,
  quiet: 0,
  idle: 0,
  drawing: false,
  textShown: false,
  lineMode: 'unread',
  exit: undefined,
  execFailure: undefined,
  waitsForKeys: undefined, // the kernel cannot be read: the timer rule alone (the table below)
  queryPending: false,
  timedOut: false,
};
/** `idle` is `quiet` unless given: an app not seen at work since its last output (or the kernel unread). */
const facts = (over: Partial<ReadyFacts>): ReadyFacts => ({ ...START, idle: over.quiet ?? START.idle, ...over });
const exited = (exitCode: number | null, signal: string | null = null) => ({ exitCode, signal });

describe("decideReady: 'output'", () => {
  it.each([
    ['nothing printed yet: wait (woken by output)', facts({}), { kind: 'wait', ms: 50 }],
    ['nothing printed within the timeout', facts({ timedOut: true }), { kind: 'timed-out', what: 'output' }],
    ['printed 10 ms ago, quiet 10 ms: wait for 50 ms of quiet', facts({ sinceFirstOutput: 10, quiet: 10 }), { kind: 'wait', ms: 40 }],
    ['quiet 50 ms: read the terminal mode', facts({ sinceFirstOutput: 60, quiet: 50 }), { kind: 'read-line-mode' }],
    ['still drawing 200 ms after its first output (a spinner): read the mode', facts({ sinceFirstOutput: 200, quiet: 5 }), { kind: 'read-line-mode' }],
    ['a half-drawn synchronized update is not quiet', facts({ sinceFirstOutput: 100, quiet: 80, drawing: true }), { kind: 'wait', ms: 50 }],
    ['reads keys one by one: ready', facts({ sinceFirstOutput: 60, quiet: 50, lineMode: false }), { kind: 'ready' }],
    ['reads keys one by one, a spinner still drawing: ready', facts({ sinceFirstOutput: 200, quiet: 5, lineMode: false }), { kind: 'ready' }],
    ['line mode, quiet 50 ms: wait for 200 ms of quiet', facts({ sinceFirstOutput: 60, quiet: 50, lineMode: true }), { kind: 'wait', ms: 150 }],
    ['line mode, quiet 200 ms: ready', facts({ sinceFirstOutput: 300, quiet: 200, lineMode: true }), { kind: 'ready' }],
    [
      'line mode, quiet 250 ms but seen at work 20 ms ago (Node starting after a banner): wait for 200 ms of neither',
      facts({ sinceFirstOutput: 300, quiet: 250, idle: 20, lineMode: true }),
      { kind: 'wait', ms: 180 },
    ],
    ['line mode, at work until the busy limit: ready', facts({ sinceFirstOutput: 1000, quiet: 990, idle: 3, lineMode: true }), { kind: 'ready' }],
    [
      'mode unread, quiet 50 ms while at work (a raw app with a busy thread): read the mode',
      facts({ sinceFirstOutput: 60, quiet: 50, idle: 0 }),
      { kind: 'read-line-mode' },
    ],
    ['reads keys one by one, at work: ready', facts({ sinceFirstOutput: 60, quiet: 50, idle: 0, lineMode: false }), { kind: 'ready' }],
    ['mode unreadable (no stty): as line mode', facts({ sinceFirstOutput: 60, quiet: 50, lineMode: undefined }), { kind: 'wait', ms: 150 }],
    [
      'line mode, printing on 600 ms after its first output: wait for quiet or the busy limit',
      facts({ sinceFirstOutput: 600, quiet: 20, lineMode: true }),
      { kind: 'wait', ms: 180 },
    ],
    [
      'line mode, quiet 50 ms, 900 ms after its first output: wait until the busy limit',
      facts({ sinceFirstOutput: 900, quiet: 50, lineMode: true }),
      { kind: 'wait', ms: 100 },
    ],
    [
      'line mode, printing on 1000 ms after its first output (a log tailer, a ticker): ready',
      facts({ sinceFirstOutput: 1000, quiet: 20, lineMode: true }),
      { kind: 'ready' },
    ],
    [
      'mode unreadable, printing on 1000 ms after its first output: ready',
      facts({ sinceFirstOutput: 1000, quiet: 20, lineMode: undefined }),
      { kind: 'ready' },
    ],
    ['line mode, never quiet, timed out: ready anyway', facts({ sinceFirstOutput: 400, quiet: 1, lineMode: true, timedOut: true }), { kind: 'ready' }],
    ['exited 0 at once: ready, its screen stays readable', facts({ exit: exited(0) }), { kind: 'ready' }],
    ['exited 1 after printing: ready', facts({ sinceFirstOutput: 3, exit: exited(1) }), { kind: 'ready' }],
    ['killed by a signal: ready', facts({ exit: exited(null, 'SIGSEGV') }), { kind: 'ready' }],
    [
      "sh could not run it (127, sh's message last)",
      facts({ sinceFirstOutput: 1, exit: exited(127), execFailure: 'command not found' }),
      { kind: 'could-not-run', exit: exited(127), why: 'command not found' },
    ],
    [
      "sh could not run it (126, sh's message last)",
      facts({ exit: exited(126), execFailure: 'not executable' }),
      { kind: 'could-not-run', exit: exited(126), why: 'not executable' },
    ],
    [
      'the app exited 127 itself (env, timeout, xargs, a usage error): ready, the status is for waitForExit',
      facts({ sinceFirstOutput: 1, exit: exited(127) }),
      { kind: 'ready' },
    ],
    ['the app exited 126 itself: ready', facts({ sinceFirstOutput: 1, exit: exited(126) }), { kind: 'ready' }],
  ] as const)('%s', (_, given, decision) => {
    expect(decideReady('output', given)).toEqual(decision);
  });
});

describe("decideReady: 'output' with the kernel's view (waitsForKeys)", () => {
  it.each([
    ['nothing printed yet, however the kernel reads: wait', facts({ waitsForKeys: true }), { kind: 'wait', ms: 50 }],
    ['printed 1 ms ago, waiting for keys, output fenced: ready at once', facts({ sinceFirstOutput: 1, quiet: 1, waitsForKeys: true }), { kind: 'ready' }],
    [
      'waiting for keys while a synchronized update is half drawn: wait',
      facts({ sinceFirstOutput: 1, quiet: 1, drawing: true, waitsForKeys: true }),
      { kind: 'wait', ms: 2 },
    ],
    [
      'the shortcut does not hold 1 ms after its first output: read the kernel again in 2 ms',
      facts({ sinceFirstOutput: 1, quiet: 1, waitsForKeys: false }),
      { kind: 'wait', ms: 2 },
    ],
    [
      'waiting for keys in line mode (the shortcut does not hold), quiet 50 ms: read the mode as without the kernel',
      facts({ sinceFirstOutput: 60, quiet: 50, waitsForKeys: false }),
      { kind: 'read-line-mode' },
    ],
    [
      'not waiting, read non-canonical after 50 ms of quiet (a raw app computing): ready',
      facts({ sinceFirstOutput: 60, quiet: 50, lineMode: false, waitsForKeys: false }),
      { kind: 'ready' },
    ],
    [
      'not waiting, line mode, quiet 50 ms: wait for 200 ms of quiet, reading the kernel again meanwhile',
      facts({ sinceFirstOutput: 60, quiet: 50, lineMode: true, waitsForKeys: false }),
      { kind: 'wait', ms: 7.5 },
    ],
    [
      'not waiting, line mode, quiet 200 ms (a sleeping app): ready',
      facts({ sinceFirstOutput: 300, quiet: 200, lineMode: true, waitsForKeys: false }),
      { kind: 'ready' },
    ],
    [
      'not waiting, line mode, printing on for 1000 ms (a ticker): ready',
      facts({ sinceFirstOutput: 1000, quiet: 10, lineMode: true, waitsForKeys: false }),
      { kind: 'ready' },
    ],
    ['exited while waiting for keys: ready (it exited)', facts({ sinceFirstOutput: 1, exit: exited(0), waitsForKeys: true }), { kind: 'ready' }],
  ] as const)('%s', (_, given, decision) => {
    expect(decideReady('output', given)).toEqual(decision);
  });

  it.each([
    [0, 2],
    [16, 2],
    [24, 3],
    [200, 25],
    [400, 50],
    [1000, 50],
  ])('reads the kernel again %d ms after the first output in %d ms', (since, ms) => {
    expect(foregroundPollMs(since)).toBe(ms);
  });

  it('the { text } rule ignores the kernel until the text is shown', () => {
    expect(decideReady({ text: 'x' }, facts({ sinceFirstOutput: 1, waitsForKeys: true }))).toEqual({ kind: 'wait', ms: 50 });
  });
});

describe("decideReady: 'output' while the output ends with a question to the terminal (a probe)", () => {
  it.each([
    [
      'waiting for keys in non-canonical mode, output fenced, just asked (cbreak probe): wait for quiet',
      facts({ sinceFirstOutput: 1, quiet: 1, waitsForKeys: true, queryPending: true }),
      { kind: 'wait', ms: 2 },
    ],
    [
      'read non-canonical, quiet 50 ms: not ready (it may go raw with a flush)',
      facts({ sinceFirstOutput: 60, quiet: 50, lineMode: false, queryPending: true }),
      { kind: 'wait', ms: 150 },
    ],
    [
      'non-canonical and waiting, quiet 100 ms: wait 100 ms more, reading the kernel meanwhile',
      facts({ sinceFirstOutput: 100, quiet: 100, lineMode: false, waitsForKeys: false, queryPending: true }),
      { kind: 'wait', ms: 12.5 },
    ],
    [
      'no answer, quiet 200 ms: ready (it gave up, or waits for keys after all)',
      facts({ sinceFirstOutput: 200, quiet: 200, lineMode: false, queryPending: true }),
      { kind: 'ready' },
    ],
    ['the question answered and the app drew since: ready by the kernel', facts({ sinceFirstOutput: 30, quiet: 1, waitsForKeys: true }), { kind: 'ready' }],
  ] as const)('%s', (_, given, decision) => {
    expect(decideReady('output', given)).toEqual(decision);
  });
});

describe('decideReady: { text }', () => {
  const rule = { text: 'Ready>' };
  it.each([
    ['not shown yet: wait', facts({ sinceFirstOutput: 10, quiet: 500, lineMode: false }), { kind: 'wait', ms: 50 }],
    [
      'shown, the kernel shows it waiting for keys in non-canonical mode: ready at once',
      facts({ sinceFirstOutput: 1, quiet: 0, textShown: true, waitsForKeys: true }),
      { kind: 'ready' },
    ],
    ['shown, reads keys one by one: ready', facts({ sinceFirstOutput: 60, quiet: 50, textShown: true, lineMode: false }), { kind: 'ready' }],
    [
      'shown 1 ms after the first output, mode unread: wait for 50 ms of quiet',
      facts({ sinceFirstOutput: 1, quiet: 0, textShown: true }),
      { kind: 'wait', ms: 50 },
    ],
    [
      "shown in line mode (Ink's first frame, before raw mode), quiet 50 ms: wait for 200 ms of quiet",
      facts({ sinceFirstOutput: 60, quiet: 50, textShown: true, lineMode: true }),
      { kind: 'wait', ms: 150 },
    ],
    ['shown in line mode, quiet 200 ms: ready', facts({ sinceFirstOutput: 300, quiet: 200, textShown: true, lineMode: true }), { kind: 'ready' }],
    ['shown in line mode, timed out: ready', facts({ sinceFirstOutput: 300, quiet: 20, textShown: true, lineMode: true, timedOut: true }), { kind: 'ready' }],
    ['shown in a half-drawn synchronized update: wait', facts({ sinceFirstOutput: 1, textShown: true, drawing: true }), { kind: 'wait', ms: 50 }],
    ['not shown within the timeout', facts({ sinceFirstOutput: 10, timedOut: true }), { kind: 'timed-out', what: 'text' }],
    ['exited without showing it', facts({ exit: exited(0) }), { kind: 'exited-before-text', exit: exited(0) }],
    ['exited after showing it: ready', facts({ textShown: true, exit: exited(0) }), { kind: 'ready' }],
    [
      'sh could not run it',
      facts({ exit: exited(127), execFailure: 'command not found' }),
      { kind: 'could-not-run', exit: exited(127), why: 'command not found' },
    ],
    ['the app exited 127 itself without showing it', facts({ exit: exited(127) }), { kind: 'exited-before-text', exit: exited(127) }],
  ] as const)('%s', (_, given, decision) => {
    expect(decideReady(rule, given)).toEqual(decision);
  });
});
