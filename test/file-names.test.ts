import { describe, expect, it } from 'vitest';
import { fileNameKey, sanitizeSegment } from '../src/file-names.js';

describe('sanitizeSegment', () => {
  it.each([
    ['opens menu 1', 'opens-menu-1'],
    ['menu > opens it 2', 'menu-opens-it-2'],
    ['  spaced   out  ', '-spaced-out-'],
    ['keep_under-score', 'keep_under-score'],
    ['ünïcode & symbols!', 'ünïcode-symbols'],
    // The same name typed decomposed (u + U+0308) is one file with the precomposed one.
    ['u\u0308ber', 'über'],
    ['日本語のメニュー 1', '日本語のメニュー-1'],
    ['中文 菜单', '中文-菜单'],
    ['Меню открыто', 'Меню-открыто'],
    // Devanagari vowel signs and the virama are combining marks: without them क, कि and क् are one name.
    ['हिन्दी कि', 'हिन्दी-कि'],
    ['٣ عناصر', '٣-عناصر'],
    ['🎉 party', '-party'],
    ['🎉✨', ''],
  ])('%j -> %j', (input, expected) => {
    expect(sanitizeSegment(input)).toBe(expected);
  });
});

describe('fileNameKey', () => {
  it('folds case: names that differ only in case are one file on macOS and Windows', () => {
    expect(fileNameKey('Menu-Opens')).toBe(fileNameKey('menu-opens'));
    expect(fileNameKey('Меню')).toBe(fileNameKey('меню'));
    expect(fileNameKey('menu-a')).not.toBe(fileNameKey('menu-b'));
  });
});
