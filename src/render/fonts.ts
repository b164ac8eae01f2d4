/**
 * The bundled fonts and the native libraries that read and draw them: the only code that reads
 * font files, and the lazy gateway to the rasterizer (@napi-rs/canvas, i.e. Skia) and the font
 * reader (fontkit). Each face is opened on first use: fontkit reads its cmap (coverage) and
 * metrics, and Skia gets it under a unique family name, so a canvas font string can only ever
 * name our files.
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { TmuxShotError } from '../errors.js';
import type { FaceId } from './face-choice.js';
import { woffToSfnt } from './woff.js';

const require = createRequire(import.meta.url);

type Canvas = typeof import('@napi-rs/canvas');
type Fontkit = typeof import('fontkit');

let canvas: Canvas | undefined;
let fontkit: Fontkit | undefined;

/**
 * `@napi-rs/canvas`, loaded on the first call rather than on import: with fontkit it takes
 * ≈ 300 ms to load, which every isolated Vitest test file would pay again even when it never
 * draws a screen. Loaded with `require` so that rendering stays synchronous.
 */
export function loadCanvas(): Canvas {
  canvas ??= require('@napi-rs/canvas') as Canvas;
  return canvas;
}

/** `fontkit`, loaded on the first call (see {@link loadCanvas}). */
function loadFontkit(): Fontkit {
  fontkit ??= require('fontkit') as Fontkit;
  return fontkit;
}

/** Where each face comes from: npm package files, resolved through Node's resolver. */
const FACE_FILES: Readonly<Record<FaceId, string>> = {
  mono: 'dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf',
  'mono-bold': 'dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf',
  'mono-italic': 'dejavu-fonts-ttf/ttf/DejaVuSansMono-Oblique.ttf',
  'mono-bold-italic': 'dejavu-fonts-ttf/ttf/DejaVuSansMono-BoldOblique.ttf',
  cjk: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  emoji: '@fontsource/noto-color-emoji/files/noto-color-emoji-emoji-400-normal.woff',
};

/** The packages whose files decide the pixels: the fonts and the rasterizer. */
const RENDERER_PACKAGES = ['dejavu-fonts-ttf', '@expo-google-fonts/noto-sans-sc', '@fontsource/noto-color-emoji', '@napi-rs/canvas'];

/** A bundled face, opened and registered with Skia. */
export interface FontFace {
  readonly id: FaceId;
  /** The family name it is registered under; use only this in canvas font strings. */
  readonly family: string;
  /** Font units per em (`head`). */
  readonly unitsPerEm: number;
  /** Ascent above the baseline, in font units (`hhea`, positive). */
  readonly ascent: number;
  /** Descent below the baseline, in font units (`hhea`, negative). */
  readonly descent: number;
  /** True when the font's cmap maps `codePoint` to a glyph. */
  has(codePoint: number): boolean;
}

const opened = new Map<FaceId, FontFace>();

function openFace(id: FaceId): FontFace {
  const path = require.resolve(FACE_FILES[id]);
  const family = `tmux-shot ${id}`;
  // The emoji font is WOFF; its SVG table (80 % of the file) is never drawn, so it is left out.
  const bytes = id === 'emoji' ? woffToSfnt(readFileSync(path), ['SVG ']) : readFileSync(path);
  const font = loadFontkit().create(bytes);
  const { GlobalFonts } = loadCanvas();
  const key = id === 'emoji' ? GlobalFonts.register(bytes, family) : GlobalFonts.registerFromPath(path, family);
  if (!key || !('hasGlyphForCodePoint' in font)) {
    throw new TmuxShotError(`Could not load the bundled font ${path}; reinstall tmux-shot's dependencies.`);
  }
  return {
    id,
    family,
    unitsPerEm: font.unitsPerEm,
    ascent: font.ascent,
    descent: font.descent,
    has: (codePoint) => font.hasGlyphForCodePoint(codePoint),
  };
}

/**
 * The face `id`, opened and registered on first use (measured: 2–15 ms for a DejaVu face,
 * 35–50 ms for CJK, 110–125 ms for emoji) and cached for the life of the process. Wide
 * characters try the emoji face first, so the first one loads both of those.
 * @throws {TmuxShotError} when the font file is missing or unreadable.
 */
export function loadFace(id: FaceId): FontFace {
  let face = opened.get(id);
  if (!face) {
    face = openFace(id);
    opened.set(id, face);
  }
  return face;
}

/** True when face `id` covers `codePoint` (opens the face on first use). */
export function faceCovers(id: FaceId, codePoint: number): boolean {
  return loadFace(id).has(codePoint);
}

let packages: readonly string[] | undefined;

/** `name@version` of each package that decides the pixels (fonts and Skia), for fingerprints; read once. */
export function rendererPackages(): readonly string[] {
  packages ??= RENDERER_PACKAGES.map((name) => {
    const manifest = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string };
    return `${name}@${manifest.version}`;
  });
  return packages;
}
