/**
 * Taking the actual screenshot of an assertion: settle a live screen, paint masks, hide the
 * cursor, render with the bundled fonts, crop to a region, and embed the renderer fingerprint and
 * the screen itself in the PNG.
 */
import { cellRectToPixelRect, cropImage, maskFromText } from '../../diff/index.js';
import type { CellMetrics, RenderOptions } from '../../render/index.js';
import { cellMetrics, encodePng, RENDERER_TEXT_KEY, rendererFingerprint, renderScreen } from '../../render/index.js';
import { ConfigError } from '../../errors.js';
import type { CellRect } from '../../geometry.js';
import type { ScreenSnapshot } from '../../snapshot.js';
import { paintMask } from '../paint-mask.js';
import { encodeScreen, SCREEN_TEXT_KEY } from '../../screen/index.js';

/** How to take the picture. */
export interface ShotOptions {
  /** Cells to paint over: rects, or RegExps matched on each row of the screen text. */
  mask: readonly (CellRect | RegExp)[];
  /** Only this part of the screen, in cells. */
  region: CellRect | undefined;
  /** Draw the cursor (when the app shows it) or not. */
  cursor: 'hide' | 'show';
  /** Renderer options (theme, font size, scale…). */
  render: Partial<RenderOptions>;
}

/** A screenshot ready to compare. Only PNG bytes given as the subject lack the screen and metrics. */
export interface Shot {
  png: Uint8Array;
  /** The screen as drawn: masks painted, cursor hidden when `cursor: 'hide'`. */
  snapshot: ScreenSnapshot | undefined;
  metrics: CellMetrics | undefined;
  /** The masked cells, screen coordinates. */
  mask: CellRect[];
  /** The renderer fingerprint embedded in `png`, if any. */
  fingerprint: string | undefined;
}

/** A {@link Shot} of a screen (always has the snapshot). */
export type ScreenShot = Shot & { snapshot: ScreenSnapshot };

function maskRects(snapshot: ScreenSnapshot, mask: ShotOptions['mask']): CellRect[] {
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

/**
 * Renders `snapshot` for comparison. With the cursor hidden its position is dropped too, so a
 * cursor that moved invisibly does not change the PNG bytes.
 * @throws {ConfigError} for invalid render options, or a `region` that is not whole cells inside
 *   the screen.
 */
export function takeShot(snapshot: ScreenSnapshot, options: ShotOptions): ScreenShot {
  const region = options.region && checkRegion(options.region, snapshot);
  const render = { ...options.render, cursor: options.cursor };
  const mask = maskRects(snapshot, options.mask);
  const painted = paintMask(snapshot, mask);
  const drawn = options.cursor === 'hide' ? { ...painted, cursor: { col: 0, row: 0, visible: false } } : painted;
  const metrics = cellMetrics(render);
  const full = renderScreen(drawn, render);
  const image = region ? cropImage(full, cellRectToPixelRect(region, metrics)) : full;
  const fingerprint = rendererFingerprint(render);
  const png = encodePng(image, { [RENDERER_TEXT_KEY]: fingerprint, [SCREEN_TEXT_KEY]: encodeScreen(drawn) });
  return { png, snapshot: drawn, metrics, mask, fingerprint };
}
