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
 * too (`S-1`, `C-é`, `C-$`). Pure.
 */
import { KeyNameError } from '../errors.js';
import { closestNames } from './suggest.js';

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

/** Characters tmux sends with Ctrl (as C0 controls) besides letters. */
const CONTROL_CHARACTERS = new Set(['@', '[', '\\', ']', '^', '_', '?']);

/**
 * Characters tmux 3.3a sends with Ctrl only as extended keys (key-string.c `other`: they have no
 * C0 form). Ctrl with any other non-letter (`C-$`) is unknown to tmux, which types it as text.
 */
const EXTENDED_CONTROL_CHARACTERS = new Set("!#()+,-.0123456789:;<=>'`/");

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

/** A resolved name: the tmux name, and whether tmux sends it only as an extended key. */
interface ResolvedName {
  name: string;
  extended: boolean;
}

/**
 * The tmux key name for `name`.
 * @throws {KeyNameError} for unknown names and combinations tmux cannot send, with the closest
 *   valid names as suggestions (`enter` → `Enter`); with `reason: 'extendedKeys'` for an extended
 *   key (`Control+Enter`) when `options.extendedKeys` is false, suggesting the key without the
 *   modifiers it would lose (`Enter`).
 * @example resolveKeyName('Control+C') // 'C-c'; resolveKeyName('Shift+Tab') // 'BTab'
 * @example resolveKeyName('Control+Enter', { extendedKeys: true }) // 'C-Enter'
 */
export function resolveKeyName(name: string, options: ResolveKeyOptions = {}): string {
  const parsed = parseName(name);
  const resolved = parsed && resolveParsed(parsed.modifiers, parsed.base);
  if (!parsed || !resolved) throw new KeyNameError(name, suggest(name, parsed));
  if (resolved.extended && !options.extendedKeys) throw new KeyNameError(name, withoutExtendedModifiers(parsed), 'extendedKeys');
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

/** The tmux name, or undefined when the base is unknown or tmux cannot send the combination. */
function resolveParsed(modifiers: ReadonlySet<Modifier>, written: string): ResolvedName | undefined {
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
  const extended = isExtended(mods, base, letter);
  if (extended === undefined) return undefined;
  return { name: `${mods.has('C') ? 'C-' : ''}${mods.has('M') ? 'M-' : ''}${mods.has('S') ? 'S-' : ''}${base}`, extended };
}

/**
 * Whether tmux 3.3a sends `base` with `mods` only as an extended key (true), always (false), or
 * not as that key at all (undefined). Meta alone is always an ESC prefix.
 */
function isExtended(mods: ReadonlySet<Modifier>, base: string, letter: boolean): boolean | undefined {
  const ctrl = mods.has('C');
  const shift = mods.has('S');
  if (CURSOR_KEYS.includes(base) || FUNCTION_KEYS.includes(base)) return false;
  if (EXTENDED_BASES.has(base)) return ctrl || shift;
  // Ctrl+Shift+Space would arrive as Ctrl+Shift+@ (`CSI 64 ; 6 u`).
  if (base === 'Space') return ctrl && shift ? undefined : shift;
  if (letter) return ctrl && shift;
  // Shift is in the character itself (Shift+1 is '!'), and in BTab.
  if (shift) return undefined;
  if (!ctrl) return false;
  if (base === 'BTab') return undefined;
  if (CONTROL_CHARACTERS.has(base)) return false;
  return EXTENDED_CONTROL_CHARACTERS.has(base) ? true : undefined;
}

/** One code point, not a C0 control or DEL. */
function isPrintableCharacter(text: string): boolean {
  const codePoints = [...text];
  const code = codePoints[0]?.codePointAt(0) ?? 0;
  return codePoints.length === 1 && code >= 0x20 && code !== 0x7f;
}

/** Valid names close to a wrong one: a fixed modifier word, a fixed base, or the bare base. */
function suggest(name: string, parsed: ParsedName | undefined): string[] {
  if (!parsed) {
    const plus = name.lastIndexOf('+', name.length - 2);
    const words = name.slice(0, plus).split('+');
    const fixed = words.map((word) => (PLAYWRIGHT_MODIFIERS.has(word) ? word : closestNames(word, [...PLAYWRIGHT_MODIFIERS.keys()], 1, 3)[0]));
    if (fixed.includes(undefined)) return [];
    const candidate = `${fixed.join('+')}${name.slice(plus)}`;
    return isValid(candidate) ? [candidate] : [];
  }
  const bases = BASE_NAMES.has(parsed.base) || isPrintableCharacter(parsed.base) ? [parsed.base] : closestNames(parsed.base, [...BASE_NAMES.keys()]);
  const names = bases.map((base) => (isValid(parsed.rebuild(base)) ? parsed.rebuild(base) : base));
  return [...new Set(names)].filter((candidate) => candidate !== name && isValid(candidate));
}

/** A name tmux can send once the app has asked for extended keys. */
function isValid(name: string): boolean {
  const parsed = parseName(name);
  return parsed !== undefined && resolveParsed(parsed.modifiers, parsed.base) !== undefined;
}

/**
 * For an extended key, the same name without the modifiers the app would not see without
 * extended keys: Shift first, then Ctrl, then both (`C-S-a` → `C-a`, `C-S-Tab` → `S-Tab`,
 * `Control+Enter` → `Enter`).
 */
function withoutExtendedModifiers(parsed: ParsedName): string[] {
  const attempts: ReadonlySet<Modifier>[] = [new Set(['S']), new Set(['C']), new Set(['C', 'S'])];
  for (const dropped of attempts) {
    if (![...dropped].every((modifier) => parsed.modifiers.has(modifier))) continue;
    const resolved = resolveParsed(new Set([...parsed.modifiers].filter((modifier) => !dropped.has(modifier))), parsed.base);
    if (resolved && !resolved.extended) return [parsed.rebuild(parsed.base, dropped)];
  }
  return [];
}
