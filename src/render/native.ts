/**
 * The rasterizer (@napi-rs/canvas, i.e. Skia) and the font reader (fontkit), loaded on first
 * use rather than on import: together they take ≈ 300 ms to load, which every isolated Vitest
 * test file would pay again even when it never draws a screen. Loaded with `require` so that
 * rendering stays synchronous.
 */
import { createRequire } from 'node:module';

type Canvas = typeof import('@napi-rs/canvas');
type Fontkit = typeof import('fontkit');

const require = createRequire(import.meta.url);
let canvas: Canvas | undefined;
let fontkit: Fontkit | undefined;

/** `@napi-rs/canvas`, loaded on the first call. */
export function loadCanvas(): Canvas {
  canvas ??= require('@napi-rs/canvas') as Canvas;
  return canvas;
}

/** `fontkit`, loaded on the first call. */
export function loadFontkit(): Fontkit {
  fontkit ??= require('fontkit') as Fontkit;
  return fontkit;
}
