// The OSC 133 marks in a shell's bytes and the decision whether a command has finished.
import { describe, expect, it } from 'vitest';
import { MarkedOutput, decideCommand, scanMarks } from '../../src/app/shell-marks.js';

const A = '\x1b]133;A\x07';
const B = '\x1b]133;B\x07';
const C = '\x1b]133;C\x07';
const D = (status: number) => `\x1b]133;D;${status}\x07`;

describe('scanMarks', () => {
  it('finds each mark with its offsets and status, BEL- or ST-ended; other OSC 133 bodies are not marks', () => {
    const bytes = Buffer.from(`${D(3)}${A}$ \x1b]133;B\x1b\\x\x1b]133;P;k=i\x07`);
    expect(scanMarks(bytes)).toEqual({
      marks: [
        { kind: 'D', exitCode: 3, start: 0, end: 10 },
        { kind: 'A', start: 10, end: 18 },
        { kind: 'B', start: 20, end: 29 },
      ],
      next: bytes.length - 5,
    });
  });

  it('finds a mark cut across chunks once the rest arrives, and not twice', () => {
    const whole = Buffer.from(`out${D(0)}${A}`);
    const first = scanMarks(whole.subarray(0, 8));
    expect(first).toEqual({ marks: [], next: 3 });
    expect(scanMarks(whole, first.next).marks.map((mark) => mark.kind)).toEqual(['D', 'A']);
    expect(scanMarks(whole, scanMarks(whole).next).marks).toEqual([]);
  });
});

describe('decideCommand', () => {
  const decide = (text: string) => {
    const bytes = Buffer.from(text);
    const decision = decideCommand(bytes, scanMarks(bytes).marks);
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
    ['a D without status reads -1', `x\r\n${C}\x1b]133;D\x07${B}`, { kind: 'done', output: '', exitCode: -1 }],
  ])('%s', (_, text, expected) => {
    expect(decide(text)).toEqual(expected);
  });
});

describe('MarkedOutput', () => {
  const text = `ls\r\n${C}a\r\n${D(2)}${A}$ ${B}`;
  const whole = scanMarks(Buffer.from(text)).marks;

  it.each(Array.from({ length: text.length + 1 }, (_, cut) => cut))('finds the marks of output cut at byte %i as in the whole', (cut) => {
    const output = new MarkedOutput();
    output.append(Buffer.from(text.slice(0, cut)));
    expect(output.ended).toBe(cut === text.length);
    output.append(Buffer.from(text.slice(cut)));
    expect(output.marks).toEqual(whole);
    expect(output.ended).toBe(true);
    expect(output.bytes().toString()).toBe(text);
  });

  it('has ended only once the B of the next prompt follows a D', () => {
    const output = new MarkedOutput();
    output.append(Buffer.from(`${B}${C}x${D(0)}${A}$ `));
    expect(output.ended).toBe(false);
    output.append(Buffer.from(B));
    expect(output.ended).toBe(true);
  });
});
