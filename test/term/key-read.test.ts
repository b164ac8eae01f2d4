import { describe, expect, it } from 'vitest';
import { decideKeyRead } from '../../src/term/key-read.js';
import type { KeyReadFacts } from '../../src/term/key-read.js';

const before = { pgrp: 100, readChars: 5000 };
/** Facts of a key just sent to an app that has not read it yet. */
const SENT: KeyReadFacts = { before, now: before, waiting: undefined, canonical: 'unread', elapsed: 0, escape: false };
const facts = (over: Partial<KeyReadFacts>): KeyReadFacts => ({ ...SENT, ...over });
const grown = { pgrp: 100, readChars: 5003 };

describe('decideKeyRead: has the app read the last key?', () => {
  it.each([
    ['just sent, nothing read: read the kernel again in 1 ms', facts({}), { kind: 'wait', ms: 1 }],
    ['read (rchar grew) and waiting for keys again: read', facts({ now: grown, waiting: true, elapsed: 2 }), { kind: 'read', how: 'read' }],
    ['read, still handling it (running, or a timer due soon): wait', facts({ now: grown, waiting: false, elapsed: 2 }), { kind: 'wait', ms: 1 }],
    ['read, the wait cannot be read: read', facts({ now: grown, waiting: undefined, elapsed: 2 }), { kind: 'read', how: 'read' }],
    ['nothing read for 3 ms: read the terminal mode', facts({ elapsed: 3 }), { kind: 'read-mode' }],
    ['nothing read, canonical (line) mode: the line discipline took it', facts({ elapsed: 4, canonical: true }), { kind: 'read', how: 'line-mode' }],
    ['nothing read, non-canonical: wait', facts({ elapsed: 4, canonical: false }), { kind: 'wait', ms: 1 }],
    ['nothing read, mode unreadable: wait', facts({ elapsed: 4, canonical: undefined }), { kind: 'wait', ms: 1 }],
    ['nothing read within 500 ms (a busy app): send the next anyway', facts({ elapsed: 500, canonical: false }), { kind: 'read', how: 'timeout' }],
    ['499.5 ms: wait the last half ms', facts({ elapsed: 499.5, canonical: false }), { kind: 'wait', ms: 0.5 }],
    [
      'after a lone Escape, 500 ms: still waiting (the app tells Escape from a sequence)',
      facts({ elapsed: 500, canonical: false, escape: true }),
      { kind: 'wait', ms: 1 },
    ],
    ['after a lone Escape, 1500 ms: send the next anyway', facts({ elapsed: 1500, canonical: false, escape: true }), { kind: 'read', how: 'timeout' }],
    ['another process group in the foreground (the key ran a command)', facts({ now: { pgrp: 200, readChars: 10 } }), { kind: 'read', how: 'moved-on' }],
    ['the foreground is gone (the app exited)', facts({ now: undefined }), { kind: 'read', how: 'moved-on' }],
    ['the kernel cannot be read: wait 20 ms', facts({ before: undefined, now: undefined }), { kind: 'wait', ms: 20 }],
    ['the kernel cannot be read, 20 ms passed: send the next', facts({ before: undefined, now: undefined, elapsed: 20 }), { kind: 'read', how: 'fallback' }],
  ] as const)('%s', (_, given, decision) => {
    expect(decideKeyRead(given)).toEqual(decision);
  });
});
