/**
 * Terminal colour themes and the xterm 256-colour palette (pure data).
 *
 * The 16 ANSI colours of both built-in themes are the Tango palette, which GNOME Terminal and
 * xterm.js (`src/browser/services/ThemeService.ts`, `DEFAULT_ANSI_COLORS`) ship as defaults.
 */

import type { Rgb } from '../geometry.js';

/** Colours a rendered screen uses for everything the cells leave at "default". */
export interface Theme {
  /** Default background (SGR 49) and the padding around the grid. */
  readonly background: Rgb;
  /** Default foreground (SGR 39). */
  readonly foreground: Rgb;
  /** Cursor colour; a block cursor draws its character in {@link Theme.background}. */
  readonly cursor: Rgb;
  /** ANSI colours 0–15 (SGR 30–37, 90–97 and their backgrounds). Exactly 16 entries. */
  readonly palette: readonly Rgb[];
}

/** Parses `#rrggbb`. */
function hex(value: string): Rgb {
  const n = Number.parseInt(value.slice(1), 16);
  return Object.freeze({ r: (n >> 16) & 0xff, g: (n >> 8) & 0xff, b: n & 0xff });
}

const TANGO: readonly Rgb[] = Object.freeze(
  [
    '#2e3436',
    '#cc0000',
    '#4e9a06',
    '#c4a000',
    '#3465a4',
    '#75507b',
    '#06989a',
    '#d3d7cf',
    '#555753',
    '#ef2929',
    '#8ae234',
    '#fce94f',
    '#729fcf',
    '#ad7fa8',
    '#34e2e2',
    '#eeeeec',
  ].map(hex),
);

/** The default theme: white on black with the Tango palette (xterm.js's defaults). */
export const DARK_THEME: Theme = Object.freeze({
  background: hex('#000000'),
  foreground: hex('#ffffff'),
  cursor: hex('#ffffff'),
  palette: TANGO,
});

/** A light theme: Tango dark grey (#2e3436) on white, with the Tango palette. */
export const LIGHT_THEME: Theme = Object.freeze({
  background: hex('#ffffff'),
  foreground: hex('#2e3436'),
  cursor: hex('#2e3436'),
  palette: TANGO,
});

/** The names accepted wherever a theme is expected. */
export const THEMES: Readonly<Record<'dark' | 'light', Theme>> = Object.freeze({
  dark: DARK_THEME,
  light: LIGHT_THEME,
});

/** Channel levels of the 6×6×6 colour cube (xterm `256colres.pl`): 0, then 95 + 40·(n−1). */
const CUBE_LEVELS = [0, 95, 135, 175, 215, 255] as const;

/**
 * Colour `index` of the xterm 256-colour palette: 0–15 from the theme, 16–231 the 6×6×6 cube,
 * 232–255 the greys 8, 18 … 238 (xterm `256colres.pl`). Indices outside 0–255 are clamped.
 */
export function paletteColor(index: number, theme: Theme): Rgb {
  const i = Math.min(255, Math.max(0, Math.trunc(index)));
  if (i < 16) return theme.palette[i] ?? theme.foreground;
  if (i >= 232) {
    const level = 8 + 10 * (i - 232);
    return { r: level, g: level, b: level };
  }
  const n = i - 16;
  return {
    r: CUBE_LEVELS[Math.floor(n / 36)] ?? 0,
    g: CUBE_LEVELS[Math.floor(n / 6) % 6] ?? 0,
    b: CUBE_LEVELS[n % 6] ?? 0,
  };
}
