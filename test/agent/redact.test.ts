import { AuthenticationError, InternalServerError } from 'openai';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { classifyApiError } from '../../src/agent/api-errors.js';
import { redactText, redactValue } from '../../src/agent/redact.js';
import { KEY_FORMATS } from './loopback.js';

describe('redactText', () => {
  it.each([
    ['401 Incorrect API key provided: sk-test-abc123XYZ.', [], '401 Incorrect API key provided: [redacted].'],
    ['Authorization: Bearer abc.def-ghi_jkl~mno+pqr/stu==, next', [], 'Authorization: Bearer [redacted], next'],
    ['bearer TOKEN123', [], 'bearer [redacted]'],
    ['a task-list and a desk-top stay', [], 'a task-list and a desk-top stay'],
    ['key local-key, again local-key.', ['local-key'], 'key [redacted], again [redacted].'],
    ['as a query: ?key=a%2Bb%2Fc%3D and in JSON: "a+b/c="', ['a+b/c='], 'as a query: ?key=[redacted] and in JSON: "[redacted]"'],
    ['the longer key first: abcdef', ['abc', 'abcdef'], 'the longer key first: [redacted]'],
    ['an empty secret changes nothing', [''], 'an empty secret changes nothing'],
  ])('%j with %j → %j', (text, secrets, expected) => {
    expect(redactText(text, secrets)).toBe(expected);
  });

  it.each(KEY_FORMATS.map((key, i) => ({ key, n: i + 1 })))('removes the configured key of format $n wherever it appears', ({ key }) => {
    expect(redactText(`key=${key}; Authorization: Bearer ${key}; "${key}"`, [key])).toBe('key=[redacted]; Authorization: Bearer [redacted]; "[redacted]"');
  });

  // fetch strips white space from the ends of a header value, and a server may trim what it got:
  // the key comes back without the white space it was configured with.
  it.each([
    [
      'fake-key ',
      'provided: fake-key. as JSON: "fake-key ". in a query: ?key=fake-key%20',
      'provided: [redacted]. as JSON: "[redacted]". in a query: ?key=[redacted]',
    ],
    [
      'fake-key\r',
      'provided: fake-key. as JSON: "fake-key\\r". in a query: ?key=fake-key%0D',
      'provided: [redacted]. as JSON: "[redacted]". in a query: ?key=[redacted]',
    ],
    ['\tfake-key\r\n', 'as sent: \tfake-key. trimmed: fake-key.', 'as sent: \t[redacted]. trimmed: [redacted].'],
    [' a+b/c= ', 'trimmed, in a query: ?key=a%2Bb%2Fc%3D', 'trimmed, in a query: ?key=[redacted]'],
    ['  ', 'a key of white space only changes nothing:  .', 'a key of white space only changes nothing:  .'],
  ])('removes the key %j as a server echoes it: %j', (key, text, expected) => {
    expect(redactText(text, [key])).toBe(expected);
  });
});

describe('redactValue', () => {
  const key = KEY_FORMATS[1];

  it('copies an SDK error with its class, fields, headers and cause chain redacted, leaving the original alone', () => {
    const body = { message: `Incorrect API key provided: ${key}`, key, headers: { Authorization: `Bearer ${key}` } };
    const headers = new Headers({ 'x-echo': key, authorization: `Bearer ${key}`, 'retry-after': '2' });
    const original = new AuthenticationError(401, body, undefined, headers);
    const wrapper = new Error(`wrapped: ${key}`, { cause: original });
    const copy = redactValue(wrapper, [key]);

    expect(copy).not.toBe(wrapper);
    expect(copy.message).toBe('wrapped: [redacted]');
    expect(copy.stack!.split('\n')[0]).toBe('Error: wrapped: [redacted]');
    const cause = copy.cause as AuthenticationError;
    expect(cause).toBeInstanceOf(AuthenticationError);
    expect(cause.status).toBe(401);
    expect(cause.message).toBe('401 Incorrect API key provided: [redacted]');
    expect(cause.error).toEqual({ message: 'Incorrect API key provided: [redacted]', key: '[redacted]', headers: { Authorization: '[redacted]' } });
    expect(cause.headers).toBeInstanceOf(Headers);
    expect([...cause.headers!.entries()]).toEqual([
      ['authorization', '[redacted]'],
      ['retry-after', '2'],
      ['x-echo', '[redacted]'],
    ]);
    expect(Object.keys(cause)).toEqual(Object.keys(original));
    expect(inspect(copy, { depth: Infinity, showHidden: true })).not.toContain(key);
    expect(original.message).toContain(key);
  });

  it('copies replies, arrays and plain objects, and keeps cycles and other objects as they are', () => {
    const reply: Record<string, unknown> = { choices: [{ message: { content: `done with ${key}` } }], created: new Date(0), n: 1, empty: null };
    reply['self'] = reply;
    const copy = redactValue(reply, [key]);
    expect(copy['choices']).toEqual([{ message: { content: 'done with [redacted]' } }]);
    expect(copy['self']).toBe(copy);
    expect(copy['created']).toBe(reply['created']);
    expect([copy['n'], copy['empty']]).toEqual([1, null]);
  });

  it('copies what the getters of a built-in error class return, which a copy could not read', () => {
    const copy = redactValue(new DOMException(`timed out with ${key}`, 'TimeoutError'), [key]);
    expect(copy).toBeInstanceOf(DOMException);
    expect([copy.name, copy.message, copy.code]).toEqual(['TimeoutError', 'timed out with [redacted]', 23]);
    expect(classifyApiError(copy, 0)).toMatchObject({ timedOut: true, reason: 'timed out with [redacted]' });
  });

  it('keeps what retry classification reads: the class name, status and Retry-After', () => {
    const copy = redactValue(new InternalServerError(502, undefined, `bad gateway ${key}`, new Headers({ 'retry-after': '3' })), [key]);
    expect(copy).toBeInstanceOf(InternalServerError);
    expect([copy.status, copy.headers!.get('retry-after'), copy.message]).toEqual([502, '3', '502 bad gateway [redacted]']);
  });
});
