/**
 * Reading JSON the way models write it (pure): strict JSON, JSON5 for the near misses (trailing
 * commas, single quotes, unquoted keys), and balanced `{…}` / `[…]` spans inside other text.
 * The only importer of `json5`, loaded on first use (most arguments are JSON: importing it costs
 * about 5 ms, measured on Node 20).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let json5: typeof import('json5') | undefined;

/** `text` as JSON, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `text` as JSON5 (a superset of JSON: trailing commas, single quotes, unquoted keys, comments), or undefined. */
export function parseJson5(text: string): unknown {
  try {
    json5 ??= require('json5') as typeof import('json5');
    return json5.parse(text);
  } catch {
    return undefined;
  }
}

/** `text` as JSON, else as JSON5 (the near misses models write inside call markers), or undefined. */
export function parseTolerant(text: string): unknown {
  return parseJson(text) ?? parseJson5(text);
}

/**
 * The length of the balanced `{…}` or `[…]` at the start of `text` (double-quoted strings and
 * their escapes respected), or undefined when it does not start with one or is not closed.
 * Stops at the close: callers read many calls from one text, each from where the last ended
 * ({@link balancedSpans} scans to the end).
 */
export function jsonEnd(text: string): number | undefined {
  if (text[0] !== '{' && text[0] !== '[') return undefined;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && --depth === 0) return i + 1;
  }
  return undefined;
}

/**
 * Every balanced `{…}` or `[…]` span of `text` as `[start, end)`, by start, found in one pass
 * (linear: a scan from every `{` to the end was quadratic, 45 s for 100 KB of `{`). Double-quoted
 * strings count only inside a span (a quote in prose opens none).
 */
export function balancedSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  const open: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '{' || c === '[') open.push(i);
    else if (open.length === 0) continue;
    else if (c === '"') inString = true;
    else if (c === '}' || c === ']') spans.push([open.pop()!, i + 1]);
  }
  return spans.sort((a, b) => a[0] - b[0]);
}

/**
 * The JSON values `text` is made of, one after another, separated by blanks or `separators`
 * (`{…}{…}`, `{…};{…}`), or undefined when any part of it is not such a value.
 * @param parse - How each value is read: JSON by default, or {@link parseTolerant}.
 */
export function jsonSequence(text: string, separators = '', parse: (text: string) => unknown = parseJson): unknown[] | undefined {
  const values: unknown[] = [];
  const skip = new RegExp(`^[\\s${separators}]+`);
  let rest = text.trim();
  while (rest !== '') {
    const end = jsonEnd(rest);
    const value = end === undefined ? undefined : parse(rest.slice(0, end));
    if (value === undefined) return undefined;
    values.push(value);
    rest = rest.slice(end).replace(skip, '');
  }
  return values;
}
