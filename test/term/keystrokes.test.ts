import { describe, expect, it } from 'vitest';
import { textKeystrokes, typedBytes } from '../../src/term/keystrokes.js';

describe('textKeystrokes: one keystroke per grapheme, each its UTF-8', () => {
  it.each([
    ['', []],
    ['+++', ['2b', '2b', '2b']],
    ['ls\n', ['6c', '73', '0d']],
    ['a\r\nb', ['61', '0d', '62']],
    ['é', ['c3a9']],
    ['e\u0301', ['65cc81']], // e + combining acute: one grapheme
    ['😀x', ['f09f9880', '78']],
    ['👍🏽', ['f09f918df09f8fbd']], // emoji + skin tone modifier
    ['🇫🇷', ['f09f87abf09f87b7']], // a flag: two regional indicators
    ['한글', ['ed959c', 'eab880']],
    ['\t\u001b', ['09', '1b']],
  ])('%j → %j', (text, hex) => {
    expect(textKeystrokes(text).map((bytes) => bytes.toString('hex'))).toEqual(hex);
  });
});

describe('typedBytes: the text as one write', () => {
  it.each([
    ['ls\n', '6c730d'],
    ['a\r\nb', '610d62'],
    ['é+', 'c3a92b'],
  ])('%j → %s', (text, hex) => {
    expect(typedBytes(text).toString('hex')).toBe(hex);
  });
});
