import * as fontkit from 'fontkit';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { deriveEmojiFont, woffWithout } from '../../scripts/fonts.mjs';
import { FontLoadError, TmuxShotError } from '../../src/errors.js';
import { canonicalForms, chooseFace, codePointsToCover, faceCandidates, type FaceId, textToDraw } from '../../src/render/face-choice.js';
import { createFontFiles, EMOJI_FILE, EMOJI_SOURCE, type FontFiles, fontFor, loadFace, rendererPackages } from '../../src/render/fonts.js';
import { glyphFor } from '../../src/render/glyphs.js';
import { renderScreen, tofuCodePoints } from '../../src/render/index.js';
import { cellMetricsFor } from '../../src/render/metrics.js';
import { tofuGlyph } from '../../src/render/procedural-glyphs.js';
import { inRanges, parseUnicodeRange } from '../../src/render/unicode-range.js';
import { woff2ToCmapSfnt, woffToSfnt } from '../../src/render/woff.js';
import { ScreenBuilder } from './helpers/screen-builder.js';

// chooseFace, counted and otherwise itself: the tofu test checks that a second call decides nothing anew.
vi.mock('../../src/render/face-choice.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/render/face-choice.js')>();
  return { ...original, chooseFace: vi.fn(original.chooseFace) };
});

const require = createRequire(import.meta.url);
const METRICS = cellMetricsFor({ fontSizePx: 15, scale: 1, paddingPx: 0 });
const NARROW_CHAIN: FaceId[] = ['hebrew', 'thai', 'devanagari', 'arabic', 'nerd', 'cjk', 'hangul', 'emoji', 'last-resort'];

describe('faceCandidates', () => {
  it.each<[string, 1 | 2, boolean, boolean, FaceId[]]>([
    ['A', 1, false, false, ['mono', ...NARROW_CHAIN]],
    ['A', 1, true, false, ['mono-bold', 'mono', ...NARROW_CHAIN]],
    ['A', 1, false, true, ['mono-italic', 'mono', ...NARROW_CHAIN]],
    ['A', 1, true, true, ['mono-bold-italic', 'mono', ...NARROW_CHAIN]],
    ['中', 2, false, false, ['emoji', 'cjk', 'hangul', 'mono', 'hebrew', 'thai', 'devanagari', 'arabic', 'nerd', 'last-resort']],
    ['中', 2, true, false, ['emoji', 'cjk', 'hangul', 'mono-bold', 'mono', 'hebrew', 'thai', 'devanagari', 'arabic', 'nerd', 'last-resort']],
    ['\u2764\ufe0f', 1, false, false, ['emoji', 'cjk', 'hangul', 'mono', 'hebrew', 'thai', 'devanagari', 'arabic', 'nerd', 'last-resort']],
    ['\u2614\ufe0e', 2, false, false, ['mono', 'hebrew', 'thai', 'devanagari', 'arabic', 'nerd', 'cjk', 'hangul', 'last-resort', 'emoji']],
    ['\u231a\ufe0e', 1, true, false, ['mono-bold', 'mono', 'hebrew', 'thai', 'devanagari', 'arabic', 'nerd', 'cjk', 'hangul', 'last-resort', 'emoji']],
  ])('orders the faces for %j (width %i, bold %s, italic %s)', (chars, width, bold, italic, expected) => {
    expect(faceCandidates(chars, width, bold, italic)).toEqual(expected);
  });
});

describe('chooseFace', () => {
  it('takes the first face whose font covers every code point, ignoring presentation selectors', () => {
    const find = (face: FaceId, cps: readonly number[]): FaceId | null =>
      (face === 'cjk' && cps.every((cp) => cp === 0x41 || cp === 0x301)) || (face === 'mono' && cps.every((cp) => cp === 0x41)) ? face : null;
    expect(chooseFace('A', 1, false, false, find)).toEqual({ font: 'mono', chars: 'A' });
    expect(chooseFace('A\u0301', 1, false, false, find)).toEqual({ font: 'cjk', chars: 'A\u0301' });
    expect(chooseFace('A\ufe0e', 1, false, false, find)).toEqual({ font: 'mono', chars: 'A\ufe0e' });
    expect(chooseFace('B', 1, false, false, find)).toBeNull();
  });

  it('tries the precomposed form down the whole chain before the given and decomposed ones, and draws the form found', () => {
    // mono has only decomposed Å (A + U+030A), cjk only the precomposed one: cjk wins, with the NFC spelling.
    const find = (face: FaceId, cps: readonly number[]): FaceId | null =>
      (face === 'mono' && cps.join() === '65,778') || (face === 'cjk' && cps.join() === '197') ? face : null;
    expect(chooseFace('\u00c5', 1, false, false, find)).toEqual({ font: 'cjk', chars: '\u00c5' });
    expect(chooseFace('A\u030a', 1, false, false, find)).toEqual({ font: 'cjk', chars: '\u00c5' });
    // Only the decomposed spelling is covered anywhere: it is drawn.
    const decomposedOnly = (face: FaceId, cps: readonly number[]): FaceId | null => (face === 'mono' && cps.join() === '65,778' ? face : null);
    expect(chooseFace('\u00c5', 1, false, false, decomposedOnly)).toEqual({ font: 'mono', chars: 'A\u030a' });
    const composedOnly = (face: FaceId, cps: readonly number[]): FaceId | null => (face === 'hangul' && cps.join() === '54620' ? face : null);
    expect(chooseFace('\u1112\u1161\u11ab', 2, false, false, composedOnly)).toEqual({ font: 'hangul', chars: '\ud55c' });
  });

  const pick = (chars: string, width: 1 | 2, bold = false, italic = false): string | null =>
    chooseFace(chars, width, bold, italic, fontFor)?.font.family ?? null;

  it.each<[string, 1 | 2, string | null]>([
    ['A', 1, 'tmux-shot mono'],
    ['λ', 1, 'tmux-shot mono'],
    ['\u0645', 1, 'tmux-shot mono'], // Arabic meem: DejaVu Sans Mono has the Arabic letters
    ['\u2764', 1, 'tmux-shot mono'],
    ['\u05d0', 1, 'tmux-shot hebrew hebrew'],
    ['\u0e01', 1, 'tmux-shot thai thai'],
    ['\u0e01\u0e31', 1, 'tmux-shot thai thai'], // with a combining vowel
    ['\u0915\u094d', 1, 'tmux-shot devanagari devanagari'], // with virama
    ['\u0890', 1, 'tmux-shot arabic arabic'], // an Arabic sign DejaVu lacks
    ['\uf115', 1, 'tmux-shot nerd'], // Font Awesome folder-open
    ['\ue5fa', 1, 'tmux-shot nerd'], // Seti folder
    ['\u{f0001}', 1, 'tmux-shot nerd'], // Material Design (plane 15)
    ['中', 2, 'tmux-shot cjk 119'],
    ['\u3131', 2, 'tmux-shot cjk 85'], // Hangul compatibility jamo: Noto Sans SC has them
    ['한', 2, 'tmux-shot hangul 118'], // Noto Sans SC has no Hangul syllable; KR does
    ['😀', 2, 'tmux-shot emoji'],
    ['👩\u200d💻', 2, 'tmux-shot emoji'],
    ['\u2764\ufe0f', 1, 'tmux-shot emoji'],
    ['\u26a1', 2, 'tmux-shot emoji'],
    ['\u1100', 2, 'tmux-shot last-resort'], // Hangul choseong jamo: only UnifontEX
    ['\u4dc0', 1, 'tmux-shot last-resort'], // Yijing hexagram
    ['\u10a0', 1, 'tmux-shot last-resort'], // Georgian capital
    ['\u231a\ufe0e', 2, 'tmux-shot last-resort'], // watch, text presentation: UnifontEX before colour emoji
    ['\u231a', 2, 'tmux-shot emoji'],
    ['\u1ed6', 1, 'tmux-shot last-resort'], // Ỗ: no face but UnifontEX has it precomposed; DejaVu would lose the second mark of O + U+0302 + U+0303
    ['\u01fa', 1, 'tmux-shot last-resort'], // Ǻ
    ['A\u0302\u0301', 1, 'tmux-shot cjk 91'], // decomposed Ấ: drawn precomposed, by Noto Sans SC
    ['\u1112\u1161\u11ab', 2, 'tmux-shot hangul 118'], // 한 decomposed (NFD, macOS file names)
    ['\u0378', 1, null], // unassigned
    ['\u{10fffd}', 1, null], // plane 16, private use: no bundled font
  ])('draws %j (width %i) with %s', (chars, width, family) => {
    expect(pick(chars, width)).toBe(family);
  });

  it('keeps each style on its face, falling back to regular monospace', () => {
    expect(pick('A', 1, true, true)).toBe('tmux-shot mono-bold-italic');
    expect(pick('\u0220', 1, false, true)).toBe('tmux-shot mono'); // Ƞ: the oblique face lacks it
    // Ǟ: the oblique face lacks the precomposed letter; regular DejaVu has it, which wins over the
    // oblique A + U+0308 + U+0304 (DejaVu Sans Mono cannot stack a second mark).
    expect(chooseFace('\u01de', 1, false, true, fontFor)).toEqual({ font: fontFor('mono', [0x1de]), chars: '\u01de' });
  });
});

describe('drawing the chosen face and form', () => {
  it.each<[string, string, 1 | 2]>([
    ['A\u0302\u0301', '\u1ea4', 1], // decomposed Ấ drawn as the precomposed letter, both marks in place
    ['\u1112\u1161\u11ab', '\ud55c', 2], // NFD Hangul drawn as the Noto Sans KR syllable
  ])('draws %j exactly as %j', (chars, form, width) => {
    expect(glyphFor(chars, width, false, false, METRICS)).toEqual(glyphFor(form, width, false, false, METRICS));
  });

  it('draws a watch with VS15 in a text face (UnifontEX), not as colour emoji', () => {
    expect(glyphFor('\u231a\ufe0e', 2, false, false, METRICS)?.kind).toBe('coverage');
    expect(glyphFor('\u231a', 2, false, false, METRICS)?.kind).toBe('color');
  });
});

describe('textToDraw', () => {
  // Skia, handed a code point the face lacks, looks for it in the system fonts (the attack found
  // 😀 + VS15 drawn from the machine's DejaVu Sans): only what the face draws reaches it.
  it.each([
    ['emoji', '🫠\ufe0e', '🫠'],
    ['emoji', '❤\ufe0f', '❤\ufe0f'],
    ['emoji', '🏳\ufe0f\u200d🌈', '🏳\ufe0f\u200d🌈'],
    ['last-resort', '😀\ufe0e', '😀'],
    ['mono', '✔\ufe0f', '✔'],
    ['cjk', '中\ufe0e', '中'],
  ] as [FaceId, string, string][])('gives the %s face %j as %j', (face, chars, text) => {
    expect(textToDraw(face, chars)).toBe(text);
  });
});

describe('canonicalForms', () => {
  it.each<[string, string[]]>([
    ['a', ['a']],
    ['\u1ed6', ['\u1ed6', 'O\u0302\u0303']],
    ['O\u0302\u0303', ['\u1ed6', 'O\u0302\u0303']],
    ['\ud55c', ['\ud55c', '\u1112\u1161\u11ab']],
    ['\u1112\u1161\u11ab', ['\ud55c', '\u1112\u1161\u11ab']],
    ['e\u0301\ufe0e', ['\u00e9\ufe0e', 'e\u0301\ufe0e']],
    ['\u212b', ['\u00c5', '\u212b', 'A\u030a']], // Ångström sign: its NFC is Å
  ])('spells %j as NFC, given, NFD, each once', (chars, forms) => {
    expect(canonicalForms(chars)).toEqual(forms);
  });
});

describe('codePointsToCover', () => {
  it('drops VS15 and VS16 only', () => {
    expect(codePointsToCover('\u2764\ufe0f')).toEqual([0x2764]);
    expect(codePointsToCover('e\u0301\ufe0e')).toEqual([0x65, 0x301]);
    expect(codePointsToCover('👩\u200d💻')).toEqual([0x1f469, 0x200d, 0x1f4bb]);
  });
});

describe('fontFor', () => {
  it('answers from the one slice whose unicode-range holds the code points, and not for a grapheme split across slices', () => {
    expect(fontFor('cjk', [0x4e2d])?.family).toBe('tmux-shot cjk 119');
    expect(fontFor('cjk', [0x6587])?.family).toBe('tmux-shot cjk 118');
    expect(fontFor('cjk', [0x4e2d, 0x6587])).toBeNull(); // 中 and 文: each covered, by two slices
    expect(fontFor('cjk', [0x4e2d, 0x3099])).toBeNull(); // 中 + combining voiced mark (another slice)
    expect(fontFor('cjk', [0x3099])).not.toBeNull();
    expect(fontFor('thai', [0x41])).toBeNull(); // only the Thai subset of Noto Sans Thai is used
  });

  it('opens each face under its own family name with the metrics of its font', () => {
    const rows = (
      [
        ['mono', [0x41]],
        ['mono-bold', [0x41]],
        ['hebrew', [0x5d0]],
        ['thai', [0xe01]],
        ['devanagari', [0x915]],
        ['arabic', [0x890]],
        ['nerd', [0xf115]],
        ['cjk', [0x4e2d]],
        ['hangul', [0xd55c]],
        ['emoji', [0x1f600]],
        ['last-resort', [0x4dc0]],
      ] as const
    ).map(([id, cps]) => {
      const f = fontFor(id, cps)!;
      return [f.family, f.weightAxis, f.unitsPerEm, f.ascent, f.descent];
    });
    expect(rows).toEqual([
      ['tmux-shot mono', false, 2048, 1901, -483],
      ['tmux-shot mono-bold', false, 2048, 1901, -483],
      ['tmux-shot hebrew hebrew', true, 1000, 1068, -292],
      ['tmux-shot thai thai', true, 1000, 1061, -450],
      ['tmux-shot devanagari devanagari', true, 1000, 896, -408],
      ['tmux-shot arabic arabic', true, 1000, 1374, -738],
      ['tmux-shot nerd', false, 1000, 711, -45],
      ['tmux-shot cjk 119', true, 1000, 1160, -288],
      ['tmux-shot hangul 118', true, 1000, 1160, -288],
      ['tmux-shot emoji', false, 1024, 950, -250],
      ['tmux-shot last-resort', false, 1024, 896, -128],
    ]);
    expect(loadFace('mono')).toBe(fontFor('mono', [0x41]));
  });

  it('refuses loadFace for a face sliced by unicode-range', () => {
    expect(() => loadFace('cjk')).toThrow(new TmuxShotError('The face cjk is sliced by unicode-range; use fontFor with its code points.'));
  });
});

describe('damaged or missing font files', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const KR_118 = '@fontsource-variable/noto-sans-kr/files/noto-sans-kr-118-wght-normal.woff2';
  const KR_JSON = '@fontsource-variable/noto-sans-kr/unicode.json';
  const NERD = '@azurity/pure-nerd-font/PureNerdFont.woff2';

  /**
   * Fonts whose `specifier` resolves to a copy of the installed file in a temp dir, changed by
   * `damage` (null: the copy is not written, as if deleted); every other file is the installed one.
   */
  function withCopy(specifier: string, damage: (bytes: Buffer) => Buffer | null): { files: FontFiles; copy: string } {
    const dir = mkdtempSync(join(tmpdir(), 'tmux-shot-font-'));
    dirs.push(dir);
    const copy = join(dir, basename(specifier));
    const bytes = damage(readFileSync(require.resolve(specifier)));
    if (bytes) writeFileSync(copy, bytes);
    return { files: createFontFiles((s) => require.resolve(s === specifier ? copy : s)), copy };
  }
  const truncated = (bytes: Buffer): Buffer => bytes.subarray(0, Math.floor(bytes.length / 2));
  const zeroedTail = (bytes: Buffer): Buffer => Buffer.concat([bytes.subarray(0, bytes.length / 2), Buffer.alloc(bytes.length - bytes.length / 2)]);
  const flavorZeroed = (bytes: Buffer): Buffer => Buffer.concat([bytes.subarray(0, 4), Buffer.alloc(4), bytes.subarray(8)]);
  const text = (json: string) => (): Buffer => Buffer.from(json);

  it.each([
    ['a truncated CJK slice', KR_118, truncated, 'hangul', [0xd55c], '@fontsource-variable/noto-sans-kr', 'unexpected end of file'],
    [
      'a slice with a zeroed tail (Skia refuses it)',
      KR_118,
      zeroedTail,
      'hangul',
      [0xd55c],
      '@fontsource-variable/noto-sans-kr',
      'Skia could not read it as a font',
    ],
    ['a WOFF2 font with its flavor zeroed', NERD, flavorZeroed, 'nerd', [0xf115], '@azurity/pure-nerd-font', 'Unknown font format'],
    ['a truncated emoji font', EMOJI_FILE, truncated, 'emoji', [0x1f600], 'tmux-shot', 'unexpected end of file'],
    [
      'a truncated UnifontEX',
      '@fontsource/unifontex/files/unifontex-latin-400-normal.woff',
      truncated,
      'last-resort',
      [0x4dc0],
      '@fontsource/unifontex',
      'unexpected end of file',
    ],
    [
      'a truncated DejaVu',
      '@fontsource/dejavu-mono/files/dejavu-mono-latin-400-normal.woff',
      truncated,
      'mono',
      [0x41],
      '@fontsource/dejavu-mono',
      'unexpected end of file',
    ],
    [
      'a malformed unicode.json',
      KR_JSON,
      text('{"[118]": "U+AC00-D7A3",'),
      'hangul',
      [0xd55c],
      '@fontsource-variable/noto-sans-kr',
      'Expected double-quoted property name in JSON at position 24',
    ],
    [
      'a unicode.json listing no slices',
      KR_JSON,
      text('{}'),
      'hangul',
      [0xd55c],
      '@fontsource-variable/noto-sans-kr',
      'it lists none of the unicode-range slices of the hangul face',
    ],
    [
      'a unicode.json with a bad range',
      KR_JSON,
      text('{"[118]": "U+AC00-"}'),
      'hangul',
      [0xd55c],
      '@fontsource-variable/noto-sans-kr',
      'Not a unicode-range: "U+AC00-"',
    ],
  ] as const)(
    'throws a FontLoadError naming the file, its package and npm ci for %s, every time, and keeps other faces working',
    (_, specifier, damage, id, codePoints, packageName, reason) => {
      const { files, copy } = withCopy(specifier, damage);
      const attempt = (): unknown => {
        try {
          files.fontFor(id, codePoints);
        } catch (error) {
          return error;
        }
        return undefined;
      };
      const error = attempt();
      expect(error).toBeInstanceOf(FontLoadError);
      expect(error).toMatchObject({ file: copy, packageName, reason, cause: expect.any(Error) });
      expect((error as Error).message).toBe(`Could not load ${copy} from the package ${packageName}: ${reason}. Reinstall tmux-shot's dependencies: npm ci.`);
      expect(attempt()).toEqual(error);
      expect(files.fontFor(id === 'mono' ? 'hebrew' : 'mono', id === 'mono' ? [0x5d0] : [0x41])).not.toBeNull();
    },
  );

  it.each([
    ['a deleted CJK slice', KR_118, 'hangul', [0xd55c], '@fontsource-variable/noto-sans-kr'],
    ['a deleted emoji font', EMOJI_FILE, 'emoji', [0x1f600], 'tmux-shot'],
  ] as const)('throws a FontLoadError naming the file that Node could not find for %s', (_, specifier, id, codePoints, packageName) => {
    const { files, copy } = withCopy(specifier, () => null);
    expect(() => files.fontFor(id, codePoints)).toThrow(new FontLoadError(specifier, packageName, `Cannot find module '${copy}'`));
  });

  it('throws a FontLoadError for a removed font package, from fontFor and from rendererPackages (the renderer fingerprint), and draws the rest', () => {
    const files = createFontFiles((s) => {
      if (s.startsWith('@fontsource-variable/noto-sans-kr/')) throw new Error(`Cannot find module '${s}'`);
      return require.resolve(s);
    });
    const removed = (file: string): FontLoadError =>
      new FontLoadError(
        `@fontsource-variable/noto-sans-kr/${file}`,
        '@fontsource-variable/noto-sans-kr',
        `Cannot find module '@fontsource-variable/noto-sans-kr/${file}'`,
      );
    expect(() => files.fontFor('hangul', [0xd55c])).toThrow(removed('unicode.json'));
    expect(() => files.rendererPackages()).toThrow(removed('package.json'));
    expect(() => files.rendererPackages()).toThrow(removed('package.json'));
    expect(files.fontFor('cjk', [0x4e2d])?.family).toBe('tmux-shot cjk 119');
  });
});

describe('lazy loading', () => {
  it('opens only the regular monospace face to draw ASCII', async () => {
    vi.resetModules();
    const fonts = await import('../../src/render/fonts.js');
    const glyphs = await import('../../src/render/glyphs.js');
    for (let cp = 0x21; cp <= 0x7e; cp++) glyphs.glyphFor(String.fromCodePoint(cp), 1, false, false, METRICS);
    expect(fonts.openedFontCount()).toBe(1);
    // Wide graphemes try emoji first; SC's slice 105 lists U+D55C in its unicode-range but lacks it; KR's slice has it.
    glyphs.glyphFor('한', 2, false, false, METRICS);
    expect(fonts.openedFontCount()).toBe(4);
  });
});

/** Lit pixels (any channel off the background) of `text` on one 40-column row, no padding, no cursor. */
function litPixels(text: string, attrs = {}): number {
  const image = renderScreen(new ScreenBuilder(40, 1).text(0, 0, text, attrs).build(), { paddingPx: 0, cursor: 'hide' });
  let lit = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    if (image.data[i] !== image.data[0] || image.data[i + 1] !== image.data[1] || image.data[i + 2] !== image.data[2]) lit++;
  }
  return lit;
}

describe('scripts', () => {
  it.each([
    ['한국어 안녕하세요', 763],
    ['สวัสดีครับ', 392],
    ['שלום עולם', 386],
    ['नमस्ते दुनिया', 459],
  ])('renders %j with its font, not tofu', (text, lit) => {
    expect(tofuCodePoints(new ScreenBuilder(40, 1).text(0, 0, text).build())).toEqual([]);
    expect(litPixels(text)).toBe(lit);
  });

  it('draws bold at weight 700 on faces with a wght axis', () => {
    const ink = (chars: string, width: 1 | 2, bold: boolean): number => {
      const glyph = glyphFor(chars, width, bold, false, METRICS)!;
      return glyph.kind === 'coverage' ? glyph.coverage.alpha.reduce((sum, a) => sum + a, 0) : -1;
    };
    expect([ink('한', 2, false), ink('한', 2, true)]).toEqual([18054, 25891]);
    expect([ink('ก', 1, false), ink('ก', 1, true)]).toEqual([8857, 12937]);
  });

  const tofu = (width: 1 | 2) => tofuGlyph(width * METRICS.cellWidthPx, METRICS.cellHeightPx, METRICS.lineThicknessPx).alpha;
  const sample = (first: number, last: number, step: number): number[] =>
    Array.from({ length: Math.floor((last - first) / step) + 1 }, (_, i) => first + i * step);
  it.each<[string, number[], 1 | 2]>([
    ['Hebrew letters', sample(0x5d0, 0x5ea, 1), 1],
    ['Thai consonants', sample(0xe01, 0xe2e, 1), 1],
    ['Devanagari letters', sample(0x905, 0x939, 1), 1],
    ['Arabic letters', sample(0x621, 0x64a, 1), 1],
    ['Hangul syllables', sample(0xac00, 0xd7a3, 131), 2],
    ['CJK ideographs', sample(0x4e00, 0x9fa5, 199), 2],
    ['Nerd Font Awesome', sample(0xf000, 0xf2e0, 16).filter((cp) => fontFor('nerd', [cp])), 1],
    ['Nerd Material Design', sample(0xf0001, 0xf1af0, 97), 1],
    ['Ethiopic (UnifontEX)', sample(0x1200, 0x1248, 1), 1],
    ['Cherokee (UnifontEX)', sample(0x13a0, 0x13f4, 1), 1],
  ])('draws no code point of %s as the tofu box', (_name, codePoints, width) => {
    expect(codePoints.length).toBeGreaterThan(10);
    for (const cp of codePoints) {
      const glyph = glyphFor(String.fromCodePoint(cp), width, false, false, METRICS)!;
      expect(glyph.kind, cp.toString(16)).toBe('coverage');
      if (glyph.kind === 'coverage') {
        expect(glyph.coverage.alpha, cp.toString(16)).not.toEqual(tofu(width));
        expect(
          glyph.coverage.alpha.some((a) => a > 0),
          cp.toString(16),
        ).toBe(true);
      }
    }
  });
});

describe('tofu', () => {
  const tofu = (width: 1 | 2) => tofuGlyph(width * METRICS.cellWidthPx, METRICS.cellHeightPx, METRICS.lineThicknessPx).alpha;

  it('lists an unassigned code point and draws it as tofu', () => {
    const screen = new ScreenBuilder(10, 2).text(0, 0, 'a\u0378b \u4dc0').text(0, 1, '\u{10fffd}\u0378').build();
    expect(tofuCodePoints(screen)).toEqual(['U+0378', 'U+10FFFD']);
    const glyph = glyphFor('\u0378', 1, false, false, METRICS)!;
    expect(glyph.kind === 'coverage' && glyph.coverage.alpha).toEqual(tofuGlyph(9, 18, 1).alpha);
  });

  it('lists nothing for box drawing, blocks and ASCII', () => {
    expect(tofuCodePoints(new ScreenBuilder(10, 1).text(0, 0, '╭─┬█▒ ok').build())).toEqual([]);
  });

  it('lists what the renderer draws: not hidden cells, a flag pair as one flag, canonical forms', () => {
    const screen = new ScreenBuilder(20, 3)
      .text(0, 0, 'a\u0378', { invisible: true })
      .text(3, 0, '\u{10fffd}')
      .set(0, 1, { chars: '\u{1f1e9}', width: 1 })
      .set(1, 1, { chars: '\u{1f1ea}', width: 1 })
      .set(3, 1, { chars: '\u1112\u1161\u11ab', width: 2 })
      .set(4, 1, { chars: '', width: 0 })
      .text(6, 1, 'O\u0302\u0303 \u1ed6 \u231a\ufe0e')
      .set(0, 2, { chars: '\u{1cc00}', width: 1 })
      .build();
    expect(tofuCodePoints(screen)).toEqual(['U+1CC00', 'U+10FFFD']);
    // The renderer agrees: the hidden cell draws nothing, the others are not the tofu box.
    expect(renderScreen(screen, { paddingPx: 0, cursor: 'hide' }).data.subarray(0, 3 * 9 * 4)).toEqual(
      renderScreen(new ScreenBuilder(20, 3).build(), { paddingPx: 0, cursor: 'hide' }).data.subarray(0, 3 * 9 * 4),
    );
    for (const [chars, width] of [
      ['\u{1f1e9}\u{1f1ea}', 2],
      ['\u1112\u1161\u11ab', 2],
      ['\u1ed6', 1],
      ['\u231a\ufe0e', 2],
    ] as const) {
      const glyph = glyphFor(chars, width, false, false, METRICS)!;
      expect(glyph.kind === 'coverage' && glyph.coverage.alpha, chars).not.toEqual(tofu(width));
    }
    expect(glyphFor('\u{1cc00}', 1, false, false, METRICS)).toEqual({ kind: 'coverage', xPx: 0, yPx: 0, coverage: tofuGlyph(9, 18, 1) });
  });

  it('decides each distinct grapheme once: a second call on a 200x50 screen asks no font again', () => {
    const builder = new ScreenBuilder(200, 50);
    for (let row = 0; row < 50; row++)
      builder.text(0, row, 'The quick brown fox jumps over the lazy dog 0123456789 \u2500\u2588\u28ff'.repeat(4).slice(0, 200));
    const screen = builder.build();
    expect(tofuCodePoints(screen)).toEqual([]);
    vi.mocked(chooseFace).mockClear();
    expect(tofuCodePoints(screen)).toEqual([]);
    expect(chooseFace).not.toHaveBeenCalled();
  });

  it('prints each tofu it draws under NODE_DEBUG=tmux-shot', () => {
    const script = `
      const { runnerImport } = await import('vite');
      const { renderScreen } = (await runnerImport('./src/render/index.ts', { configFile: false, logLevel: 'silent' })).module;
      const { ScreenBuilder } = (await runnerImport('./test/render/helpers/screen-builder.ts', { configFile: false, logLevel: 'silent' })).module;
      renderScreen(new ScreenBuilder(4, 1).text(0, 0, 'a\\u0378\\u0378').build());`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, NODE_DEBUG: 'tmux-shot' }, encoding: 'utf8' });
    expect(child.status).toBe(0);
    expect(child.stderr.replace(/ \d+:/g, ' <pid>:')).toBe('TMUX-SHOT <pid>: tofu for U+0378: no bundled font covers it\n');
  });
});

describe('parseUnicodeRange', () => {
  it('reads single code points and ranges', () => {
    const ranges = parseUnicodeRange('U+0E01-0E5B,U+25CC, U+1F600-1F64F');
    expect(ranges).toEqual([
      { first: 0xe01, last: 0xe5b },
      { first: 0x25cc, last: 0x25cc },
      { first: 0x1f600, last: 0x1f64f },
    ]);
    expect([0xe00, 0xe01, 0xe5b, 0x25cc, 0x1f64f, 0x1f650].map((cp) => inRanges(ranges, cp))).toEqual([false, true, true, true, true, false]);
  });

  it('rejects wildcards and other syntax', () => {
    expect(() => parseUnicodeRange('U+4??')).toThrow(new TmuxShotError('Not a unicode-range: "U+4??"'));
  });
});

describe('rendererPackages', () => {
  it('names the font and rasterizer packages with their installed versions, then the emoji font source', () => {
    const version = (name: string): string => (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
    const names = [
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
    expect(rendererPackages()).toEqual([...names.map((n) => `${n}@${version(n)}`), EMOJI_SOURCE]);
    expect(EMOJI_SOURCE).toBe(`@fontsource/noto-color-emoji@${version('@fontsource/noto-color-emoji')}`);
  });
});

describe('the vendored emoji font', () => {
  it('is the devDependency WOFF without its SVG table, byte for byte', () => {
    const committed = readFileSync(new URL('../../fonts/noto-color-emoji.woff', import.meta.url));
    expect(committed.length).toBe(2645152);
    expect((deriveEmojiFont() as Buffer).equals(committed)).toBe(true);
  });

  it('keeps every other table and the cmap of the source', () => {
    const source = readFileSync(require.resolve('@fontsource/noto-color-emoji/files/noto-color-emoji-emoji-400-normal.woff'));
    const original = fontkit.create(source) as fontkit.Font;
    const derived = fontkit.create(woffWithout(source, ['SVG '])) as fontkit.Font;
    const tags = (font: fontkit.Font): string[] => Object.keys((font as unknown as { directory: { tables: object } }).directory.tables).sort();
    expect(tags(derived)).toEqual(tags(original).filter((t) => t !== 'SVG '));
    expect(derived.characterSet).toEqual(original.characterSet);
  });
});

describe('woffToSfnt', () => {
  const woffPath = require.resolve('@fontsource/noto-color-emoji/files/noto-color-emoji-1-400-normal.woff');

  it('gives an sfnt with the same tables and cmap as the WOFF', () => {
    const woff = readFileSync(woffPath);
    const original = fontkit.create(woff) as fontkit.Font;
    const sfnt = woffToSfnt(woff);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    const converted = fontkit.create(sfnt) as fontkit.Font;
    const tags = (font: fontkit.Font): string[] => Object.keys((font as unknown as { directory: { tables: object } }).directory.tables).sort();
    expect(tags(converted)).toEqual(tags(original));
    expect(converted.characterSet).toEqual(original.characterSet);
    expect(converted.unitsPerEm).toBe(original.unitsPerEm);
  });

  it('rejects data that is not WOFF 1.0', () => {
    expect(() => woffToSfnt(Buffer.from('wOF2 not a woff1 font, padded to 44 bytes at least...'))).toThrow(TmuxShotError);
    expect(() => woffToSfnt(Buffer.alloc(10))).toThrow('A bundled font is not a WOFF 1.0 file');
  });
});

describe('woff2ToCmapSfnt', () => {
  it.each([
    '@azurity/pure-nerd-font/PureNerdFont.woff2',
    '@fontsource-variable/noto-sans-thai/files/noto-sans-thai-thai-wght-normal.woff2',
    '@fontsource-variable/noto-sans-kr/files/noto-sans-kr-118-wght-normal.woff2',
  ])('gives the cmap and metrics fontkit reads from the whole of %s', (file) => {
    const woff2 = readFileSync(require.resolve(file));
    const whole = fontkit.create(woff2) as fontkit.Font;
    const reduced = fontkit.create(woff2ToCmapSfnt(woff2)) as fontkit.Font;
    expect([reduced.characterSet, reduced.unitsPerEm, reduced.ascent, reduced.descent]).toEqual([
      whole.characterSet,
      whole.unitsPerEm,
      whole.ascent,
      whole.descent,
    ]);
  });

  it('rejects data that is not WOFF2', () => {
    expect(() => woff2ToCmapSfnt(Buffer.alloc(60))).toThrow(new TmuxShotError('A bundled font is not a WOFF2 file; reinstall tmux-shot.'));
  });
});
