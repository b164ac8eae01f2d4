import { describe, expect, it } from 'vitest';
import { LastFrames } from '../../src/record/last-frames.js';

/** A frame named `name` of `cols`×`rows` cells. */
const frame = (name: string, cols: number, rows: number) => ({ name, snapshot: { cols, rows } });

describe('LastFrames', () => {
  it.each([
    ['under both limits: all', 3, 100, [frame('a', 2, 2), frame('b', 2, 2)], ['a', 'b'], false],
    ['past maxFrames: the newest maxFrames', 2, 100, [frame('a', 2, 2), frame('b', 2, 2), frame('c', 2, 2)], ['b', 'c'], true],
    ['exactly maxCells: all', 5, 12, [frame('a', 2, 2), frame('b', 2, 2), frame('c', 2, 2)], ['a', 'b', 'c'], false],
    ['past maxCells: the newest that fit', 5, 11, [frame('a', 2, 2), frame('b', 2, 2), frame('c', 2, 2)], ['b', 'c'], true],
    ['a resize: cells counted per frame', 5, 10, [frame('a', 3, 2), frame('b', 1, 1), frame('c', 2, 2)], ['b', 'c'], true],
    ['the newest alone over maxCells: kept', 5, 10, [frame('a', 2, 2), frame('b', 1000, 1000)], ['b'], true],
    ['one frame over maxCells, alone: kept, nothing left out', 5, 10, [frame('a', 1000, 1000)], ['a'], false],
    ['a small frame after a big one: the big one left out', 5, 10, [frame('a', 1000, 1000), frame('b', 1, 1)], ['b'], true],
  ])('keeps, %s', (_, maxFrames, maxCells, pushed, kept, dropped) => {
    const last = new LastFrames<(typeof pushed)[number]>(maxFrames, maxCells);
    for (const one of pushed) last.push(one);
    expect({ kept: last.frames.map((one) => one.name), dropped: last.dropped }).toEqual({ kept, dropped });
  });
});
