/** The render entry points: snapshot → RGBA image → PNG, with the renderer fingerprint embedded. */

import type { RgbaImage } from '../geometry.js';
import type { Cell, ScreenSnapshot } from '../snapshot.js';
import { composeScreen, type InkReach, rowInkReach } from './compose.js';
import { fingerprintOf, RENDERER_TEXT_KEY } from './fingerprint.js';
import { glyphFor } from './glyphs.js';
import { cellMetricsFor, type CellMetrics } from './metrics.js';
import { resolveRenderOptions, type RenderOptions, type ResolvedRenderOptions } from './options.js';
import { encodePng } from './png.js';

/**
 * Renders a screen snapshot to pixels with the bundled fonts only, so the same snapshot and
 * options give the same bytes on every machine. At the defaults an 80×24 screen is 728×440 px
 * (9×18 px cells, 4 px padding).
 * @throws {ConfigError} when an option is invalid (see {@link resolveRenderOptions}).
 * @throws {TmuxShotError} when a bundled font cannot be loaded.
 * @example
 * const image = renderScreen(app.screen(), { theme: 'light', scale: 2 });
 */
export function renderScreen(snapshot: ScreenSnapshot, options?: Partial<RenderOptions>): RgbaImage {
  return renderResolved(snapshot, resolveRenderOptions(options));
}

/**
 * {@link renderScreen} with options already resolved by {@link resolveRenderOptions}, for callers
 * that draw many screens with the same options (the frames of a GIF). With `into` (a buffer of at
 * least the image's width × height × 4 bytes), the image's pixels are the start of that buffer,
 * overwritten, rather than new ones: for a caller done with each image before the next.
 * @throws {TmuxShotError} when a bundled font cannot be loaded.
 */
export function renderResolved(snapshot: ScreenSnapshot, options: ResolvedRenderOptions, into?: Uint8Array): RgbaImage {
  return composeScreen(snapshot, options, glyphFor, into);
}

/**
 * Whether the glyphs of one screen row draw ink into the row above or below it when rendered
 * with `options` (already resolved), so a caller redrawing only changed rows (a GIF's frames)
 * knows which neighbours to redraw with them.
 * @throws {TmuxShotError} when a bundled font cannot be loaded.
 */
export function inkReachOf(cells: readonly Cell[], options: ResolvedRenderOptions): InkReach {
  return rowInkReach(cells, cellMetricsFor(options), glyphFor);
}

/**
 * {@link renderScreen}, encoded as PNG with the renderer fingerprint in the tEXt chunk
 * `tmux-shot:renderer` (read it back with `readPngText`).
 * @throws {ConfigError} when an option is invalid.
 * @throws {TmuxShotError} when a bundled font cannot be loaded.
 * @example
 * await writeFile('screen.png', renderPng(app.screen()));
 */
export function renderPng(snapshot: ScreenSnapshot, options?: Partial<RenderOptions>): Buffer {
  const resolved = resolveRenderOptions(options);
  return encodePng(renderResolved(snapshot, resolved), { [RENDERER_TEXT_KEY]: fingerprintOf(resolved) });
}

/**
 * The fingerprint {@link renderPng} embeds for `options`: renderer version, font and Skia package
 * versions, theme and every option that changes pixels.
 * @throws {ConfigError} when an option is invalid.
 */
export function rendererFingerprint(options?: Partial<RenderOptions>): string {
  return fingerprintOf(resolveRenderOptions(options));
}

/**
 * Cell geometry in image pixels for `options` (scale applied).
 * @throws {ConfigError} when an option is invalid.
 */
export function cellMetrics(options?: Partial<RenderOptions>): CellMetrics {
  return cellMetricsFor(resolveRenderOptions(options));
}
