import { describe, expect, it } from 'vitest';
import { pasteBytes } from '../../src/term/paste.js';

describe('pasteBytes (xterm.js prepareTextForTerminal + bracketTextForPaste)', () => {
  it.each([
    ['one line', false, '6f6e65206c696e65'],
    ['a\nb', false, '610d62'],
    ['a\r\nb\n', false, '610d620d'],
    ['a\rb', false, '610d62'],
    ['a\nb', true, '1b5b3230307e' + '610d62' + '1b5b3230317e'],
    ['', true, '1b5b3230307e1b5b3230317e'],
    ['é😀', true, '1b5b3230307ec3a9f09f98801b5b3230317e'],
  ])('%j, bracketed %s → %s', (text, bracketed, hex) => {
    expect(pasteBytes(text, bracketed).toString('hex')).toBe(hex);
  });
});
