/**
 * Capturing the actual screenshot of an assertion: masked cells painted over, the cursor hidden,
 * the screen rendered with the bundled fonts and cropped to a region, with the renderer fingerprint
 * and the screen itself embedded in the PNG — or PNG bytes given as the subject, taken as they are.
 * Pure: the same screen and options give the same bytes; a screen's PNG is encoded only when read.
 */
import { cellRectToPixelRect, cropImage, maskFromText } from '../../diff/index.js';
import type { CellMetrics, RenderOptions } from '../../render/index.js';
import { cellMetricsFor, encodePng, fingerprintOf, readPngText, RENDERER_TEXT_KEY, renderResolved, resolveRenderOptions } from '../../render/index.js';
import { ConfigError } from '../../errors.js';
import type { CellRect, RgbaImage } from '../../geometry.js';
import { encodeScreen, SCREEN_TEXT_KEY } from '../../screen/index.js';
import { BLANK_CELL } from '../../snapshot.js';
import type { Cell, ScreenSnapshot } from '../../snapshot.js';

/** How to take the picture. */
export interface CaptureOptions {
  /** Cells to paint over: rects, or RegExps matched on each row of the screen text. */
  mask: readonly (CellRect | RegExp)[];
  /** Only this part of the screen, in cells. */
  region: CellRect | undefined;
  /** Draw the cursor (when the app shows it) or not. */
  cursor: 'hide' | 'show';
  /** Renderer options (theme, font size, scale…). */
  render: Partial<RenderOptions>;
}

/** A screenshot ready to compare. Only PNG bytes given as the subject lack the screen, pixels and metrics. */
export interface Capture {
  /** The PNG; a rendered screen's is encoded on first read, which a screen equal to its baseline never needs. */
  readonly png: Uint8Array;
  /** The pixels of `png`, when they were rendered here. */
  image: RgbaImage | undefined;
  /** The screen as drawn: masks painted, cursor hidden when `cursor: 'hide'`. */
  snapshot: ScreenSnapshot | undefined;
  metrics: CellMetrics | undefined;
  /** The masked cells, screen coordinates. */
  mask: CellRect[];
  /** The renderer fingerprint embedded in `png`, if any. */
  fingerprint: string | undefined;
}

/** A {@link Capture} of a screen (always has the snapshot). */
export type ScreenCapture = Capture & { snapshot: ScreenSnapshot };

/**
 * Renders `snapshot` for comparison. With the cursor hidden its position is dropped too, so a
 * cursor that moved invisibly does not change the PNG bytes.
 * @throws {ConfigError} for invalid render options, or a `region` that is not whole cells inside
 *   the screen.
 */
export function captureScreen(snapshot: ScreenSnapshot, options: CaptureOptions): ScreenCapture {
  const region = options.region && checkRegion(options.region, snapshot);
  // Resolved once: merging the options was a fifth of an unchanged screen's assertion.
  const render = resolveRenderOptions({ ...options.render, cursor: options.cursor });
  const mask = maskRects(snapshot, options.mask);
  const painted = paintMask(snapshot, mask);
  const drawn = options.cursor === 'hide' ? { ...painted, cursor: { ...painted.cursor, col: 0, row: 0, visible: false } } : painted;
  const metrics = cellMetricsFor(render);
  const full = renderResolved(drawn, render);
  const image = region ? cropImage(full, cellRectToPixelRect(region, metrics)) : full;
  const fingerprint = fingerprintOf(render);
  let png: Uint8Array | undefined;
  return {
    get png() {
      png ??= encodePng(image, { [RENDERER_TEXT_KEY]: fingerprint, [SCREEN_TEXT_KEY]: encodeScreen(drawn) });
      return png;
    },
    image,
    snapshot: drawn,
    metrics,
    mask,
    fingerprint,
  };
}

/**
 * PNG bytes given as the subject: compared as they are; their fingerprint is whatever they carry.
 * @throws {ConfigError} when `mask` or `region` is set: they need a screen.
 */
export function capturePng(png: Uint8Array, options: Pick<CaptureOptions, 'mask' | 'region'>): Capture {
  if (options.mask.length || options.region) {
    throw new ConfigError('toMatchScreenshot: mask and region need a screen (a tmuxApp or a snapshot), not PNG bytes.');
  }
  return { png, image: undefined, snapshot: undefined, metrics: undefined, mask: [], fingerprint: readPngText(png)[RENDERER_TEXT_KEY] };
}

function maskRects(snapshot: ScreenSnapshot, mask: CaptureOptions['mask']): CellRect[] {
  const patterns = mask.filter((item): item is RegExp => item instanceof RegExp);
  const rects = mask.filter((item): item is CellRect => !(item instanceof RegExp));
  return [...rects, ...maskFromText(snapshot, patterns)];
}

/**
 * `region` when it is whole cells inside the screen.
 * @throws {ConfigError} otherwise, in cells (the crop itself would only speak pixels).
 */
function checkRegion(region: CellRect, snapshot: ScreenSnapshot): CellRect {
  const { col, row, cols, rows } = region;
  const whole = [col, row, cols, rows].every(Number.isInteger);
  if (whole && col >= 0 && row >= 0 && cols >= 1 && rows >= 1 && col + cols <= snapshot.cols && row + rows <= snapshot.rows) return region;
  throw new ConfigError(
    `toMatchScreenshot: region { col: ${col}, row: ${row}, cols: ${cols}, rows: ${rows} } does not lie inside the ` +
      `${snapshot.cols}x${snapshot.rows} screen: give whole cells with cols and rows ≥ 1, col + cols ≤ ${snapshot.cols} ` +
      `and row + rows ≤ ${snapshot.rows}.`,
  );
}

/** Vitest's `maskColor` (#ff00ff), as a 24-bit cell background. */
export const MASK_COLOR = Object.freeze({ kind: 'rgb', r: 255, g: 0, b: 255 } as const);

/** A blank cell in the mask colour. */
const MASK_CELL: Cell = Object.freeze({ ...BLANK_CELL, fg: MASK_COLOR, bg: MASK_COLOR, underlineColor: MASK_COLOR });

/**
 * `snapshot` with every cell inside `rects` replaced by a blank cell in {@link MASK_COLOR}, as
 * Playwright and Vitest paint masked elements: the baseline shows what is ignored, and a masked
 * clock gives the same PNG bytes on every run, so the byte-equal fast path still applies. Parts of
 * rects outside the screen are ignored; the same object when `rects` is empty.
 */
export function paintMask(snapshot: ScreenSnapshot, rects: readonly CellRect[]): ScreenSnapshot {
  if (rects.length === 0) return snapshot;
  const inside = (col: number, row: number) => rects.some((r) => col >= r.col && col < r.col + r.cols && row >= r.row && row < r.row + r.rows);
  const cells = snapshot.cells.map((row, rowIndex) => row.map((cell, col) => (inside(col, rowIndex) ? MASK_CELL : cell)));
  return { ...snapshot, cells };
}
