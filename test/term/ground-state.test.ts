import { describe, expect, it } from 'vitest';
import { endsInGround } from '../../src/term/ground-state.js';

describe('endsInGround', () => {
  it.each([
    ['nothing', '', true],
    ['plain text', 'banner\r\nready> ', true],
    ['a complete CSI with parameters', '\x1b[?1h', true],
    ['a complete CSI with parameters and an intermediate (DECSCUSR)', '\x1b[2 q', true],
    ['a complete SGR, then text', 'A\x1b[31;1mB', true],
    ['ESC alone', 'A\x1b', false],
    ['ESC [ alone', 'A\x1b[', false],
    ['a CSI cut in its parameters (ESC [ ? 1 of DECCKM)', 'banner\r\n\x1b[?1', false],
    ['a CSI cut after its intermediate', '\x1b[2 ', false],
    ['a C0 control inside a CSI does not end it', '\x1b[3\r1', false],
    ['a C0 control inside a CSI, then its final byte', '\x1b[3\r1m', true],
    ['DEL inside a CSI is ignored', '\x1b[3\x7f', false],
    ['CAN aborts a CSI', '\x1b[?1\x18', true],
    ['SUB aborts a CSI', '\x1b[?1\x1a', true],
    ['ESC inside a CSI starts a new sequence', '\x1b[?1\x1b', false],
    ['an OSC cut short', '\x1b]0;ti', false],
    ['an OSC ended by BEL', '\x1b]0;title\x07', true],
    ['an OSC ended by ST (ESC \\)', '\x1b]0;title\x1b\\', true],
    ['an OSC cut after the ESC of its ST', '\x1b]0;title\x1b', false],
    ['CAN aborts an OSC', '\x1b]0;ti\x18', true],
    ['a DCS cut short', '\x1bPq#0', false],
    ['BEL does not end a DCS', '\x1bPq#0\x07', false],
    ['a DCS ended by ST', '\x1bPq#0\x1b\\', true],
    ['BEL does not end an APC', '\x1b_Gi=1\x07', false],
    ['an APC ended by ST', '\x1b_Gi=1\x1b\\', true],
    ['BEL does not end a PM', '\x1b^pm\x07', false],
    ['a SOS ended by ST', '\x1bXsos\x1b\\', true],
    ["tmux's window name (ESC k) cut short", '\x1bkname', false],
    ["tmux's window name ended by BEL", '\x1bkname\x07', true],
    ['an escape sequence with an intermediate, cut before its final byte (ESC ( of ESC ( 0)', 'A\x1b(', false],
    ['an escape sequence with an intermediate and its final byte', 'A\x1b(0q', true],
    ['a two-byte escape sequence (DECSC)', '\x1b7', true],
    ['a C0 control between ESC and its intermediate', '\x1b\r(', false],
    ['a UTF-8 character cut short (2 of 3 bytes of ─)', 'A\xe2\x94', false],
    ['a whole UTF-8 character', 'A\xe2\x94\x80', true],
    ['a 4-byte UTF-8 character cut after its lead byte', '\xf0', false],
    ['a stray continuation byte', '\x80', true],
  ])('%s', (_, text, ground) => {
    expect(endsInGround(Buffer.from(text, 'latin1'))).toBe(ground);
  });
});
