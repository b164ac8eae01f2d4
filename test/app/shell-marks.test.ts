// The OSC 133 marks in a shell's bytes and the decision whether a command has finished.
import { describe, expect, it } from 'vitest';
import { MarkedOutput, decideCommand, scanMarks } from '../../src/app/shell-marks.js';

const NONCE = 'c0ffee';
const A = `\x1b]133;A;tmux-shot=${NONCE}\x07`;
const B = `\x1b]133;B;tmux-shot=${NONCE}\x07`;
const C = `\x1b]133;C;tmux-shot=${NONCE}\x07`;
const D = (status: number) => `\x1b]133;D;${status};tmux-shot=${NONCE}\x07`;

describe('scanMarks', () => {
  it('finds each mark with its offsets and status, BEL- or ST-ended; other OSC 133 bodies are not marks', () => {
    const bytes = Buffer.from(`${D(3)}${A}$ \x1b]133;B;tmux-shot=${NONCE}\x1b\\x\x1b]133;P;k=i\x07`);
    expect(scanMarks(bytes, NONCE)).toEqual({
      marks: [
        { kind: 'D', exitCode: 3, start: 0, end: 27 },
        { kind: 'A', start: 27, end: 52 },
        { kind: 'B', start: 54, end: 80 },
      ],
      next: bytes.length - 5,
    });
  });

  it('counts only the marks that carry its nonce: those a command prints (without one, or of another shell) are output', () => {
    const printed = `\x1b]133;D;0\x07\x1b]133;B\x07\x1b]133;D;0;tmux-shot=0ther\x07\x1b]133;C;tmux-shot=${NONCE}x\x07`;
    expect(scanMarks(Buffer.from(`${printed}${D(1)}`), NONCE).marks).toEqual([
      { kind: 'D', exitCode: 1, start: printed.length, end: printed.length + D(1).length },
    ]);
  });

  it('resumes at the next ESC after an unterminated introducer, and drops one whose body runs on past any mark of ours', () => {
    const cut = '\x1b]133;';
    expect(scanMarks(Buffer.from(`${cut}${D(2)}`), NONCE).marks).toEqual([{ kind: 'D', exitCode: 2, start: cut.length, end: cut.length + D(2).length }]);
    expect(scanMarks(Buffer.from(`${cut}x\x1b[31mred${B}`), NONCE).marks.map((mark) => mark.kind)).toEqual(['B']);
    const flood = Buffer.from(`${cut}${'y'.repeat(200)}`);
    expect(scanMarks(flood, NONCE)).toEqual({ marks: [], next: flood.length - cut.length + 1 });
    // Cut between the ESC and the backslash of ST: wait for the rest.
    expect(scanMarks(Buffer.from(`ab\x1b]133;B;tmux-shot=${NONCE}\x1b`), NONCE)).toEqual({ marks: [], next: 2 });
  });

  it('finds a mark cut across chunks once the rest arrives, and not twice', () => {
    const whole = Buffer.from(`out${D(0)}${A}`);
    const first = scanMarks(whole.subarray(0, 8), NONCE);
    expect(first).toEqual({ marks: [], next: 3 });
    expect(scanMarks(whole, NONCE, first.next).marks.map((mark) => mark.kind)).toEqual(['D', 'A']);
    expect(scanMarks(whole, NONCE, scanMarks(whole, NONCE).next).marks).toEqual([]);
  });
});

describe('decideCommand', () => {
  const decide = (text: string) => {
    const bytes = Buffer.from(text);
    const decision = decideCommand(bytes, scanMarks(bytes, NONCE).marks);
    return decision.kind === 'done' ? { ...decision, output: decision.output.toString() } : decision;
  };

  it.each([
    ['running before D', `ls\r\n${C}a\r\n`, { kind: 'running' }],
    ['running after D until the next prompt is drawn (B)', `ls\r\n${C}a\r\n${D(0)}${A}$ `, { kind: 'running' }],
    ['output from C to D', `ls\r\n\x1b[?2004l\r${C}a\r\n${D(2)}${A}$ ${B}`, { kind: 'done', output: 'a\r\n', exitCode: 2 }],
    [
      'without C (sh; bash after a syntax error): from the end of the echoed line to D',
      `ls\r\na\r\n${D(0)}${A}$ ${B}`,
      { kind: 'done', output: 'a\r\n', exitCode: 0 },
    ],
    ['without C, nothing printed', `true\r\n${D(0)}${A}$ ${B}`, { kind: 'done', output: '', exitCode: 0 }],
    ['without C or a line feed', `${D(0)}${A}$ ${B}`, { kind: 'done', output: '', exitCode: 0 }],
    ['a D without status reads -1', `x\r\n${C}\x1b]133;D;tmux-shot=${NONCE}\x07${B}`, { kind: 'done', output: '', exitCode: -1 }],
  ])('%s', (_, text, expected) => {
    expect(decide(text)).toEqual(expected);
  });
});

describe('MarkedOutput', () => {
  const text = `ls\r\n${C}a\r\n${D(2)}${A}$ ${B}`;
  const whole = scanMarks(Buffer.from(text), NONCE).marks;

  it.each(Array.from({ length: text.length + 1 }, (_, cut) => cut))('finds the marks of output cut at byte %i as in the whole', (cut) => {
    const output = new MarkedOutput(NONCE);
    output.append(Buffer.from(text.slice(0, cut)));
    expect(output.ended).toBe(cut === text.length);
    output.append(Buffer.from(text.slice(cut)));
    expect(output.marks).toEqual(whole);
    expect(output.ended).toBe(true);
    expect(output.bytes().toString()).toBe(text);
  });

  it('has ended only once the B of the next prompt follows a D', () => {
    const output = new MarkedOutput(NONCE);
    output.append(Buffer.from(`${B}${C}x${D(0)}${A}$ `));
    expect(output.ended).toBe(false);
    output.append(Buffer.from(B));
    expect(output.ended).toBe(true);
  });
});
