/**
 * Key names → the tmux key names `send-keys` takes (tmux(1) "KEY BINDINGS", 3.3a). Accepts tmux
 * names (`C-c`, `M-x`, `C-M-a`, `S-Tab`, `BTab`, `Enter`, `PPage`, `F1`…`F12`, one printable
 * character) and Playwright names (`Control+C`, `Alt+X`, `Shift+Tab`, `ArrowUp`, `Backspace`,
 * `PageDown`, `Meta+…`), in either syntax. Names are case-sensitive: `enter` is an error, not Enter.
 *
 * Some combinations have no byte form of their own in a terminal (Ctrl+Enter, Shift+Enter, Ctrl+Tab,
 * Ctrl+Shift+A, Ctrl+1…): tmux 3.3a sends them only as extended keys (`CSI 13 ; 5 u`, input-keys.c
 * `input_key`), and only to an app that asked for them with xterm's modifyOtherKeys
 * (`CSI > 4 ; 1 m` or `; 2 m`). To any other app it would send nothing or type the name as text,
 * so they resolve only with `extendedKeys: true`. Combinations tmux cannot send at all are errors
 * too (`S-1`, `C-é`, `C-$`), suggesting the key the user most likely means (`S-1` → `!`) and saying
 * which modifiers it goes without. Pure.
 */
import { KeyNameError } from '../errors.js';
import { closestNames } from '../suggest.js';

type Modifier = 'C' | 'M' | 'S';

/** Keys tmux sends with any of Ctrl, Meta and Shift (xterm `CSI 1;<mod>` forms). */
const CURSOR_KEYS = ['Up', 'Down', 'Left', 'Right', 'Home', 'End', 'IC', 'DC', 'PPage', 'NPage'];
const FUNCTION_KEYS = Array.from({ length: 12 }, (_, index) => `F${index + 1}`);

/** Every accepted key name (other than single characters) → its canonical tmux name. */
const BASE_NAMES: ReadonlyMap<string, string> = new Map([
  ...[...CURSOR_KEYS, ...FUNCTION_KEYS, 'Enter', 'Escape', 'Tab', 'BTab', 'BSpace', 'Space'].map((name) => [name, name] as const),
  ['Insert', 'IC'],
  ['Delete', 'DC'],
  ['PageUp', 'PPage'],
  ['PgUp', 'PPage'],
  ['PageDown', 'NPage'],
  ['PgDn', 'NPage'],
  ['ArrowUp', 'Up'],
  ['ArrowDown', 'Down'],
  ['ArrowLeft', 'Left'],
  ['ArrowRight', 'Right'],
  ['Backspace', 'BSpace'],
]);

/** Playwright modifier names → tmux modifiers (terminals send Meta as Alt: an ESC prefix). */
const PLAYWRIGHT_MODIFIERS: ReadonlyMap<string, Modifier> = new Map([
  ['Control', 'C'],
  ['ControlOrMeta', 'C'],
  ['Alt', 'M'],
  ['Meta', 'M'],
  ['Shift', 'S'],
]);

/**
 * Spellings of modifiers, lower-cased, in tmux, on other keyboards and in other tools → Playwright's
 * (for suggestions; a Playwright test's `Meta` is Cmd on macOS, and terminals send it as Alt).
 */
const MODIFIER_SPELLINGS: ReadonlyMap<string, string> = new Map([
  ['c', 'Control'],
  ['ctrl', 'Control'],
  ['control', 'Control'],
  ['m', 'Meta'],
  ['meta', 'Meta'],
  ['cmd', 'Meta'],
  ['command', 'Meta'],
  ['alt', 'Alt'],
  ['option', 'Alt'],
  ['s', 'Shift'],
  ['shift', 'Shift'],
]);

/** A character → the one Shift makes of it on a US keyboard (Playwright's layout). */
const US_SHIFTED: ReadonlyMap<string, string> = new Map([..."`1234567890-=[]\\;',./"].map((char, index) => [char, '~!@#$%^&*()_+{}|:"<>?'[index] as string]));

/** Which modifiers a suggestion may go without, fewest first; Meta (an ESC prefix) goes with every key. */
const DROP_ORDER: readonly (readonly Modifier[])[] = [[], ['S'], ['C'], ['C', 'S']];
const MODIFIER_WORDS: Readonly<Record<Modifier, string>> = { C: 'Control', M: 'Alt', S: 'Shift' };

/** Characters tmux sends with Ctrl (as C0 controls) besides letters. */
const CONTROL_CHARACTERS = new Set(['@', '[', '\\', ']', '^', '_', '?']);

/**
 * Characters tmux 3.3a sends with Ctrl only as extended keys (key-string.c `other`: they have no
 * C0 form). Ctrl with any other non-letter (`C-$`) is unknown to tmux, which types it as text.
 */
const EXTENDED_CONTROL_CHARACTERS = new Set("!#()+,-.0123456789:;<=>'`/");
const CONTROL_FORMS =
  "tmux 3.3a has a Control form only of letters, Space, @ [ \\ ] ^ _ ? and, as extended keys, of digits and ! # ' ( ) + , - . / : ; < = > `";

/** Keys whose Ctrl and Shift combinations are extended keys (Shift+Tab is BTab, which is not). */
const EXTENDED_BASES = new Set(['Enter', 'Tab', 'Escape', 'BSpace']);

/** Options of {@link resolveKeyName}. */
export interface ResolveKeyOptions {
  /**
   * Whether the app has asked for extended keys (xterm modifyOtherKeys, `CSI > 4 ; 1 m` or
   * `; 2 m`), so tmux sends keys like Ctrl+Enter as `CSI 13 ; 5 u`. @default false
   */
  extendedKeys?: boolean;
}

/** A name split into modifiers and base, as written. */
interface ParsedName {
  modifiers: Set<Modifier>;
  base: string;
  /** Rebuilds the name in the same syntax with another base and without some modifiers (for suggestions). */
  rebuild: (base: string, dropped?: ReadonlySet<Modifier>) => string;
}

/**
 * A resolved name: the tmux name and whether tmux sends it only as an extended key; or, for
 * known keys and modifiers tmux cannot send together, why (a clause).
 */
type Resolution = { name: string; extended: boolean } | { why: string };

/** A key to press instead of a refused one, and how it differs (sentences, or ''). */
interface Instead {
  name: string;
  note: string;
}

/**
 * The tmux key name for `name`.
 * @throws {KeyNameError} with `reason: 'unknown'` for unknown names, with the closest valid names
 *   as suggestions (`enter` → `Enter`, `Cmd+a` → `Meta+a`); with `reason: 'combination'` for known
 *   keys and modifiers tmux cannot send together, suggesting the key the user most likely means
 *   (`Shift+1` → `!`, `Control+$` → `$`, saying it goes without Control); with `reason:
 *   'extendedKeys'` for an extended key (`Control+Enter`) when `options.extendedKeys` is false,
 *   suggesting the key without the modifiers it would lose (`Enter`).
 * @example resolveKeyName('Control+C') // 'C-c'; resolveKeyName('Shift+Tab') // 'BTab'
 * @example resolveKeyName('Control+Enter', { extendedKeys: true }) // 'C-Enter'
 */
export function resolveKeyName(name: string, options: ResolveKeyOptions = {}): string {
  const parsed = parseName(name);
  const resolved = parsed && resolveParsed(parsed.modifiers, parsed.base);
  if (!parsed || !resolved) {
    const unknown = suggest(name);
    throw new KeyNameError(name, unknown.suggestions, 'unknown', '', unknown.note);
  }
  if ('why' in resolved) {
    const instead = sendableInstead(name, parsed, options);
    throw new KeyNameError(name, instead ? [instead.name] : [], 'combination', resolved.why, instead?.note);
  }
  if (resolved.extended && !options.extendedKeys) {
    const instead = sendableInstead(name, parsed, options);
    throw new KeyNameError(name, instead ? [instead.name] : [], 'extendedKeys', '', instead?.note);
  }
  return resolved.name;
}

/**
 * {@link resolveKeyName} for each name, all checked before any is returned, so a caller can
 * refuse to send anything when one name is wrong.
 */
export function resolveKeyNames(names: readonly string[], options: ResolveKeyOptions = {}): string[] {
  return names.map((name) => resolveKeyName(name, options));
}

/** Playwright syntax when a `+` joins parts (a trailing `+` is the key itself), else tmux syntax. */
function parseName(name: string): ParsedName | undefined {
  const plus = name.lastIndexOf('+', name.length - 2);
  if (plus > 0) {
    const words = name.slice(0, plus).split('+');
    const modifiers = words.map((word) => PLAYWRIGHT_MODIFIERS.get(word));
    if (modifiers.includes(undefined)) return undefined;
    return {
      modifiers: new Set(modifiers as Modifier[]),
      base: name.slice(plus + 1),
      rebuild: (base, dropped = new Set()) => [...words.filter((word) => !dropped.has(PLAYWRIGHT_MODIFIERS.get(word) as Modifier)), base].join('+'),
    };
  }
  const prefix = /^(?:[CMS]-)*/.exec(name)?.[0] ?? '';
  // "M--" is Meta with '-': a prefix may not swallow the whole name.
  const cut = prefix.length === name.length ? prefix.length - 2 : prefix.length;
  const words = [...name.slice(0, cut).matchAll(/([CMS])-/g)].map((match) => match[1] as Modifier);
  return {
    modifiers: new Set(words),
    base: name.slice(cut),
    rebuild: (base, dropped = new Set()) =>
      `${words
        .filter((word) => !dropped.has(word))
        .map((word) => `${word}-`)
        .join('')}${base}`,
  };
}

/** The tmux name, why tmux cannot send the combination, or undefined when the base is unknown. */
function resolveParsed(modifiers: ReadonlySet<Modifier>, written: string): Resolution | undefined {
  let base = BASE_NAMES.get(written) ?? (isPrintableCharacter(written) ? written : undefined);
  if (base === undefined) return undefined;
  const mods = new Set(modifiers);
  const letter = /^[a-zA-Z]$/.test(base);
  // Shift is in the letter itself, and Shift+Tab is BTab, unless Ctrl makes it an extended key.
  if (mods.has('S') && !mods.has('C') && (letter || base === 'Tab')) {
    base = base === 'Tab' ? 'BTab' : base.toUpperCase();
    mods.delete('S');
  }
  if (mods.has('C') && letter) base = base.toLowerCase();
  const why = whyNotSendable(mods, base, letter);
  if (why !== undefined) return { why };
  return { name: `${mods.has('C') ? 'C-' : ''}${mods.has('M') ? 'M-' : ''}${mods.has('S') ? 'S-' : ''}${base}`, extended: isExtended(mods, base, letter) };
}

/** Why tmux 3.3a cannot send `base` with `mods` as that key (a clause), or undefined when it can. Meta goes with every key. */
function whyNotSendable(mods: ReadonlySet<Modifier>, base: string, letter: boolean): string | undefined {
  const ctrl = mods.has('C');
  const shift = mods.has('S');
  if (letter || CURSOR_KEYS.includes(base) || FUNCTION_KEYS.includes(base) || EXTENDED_BASES.has(base)) return undefined;
  if (base === 'Space') return ctrl && shift ? 'tmux 3.3a sends Space with Control and Shift as Control+Shift+@ (ESC [ 64 ; 6 u)' : undefined;
  if (base === 'BTab') return ctrl || shift ? 'BTab (Shift+Tab) takes Meta only' : undefined;
  if (shift) {
    const shifted = US_SHIFTED.get(base);
    const layout = shifted ? `'${base}' with Shift is '${shifted}'` : `'${base}' has no Shift form`;
    return `with Shift, a character other than a letter is another character (${layout} on a US keyboard)`;
  }
  if (ctrl && !CONTROL_CHARACTERS.has(base) && !EXTENDED_CONTROL_CHARACTERS.has(base)) return `${CONTROL_FORMS}; with '${base}' it would type the name as text`;
  return undefined;
}

/** Whether tmux 3.3a sends `base` with `mods`, a combination it can send, only as an extended key. */
function isExtended(mods: ReadonlySet<Modifier>, base: string, letter: boolean): boolean {
  const ctrl = mods.has('C');
  const shift = mods.has('S');
  if (CURSOR_KEYS.includes(base) || FUNCTION_KEYS.includes(base)) return false;
  if (EXTENDED_BASES.has(base)) return ctrl || shift;
  if (base === 'Space') return shift;
  if (letter) return ctrl && shift;
  return ctrl && EXTENDED_CONTROL_CHARACTERS.has(base);
}

/** One code point, not a C0 control or DEL. */
function isPrintableCharacter(text: string): boolean {
  const codePoints = [...text];
  const code = codePoints[0]?.codePointAt(0) ?? 0;
  return codePoints.length === 1 && code >= 0x20 && code !== 0x7f;
}

/**
 * Valid names close to an unknown one, in its syntax, and a note: fixed modifier words (`Ctrl` →
 * `Control`, `c-a` → `C-a`, `Cmd` → `Meta`, saying that Meta is sent as Alt), a fixed base (`enter`
 * → `Enter`, `Return` → `Enter`, Playwright's codes `KeyA` → `a` and `Digit1` → `1`), or `^A` → `C-a`.
 */
function suggest(name: string): { suggestions: string[]; note: string } {
  const caret = /^\^([A-Za-z@[\\\]^_?])$/.exec(name)?.[1];
  if (caret) return { suggestions: [`C-${caret.toLowerCase()}`], note: '' };
  const plus = name.lastIndexOf('+', name.length - 2);
  const dashes = /^((?:[A-Za-z]+-)+)(.+)$/.exec(name);
  const [words, base, join] =
    plus > 0
      ? [name.slice(0, plus).split(/[+-]/), name.slice(plus + 1), '+']
      : dashes?.[1] && dashes[2]
        ? [dashes[1].split('-').slice(0, -1), dashes[2], '-']
        : [[], name, ''];
  if (base.length > 1 && MODIFIER_SPELLINGS.has(base.toLowerCase())) {
    return { suggestions: [], note: "Control, Alt, Meta and Shift alone send nothing to a terminal app: press them with a key ('Control+c')." };
  }
  const fixed = words.map((word) => {
    // An empty word ('Control++a') is no misspelt modifier, though it is 3 edits from 'Alt'.
    if (!word) return undefined;
    return PLAYWRIGHT_MODIFIERS.has(word)
      ? word
      : (MODIFIER_SPELLINGS.get(word.toLowerCase()) ?? closestNames(word, [...PLAYWRIGHT_MODIFIERS.keys()], 1, 3)[0]);
  });
  if (fixed.includes(undefined)) return { suggestions: [], note: '' };
  const modifiers = fixed as string[];
  const respelled = base === 'Return' ? 'Enter' : (/^Key([A-Z])$/.exec(base)?.[1]?.toLowerCase() ?? /^Digit([0-9])$/.exec(base)?.[1]);
  const bases = BASE_NAMES.has(base) || isPrintableCharacter(base) ? [base] : respelled ? [respelled] : closestNames(base, [...BASE_NAMES.keys()]);
  const rebuild = (fixedBase: string): string =>
    join === '+' ? [...modifiers, fixedBase].join('+') : `${modifiers.map((word) => `${PLAYWRIGHT_MODIFIERS.get(word)}-`).join('')}${fixedBase}`;
  const suggestions = [...new Set(bases.map(rebuild))].filter((candidate) => candidate !== name && isValid(candidate));
  const cmd = words.find((word) => ['cmd', 'command'].includes(word.toLowerCase()));
  return { suggestions, note: cmd && suggestions.length ? `A terminal has no ${cmd} key: Meta is sent as Alt, an ESC prefix.` : '' };
}

/** A name tmux can send once the app has asked for extended keys. */
function isValid(name: string): boolean {
  const parsed = parseName(name);
  const resolved = parsed && resolveParsed(parsed.modifiers, parsed.base);
  return resolved !== undefined && !('why' in resolved);
}

/**
 * For a refused combination or extended key, the key the user most likely means that can be sent
 * now: the character Shift makes (`Shift+1` → `!`, keeping the other modifiers), else the same key
 * without the fewest of Shift and Control (`Control+$` → `$`, `C-S-a` → `C-a`, `Control+Enter` →
 * `Enter`); its note says which modifiers it goes without.
 */
function sendableInstead(name: string, parsed: ParsedName, options: ResolveKeyOptions): Instead | undefined {
  const shifted = parsed.modifiers.has('S') ? US_SHIFTED.get(parsed.base) : undefined;
  const base = shifted ?? parsed.base;
  // Shift is in the shifted character, and already in BTab: going without it changes nothing.
  const implied: Modifier[] = shifted !== undefined || (base === 'BTab' && parsed.modifiers.has('S')) ? ['S'] : [];
  let refusedExtended: string | undefined;
  for (const dropped of DROP_ORDER) {
    if (!dropped.every((modifier) => parsed.modifiers.has(modifier) && !implied.includes(modifier))) continue;
    const without = new Set([...implied, ...dropped]);
    const resolved = resolveParsed(new Set([...parsed.modifiers].filter((modifier) => !without.has(modifier))), base);
    if (!resolved || 'why' in resolved) continue;
    const candidate = parsed.rebuild(base, without);
    if (resolved.extended && !options.extendedKeys) {
      refusedExtended ??= candidate;
      continue;
    }
    if (dropped.length === 0) return { name: candidate, note: '' };
    const because =
      refusedExtended && refusedExtended !== name ? ` ('${refusedExtended}' is an extended key, and the app has not asked for extended keys)` : '';
    return { name: candidate, note: `The app then reads it without ${dropped.map((modifier) => MODIFIER_WORDS[modifier]).join(' and ')}${because}.` };
  }
  return undefined;
}
