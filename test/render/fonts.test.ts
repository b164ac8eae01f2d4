import * as fontkit from 'fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { TmuxShotError } from '../../src/errors.js';
import { chooseFace, codePointsToCover, faceCandidates, type FaceId } from '../../src/render/face-choice.js';
import { faceCovers, loadFace, rendererPackages } from '../../src/render/fonts.js';
import { woffToSfnt } from '../../src/render/woff.js';

const require = createRequire(import.meta.url);

describe('faceCandidates', () => {
  it.each<[string, 1 | 2, boolean, boolean, FaceId[]]>([
    ['A', 1, false, false, ['mono', 'cjk', 'emoji']],
    ['A', 1, true, false, ['mono-bold', 'mono', 'cjk', 'emoji']],
    ['A', 1, false, true, ['mono-italic', 'mono', 'cjk', 'emoji']],
    ['A', 1, true, true, ['mono-bold-italic', 'mono', 'cjk', 'emoji']],
    ['中', 2, false, false, ['emoji', 'cjk', 'mono']],
    ['\u2764\ufe0f', 1, false, false, ['emoji', 'cjk', 'mono']],
    ['\u2614\ufe0e', 2, false, false, ['mono', 'cjk', 'emoji']],
  ])('orders the faces for %j (width %i, bold %s, italic %s)', (chars, width, bold, italic, expected) => {
    expect(faceCandidates(chars, width, bold, italic)).toEqual(expected);
  });
});

describe('chooseFace', () => {
  it('takes the first face that covers every code point, ignoring presentation selectors', () => {
    const covers = (face: FaceId, cp: number): boolean => (face === 'cjk' ? cp === 0x41 || cp === 0x301 : face === 'mono' && cp === 0x41);
    expect(chooseFace('A', 1, false, false, covers)).toBe('mono');
    expect(chooseFace('A\u0301', 1, false, false, covers)).toBe('cjk');
    expect(chooseFace('A\ufe0e', 1, false, false, covers)).toBe('mono');
    expect(chooseFace('B', 1, false, false, covers)).toBeNull();
  });

  it('picks the bundled face that really has the glyph', () => {
    const pick = (chars: string, width: 1 | 2, bold = false, italic = false): FaceId | null => chooseFace(chars, width, bold, italic, faceCovers);
    expect(pick('A', 1)).toBe('mono');
    expect(pick('A', 1, true, true)).toBe('mono-bold-italic');
    expect(pick('\u01de', 1, false, true)).toBe('mono'); // Ǟ: the oblique face lacks it
    expect(pick('λ', 1)).toBe('mono');
    expect(pick('中', 2)).toBe('cjk');
    expect(pick('😀', 2)).toBe('emoji');
    expect(pick('👩\u200d💻', 2)).toBe('emoji');
    expect(pick('\u2764\ufe0f', 1)).toBe('emoji');
    expect(pick('\u2764', 1)).toBe('mono');
  });

  it('finds no face for characters none of the bundled fonts has', () => {
    // Hebrew alef is in the system's DejaVu Sans on many Linux machines, but not in our fonts.
    expect(chooseFace('\u05d0', 1, false, false, faceCovers)).toBeNull();
    expect(chooseFace('\u{10fffd}', 1, false, false, faceCovers)).toBeNull();
    expect(chooseFace('한', 2, false, false, faceCovers)).toBeNull();
  });
});

describe('codePointsToCover', () => {
  it('drops VS15 and VS16 only', () => {
    expect(codePointsToCover('\u2764\ufe0f')).toEqual([0x2764]);
    expect(codePointsToCover('e\u0301\ufe0e')).toEqual([0x65, 0x301]);
    expect(codePointsToCover('👩\u200d💻')).toEqual([0x1f469, 0x200d, 0x1f4bb]);
  });
});

describe('loadFace', () => {
  it('registers each face under its own family name with the metrics of its font', () => {
    const mono = loadFace('mono');
    expect([mono.family, mono.unitsPerEm, mono.ascent, mono.descent]).toEqual(['tmux-shot mono', 2048, 1901, -483]);
    const emoji = loadFace('emoji');
    expect([emoji.family, emoji.unitsPerEm, emoji.ascent, emoji.descent]).toEqual(['tmux-shot emoji', 1024, 950, -250]);
    expect(loadFace('mono')).toBe(mono);
  });
});

describe('rendererPackages', () => {
  it('names the font and rasterizer packages with their installed versions', () => {
    const version = (name: string): string => (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
    expect(rendererPackages()).toEqual([
      `dejavu-fonts-ttf@${version('dejavu-fonts-ttf')}`,
      `@expo-google-fonts/noto-sans-sc@${version('@expo-google-fonts/noto-sans-sc')}`,
      `@fontsource/noto-color-emoji@${version('@fontsource/noto-color-emoji')}`,
      `@napi-rs/canvas@${version('@napi-rs/canvas')}`,
    ]);
  });
});

describe('woffToSfnt', () => {
  const woffPath = require.resolve('@fontsource/noto-color-emoji/files/noto-color-emoji-1-400-normal.woff');

  it('gives an sfnt with the same tables and cmap as the WOFF, minus the omitted ones', () => {
    const woff = readFileSync(woffPath);
    const original = fontkit.create(woff) as fontkit.Font;
    const sfnt = woffToSfnt(woff, ['SVG ']);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    const converted = fontkit.create(sfnt) as fontkit.Font;
    const tags = (font: fontkit.Font): string[] => Object.keys((font as unknown as { directory: { tables: object } }).directory.tables).sort();
    expect(tags(converted)).toEqual(tags(original).filter((t) => t !== 'SVG '));
    expect(converted.characterSet).toEqual(original.characterSet);
    expect(converted.unitsPerEm).toBe(original.unitsPerEm);
  });

  it('rejects data that is not WOFF 1.0', () => {
    expect(() => woffToSfnt(Buffer.from('wOF2 not a woff1 font, padded to 44 bytes at least...'))).toThrow(TmuxShotError);
    expect(() => woffToSfnt(Buffer.alloc(10))).toThrow('The emoji font is not a WOFF 1.0 file');
  });
});
