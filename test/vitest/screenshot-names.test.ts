import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { ScreenshotNames } from '../../src/vitest/screenshot-names.js';

const first = { id: 't1', fullName: 'menu > opens', attempt: '0:0' };

describe('ScreenshotNames', () => {
  it('numbers unnamed screenshots from 1 after the full test name', () => {
    const names = new ScreenshotNames();
    expect([names.next(first), names.next(first), names.next(first, 'custom'), names.next(first)]).toEqual([
      'menu > opens 1',
      'menu > opens 2',
      'custom',
      'menu > opens 3',
    ]);
  });

  it('starts the counter again when the test is retried or repeated', () => {
    const names = new ScreenshotNames();
    names.next(first);
    names.next(first);
    expect(names.next({ ...first, attempt: '1:0' })).toBe('menu > opens 1');
    expect(names.next({ ...first, attempt: '1:1' })).toBe('menu > opens 1');
  });

  it('rejects an explicit name used twice in one run, but not in a retry', () => {
    const names = new ScreenshotNames();
    names.next(first, 'dialog');
    expect(() => names.next(first, 'dialog')).toThrow(ConfigError);
    expect(() => names.next(first, 'dialog')).toThrow(
      "The screenshot name 'dialog' is used twice in test 'menu > opens'. Give each toMatchScreenshot call in a test its own name, or omit names to number them.",
    );
    expect(names.next({ ...first, attempt: '1:0' }, 'dialog')).toBe('dialog');
  });

  it('continues the counter of another test with the same full name', () => {
    const names = new ScreenshotNames();
    names.next(first);
    names.next(first);
    const twin = { ...first, id: 't2' };
    expect(names.next(twin)).toBe('menu > opens 3');
    expect(names.next({ ...twin, attempt: '1:0' })).toBe('menu > opens 3');
  });
});
