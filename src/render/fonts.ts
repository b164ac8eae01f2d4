/**
 * The bundled fonts and the native libraries that read and draw them: the only code that reads
 * font files, and the lazy gateway to the rasterizer (@napi-rs/canvas, i.e. Skia) and the font
 * reader (fontkit). Each font file is opened on first use: fontkit reads its cmap (coverage) and
 * metrics, and Skia gets it under a unique family name, so a canvas font string can only ever
 * name our files. Faces shipped as unicode-range slices (Noto Sans SC, KR and the script faces)
 * open only the slice a grapheme needs.
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { TmuxShotError } from '../errors.js';
import type { FaceId } from './face-choice.js';
import { type CodePointRange, inRanges, parseUnicodeRange } from './unicode-range.js';
import { woff2ToCmapSfnt, woffToSfnt } from './woff.js';

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

/**
 * Where a face's files are. `file` is a path resolved through Node's resolver (or, for the
 * vendored emoji font, inside tmux-shot's own `fonts/`); a sliced face names its package, the
 * `unicode.json` subsets it uses (the keys the package's CSS `unicode-range`s are listed under)
 * and each subset's file.
 */
type FaceSource =
  | { readonly file: string; readonly weightAxis: boolean }
  | { readonly package: string; readonly subsets: (name: string) => boolean; readonly file: (name: string) => string; readonly weightAxis: boolean };

const dejavu = (style: string): FaceSource => ({ file: `@fontsource/dejavu-mono/files/dejavu-mono-latin-${style}.woff`, weightAxis: false });
/** A Noto Sans variable font (`wght` axis) of which only the subset named after its script is used. */
const notoScript = (script: string): FaceSource => ({
  package: `@fontsource-variable/noto-sans-${script}`,
  subsets: (name) => name === script,
  file: (name) => `files/noto-sans-${script}-${name}-wght-normal.woff2`,
  weightAxis: true,
});
/** Noto Sans SC or KR: ~100 numbered slices (`[0]`…) of one variable font; the Latin/Cyrillic ones are left to DejaVu. */
const notoCjk = (lang: string): FaceSource => ({
  package: `@fontsource-variable/noto-sans-${lang}`,
  subsets: (name) => /^\[\d+\]$/.test(name),
  file: (name) => `files/noto-sans-${lang}-${name.slice(1, -1)}-wght-normal.woff2`,
  weightAxis: true,
});

/** The vendored emoji font (see scripts/fonts.mjs): two directories up from src/render and dist/render alike. */
const EMOJI_FILE = fileURLToPath(new URL('../../fonts/noto-color-emoji.woff', import.meta.url));

const FACE_SOURCES: Readonly<Record<FaceId, FaceSource>> = {
  mono: dejavu('400-normal'),
  'mono-bold': dejavu('700-normal'),
  'mono-italic': dejavu('400-italic'),
  'mono-bold-italic': dejavu('700-italic'),
  hebrew: notoScript('hebrew'),
  thai: notoScript('thai'),
  devanagari: notoScript('devanagari'),
  arabic: notoScript('arabic'),
  nerd: { file: '@azurity/pure-nerd-font/PureNerdFont.woff2', weightAxis: false },
  cjk: notoCjk('sc'),
  hangul: notoCjk('kr'),
  emoji: { file: EMOJI_FILE, weightAxis: false },
  'last-resort': { file: '@fontsource/unifontex/files/unifontex-latin-400-normal.woff', weightAxis: false },
};

/**
 * The packages whose files decide the pixels: the fonts and the rasterizer. The emoji font is
 * tmux-shot's own file, derived from `@fontsource/noto-color-emoji` (a devDependency), named by
 * the version it was made from.
 */
const RENDERER_PACKAGES = [
  '@fontsource/dejavu-mono',
  '@fontsource-variable/noto-sans-hebrew',
  '@fontsource-variable/noto-sans-thai',
  '@fontsource-variable/noto-sans-devanagari',
  '@fontsource-variable/noto-sans-arabic',
  '@azurity/pure-nerd-font',
  '@fontsource-variable/noto-sans-sc',
  '@fontsource-variable/noto-sans-kr',
  '@fontsource/unifontex',
  '@napi-rs/canvas',
];

/** The source of the vendored emoji font; scripts/fonts.mjs derives `fonts/noto-color-emoji.woff` from it. */
export const EMOJI_SOURCE = '@fontsource/noto-color-emoji@5.3.2';

/** A bundled font file, opened and registered with Skia. */
export interface FontFace {
  readonly id: FaceId;
  /** The family name it is registered under; use only this in canvas font strings. */
  readonly family: string;
  /** True when the font has a `wght` axis: bold is drawn at weight 700, the rest at 400. */
  readonly weightAxis: boolean;
  /** Font units per em (`head`). */
  readonly unitsPerEm: number;
  /** Ascent above the baseline, in font units (`hhea`, positive). */
  readonly ascent: number;
  /** Descent below the baseline, in font units (`hhea`, negative). */
  readonly descent: number;
  /** True when the font's cmap maps `codePoint` to a glyph. */
  has(codePoint: number): boolean;
}

const opened = new Map<string, FontFace>();
let openCount = 0;

/**
 * The bytes of a font file for Skia (WOFF 1.0 inflated to sfnt, WOFF2 as is: Skia decodes it
 * natively) and for fontkit (WOFF2 reduced to its untransformed tables: fontkit would inflate
 * its Brotli stream in JavaScript, 218 ms for the Nerd symbols).
 */
function readFontBytes(path: string): { skia: Buffer; fontkit: Buffer } {
  const bytes = readFileSync(path);
  if (path.endsWith('.woff2')) return { skia: bytes, fontkit: woff2ToCmapSfnt(bytes) };
  const sfnt = path.endsWith('.woff') ? woffToSfnt(bytes) : bytes;
  return { skia: sfnt, fontkit: sfnt };
}

function openFile(id: FaceId, path: string, family: string, weightAxis: boolean): FontFace {
  const bytes = readFontBytes(path);
  const font = loadFontkit().create(bytes.fontkit);
  const key = loadCanvas().GlobalFonts.register(bytes.skia, family);
  if (!key || !('hasGlyphForCodePoint' in font)) {
    throw new TmuxShotError(`Could not load the bundled font ${path}; reinstall tmux-shot's dependencies.`);
  }
  openCount++;
  return { id, family, weightAxis, unitsPerEm: font.unitsPerEm, ascent: font.ascent, descent: font.descent, has: (cp) => font.hasGlyphForCodePoint(cp) };
}

/** The file `path` of face `id` under `family`, opened and registered on first use. */
function openOnce(id: FaceId, path: string, family: string, weightAxis: boolean): FontFace {
  let face = opened.get(family);
  if (!face) {
    face = openFile(id, path, family, weightAxis);
    opened.set(family, face);
  }
  return face;
}

interface Slice {
  readonly name: string;
  readonly ranges: readonly CodePointRange[];
}

const sliceLists = new Map<FaceId, readonly Slice[]>();

/** The slices of a sliced face, from its package's `unicode.json` (read once). */
function slicesOf(id: FaceId, source: Extract<FaceSource, { package: string }>): readonly Slice[] {
  let slices = sliceLists.get(id);
  if (!slices) {
    const json = JSON.parse(readFileSync(require.resolve(`${source.package}/unicode.json`), 'utf8')) as Record<string, string>;
    slices = Object.entries(json)
      .filter(([name]) => source.subsets(name))
      .map(([name, range]) => ({ name, ranges: parseUnicodeRange(range) }));
    sliceLists.set(id, slices);
  }
  return slices;
}

/**
 * The font of face `id` that covers every one of `codePoints`, opened on first use, or null.
 * A single-file face answers from its cmap. A sliced face answers from the one slice whose
 * unicode-range holds the first code point, and only when that range and that slice's cmap
 * hold them all (a grapheme split across slices is not covered).
 * @throws {TmuxShotError} when a font file is missing or unreadable.
 */
export function fontFor(id: FaceId, codePoints: readonly number[]): FontFace | null {
  const source = FACE_SOURCES[id];
  let face: FontFace;
  if ('package' in source) {
    const slice = slicesOf(id, source).find((s) => inRanges(s.ranges, codePoints[0]!));
    if (!slice || !codePoints.every((cp) => inRanges(slice.ranges, cp))) return null;
    const path = require.resolve(`${source.package}/${source.file(slice.name)}`);
    face = openOnce(id, path, `tmux-shot ${id} ${slice.name.replace(/[[\]]/g, '')}`, source.weightAxis);
  } else {
    face = openOnce(id, source.file === EMOJI_FILE ? EMOJI_FILE : require.resolve(source.file), `tmux-shot ${id}`, source.weightAxis);
  }
  return codePoints.every((cp) => face.has(cp)) ? face : null;
}

/**
 * The single-file face `id` (a monospace face, Nerd, emoji or the last resort), opened and
 * registered on first use and cached for the life of the process.
 * @throws {TmuxShotError} when the face is sliced, or its file is missing or unreadable.
 */
export function loadFace(id: FaceId): FontFace {
  const source = FACE_SOURCES[id];
  if ('package' in source) throw new TmuxShotError(`The face ${id} is sliced by unicode-range; use fontFor with its code points.`);
  return openOnce(id, source.file === EMOJI_FILE ? EMOJI_FILE : require.resolve(source.file), `tmux-shot ${id}`, source.weightAxis);
}

/** How many font files this process has opened so far (each once), for tests of lazy loading. */
export function openedFontCount(): number {
  return openCount;
}

let packages: readonly string[] | undefined;

/** `name@version` of each package that decides the pixels (fonts and Skia), then the emoji font's source; read once. */
export function rendererPackages(): readonly string[] {
  packages ??= [
    ...RENDERER_PACKAGES.map((name) => {
      const manifest = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string };
      return `${name}@${manifest.version}`;
    }),
    EMOJI_SOURCE,
  ];
  return packages;
}
