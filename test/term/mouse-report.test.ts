import { describe, expect, test } from 'vitest';
import { encodeMouseReport } from '../../src/term/mouse-report.js';
import type { MouseButton, MouseModifier, MouseReportEvent } from '../../src/term/mouse-report.js';
import type { MouseEncoding, MouseTracking } from '../../src/snapshot.js';

// Expected bytes from xterm ctlseqs, "Mouse Tracking" (xterm-410), and xterm-410 button.c where
// ctlseqs is silent (the position limit, the past-end byte 0, motion without a button).
const at = (col: number, row: number, modifiers: MouseModifier[] = []) => ({ col, row, modifiers });
const press = (button: MouseButton, col = 4, row = 2, modifiers: MouseModifier[] = []): MouseReportEvent => ({
  kind: 'press',
  button,
  ...at(col, row, modifiers),
});
const release = (button: MouseButton, col = 4, row = 2, modifiers: MouseModifier[] = []): MouseReportEvent => ({
  kind: 'release',
  button,
  ...at(col, row, modifiers),
});
const motion = (col = 4, row = 2, modifiers: MouseModifier[] = []): MouseReportEvent => ({ kind: 'motion', ...at(col, row, modifiers) });
const wheel = (direction: 'up' | 'down', col = 4, row = 2, modifiers: MouseModifier[] = []): MouseReportEvent => ({
  kind: 'wheel',
  direction,
  ...at(col, row, modifiers),
});

/** The report as text: bytes 0x20–0x7e as characters, others as `\xHH`. */
function shown(tracking: MouseTracking, encoding: MouseEncoding, event: MouseReportEvent, held: MouseButton[] = []): string | undefined {
  const bytes = encodeMouseReport({ tracking, encoding }, event, held);
  if (!bytes) return undefined;
  return [...bytes].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`)).join('');
}

describe('encodeMouseReport: default encoding (CSI M Cb Cx Cy, each value + 32, positions 1-based)', () => {
  test.each<[string, MouseTracking, MouseReportEvent, MouseButton[], string | undefined]>([
    // Normal tracking: "0=MB1 pressed, 1=MB2 pressed, 2=MB3 pressed, and 3=release"; col 4 row 2 → 5,3 → '%', '#'.
    ['normal: left press', 'normal', press('left'), [], '\\x1b[M %#'],
    ['normal: middle press', 'normal', press('middle'), [], '\\x1b[M!%#'],
    ['normal: right press', 'normal', press('right'), [], '\\x1b[M"%#'],
    ['normal: release is 3', 'normal', release('right'), [], '\\x1b[M#%#'],
    ['normal: top-left cell is 1,1 → !!', 'normal', press('left', 0, 0), [], '\\x1b[M !!'],
    // "4=Shift, 8=Meta, and 16=Control"
    ['normal: Shift adds 4', 'normal', press('left', 4, 2, ['Shift']), [], '\\x1b[M$%#'],
    ['normal: Alt (Meta) adds 8', 'normal', press('left', 4, 2, ['Alt']), [], '\\x1b[M(%#'],
    ['normal: Control adds 16', 'normal', press('left', 4, 2, ['Control']), [], '\\x1b[M0%#'],
    ['normal: all three add 28', 'normal', press('middle', 4, 2, ['Control', 'Alt', 'Shift']), [], '\\x1b[M=%#'],
    ['normal: a release carries the modifiers', 'normal', release('left', 4, 2, ['Control']), [], '\\x1b[M3%#'],
    // "Wheel mice may return buttons 4 and 5 ... 64 is added ... Release events for the wheel buttons are not reported."
    ['normal: wheel up is 64', 'normal', wheel('up'), [], '\\x1b[M`%#'],
    ['normal: wheel down is 65', 'normal', wheel('down'), [], '\\x1b[Ma%#'],
    ['normal: wheel with Shift', 'normal', wheel('down', 4, 2, ['Shift']), [], '\\x1b[Me%#'],
    ['normal: no motion', 'normal', motion(), ['left'], undefined],
    // X10: "sends an escape sequence only on button press"; Cb is button-1 (no modifiers).
    ['x10: left press', 'x10', press('left'), [], '\\x1b[M %#'],
    ['x10: right press', 'x10', press('right'), [], '\\x1b[M"%#'],
    ['x10: no modifiers', 'x10', press('left', 4, 2, ['Shift', 'Control']), [], '\\x1b[M %#'],
    ['x10: no release', 'x10', release('left'), [], undefined],
    ['x10: no motion', 'x10', motion(), ['left'], undefined],
    ['x10: no wheel (buttons past 3 cannot be encoded)', 'x10', wheel('up'), [], undefined],
    // Button-event: "motion into cell x,y with button 1 down is reported as CSI M @ CxCy ... with button 3 down ... CSI M B CxCy"
    ['button: motion with left held is @', 'button', motion(), ['left'], '\\x1b[M@%#'],
    ['button: motion with right held is B', 'button', motion(), ['right'], '\\x1b[MB%#'],
    ['button: motion names the lowest held button', 'button', motion(), ['right', 'middle'], '\\x1b[MA%#'],
    ['button: motion with Alt', 'button', motion(4, 2, ['Alt']), ['left'], '\\x1b[MH%#'],
    ['button: no motion without a button', 'button', motion(), [], undefined],
    ['button: press as in normal', 'button', press('left'), [], '\\x1b[M %#'],
    // Any-event: motion without a button is code 3 + 32 (button.c: FirstBitN(0) = -1 → release code).
    ['any: motion without a button is C', 'any', motion(), [], '\\x1b[MC%#'],
    ['any: motion with middle held', 'any', motion(), ['middle'], '\\x1b[MA%#'],
    ['none: nothing', 'none', press('left'), [], undefined],
  ])('%s', (_, tracking, event, held, expected) => {
    expect(shown(tracking, 'default', event, held)).toBe(expected);
  });

  // "The original X10 mouse protocol limits the Cx and Cy ordinates to 223 (=255 - 32)"; xterm
  // clamps to it and sends the limit as 0 ("a past-end marker", button.c EmitMousePosition).
  test.each<[number, string]>([
    [94, '\\x7f'],
    [95, '\\x80'],
    [221, '\\xfe'],
    [222, '\\xff'],
    [223, '\\x00'],
    [500, '\\x00'],
  ])('column %i is sent as %s', (col, byte) => {
    expect(shown('normal', 'default', press('left', col, 0))).toBe(`\\x1b[M ${byte}!`);
  });
});

describe('encodeMouseReport: UTF-8 encoding (1005)', () => {
  // "For positions less than 95, the resulting output is identical"; past that, position + 33 as two-byte UTF-8.
  test.each<[number, string]>([
    [0, '!'],
    [94, '\\x7f'],
    [95, '\\xc2\\x80'],
    [222, '\\xc3\\xbf'],
    [223, '\\xc4\\x80'],
    [999, '\\xd0\\x88'],
    [2014, '\\xdf\\xbf'],
    [2015, '\\x00'],
  ])('column %i is sent as %s', (col, bytes) => {
    expect(shown('normal', 'utf8', press('left', col, 0))).toBe(`\\x1b[M ${bytes}!`);
  });

  test('release, motion and wheel codes are as in the default encoding', () => {
    expect(shown('button', 'utf8', release('left', 100, 3))).toBe('\\x1b[M#\\xc2\\x85$');
    expect(shown('button', 'utf8', motion(1, 1), ['left'])).toBe('\\x1b[M@""');
    expect(shown('normal', 'utf8', wheel('up', 1, 1, ['Control']))).toBe('\\x1b[Mp""');
  });
});

describe('encodeMouseReport: SGR encoding (1006), CSI < b ; x ; y M/m', () => {
  test.each<[string, MouseTracking, MouseReportEvent, MouseButton[], string | undefined]>([
    // "a final character which is M for button press and m for button release"; "does not add 32".
    ['left press', 'normal', press('left'), [], '\\x1b[<0;5;3M'],
    ['right press', 'normal', press('right'), [], '\\x1b[<2;5;3M'],
    ['release keeps the button, final m', 'normal', release('middle'), [], '\\x1b[<1;5;3m'],
    ['release with Shift', 'normal', release('left', 4, 2, ['Shift']), [], '\\x1b[<4;5;3m'],
    ['press with Control+Alt', 'normal', press('left', 4, 2, ['Control', 'Alt']), [], '\\x1b[<24;5;3M'],
    ['wheel up', 'normal', wheel('up'), [], '\\x1b[<64;5;3M'],
    ['wheel down', 'normal', wheel('down'), [], '\\x1b[<65;5;3M'],
    ['motion with left held', 'button', motion(), ['left'], '\\x1b[<32;5;3M'],
    ['motion without a button (any)', 'any', motion(), [], '\\x1b[<35;5;3M'],
    ['no motion without a button (button)', 'button', motion(), [], undefined],
    ['x10 press: the button alone', 'x10', press('middle', 4, 2, ['Shift']), [], '\\x1b[<1;5;3M'],
    ['x10: no release', 'x10', release('middle'), [], undefined],
    ['no limit: column 300', 'normal', press('left', 300, 99), [], '\\x1b[<0;301;100M'],
  ])('%s', (_, tracking, event, held, expected) => {
    expect(shown(tracking, 'sgr', event, held)).toBe(expected);
  });
});

describe('encodeMouseReport: urxvt encoding (1015), CSI Cb ; x ; y M', () => {
  test.each<[string, MouseTracking, MouseReportEvent, MouseButton[], string | undefined]>([
    ['left press: code + 32 in decimal', 'normal', press('left'), [], '\\x1b[32;5;3M'],
    ['release: 3 + 32, final M', 'normal', release('right'), [], '\\x1b[35;5;3M'],
    ['wheel down with Shift', 'normal', wheel('down', 4, 2, ['Shift']), [], '\\x1b[101;5;3M'],
    ['motion with right held', 'button', motion(), ['right'], '\\x1b[66;5;3M'],
    ['no limit: column 300', 'any', motion(300, 0), [], '\\x1b[67;301;1M'],
  ])('%s', (_, tracking, event, held, expected) => {
    expect(shown(tracking, 'urxvt', event, held)).toBe(expected);
  });
});
