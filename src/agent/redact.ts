/**
 * Keeps secrets out of everything tmux-shot shows or writes (pure): the configured API key's value,
 * whatever its format, plus credentials of a recognisable shape — `Bearer` tokens, OpenAI-style
 * `sk-…` keys, and the values of auth headers (`Authorization`, `api-key`, `Cookie`…) wherever
 * they appear as fields. Errors are copied with their class, fields and `cause` chain redacted, so
 * Vitest's "Caused by" and "Serialized Error" and its JSON report show nothing secret.
 */

/** What a secret is replaced with. */
const REDACTED = '[redacted]';

/** Header and field names whose values are credentials (lower case). */
const AUTH_FIELDS = new Set(['authorization', 'proxy-authorization', 'api-key', 'x-api-key', 'apikey', 'api_key', 'cookie', 'set-cookie']);

/** Deeper structures than this are replaced whole: no error or reply nests this far. */
const MAX_DEPTH = 16;

/**
 * `text` with every occurrence of each secret replaced by `[redacted]`, then `Bearer` tokens and
 * `sk-…` keys. A secret is looked for as given and without the white space around it (fetch strips
 * it from the ends of a header value, so a server echoes the key without it), each also URL-encoded
 * and JSON-escaped. A secret of white space only is no secret: it is ignored.
 */
export function redactText(text: string, secrets: readonly string[] = []): string {
  return redactForms(text, secretForms(secrets));
}

/**
 * A copy of `value` with every string redacted by {@link redactText} and every auth field's value
 * replaced. Errors keep their prototype (so `instanceof` and class names still work), own fields
 * (`message`, `stack`, `status`, `error`, `headers`…) and `cause`, and what their class's getters
 * return (a `DOMException`'s `name`) as own fields, since a copy has no internal slots to read them
 * from; `Headers` stay `Headers`. Other objects than plain ones, arrays, errors and headers are
 * kept as they are.
 */
export function redactValue<T>(value: T, secrets: readonly string[] = []): T {
  const forms = secretForms(secrets);
  const seen = new Map<object, unknown>();
  const visit = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return redactForms(v, forms);
    if (typeof v !== 'object' || v === null) return v;
    if (seen.has(v)) return seen.get(v);
    if (depth > MAX_DEPTH) return REDACTED;
    if (v instanceof Headers) {
      const headers = new Headers();
      v.forEach((text, name) => headers.append(name, AUTH_FIELDS.has(name) ? REDACTED : redactForms(text, forms)));
      seen.set(v, headers);
      return headers;
    }
    if (Array.isArray(v)) {
      const copy: unknown[] = [];
      seen.set(v, copy);
      for (const item of v) copy.push(visit(item, depth + 1));
      return copy;
    }
    const proto: unknown = Object.getPrototypeOf(v);
    if (!(v instanceof Error) && proto !== Object.prototype && proto !== null) return v;
    const copy = Object.create(proto as object | null) as Record<PropertyKey, unknown>;
    seen.set(v, copy);
    for (const key of fieldsOf(v)) {
      let field: unknown;
      try {
        field = (v as Record<PropertyKey, unknown>)[key];
      } catch {
        continue; // a getter that refuses this object: nothing to copy
      }
      const redacted = typeof key === 'string' && AUTH_FIELDS.has(key.toLowerCase()) && typeof field === 'string' ? REDACTED : visit(field, depth + 1);
      const enumerable = Object.getOwnPropertyDescriptor(v, key)?.enumerable ?? false;
      Object.defineProperty(copy, key, { value: redacted, enumerable, writable: true, configurable: true });
    }
    return copy;
  };
  return visit(value, 0) as T;
}

/** The own keys of `value`; for an error also `name`, `message` and its classes' getters. */
function fieldsOf(value: object): PropertyKey[] {
  const keys = new Set<PropertyKey>(Reflect.ownKeys(value));
  if (!(value instanceof Error)) return [...keys];
  keys.add('name').add('message');
  for (let p: unknown = Object.getPrototypeOf(value); p && p !== Error.prototype; p = Object.getPrototypeOf(p)) {
    for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(p))) if (descriptor.get) keys.add(key);
  }
  return [...keys];
}

function redactForms(text: string, forms: readonly string[]): string {
  let out = text;
  for (const form of forms) out = out.split(form).join(REDACTED);
  return out.replace(/(Bearer\s+)(?!\[redacted\])[A-Za-z0-9._~+/-]+=*/gi, `$1${REDACTED}`).replace(/\bsk-[A-Za-z0-9_-]{4,}/g, REDACTED);
}

/** The secrets in every form they may take in text, longest first (so a longer form is replaced whole). */
function secretForms(secrets: readonly string[]): string[] {
  const forms = secrets
    .filter((s) => s.trim() !== '')
    .flatMap((s) => [s, s.trim()])
    .flatMap((s) => [s, encodeURIComponent(s), JSON.stringify(s).slice(1, -1)]);
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}
