import { describe, expect, it } from 'vitest';
import { closestNames, editDistance } from '../src/suggest.js';

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['abc', '', 3],
    ['', 'abc', 3],
    ['kitten', 'sitting', 3],
    ['enter', 'Enter', 1],
    ['ArowUp', 'ArrowUp', 1],
    ['Up', 'Up', 0],
  ])('%j → %j is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
  });
});

describe('closestNames', () => {
  const names = ['Enter', 'Escape', 'End', 'Up', 'Tab', 'BTab'];

  it('ranks a case-only difference first', () => {
    expect(closestNames('enter', names)).toEqual(['Enter']);
  });

  it('counts a prefix as one edit', () => {
    expect(closestNames('Esc', names)).toEqual(['Escape']);
  });

  it('breaks ties by exact-case distance, then by candidate order', () => {
    expect(closestNames('tab', names)).toEqual(['Tab', 'BTab']);
  });

  it('allows half the input length in edits, at most 2', () => {
    expect(closestNames('Ennter', names)).toEqual(['Enter']);
    expect(closestNames('Ep', names)).toEqual(['Up']);
    expect(closestNames('x', names)).toEqual([]);
    expect(closestNames('', names)).toEqual([]);
  });

  it('stops at the limit and takes an explicit distance', () => {
    expect(closestNames('Ctrl', ['Control', 'Alt'], 1)).toEqual([]);
    expect(closestNames('Ctrl', ['Control', 'Alt'], 1, 3)).toEqual(['Control']);
  });
});
