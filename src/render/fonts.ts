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
import { FontLoadError, TmuxShotError } from '../errors.js';
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
 * Where a face's files are: module specifiers that Node's resolver turns into paths (the
 * vendored emoji font is an absolute path inside tmux-shot's own `fonts/`), and the package
 * they come from, named in load errors. A sliced face names the `unicode.json` subsets it uses
 * (the keys the package's CSS `unicode-range`s are listed under) and each subset's file.
 */
type FaceSource =
  | { readonly package: string; readonly file: string; readonly weightAxis: boolean }
  | {
      readonly package: string;
      readonly subsets: (name: string) => boolean;
      readonly sliceFile: (name: string) => string;
      readonly weightAxis: boolean;
    };

const dejavu = (style: string): FaceSource => ({
  package: '@fontsource/dejavu-mono',
  file: `@fontsource/dejavu-mono/files/dejavu-mono-latin-${style}.woff`,
  weightAxis: false,
});
/** A Noto Sans variable font (`wght` axis) of which only the subset named after its script is used. */
const notoScript = (script: string): FaceSource => ({
  package: `@fontsource-variable/noto-sans-${script}`,
  subsets: (name) => name === script,
  sliceFile: (name) => `@fontsource-variable/noto-sans-${script}/files/noto-sans-${script}-${name}-wght-normal.woff2`,
  weightAxis: true,
});
/** Noto Sans SC or KR: ~100 numbered slices (`[0]`…) of one variable font; the Latin/Cyrillic ones are left to DejaVu. */
const notoCjk = (lang: string): FaceSource => ({
  package: `@fontsource-variable/noto-sans-${lang}`,
  subsets: (name) => /^\[\d+\]$/.test(name),
  sliceFile: (name) => `@fontsource-variable/noto-sans-${lang}/files/noto-sans-${lang}-${name.slice(1, -1)}-wght-normal.woff2`,
  weightAxis: true,
});

/** The vendored emoji font (see scripts/fonts.mjs): two directories up from src/render and dist/render alike. */
export const EMOJI_FILE = fileURLToPath(new URL('../../fonts/noto-color-emoji.woff', import.meta.url));

const FACE_SOURCES: Readonly<Record<FaceId, FaceSource>> = {
  mono: dejavu('400-normal'),
  'mono-bold': dejavu('700-normal'),
  'mono-italic': dejavu('400-italic'),
  'mono-bold-italic': dejavu('700-italic'),
  hebrew: notoScript('hebrew'),
  thai: notoScript('thai'),
  devanagari: notoScript('devanagari'),
  arabic: notoScript('arabic'),
  nerd: { package: '@azurity/pure-nerd-font', file: '@azurity/pure-nerd-font/PureNerdFont.woff2', weightAxis: false },
  cjk: notoCjk('sc'),
  hangul: notoCjk('kr'),
  emoji: { package: 'tmux-shot', file: EMOJI_FILE, weightAxis: false },
  'last-resort': { package: '@fontsource/unifontex', file: '@fontsource/unifontex/files/unifontex-latin-400-normal.woff', weightAxis: false },
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

/**
 * Finds a file the way Node's resolver does (`require.resolve`): a module specifier such as
 * `@fontsource/unifontex/files/unifontex-latin-400-normal.woff`, or an absolute path (which
 * resolves to itself when the file exists).
 * @throws when there is no such file or package.
 */
export type ResolveFile = (specifier: string) => string;

/** The bundled fonts as one {@link createFontFiles} answers for them. */
export interface FontFiles {
  /**
   * The font of face `id` that covers every one of `codePoints`, opened on first use, or null.
   * A single-file face answers from its cmap. A sliced face answers from the one slice whose
   * unicode-range holds the first code point, and only when that range and that slice's cmap
   * hold them all (a grapheme split across slices is not covered).
   * @throws {FontLoadError} when a font file or the face's `unicode.json` is missing or damaged;
   * nothing is cached then, so each call tries again (and the other faces keep working).
   */
  fontFor(id: FaceId, codePoints: readonly number[]): FontFace | null;
  /**
   * The single-file face `id` (a monospace face, Nerd, emoji or the last resort), opened and
   * registered on first use and cached for the life of the process.
   * @throws {TmuxShotError} when the face is sliced; {@link FontLoadError} when its file is missing or damaged.
   */
  loadFace(id: FaceId): FontFace;
  /**
   * `name@version` of each package that decides the pixels (fonts and Skia), then the emoji font's source; read once.
   * @throws {FontLoadError} when a package's `package.json` is missing or damaged.
   */
  rendererPackages(): readonly string[];
  /** How many font files have been opened so far (each once), for tests of lazy loading. */
  openedFontCount(): number;
}

/** The first line of an error's message, for a {@link FontLoadError} message. */
const firstLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0]!;

/**
 * Runs `read` on the file `specifier` of `packageName` after resolving it; any failure (missing
 * file, zlib or Brotli error, unparsable font or JSON) becomes a {@link FontLoadError} naming the
 * file and package, with the original error as `cause`.
 */
function loading<T>(resolve: ResolveFile, specifier: string, packageName: string, read: (path: string) => T): T {
  let path = specifier;
  try {
    path = resolve(specifier);
    return read(path);
  } catch (error) {
    throw new FontLoadError(path, packageName, firstLine(error), { cause: error });
  }
}

/**
 * The bundled fonts, found through `resolve`: the module-level {@link fontFor}, {@link loadFace}
 * and {@link rendererPackages} use Node's resolver; a test can point one file at a damaged copy.
 * Each instance caches what it opened; Skia's registered families are shared by the process.
 */
export function createFontFiles(resolve: ResolveFile): FontFiles {
  const opened = new Map<string, FontFace>();
  const sliceLists = new Map<FaceId, readonly Slice[]>();
  let openCount = 0;
  let packages: readonly string[] | undefined;

  /** The file `specifier` of face `id` under `family`, opened and registered on first use. */
  function openOnce(id: FaceId, specifier: string, packageName: string, family: string, weightAxis: boolean): FontFace {
    let face = opened.get(family);
    if (!face) {
      face = loading(resolve, specifier, packageName, (path) => openFile(id, path, family, weightAxis));
      openCount++;
      opened.set(family, face);
    }
    return face;
  }

  /** The slices of a sliced face, from its package's `unicode.json` (read once). */
  function slicesOf(id: FaceId, source: Extract<FaceSource, { subsets: unknown }>): readonly Slice[] {
    let slices = sliceLists.get(id);
    if (!slices) {
      slices = loading(resolve, `${source.package}/unicode.json`, source.package, (path) => {
        const json: unknown = JSON.parse(readFileSync(path, 'utf8'));
        if (typeof json !== 'object' || json === null) throw new TmuxShotError('it is not a JSON object of unicode-ranges');
        const found = Object.entries(json)
          .filter(([name]) => source.subsets(name))
          .map(([name, range]) => ({ name, ranges: parseUnicodeRange(String(range)) }));
        if (found.length === 0) throw new TmuxShotError(`it lists none of the unicode-range slices of the ${id} face`);
        return found;
      });
      sliceLists.set(id, slices);
    }
    return slices;
  }

  return {
    fontFor(id, codePoints) {
      const source = FACE_SOURCES[id];
      let face: FontFace;
      if ('subsets' in source) {
        const slice = slicesOf(id, source).find((s) => inRanges(s.ranges, codePoints[0]!));
        if (!slice || !codePoints.every((cp) => inRanges(slice.ranges, cp))) return null;
        face = openOnce(id, source.sliceFile(slice.name), source.package, `tmux-shot ${id} ${slice.name.replace(/[[\]]/g, '')}`, source.weightAxis);
      } else {
        face = openOnce(id, source.file, source.package, `tmux-shot ${id}`, source.weightAxis);
      }
      return codePoints.every((cp) => face.has(cp)) ? face : null;
    },
    loadFace(id) {
      const source = FACE_SOURCES[id];
      if ('subsets' in source) throw new TmuxShotError(`The face ${id} is sliced by unicode-range; use fontFor with its code points.`);
      return openOnce(id, source.file, source.package, `tmux-shot ${id}`, source.weightAxis);
    },
    rendererPackages() {
      packages ??= [
        ...RENDERER_PACKAGES.map((name) => {
          const version = loading(resolve, `${name}/package.json`, name, (path) => {
            const manifest = JSON.parse(readFileSync(path, 'utf8')) as { version?: unknown } | null;
            if (typeof manifest?.version !== 'string') throw new TmuxShotError('it names no version');
            return manifest.version;
          });
          return `${name}@${version}`;
        }),
        EMOJI_SOURCE,
      ];
      return packages;
    },
    openedFontCount: () => openCount,
  };
}

/**
 * Opens the font file at `path` as face `id`: fontkit reads its cmap and metrics (now, so a
 * damaged file fails here rather than mid-render) and Skia registers it under `family`.
 */
function openFile(id: FaceId, path: string, family: string, weightAxis: boolean): FontFace {
  const bytes = readFontBytes(path);
  const font = loadFontkit().create(bytes.fontkit);
  if (!('hasGlyphForCodePoint' in font)) throw new TmuxShotError('it is a font collection, not one font');
  const { unitsPerEm, ascent, descent } = font;
  font.hasGlyphForCodePoint(0x20);
  if (!loadCanvas().GlobalFonts.register(bytes.skia, family)) throw new TmuxShotError('Skia could not read it as a font');
  return { id, family, weightAxis, unitsPerEm, ascent, descent, has: (cp) => font.hasGlyphForCodePoint(cp) };
}

interface Slice {
  readonly name: string;
  readonly ranges: readonly CodePointRange[];
}

const bundled = createFontFiles((specifier) => require.resolve(specifier));

/** {@link FontFiles.fontFor} of the installed fonts. */
export const fontFor: FontFiles['fontFor'] = bundled.fontFor;

/** {@link FontFiles.loadFace} of the installed fonts. */
export const loadFace: FontFiles['loadFace'] = bundled.loadFace;

/** {@link FontFiles.rendererPackages} of the installed packages. */
export const rendererPackages: FontFiles['rendererPackages'] = bundled.rendererPackages;

/** {@link FontFiles.openedFontCount} of the installed fonts. */
export const openedFontCount: FontFiles['openedFontCount'] = bundled.openedFontCount;
