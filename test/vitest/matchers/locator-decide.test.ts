import { describe, expect, test } from 'vitest';
import { decideLocator, describeLocatorShortfall } from '../../../src/vitest/matchers/locator-matchers.js';
import type { LocatorExpectation } from '../../../src/vitest/matchers/locator-matchers.js';

const at = (row: number, col: number) => ({ row, col, rows: 1, cols: 4 });
const text = () => 'Save';

describe('decideLocator', () => {
  test.each<[LocatorExpectation, number, 'pass' | 'fail' | 'strict']>([
    [{ matcher: 'toBeVisible' }, 0, 'fail'],
    [{ matcher: 'toBeVisible' }, 1, 'pass'],
    [{ matcher: 'toBeVisible' }, 2, 'strict'],
    [{ matcher: 'toHaveText', expected: 'Save' }, 1, 'pass'],
    [{ matcher: 'toHaveText', expected: 'Sav' }, 1, 'fail'],
    [{ matcher: 'toHaveText', expected: /^sa/i }, 1, 'pass'],
    [{ matcher: 'toHaveText', expected: /^Sa/g }, 1, 'pass'],
    [{ matcher: 'toHaveText', expected: 'Save' }, 0, 'fail'],
    [{ matcher: 'toHaveText', expected: 'Save' }, 2, 'strict'],
    [{ matcher: 'toHaveCount', count: 0 }, 0, 'pass'],
    [{ matcher: 'toHaveCount', count: 2 }, 2, 'pass'],
    [{ matcher: 'toHaveCount', count: 2 }, 3, 'fail'],
  ])('%o with %i matches: %s', (expectation, count, outcome) => {
    expect(
      decideLocator(
        expectation,
        Array.from({ length: count }, (_, i) => at(i, 0)),
        text,
      ),
    ).toBe(outcome);
  });

  test('a global RegExp keeps its lastIndex', () => {
    const pattern = /Save/g;
    pattern.lastIndex = 2;
    expect([decideLocator({ matcher: 'toHaveText', expected: pattern }, [at(0, 0)], text), pattern.lastIndex]).toEqual(['pass', 2]);
  });
});

test.each<[LocatorExpectation, boolean, number, string | undefined, string]>([
  [{ matcher: 'toHaveCount', count: 1 }, false, 0, undefined, 'Expected it to match 1 place within 200 ms, but it matches none.'],
  [{ matcher: 'toHaveCount', count: 1 }, true, 1, undefined, 'Expected it not to match 1 place within 200 ms, but it still does: row 0 col 0.'],
  [{ matcher: 'toHaveText', expected: 'Quit' }, false, 0, undefined, "Expected its text to be 'Quit' within 200 ms, but it matches nothing."],
  [{ matcher: 'toHaveText', expected: /Sa/ }, true, 1, 'Save', "Expected its text not to match /Sa/ within 200 ms, but it is 'Save'."],
  [
    { matcher: 'toBeVisible' },
    true,
    2,
    undefined,
    'Strict mode violation: it matches 2 places (row 0 col 0, row 1 col 0); toBeVisible needs one. Choose with .first(), .last() or .nth(i), or narrow it.',
  ],
])('describeLocatorShortfall(%o, not: %s, %i matches)', (expectation, isNot, count, matchText, sentence) => {
  const matches = Array.from({ length: count }, (_, i) => at(i, 0));
  expect(describeLocatorShortfall(expectation, isNot, { ms: 200 }, matches, matchText)).toBe(sentence);
});
