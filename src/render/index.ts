/** render/: screen snapshot → pixels → deterministic PNG, drawn with bundled fonts only. */

export { cellMetrics, renderPng, renderResolved, renderScreen, rendererFingerprint } from './render-screen.js';
export { encodePng, readPngText } from './png.js';
export { blendChannel, fillRect, packOpaque } from './paint.js';
export { RENDERER_TEXT_KEY, RENDERER_VERSION } from './fingerprint.js';
export { checkOption, mergeOptions, resolveRenderOptions, type CursorStyle, type RenderOptions, type ResolvedRenderOptions } from './options.js';
export { DARK_THEME, LIGHT_THEME, THEMES, paletteColor, type Theme } from './theme.js';
export { resolveCellColors, resolveColor, type CellColors, type ColorRole } from './cell-colors.js';
export { cellMetricsFor, cellRectPx, imageSizePx, type CellMetrics } from './metrics.js';
