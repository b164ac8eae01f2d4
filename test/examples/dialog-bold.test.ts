// dialog draws its box's lit edges in bold white (palette 7) on its white (palette 7) face,
// counting on the terminal to show bold palette colours 0–7 bright, as xterm does. Drawn without
// brightening, those edges vanish.
import { renderScreen } from '../../src/render/index.js';
import type { Cell } from '../../src/snapshot.js';
import { expect, test } from '../../src/vitest/index.js';
import { colorsIn } from '../render/helpers/pixels.js';

const menu = ['dialog', '--menu', 'Pick one', '10', '30', '3', 'a', 'Apple', 'b', 'Banana', 'c', 'Cherry'];
test.override({ tmuxOptions: { command: menu, cols: 40, rows: 12 } });

/** WCAG 2 contrast ratio of two 'r,g,b' colours, to two decimals. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, bl] = rgb.split(',').map((c) => {
      const s = Number(c) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return Math.round(((hi! + 0.05) / (lo! + 0.05)) * 100) / 100;
}

const isBoldOn = (fg: number, bg: number) => (c: Cell) =>
  c.bold && c.fg.kind === 'palette' && c.fg.index === fg && c.bg.kind === 'palette' && c.bg.index === bg && c.chars.trim() !== '';

test('draws the box edges dialog writes in bold white on white brighter than the face, by default', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('Cherry');
  const snapshot = tmuxApp.screen();
  // The lit edges: top and left of the box and of the menu's frame, in bold palette 7 on palette 7.
  const lit = snapshot.cells.flatMap((cells, row) => cells.flatMap((c, col) => (isBoldOn(7, 7)(c) ? [`${row}:${col}${c.chars}`] : [])));
  expect(lit.length).toBe(95);
  expect(lit.slice(0, 3)).toEqual(['0:4┌', '0:5─', '0:6─']);
  // Cell (row 0, col 4) at 9×18 px, inside the default 4 px padding.
  const corner = (options: Parameters<typeof renderScreen>[1]) => colorsIn(renderScreen(snapshot, options), 4 + 4 * 9, 4, 9, 18);
  const face = '211,215,207';
  expect(corner({ boldIsBright: false })).toEqual(new Set([face]));
  const bright = corner({ boldIsBright: true });
  expect(bright).toEqual(new Set([face, '238,238,236']));
  expect([contrast(face, face), contrast('238,238,236', face)]).toEqual([1, 1.26]);
  expect(corner({})).toEqual(bright);
});

test('draws <Cancel> (bold black on white) in bright black, as xterm does', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('<Cancel>');
  const snapshot = tmuxApp.screen();
  const row = snapshot.cells.findIndex((cells) =>
    cells
      .map((c) => c.chars)
      .join('')
      .includes('<Cancel>'),
  );
  const col =
    snapshot.cells[row]!.map((c) => c.chars)
      .join('')
      .indexOf('<Cancel>') + 1;
  expect(isBoldOn(0, 7)(snapshot.cells[row]![col]!)).toBe(true);
  const letter = (options: Parameters<typeof renderScreen>[1]) => colorsIn(renderScreen(snapshot, options), 4 + col * 9, 4 + row * 18, 9, 18);
  expect(letter({ boldIsBright: false }).has('46,52,54')).toBe(true);
  expect(letter({}).has('85,87,83')).toBe(true);
  expect(letter({}).has('46,52,54')).toBe(false);
});
