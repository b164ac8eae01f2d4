import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { parsePattern } from '../../src/mcp/pattern.js';

describe('parsePattern', () => {
  it.each([
    ['Save', 'Save'],
    ['/Saved \\d+/', /Saved \d+/],
    ['/a/', /a/],
    ['//', '//'],
    ['/', '/'],
    ['/usr/bin', '/usr/bin'],
    ['a/b/', 'a/b/'],
    ['/x/i', '/x/i'],
  ])('reads %j as %s', (text, pattern) => {
    expect(parsePattern(text)).toEqual(pattern);
  });

  it('refuses an invalid regular expression, saying how to search for the literal text', () => {
    expect(() => parsePattern('/Sel(/')).toThrow(
      new ConfigError(
        '/Sel(/ is not a valid regular expression (Invalid regular expression: /Sel(/: Unterminated group); fix it, or to search for the literal text leave off a slash.',
      ),
    );
  });
});
