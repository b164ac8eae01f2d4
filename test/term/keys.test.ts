import { describe, expect, it } from 'vitest';
import { KeyNameError } from '../../src/errors.js';
import { resolveKeyName, resolveKeyNames } from '../../src/term/keys.js';

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
    ['C-enter', ['C-Enter']],
    ['Ctrl+c', ['Control+c']],
    ['Cmd+a', ['Meta+a']],
    ['Command+Shift+Z', ['Meta+Shift+Z']],
    ['Option+x', ['Alt+x']],
    // other spellings of modifiers and keys, in either syntax
    ['control+c', ['Control+c']],
    ['Ctrl-c', ['C-c']],
    ['c-a', ['C-a']],
    ['Shift-Tab', ['S-Tab']],
    ['^A', ['C-a']],
    ['C-Shift+a', ['Control+Shift+a']],
    ['Return', ['Enter']],
    ['KeyA', ['a']],
    ['Digit1', ['1']],
    ['Control+Shift', []],
    ['Control++a', []],
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
    expect((error as KeyNameError).reason).toBe('unknown');
    expect((error as KeyNameError).suggestions).toEqual(suggestions);
  });

  it.each([
    // name, suggestions with and without extended keys: the key the user most likely means, keeping every modifier tmux can send with it
    ['Shift+1', ['!'], ['!']],
    ['S-1', ['!'], ['!']],
    ['Shift+/', ['?'], ['?']],
    ['Alt+Shift+1', ['Alt+!'], ['Alt+!']],
    ['Control+Shift+1', ['Control+!'], ['!']],
    ['S-!', ['!'], ['!']],
    ['Shift+é', ['é'], ['é']],
    ['C-é', ['é'], ['é']],
    ['C-$', ['$'], ['$']],
    ['Control+Alt+$', ['Alt+$'], ['Alt+$']],
    ['C-S-$', ['$'], ['$']],
    ['C-S-Space', ['C-Space'], ['C-Space']],
    ['Control+Alt+Shift+Space', ['Control+Alt+Space'], ['Control+Alt+Space']],
    ['C-BTab', ['BTab'], ['BTab']],
    ['S-BTab', ['BTab'], ['BTab']],
  ])('refuses %j as a combination tmux cannot send, suggesting %j (%j without extended keys)', (name, extended, plain) => {
    for (const [extendedKeys, suggestions] of [
      [true, extended],
      [false, plain],
    ] as const) {
      const error = (() => {
        try {
          resolveKeyName(name, { extendedKeys });
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(KeyNameError);
      expect((error as KeyNameError).key).toBe(name);
      expect((error as KeyNameError).reason).toBe('combination');
      expect((error as KeyNameError).suggestions).toEqual(suggestions);
    }
  });

  const TAIL = 'Press the key you mean, or send literal text with type().';
  const CONTROL_FORMS =
    "tmux 3.3a has a Control form only of letters, Space, @ [ \\ ] ^ _ ? and, as extended keys, of digits and ! # ' ( ) + , - . / : ; < = > `";
  it.each([
    [
      'Shift+1',
      false,
      "Key 'Shift+1' is a combination tmux cannot send: with Shift, a character other than a letter is another character " +
        `('1' with Shift is '!' on a US keyboard). Did you mean '!'? ${TAIL}`,
    ],
    [
      'S-!',
      false,
      "Key 'S-!' is a combination tmux cannot send: with Shift, a character other than a letter is another character " +
        `('!' has no Shift form on a US keyboard). Did you mean '!'? The app then reads it without Shift. ${TAIL}`,
    ],
    [
      'Control+$',
      false,
      `Key 'Control+$' is a combination tmux cannot send: ${CONTROL_FORMS}; with '$' it would type the name as text. ` +
        `Did you mean '$'? The app then reads it without Control. ${TAIL}`,
    ],
    [
      'Control+Shift+1',
      true,
      "Key 'Control+Shift+1' is a combination tmux cannot send: with Shift, a character other than a letter is another character " +
        `('1' with Shift is '!' on a US keyboard). Did you mean 'Control+!'? ${TAIL}`,
    ],
    [
      'Control+Shift+1',
      false,
      "Key 'Control+Shift+1' is a combination tmux cannot send: with Shift, a character other than a letter is another character " +
        "('1' with Shift is '!' on a US keyboard). Did you mean '!'? The app then reads it without Control ('Control+!' is an " +
        `extended key, and the app has not asked for extended keys). ${TAIL}`,
    ],
    [
      'Control+Alt+Shift+Space',
      false,
      "Key 'Control+Alt+Shift+Space' is a combination tmux cannot send: tmux 3.3a sends Space with Control and Shift as " +
        `Control+Shift+@ (ESC [ 64 ; 6 u). Did you mean 'Control+Alt+Space'? The app then reads it without Shift. ${TAIL}`,
    ],
    [
      'C-S-$',
      true,
      "Key 'C-S-$' is a combination tmux cannot send: with Shift, a character other than a letter is another character " +
        `('$' has no Shift form on a US keyboard). Did you mean '$'? The app then reads it without Control and Shift. ${TAIL}`,
    ],
    ['S-BTab', false, `Key 'S-BTab' is a combination tmux cannot send: BTab (Shift+Tab) takes Meta only. Did you mean 'BTab'? ${TAIL}`],
    [
      'Cmd+a',
      false,
      "Unknown key name 'Cmd+a'. Did you mean 'Meta+a'? A terminal has no Cmd key: Meta is sent as Alt, an ESC prefix. Use tmux " +
        'key names (C-c, M-x, Enter, Up, F1…) or Playwright-style names (Control+C, ArrowUp); send literal text with type().',
    ],
    [
      'Control+Shift',
      false,
      "Unknown key name 'Control+Shift'. Control, Alt, Meta and Shift alone send nothing to a terminal app: press them with a key " +
        "('Control+c'). Use tmux key names (C-c, M-x, Enter, Up, F1…) or Playwright-style names (Control+C, ArrowUp); send literal text with type().",
    ],
  ])('says what is wrong and what to do: %j (extended keys %j)', (name, extendedKeys, message) => {
    expect(() => resolveKeyName(name, { extendedKeys })).toThrow(message);
    try {
      resolveKeyName(name, { extendedKeys });
    } catch (caught) {
      expect((caught as KeyNameError).message).toBe(message);
    }
  });

  it("says what to do in the message: 'enter' → Did you mean 'Enter'?", () => {
    expect(() => resolveKeyName('enter')).toThrow(
      "Unknown key name 'enter'. Did you mean 'Enter'? Use tmux key names (C-c, M-x, Enter, Up, F1…) or Playwright-style " +
        'names (Control+C, ArrowUp); send literal text with type().',
    );
  });
});

describe('resolveKeyName with extended keys (tmux 3.3a sends them as CSI u to an app that asked)', () => {
  it.each([
    ['C-Enter', 'C-Enter'],
    ['Control+Enter', 'C-Enter'],
    ['S-Enter', 'S-Enter'],
    ['Shift+Enter', 'S-Enter'],
    ['Control+Shift+Enter', 'C-S-Enter'],
    ['Alt+Shift+Enter', 'M-S-Enter'],
    ['Control+Alt+Enter', 'C-M-Enter'],
    ['C-M-S-Enter', 'C-M-S-Enter'],
    ['C-Tab', 'C-Tab'],
    ['Control+Tab', 'C-Tab'],
    ['Control+Shift+Tab', 'C-S-Tab'],
    ['C-M-Tab', 'C-M-Tab'],
    ['C-Escape', 'C-Escape'],
    ['Shift+Escape', 'S-Escape'],
    ['Control+Backspace', 'C-BSpace'],
    ['S-BSpace', 'S-BSpace'],
    ['Shift+Space', 'S-Space'],
    ['C-S-a', 'C-S-a'],
    ['Control+Shift+A', 'C-S-a'],
    ['Control+Alt+Shift+a', 'C-M-S-a'],
    ['C-1', 'C-1'],
    ['Control+0', 'C-0'],
    ['C-;', 'C-;'],
    ['Control+.', 'C-.'],
    ['C-,', 'C-,'],
    ['C-/', 'C-/'],
    ["C-'", "C-'"],
    ['C-M-1', 'C-M-1'],
  ])('%s → %s', (name, expected) => {
    expect(resolveKeyName(name, { extendedKeys: true })).toBe(expected);
  });

  it.each([
    // Keys with a byte form of their own resolve alike either way.
    ['Enter', 'Enter'],
    ['M-Enter', 'M-Enter'],
    ['Shift+Tab', 'BTab'],
    ['M-S-Tab', 'M-BTab'],
    ['Control+C', 'C-c'],
    ['Shift+a', 'A'],
    ['Alt+Shift+a', 'M-A'],
    ['C-Space', 'C-Space'],
    ['C-M-Space', 'C-M-Space'],
    ['C-[', 'C-['],
    ['C-S-Up', 'C-S-Up'],
    ['S-F5', 'S-F5'],
  ])('%s → %s with and without extended keys', (name, expected) => {
    expect(resolveKeyName(name, { extendedKeys: true })).toBe(expected);
    expect(resolveKeyName(name, { extendedKeys: false })).toBe(expected);
  });

  it.each([
    // name, the suggestion: the key without the modifiers the app would not see
    ['Control+Enter', ['Enter']],
    ['C-M-Enter', ['M-Enter']],
    ['S-Enter', ['Enter']],
    ['C-M-S-Enter', ['M-Enter']],
    ['Control+Tab', ['Tab']],
    ['Control+Shift+Tab', ['Shift+Tab']],
    ['C-S-a', ['C-a']],
    ['Control+Shift+A', ['Control+A']],
    ['C-M-S-a', ['C-M-a']],
    ['Shift+Space', ['Space']],
    ['C-BSpace', ['BSpace']],
    ['Control+1', ['1']],
    ['C-;', [';']],
  ])('refuses %s without extended keys, suggesting %j', (name, suggestions) => {
    expect(() => resolveKeyName(name)).toThrow(KeyNameError);
    const error = (() => {
      try {
        resolveKeyName(name, { extendedKeys: false });
      } catch (caught) {
        return caught as KeyNameError;
      }
      return undefined;
    })();
    expect(error?.reason).toBe('extendedKeys');
    expect(error?.key).toBe(name);
    expect(error?.suggestions).toEqual(suggestions);
  });

  it('says why in the message, and what to do', () => {
    expect(() => resolveKeyName('Control+Enter')).toThrow(
      "Key 'Control+Enter' is an extended key, and the app has not asked for extended keys: tmux 3.3a sends it (as CSI u, " +
        "e.g. Control+Enter as ESC [ 13 ; 5 u) only to an app that turned on xterm's modifyOtherKeys (CSI > 4 ; 1 m or " +
        "CSI > 4 ; 2 m); to any other app it sends nothing or types the name as text. Did you mean 'Enter'? The app then reads it without Control. Press 'Control+Enter' once " +
        'the app has turned them on, or send the bytes the app expects with type().',
    );
  });

  it("an unknown name is 'unknown' whatever the option", () => {
    expect(() => resolveKeyName('C-enter', { extendedKeys: true })).toThrow("Unknown key name 'C-enter'. Did you mean 'C-Enter'?");
  });
});

describe('resolveKeyNames', () => {
  it('maps every name in order', () => {
    expect(resolveKeyNames(['Down', 'Control+C', 'S-Tab'])).toEqual(['Down', 'C-c', 'BTab']);
  });

  it('throws for the first bad name, whatever its position', () => {
    expect(() => resolveKeyNames(['Down', 'Down', 'enter'])).toThrow(KeyNameError);
  });

  it('passes the extended-keys option to each name', () => {
    expect(resolveKeyNames(['a', 'Control+Enter'], { extendedKeys: true })).toEqual(['a', 'C-Enter']);
    expect(() => resolveKeyNames(['a', 'Control+Enter'])).toThrow("Key 'Control+Enter' is an extended key");
  });
});
