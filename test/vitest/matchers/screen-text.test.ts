import { describe, expect, it } from 'vitest';
import { formatCellStyle, formatScreenHeader, formatScreenText } from '../../../src/vitest/matchers/screen-text.js';
import { BLANK, palette, row, screen } from '../build-snapshot.js';

describe('formatScreenText', () => {
  it('is the header, then the plain text, rows right-trimmed and bottom blank rows left out, when nothing is styled', () => {
    expect(formatScreenText(screen(['hello   ', '  world', '', ''], 10))).toBe('# 10x4, cursor at row 0 col 0, visible\nhello\n  world');
    expect(formatScreenText(screen(['', ''], 4))).toBe('# 4x2, cursor at row 0 col 0, visible\n');
  });

  it.each([
    [{ col: 0, row: 0, visible: true, shape: 'block' as const, blinking: false }, '# 10x4, cursor at row 0 col 0, visible'],
    [{ col: 9, row: 3, visible: false, shape: 'block' as const, blinking: false }, '# 10x4, cursor at row 3 col 9, hidden'],
  ])('records the size and the cursor %o in its header', (cursor, header) => {
    expect(formatScreenHeader({ ...screen(['x', '', '', ''], 10), cursor })).toBe(header);
  });

  it('lists styled runs per row after the text, ranges inclusive and 0-based', () => {
    const title = [...row(' Menu ', 6, { bg: palette(4), fg: palette(15), bold: true }), ...row('', 4)];
    const item = [...row('> ', 2), ...row('Open', 4, { inverse: true }), ...row('', 4)];
    const status = row('ok', 10, { fg: { kind: 'rgb', r: 255, g: 0, b: 128 } });
    expect(formatScreenText(screen([title, item, status], 10))).toBe(
      [
        '# 10x3, cursor at row 0 col 0, visible',
        ' Menu',
        '> Open',
        'ok',
        '',
        '-- styles: row:cols attributes --',
        '0:0-5 fg=15 bg=4 bold',
        '1:2-5 inverse',
        '2:0-1 fg=#ff0080',
      ].join('\n'),
    );
  });

  it('masks the text, and writes the cursor column as * when a mask matched left of the cursor on its row', () => {
    const at = (text: string, col: number, cursorRow = 0) => ({
      ...screen([text, 'took 9ms', ''], 30),
      cursor: { col, row: cursorRow, visible: true, shape: 'block' as const, blinking: false },
    });
    const mask = [/\d+ms/];
    const short = formatScreenText(at('$ took 5ms', 10), { mask });
    expect(short).toBe('# 30x3, cursor at row 0 col *, visible\n$ took *\ntook *');
    expect(formatScreenText(at('$ took 123ms', 12), { mask })).toBe(short);
    // A mask right of the cursor, or on another row, leaves the column as it is.
    expect(formatScreenText(at('$ took 5ms', 2), { mask }).split('\n')[0]).toBe('# 30x3, cursor at row 0 col 2, visible');
    expect(formatScreenText(at('$ ok', 4), { mask }).split('\n')[0]).toBe('# 30x3, cursor at row 0 col 4, visible');
    expect(formatScreenText(at('$ ok', 4, 2), { mask }).split('\n')[0]).toBe('# 30x3, cursor at row 2 col 4, visible');
  });

  it('leaves the runs out when styles are off', () => {
    expect(formatScreenText(screen([row('x', 3, { bold: true })], 3), { styles: false })).toBe('# 3x1, cursor at row 0 col 0, visible\nx');
  });

  it('names every attribute in a fixed order', () => {
    const cell = {
      ...BLANK,
      dim: true,
      italic: true,
      underline: 'curly' as const,
      underlineColor: palette(1),
      strikethrough: true,
      overline: true,
      invisible: true,
      blink: true,
    };
    expect(formatCellStyle(cell)).toBe('dim italic underline=curly ul=1 strike overline invisible blink');
    expect(formatCellStyle({ ...BLANK, underline: 'single' })).toBe('underline');
    expect(formatCellStyle(BLANK)).toBe('');
  });
});
