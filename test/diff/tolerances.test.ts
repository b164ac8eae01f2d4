import { describe, expect, it } from 'vitest';
import { resolveComparatorOptions } from '../../src/diff/options.js';
import { checkTolerances, describeViolation } from '../../src/diff/tolerances.js';
import { ConfigError } from '../../src/errors.js';
import { thrown } from './build.js';

describe('resolveComparatorOptions', () => {
  it.each([
    {
      given: {},
      want: { threshold: 0, includeAA: true, allowedMismatchedPixels: 0, allowedMismatchedPixelRatio: undefined, allowedMismatchedCells: undefined },
    },
    {
      given: { threshold: 0.1, includeAA: false, allowedMismatchedPixelRatio: 0.01 },
      want: { threshold: 0.1, includeAA: false, allowedMismatchedPixels: undefined, allowedMismatchedPixelRatio: 0.01, allowedMismatchedCells: undefined },
    },
    {
      given: { allowedMismatchedCells: 1, allowedMismatchedPixels: 60 },
      want: { threshold: 0, includeAA: true, allowedMismatchedPixels: 60, allowedMismatchedPixelRatio: undefined, allowedMismatchedCells: 1 },
    },
  ])('$given → $want', ({ given, want }) => {
    expect(resolveComparatorOptions(given)).toEqual(want);
  });

  it.each([
    { given: { threshold: -0.1 }, message: 'threshold must be a number from 0 to 1, got -0.1.' },
    { given: { allowedMismatchedPixelRatio: 1.5 }, message: 'allowedMismatchedPixelRatio must be a number from 0 to 1, got 1.5.' },
    { given: { allowedMismatchedPixels: -1 }, message: `allowedMismatchedPixels must be a number from 0 to ${Number.MAX_SAFE_INTEGER}, got -1.` },
    { given: { allowedMismatchedCells: Number.NaN }, message: `allowedMismatchedCells must be a number from 0 to ${Number.MAX_SAFE_INTEGER}, got NaN.` },
    // Strings compare as numbers in JavaScript ('0.1' <= 1): the type is checked first.
    { given: { threshold: '0.1' as never }, message: "threshold must be a number from 0 to 1, got the string '0.1'." },
    {
      given: { allowedMismatchedPixels: '10' as never },
      message: `allowedMismatchedPixels must be a number from 0 to ${Number.MAX_SAFE_INTEGER}, got the string '10'.`,
    },
    { given: { includeAA: 'no' as never }, message: "includeAA must be true or false, got the string 'no'." },
  ])('rejects $given', ({ given, message }) => {
    const error = thrown(() => resolveComparatorOptions(given));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe(message);
  });
});

describe('checkTolerances', () => {
  const all = { threshold: 0, includeAA: true, allowedMismatchedPixels: 40, allowedMismatchedPixelRatio: 0.001, allowedMismatchedCells: 1 };

  it.each([
    { measured: { mismatchedPixels: 40, ratio: 0.001, mismatchedCells: 1 }, violations: [] },
    {
      measured: { mismatchedPixels: 41, ratio: 0.0011, mismatchedCells: 2 },
      violations: [
        { tolerance: 'allowedMismatchedPixels', limit: 40, actual: 41 },
        { tolerance: 'allowedMismatchedPixelRatio', limit: 0.001, actual: 0.0011 },
        { tolerance: 'allowedMismatchedCells', limit: 1, actual: 2 },
      ],
    },
    {
      measured: { mismatchedPixels: 41, ratio: 0.0011, mismatchedCells: 2 },
      options: { ...all, allowedMismatchedPixelRatio: undefined, allowedMismatchedCells: undefined },
      violations: [{ tolerance: 'allowedMismatchedPixels', limit: 40, actual: 41 }],
    },
  ])('limits hold inclusively; only given limits are checked ($violations.length violations)', ({ measured, options = all, violations }) => {
    expect(checkTolerances(measured, options)).toEqual(violations);
  });
});

describe('describeViolation', () => {
  it.each([
    { violation: { tolerance: 'allowedMismatchedPixels', limit: 0, actual: 1 }, text: '1 pixel differs, more than the 0 allowed (allowedMismatchedPixels).' },
    {
      violation: { tolerance: 'allowedMismatchedPixels', limit: 10, actual: 52 },
      text: '52 pixels differ, more than the 10 allowed (allowedMismatchedPixels).',
    },
    {
      violation: { tolerance: 'allowedMismatchedPixelRatio', limit: 0.0001, actual: 0.00010001 },
      text: 'A ratio of 0.000101 of the pixels differs, more than the 0.0001 allowed (allowedMismatchedPixelRatio).',
    },
    { violation: { tolerance: 'allowedMismatchedCells', limit: 0, actual: 1 }, text: '1 cell differs, more than the 0 allowed (allowedMismatchedCells).' },
  ] as const)('$text', ({ violation, text }) => {
    expect(describeViolation(violation)).toBe(text);
  });
});
