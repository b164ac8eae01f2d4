import { describe, expect, it } from 'vitest';
import { KeyNameError } from '../../src/errors.js';
import { resolveKeyName, resolveKeyNames } from '../../src/host/keys.js';

describe('resolveKeyName', () => {
  it.each([
    // tmux names pass through (aliases become tmux's canonical name)
    ['Enter', 'Enter'],
    ['Escape', 'Escape'],
    ['Tab', 'Tab'],
    ['BTab', 'BTab'],
    ['BSpace', 'BSpace'],
    ['Space', 'Space'],
    ['Up', 'Up'],
    ['Home', 'Home'],
    ['End', 'End'],
    ['PageUp', 'PPage'],
    ['PgUp', 'PPage'],
    ['PPage', 'PPage'],
    ['PageDown', 'NPage'],
    ['NPage', 'NPage'],
    ['Insert', 'IC'],
    ['IC', 'IC'],
    ['Delete', 'DC'],
    ['DC', 'DC'],
    ['F1', 'F1'],
    ['F12', 'F12'],
    ['C-c', 'C-c'],
    ['C-C', 'C-c'],
    ['M-x', 'M-x'],
    ['C-M-a', 'C-M-a'],
    ['M-C-a', 'C-M-a'],
    ['S-Tab', 'BTab'],
    ['M-S-Tab', 'M-BTab'],
    ['S-Up', 'S-Up'],
    ['C-S-M-Right', 'C-M-S-Right'],
    ['S-F5', 'S-F5'],
    ['M-Enter', 'M-Enter'],
    ['C-Space', 'C-Space'],
    ['C-[', 'C-['],
    ['C-\\', 'C-\\'],
    ['C-?', 'C-?'],
    ['M--', 'M--'],
    ['-', '-'],
    [';', ';'],
    ['+', '+'],
    ['a', 'a'],
    ['é', 'é'],
    ['M-é', 'M-é'],
    ['S-a', 'A'],
    // Playwright names
    ['ArrowUp', 'Up'],
    ['ArrowDown', 'Down'],
    ['ArrowLeft', 'Left'],
    ['ArrowRight', 'Right'],
    ['Backspace', 'BSpace'],
    ['Control+C', 'C-c'],
    ['Control+c', 'C-c'],
    ['Alt+X', 'M-X'],
    ['Meta+x', 'M-x'],
    ['Shift+Tab', 'BTab'],
    ['Shift+a', 'A'],
    ['Control+Shift+ArrowUp', 'C-S-Up'],
    ['Alt+Backspace', 'M-BSpace'],
    ['Alt++', 'M-+'],
    ['Control+[', 'C-['],
    ['ControlOrMeta+a', 'C-a'],
  ])('%s → %s', (name, expected) => {
    expect(resolveKeyName(name)).toBe(expected);
  });

  it.each([
    // name, suggestions
    ['enter', ['Enter']],
    ['ENTER', ['Enter']],
    ['Esc', ['Escape']],
    ['ArowUp', ['ArrowUp']],
    ['C-enter', ['Enter']],
    ['S-Enter', ['Enter']],
    ['C-Tab', ['Tab']],
    ['C-1', ['1']],
    ['Shift+1', ['1']],
    ['Ctrl+c', ['Control+c']],
    ['F13', ['F1', 'F3', 'F10']],
    ['', []],
    ['C-', []],
    ['\x01', []],
    ['ab', ['Tab']],
  ])('rejects %j, suggesting %j', (name, suggestions) => {
    const error = (() => {
      try {
        resolveKeyName(name);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(KeyNameError);
    expect((error as KeyNameError).key).toBe(name);
    expect((error as KeyNameError).suggestions).toEqual(suggestions);
  });

  it("says what to do in the message: 'enter' → Did you mean 'Enter'?", () => {
    expect(() => resolveKeyName('enter')).toThrow(
      "Unknown key name 'enter'. Did you mean 'Enter'? Use tmux key names (C-c, M-x, Enter, Up, F1…) or Playwright-style " +
        'names (Control+C, ArrowUp); send literal text with type().',
    );
  });
});

describe('resolveKeyNames', () => {
  it('maps every name in order', () => {
    expect(resolveKeyNames(['Down', 'Control+C', 'S-Tab'])).toEqual(['Down', 'C-c', 'BTab']);
  });

  it('throws for the first bad name, whatever its position', () => {
    expect(() => resolveKeyNames(['Down', 'Down', 'enter'])).toThrow(KeyNameError);
  });
});
