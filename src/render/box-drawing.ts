/**
 * Box-drawing characters U+2500–U+257F as geometry (pure): lines from the cell's centre to its
 * edges, so the lines of neighbouring cells meet without gaps, unlike font glyphs.
 * Names and shapes follow the Unicode chart "Box Drawing" (U+2500–U+257F).
 */

import { fillCoverageRect, fillCoverageShape, type GlyphCoverage } from './glyph-coverage.js';

/** Line weight of one arm: none, light, heavy (2× light) or double (two light lines). */
type Weight = 0 | 1 | 2 | 3;

/**
 * One entry per code point from U+2500: four digits = the weights of the up, right, down and
 * left arms; `h`/`v` + weight + count = dashed horizontal/vertical line; `a` + horizontal and
 * vertical direction (R/L, D/U) = rounded corner; `/`, `\`, `X` = diagonals.
 */
const TABLE = (
  '0101 0202 1010 2020 h13 h23 v13 v23 h14 h24 v14 v24 0110 0210 0120 0220 ' +
  '0011 0012 0021 0022 1100 1200 2100 2200 1001 1002 2001 2002 1110 1210 2110 1120 ' +
  '2120 2210 1220 2220 1011 1012 2011 1021 2021 2012 1022 2022 0111 0112 0211 0212 ' +
  '0121 0122 0221 0222 1101 1102 1201 1202 2101 2102 2201 2202 1111 1112 1211 1212 ' +
  '2111 1121 2121 2112 2211 1122 1221 2212 1222 2122 2221 2222 h12 h22 v12 v22 ' +
  '0303 3030 0310 0130 0330 0013 0031 0033 1300 3100 3300 1003 3001 3003 1310 3130 ' +
  '3330 1013 3031 3033 0313 0131 0333 1303 3101 3303 1313 3131 3333 aRD aLD aLU ' +
  'aRU / \\ X 0001 1000 0100 0010 0002 2000 0200 0020 0201 1020 0102 2010'
).split(' ');

/** A half-open pixel interval [start, end). */
interface Span {
  start: number;
  end: number;
}

/** Pixel sizes of one cell: `t` the light line thickness, `u` the scale (positions snap to multiples of it, so 2x doubles 1x). */
interface Pen {
  t: number;
  u: number;
}

/** `n / 2` rounded down to a multiple of `u`. */
function half(n: number, u: number): number {
  return u * Math.floor(n / (2 * u));
}

/** A line of `thick` px centred in `n` px (rounded towards the start). */
function band(n: number, thick: number, u: number): Span {
  const start = half(n - thick, u);
  return { start, end: start + thick };
}

/**
 * The centre, in px from the cell's top or left edge, of the light line `lightPx` thick that
 * crosses a cell side of `sizePx` (─'s row, │'s column), so other line art can meet it.
 */
export function lightLineCentre(sizePx: number, lightPx: number, scale: number): number {
  return band(sizePx, lightPx, scale).start + lightPx / 2;
}

/** The two lines of a double line: light, light gap, light, centred in `n` px. */
function doubleSpans(n: number, { t, u }: Pen): [Span, Span] {
  const d = half(n - 3 * t, u);
  return [
    { start: d, end: d + t },
    { start: d + 2 * t, end: d + 3 * t },
  ];
}

function lineSpans(n: number, weight: Weight, pen: Pen): Span[] {
  return weight === 3 ? doubleSpans(n, pen) : [band(n, weight * pen.t, pen.u)];
}

/**
 * Where an arm's line stops at the centre, along an axis of `n` px: its start when the arm runs
 * towards `n` (`dir` 1), its end when it runs towards 0. `p1`/`p2` are the perpendicular arms on
 * the side of the first/second line of a double arm (`which` 0/1; null for a single line).
 * A line meets the near line of a perpendicular double line on its own side and the far one
 * otherwise, which yields ╔'s nested corners and ╬'s four separate corners.
 */
function armStop(n: number, dir: 1 | -1, which: 0 | 1 | null, p1: Weight, p2: Weight, pen: Pen): number {
  const [first, second] = doubleSpans(n, pen);
  const near = dir > 0 ? second.start : first.end;
  const far = dir > 0 ? first.start : second.end;
  const own = which === 1 ? p2 : p1;
  const other = which === 1 ? p1 : p2;
  if (which === null ? own === 3 && other === 3 : own === 3) return near;
  if (own === 3 || other === 3) return far;
  const present = [p1, p2].filter((w) => w === 1 || w === 2).map((w) => band(n, w * pen.t, pen.u));
  if (present.length === 0) present.push(band(n, pen.t, pen.u));
  return dir > 0 ? Math.min(...present.map((s) => s.start)) : Math.max(...present.map((s) => s.end));
}

function drawArms(coverage: GlyphCoverage, arms: string, pen: Pen): void {
  const [up, right, down, left] = [...arms].map(Number) as [Weight, Weight, Weight, Weight];
  const { widthPx: w, heightPx: h } = coverage;
  const which = (weight: Weight, i: number): 0 | 1 | null => (weight === 3 ? (i as 0 | 1) : null);
  lineSpans(h, right, pen).forEach((s, i) => {
    if (right) fillCoverageRect(coverage, armStop(w, 1, which(right, i), up, down, pen), s.start, w, s.end);
  });
  lineSpans(h, left, pen).forEach((s, i) => {
    if (left) fillCoverageRect(coverage, 0, s.start, armStop(w, -1, which(left, i), up, down, pen), s.end);
  });
  lineSpans(w, down, pen).forEach((s, i) => {
    if (down) fillCoverageRect(coverage, s.start, armStop(h, 1, which(down, i), left, right, pen), s.end, h);
  });
  lineSpans(w, up, pen).forEach((s, i) => {
    if (up) fillCoverageRect(coverage, s.start, 0, s.end, armStop(h, -1, which(up, i), left, right, pen));
  });
}

/**
 * `count` dashes along the cell, with the gaps split between both ends so cells tile evenly.
 * A cell too short for `count` dashes and gaps of at least one line thickness and one layout
 * pixel each (┈ in the 4 px cell of a 6 px font) gets as many as fit, so it never vanishes.
 */
function drawDashes(coverage: GlyphCoverage, horizontal: boolean, weight: number, wanted: number, { t, u }: Pen): void {
  const n = horizontal ? coverage.widthPx : coverage.heightPx;
  const count = Math.max(1, Math.min(wanted, Math.floor(n / (t + u))));
  const across = band(horizontal ? coverage.heightPx : coverage.widthPx, weight * t, u);
  const at = (i: number): number => u * Math.floor((i * n) / (count * u));
  const gap = Math.max(t, u * Math.floor(n / (4 * count * u)));
  for (let i = 0; i < count; i++) {
    const a = at(i) + half(gap, u);
    const b = at(i + 1) - (gap - half(gap, u));
    if (horizontal) fillCoverageRect(coverage, a, across.start, b, across.end);
    else fillCoverageRect(coverage, across.start, a, across.end, b);
  }
}

/** A quarter circle joining the light lines towards `hx` (1 right, -1 left) and `vy` (1 down, -1 up). */
function drawArc(coverage: GlyphCoverage, hx: 1 | -1, vy: 1 | -1, { t, u }: Pen): void {
  const { widthPx: w, heightPx: h } = coverage;
  const vertical = band(w, t, u);
  const horizontal = band(h, t, u);
  const cx = vertical.start + t / 2;
  const cy = horizontal.start + t / 2;
  const r = Math.min(cx, w - cx, cy, h - cy);
  const ox = cx + hx * r;
  const oy = cy + vy * r;
  fillCoverageShape(coverage, (x, y) => (x - ox) * hx <= 0 && (y - oy) * vy <= 0 && Math.abs(Math.hypot(x - ox, y - oy) - r) <= t / 2);
  if (hx > 0) fillCoverageRect(coverage, Math.floor(ox), horizontal.start, w, horizontal.end);
  else fillCoverageRect(coverage, 0, horizontal.start, Math.ceil(ox), horizontal.end);
  if (vy > 0) fillCoverageRect(coverage, vertical.start, Math.floor(oy), vertical.end, h);
  else fillCoverageRect(coverage, vertical.start, 0, vertical.end, Math.ceil(oy));
}

/** Corner-to-corner lines: `/` rises to the right, `\` falls to the right. */
function drawDiagonal(coverage: GlyphCoverage, rising: boolean, t: number): void {
  const { widthPx: w, heightPx: h } = coverage;
  const length = Math.hypot(w, h);
  fillCoverageShape(coverage, (x, y) => Math.abs(rising ? h * x + w * y - w * h : h * x - w * y) / length <= t / 2);
}

/**
 * Draws box-drawing character `codePoint` (U+2500–U+257F) into `coverage` (one cell) with light
 * lines `lightPx` thick; line positions snap to multiples of `scale` so a 2x cell is the 1x cell
 * doubled. Returns false, drawing nothing, for any other code point.
 */
export function drawBoxLine(coverage: GlyphCoverage, codePoint: number, lightPx: number, scale: number): boolean {
  const entry = codePoint >= 0x2500 ? TABLE[codePoint - 0x2500] : undefined;
  if (entry === undefined) return false;
  const pen = { t: lightPx, u: scale };
  const kind = entry[0];
  if (kind === 'h' || kind === 'v') drawDashes(coverage, kind === 'h', Number(entry[1]), Number(entry[2]), pen);
  else if (kind === 'a') drawArc(coverage, entry[1] === 'R' ? 1 : -1, entry[2] === 'D' ? 1 : -1, pen);
  else if (kind === '/' || kind === 'X') drawDiagonal(coverage, true, lightPx);
  if (kind === '\\' || kind === 'X') drawDiagonal(coverage, false, lightPx);
  if (/^\d/.test(entry)) drawArms(coverage, entry, pen);
  return true;
}
