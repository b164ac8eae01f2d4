/**
 * Key names → the tmux key names `send-keys` takes (tmux(1) "KEY BINDINGS", 3.3a without
 * extended keys). Accepts tmux names (`C-c`, `M-x`, `C-M-a`, `S-Tab`, `BTab`, `Enter`, `PPage`,
 * `F1`…`F12`, one printable character) and Playwright names (`Control+C`, `Alt+X`, `Shift+Tab`,
 * `ArrowUp`, `Backspace`, `PageDown`, `Meta+…`), in either syntax. Names are case-sensitive:
 * `enter` is an error, not Enter. Combinations tmux 3.3a cannot send are errors too — it would
 * type them as text (`S-a` arrives as the three bytes `S-a`) or drop them (`C-Tab`). Pure.
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

/** A name split into modifiers and base, as written. */
interface ParsedName {
  modifiers: Set<Modifier>;
  base: string;
  /** Rebuilds a name in the same syntax with another base (for suggestions). */
  withBase: (base: string) => string;
}

/**
 * The tmux key name for `name`.
 * @throws {KeyNameError} for unknown names and combinations tmux cannot send, with the closest
 *   valid names as suggestions (`enter` → `Enter`).
 * @example resolveKeyName('Control+C') // 'C-c'; resolveKeyName('Shift+Tab') // 'BTab'
 */
export function resolveKeyName(name: string): string {
  const parsed = parseName(name);
  const resolved = parsed && resolveParsed(parsed.modifiers, parsed.base);
  if (resolved === undefined) throw new KeyNameError(name, suggest(name, parsed));
  return resolved;
}

/**
 * {@link resolveKeyName} for each name, all checked before any is returned, so a caller can
 * refuse to send anything when one name is wrong.
 */
export function resolveKeyNames(names: readonly string[]): string[] {
  return names.map(resolveKeyName);
}

/** Playwright syntax when a `+` joins parts (a trailing `+` is the key itself), else tmux syntax. */
function parseName(name: string): ParsedName | undefined {
  const plus = name.lastIndexOf('+', name.length - 2);
  if (plus > 0) {
    const prefix = name.slice(0, plus);
    const modifiers = prefix.split('+').map((part) => PLAYWRIGHT_MODIFIERS.get(part));
    if (modifiers.includes(undefined)) return undefined;
    return {
      modifiers: new Set(modifiers as Modifier[]),
      base: name.slice(plus + 1),
      withBase: (base) => `${prefix}+${base}`,
    };
  }
  const prefix = /^(?:[CMS]-)*/.exec(name)?.[0] ?? '';
  // "M--" is Meta with '-': a prefix may not swallow the whole name.
  const cut = prefix.length === name.length ? prefix.length - 2 : prefix.length;
  const modifiers = new Set([...name.slice(0, cut).matchAll(/([CMS])-/g)].map((match) => match[1] as Modifier));
  return { modifiers, base: name.slice(cut), withBase: (base) => `${name.slice(0, cut)}${base}` };
}

/** The tmux name, or undefined when the base is unknown or tmux cannot send the combination. */
function resolveParsed(modifiers: ReadonlySet<Modifier>, written: string): string | undefined {
  let base = BASE_NAMES.get(written) ?? (isPrintableCharacter(written) ? written : undefined);
  if (base === undefined) return undefined;
  const mods = new Set(modifiers);
  if (mods.has('S') && (base === 'Tab' || /^[a-zA-Z]$/.test(base))) {
    if (base === 'Tab' && mods.has('C')) return undefined;
    base = base === 'Tab' ? 'BTab' : base.toUpperCase();
    mods.delete('S');
  }
  if (mods.has('C') && /^[a-zA-Z]$/.test(base)) base = base.toLowerCase();
  const cursorLike = CURSOR_KEYS.includes(base) || FUNCTION_KEYS.includes(base);
  const controlOk = cursorLike || base === 'Space' || /^[a-z]$/.test(base) || CONTROL_CHARACTERS.has(base);
  if (mods.has('S') && !cursorLike) return undefined;
  if (mods.has('C') && !controlOk) return undefined;
  return `${mods.has('C') ? 'C-' : ''}${mods.has('M') ? 'M-' : ''}${mods.has('S') ? 'S-' : ''}${base}`;
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
  const names = bases.map((base) => (isValid(parsed.withBase(base)) ? parsed.withBase(base) : base));
  return [...new Set(names)].filter((candidate) => candidate !== name && isValid(candidate));
}

function isValid(name: string): boolean {
  const parsed = parseName(name);
  return parsed !== undefined && resolveParsed(parsed.modifiers, parsed.base) !== undefined;
}
