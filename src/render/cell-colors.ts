/**
 * From a cell's stored colours and attributes to the three colours actually painted (pure).
 * Follows xterm.js's renderers: inverse swaps the resolved colours, dim blends the foreground
 * half-way to the background, bold changes the weight only unless `boldIsBright`.
 */

import type { Rgb } from '../geometry.js';
import type { Cell, Color } from '../snapshot.js';
import { paletteColor, type Theme } from './theme.js';

/** Which default a `{ kind: 'default' }` colour stands for. */
export type ColorRole = 'foreground' | 'background';

/**
 * Maps a stored colour to RGB: `default` → the theme's foreground or background (by `role`),
 * `palette` → {@link paletteColor}, `rgb` → itself.
 */
export function resolveColor(color: Color, theme: Theme, role: ColorRole): Rgb {
  switch (color.kind) {
    case 'default':
      return role === 'foreground' ? theme.foreground : theme.background;
    case 'palette':
      return paletteColor(color.index, theme);
    case 'rgb':
      return { r: color.r, g: color.g, b: color.b };
  }
}

/** The colours one cell paints with. */
export interface CellColors {
  /** Glyph colour. */
  readonly fg: Rgb;
  /** Cell background. */
  readonly bg: Rgb;
  /** Underline colour (SGR 58; the final `fg` when the cell leaves it at default). */
  readonly underline: Rgb;
}

/** Per channel, the rounded midpoint of `a` and `b`. */
function halfway(a: Rgb, b: Rgb): Rgb {
  return { r: (a.r + b.r + 1) >> 1, g: (a.g + b.g + 1) >> 1, b: (a.b + b.b + 1) >> 1 };
}

/**
 * Resolves a cell's colours. Order: `boldIsBright` maps a bold foreground of palette 0–7 to
 * 8–15; inverse (SGR 7) swaps foreground and background; dim (SGR 2) moves the foreground
 * half-way to the final background; a default underline colour takes the final foreground.
 */
export function resolveCellColors(
  cell: Pick<Cell, 'fg' | 'bg' | 'bold' | 'dim' | 'inverse' | 'underlineColor'>,
  theme: Theme,
  boldIsBright: boolean,
): CellColors {
  const fgColor =
    boldIsBright && cell.bold && cell.fg.kind === 'palette' && cell.fg.index < 8 ? { kind: 'palette' as const, index: cell.fg.index + 8 } : cell.fg;
  let fg = resolveColor(fgColor, theme, 'foreground');
  let bg = resolveColor(cell.bg, theme, 'background');
  if (cell.inverse) [fg, bg] = [bg, fg];
  if (cell.dim) fg = halfway(fg, bg);
  const underline = cell.underlineColor.kind === 'default' ? fg : resolveColor(cell.underlineColor, theme, 'foreground');
  return { fg, bg, underline };
}
