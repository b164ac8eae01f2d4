/** render/: screen snapshot → pixels → deterministic PNG, drawn with bundled fonts only. */

export { cellMetrics, inkReachOf, renderPng, renderResolved, renderScreen, rendererFingerprint } from './render-screen.js';
export type { InkReach } from './compose.js';
export { encodePng, pngShowsImage, readPngText } from './png.js';
export { tofuCodePoints } from './tofu.js';
export { fingerprintOf, RENDERER_TEXT_KEY } from './fingerprint.js';
export { checkOption, mergeOptions, RENDER, resolveRenderOptions, type RenderOptions, type ResolvedRenderOptions } from './options.js';
export { DARK_THEME, LIGHT_THEME, paletteColor, type Theme } from './theme.js';
export { resolveCellColors, resolveColor } from './cell-colors.js';
export { cellMetricsFor, cellRectPx, imageSizePx, type CellMetrics } from './metrics.js';
export { blendChannel, fillRect, packOpaque } from './paint.js';
export { formatHex, formatStoredColor, inspectResolved, inspectScreen } from './inspect.js';
export type { InspectedCell, InspectedScreen, InspectedStyle } from './inspect.js';
