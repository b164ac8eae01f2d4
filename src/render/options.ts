/**
 * Render options: the caller's partial options merged once over {@link RENDER} and checked, with
 * the two helpers record/ resolves its options with too ({@link mergeOptions}, {@link checkOption}).
 */

import { ConfigError } from '../errors.js';
import type { Rgb } from '../geometry.js';
import { THEMES, type Theme } from './theme.js';

/** How the cursor is drawn (the shapes of DECSCUSR, `CSI Ps SP q`). */
export type CursorStyle = 'block' | 'bar' | 'underline';

/** How a screen becomes pixels. Every field has a default in {@link RENDER}. */
export interface RenderOptions {
  /** Colours: a built-in theme's name or a custom {@link Theme}. @default 'dark' */
  theme: 'dark' | 'light' | Theme;
  /** Font size in layout px, an integer from 6 to 72; decides the cell size (15 → 9×18 px). @default 15 */
  fontSizePx: number;
  /** Image pixels per layout pixel; 2 doubles every dimension. @default 1 */
  scale: 1 | 2;
  /** Border around the grid in the theme background, in layout px, an integer from 0 to 256. @default 4 */
  paddingPx: number;
  /** Whether to draw the cursor; it is never drawn while the app hides it (DECTCEM). @default 'show' */
  cursor: 'show' | 'hide';
  /** Cursor shape. @default 'block' */
  cursorStyle: CursorStyle;
  /**
   * Draw bold text in palette colours 0–7 with colours 8–15, as xterm's `boldColors` and xterm.js's
   * `drawBoldTextInBrightColors` do by default (kitty, Alacritty and VTE do not: set `false` to
   * match them). Default, 256-colour and RGB foregrounds are never changed. @default true
   */
  boldIsBright: boolean;
}

/** Screenshot rendering (src/render); see `RenderOptions` for units and ranges. */
export const RENDER = {
  /** @default 'dark' */
  theme: 'dark',
  /** Font size in layout px: DejaVu Sans Mono at 15 px gives clean 9×18 px cells. @default 15 */
  fontSizePx: 15,
  /** @default 1 */
  scale: 1,
  /** Border around the grid, in layout px. @default 4 */
  paddingPx: 4,
  /** @default 'show' */
  cursor: 'show',
  /** @default 'block' */
  cursorStyle: 'block',
  /**
   * Bold palette colours 0–7 drawn as 8–15, as xterm (`boldColors`), xterm.js
   * (`drawBoldTextInBrightColors`), WezTerm, Windows Terminal, iTerm2 and Terminal.app do by
   * default: apps such as dialog draw bold white on white and count on it. @default true
   */
  boldIsBright: true,
} as const satisfies Required<RenderOptions>;

/** {@link RenderOptions} after merging and checking, with the theme resolved. */
export interface ResolvedRenderOptions extends Omit<RenderOptions, 'theme'> {
  readonly theme: Theme;
}

function isRgb(value: Rgb | undefined): boolean {
  return value !== undefined && [value.r, value.g, value.b].every((c) => Number.isInteger(c) && c >= 0 && c <= 255);
}

function resolveTheme(theme: RenderOptions['theme']): Theme {
  if (typeof theme === 'string') {
    const named = THEMES[theme];
    if (!named) throw new ConfigError(`Unknown theme '${String(theme)}': use 'dark', 'light' or a Theme object.`);
    return named;
  }
  const colors = [theme.background, theme.foreground, theme.cursor, ...theme.palette];
  if (theme.palette.length !== 16 || !colors.every(isRgb)) {
    throw new ConfigError('A custom theme needs background, foreground, cursor and 16 palette colours, each {r, g, b} with integer channels 0–255.');
  }
  return theme;
}

/**
 * `options` over `defaults`: an option given as undefined keeps its default, as when it is left out.
 */
export function mergeOptions<T extends object>(defaults: T, options: Partial<T>): T {
  const given = Object.entries(options).filter(([, value]) => value !== undefined);
  return { ...defaults, ...(Object.fromEntries(given) as Partial<T>) };
}

/**
 * Checks one option of `group`: `rule` says what it must be, `got` is the value as the message
 * shows it.
 * @throws {ConfigError} when not `ok`: `Render option scale must be one of '1', '2'; got '3'.`
 */
export function checkOption(ok: boolean, group: 'Render' | 'Record', name: string, rule: string, got: string): void {
  if (!ok) throw new ConfigError(`${group} option ${name} must be ${rule}; got ${got}.`);
}

function checkInteger(name: string, value: number, min: number, max: number): void {
  const ok = Number.isInteger(value) && value >= min && value <= max;
  checkOption(ok, 'Render', name, `an integer from ${min} to ${max}`, String(value));
}

function checkOneOf<T>(name: string, value: T, allowed: readonly T[]): void {
  checkOption(allowed.includes(value), 'Render', name, `one of ${allowed.map((a) => `'${String(a)}'`).join(', ')}`, `'${String(value)}'`);
}

/**
 * Merges `options` over the defaults ({@link RENDER}) and checks them.
 * @throws {ConfigError} when a theme name is unknown, a theme is malformed, a font size or
 * padding is outside its range, or a scale, cursor mode or cursor style is unknown.
 */
export function resolveRenderOptions(options: Partial<RenderOptions> = {}): ResolvedRenderOptions {
  const merged = mergeOptions<RenderOptions>(RENDER, options);
  checkInteger('fontSizePx', merged.fontSizePx, 6, 72);
  checkInteger('paddingPx', merged.paddingPx, 0, 256);
  checkOneOf('scale', merged.scale, [1, 2]);
  checkOneOf('cursor', merged.cursor, ['show', 'hide']);
  checkOneOf('cursorStyle', merged.cursorStyle, ['block', 'bar', 'underline']);
  checkOneOf('boldIsBright', merged.boldIsBright, [true, false]);
  return { ...merged, theme: resolveTheme(merged.theme) };
}
