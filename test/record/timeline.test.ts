import { describe, expect, it } from 'vitest';
import { TIMELINE } from '../../src/record/options.js';
import { TmuxShotError } from '../../src/errors.js';
import { createTimeline, EVENT_OVERHEAD_BYTES, Timeline } from '../../src/record/timeline.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('Timeline', () => {
  it('keeps output and resizes in order, with copies of the bytes', () => {
    const timeline = createTimeline({ cols: 80, rows: 24 });
    const buffer = bytes('hello');
    timeline.appendOutput(buffer, 5);
    buffer[0] = 0x78; // the caller reuses its buffer
    timeline.appendResize({ cols: 100, rows: 30 }, 7.5);
    timeline.appendOutput(bytes('!'), 9);
    expect(timeline.events).toEqual([
      { kind: 'output', atMs: 5, bytes: bytes('hello') },
      { kind: 'resize', atMs: 7.5, cols: 100, rows: 30 },
      { kind: 'output', atMs: 9, bytes: bytes('!') },
    ]);
    expect(timeline.size).toEqual({ cols: 80, rows: 24 });
    expect(timeline.endMs).toBe(9);
    expect(timeline.usedBytes).toBe(6 + 3 * EVENT_OVERHEAD_BYTES);
    expect(timeline.truncated).toBe(false);
  });

  it('raises a time earlier than the previous event to it, and ignores empty chunks', () => {
    const timeline = new Timeline({ cols: 10, rows: 2 });
    timeline.appendOutput(bytes('a'), 50);
    timeline.appendOutput(bytes('b'), 20);
    timeline.appendOutput(new Uint8Array(0), 60);
    expect(timeline.events.map((e) => e.atMs)).toEqual([50, 50]);
  });

  it('extends its end with markEnd, never shortens it', () => {
    const timeline = new Timeline({ cols: 10, rows: 2 });
    timeline.appendOutput(bytes('a'), 100);
    timeline.markEnd(2500);
    timeline.markEnd(1000);
    expect(timeline.endMs).toBe(2500);
  });

  it('copies: later appends change the original only', () => {
    const timeline = new Timeline({ cols: 10, rows: 2 }, { budgetBytes: 2 * EVENT_OVERHEAD_BYTES + 2, startedAt: 5 });
    timeline.appendOutput(bytes('a'), 1);
    const copy = timeline.copy();
    timeline.appendOutput(bytes('b'), 2);
    timeline.appendResize({ cols: 20, rows: 4 }, 3);
    timeline.markEnd(10);
    expect(copy.events).toEqual([{ kind: 'output', atMs: 1, bytes: bytes('a') }]);
    expect([copy.endMs, copy.truncated, copy.startedAt, copy.usedBytes]).toEqual([1, false, 5, 1 + EVENT_OVERHEAD_BYTES]);
    expect(timeline.truncated).toBe(true);
    copy.appendOutput(bytes('c'), 4);
    copy.appendOutput(bytes('d'), 5); // the copy keeps the budget
    expect(copy.events.map((e) => e.atMs)).toEqual([4, 5]);
  });

  it('copies with a smaller budget: only the newest events within it, the rest counted as dropped', () => {
    const timeline = new Timeline({ cols: 10, rows: 2 }, { startedAt: 5 });
    timeline.appendOutput(bytes('aa'), 1);
    timeline.appendResize({ cols: 20, rows: 4 }, 2);
    timeline.appendOutput(bytes('bbb'), 3);
    timeline.markEnd(10);
    const copy = timeline.copy(EVENT_OVERHEAD_BYTES + 3);
    expect(copy.events.map((e) => e.atMs)).toEqual([3]);
    expect([copy.size, copy.startMs, copy.endMs, copy.droppedBytes, copy.startedAt]).toEqual([{ cols: 20, rows: 4 }, 3, 10, 2, 5]);
    expect([timeline.events.length, timeline.truncated]).toEqual([3, false]);
  });

  it('drops the oldest events over its budget, says so, and starts where the kept events start', () => {
    const timeline = new Timeline({ cols: 80, rows: 24 }, { budgetBytes: 2 * (EVENT_OVERHEAD_BYTES + 100) });
    timeline.appendOutput(new Uint8Array(100).fill(0x61), 0);
    timeline.appendResize({ cols: 90, rows: 30 }, 10);
    expect(timeline.truncated).toBe(false);
    timeline.appendOutput(new Uint8Array(100).fill(0x62), 20);
    expect(timeline.truncated).toBe(true);
    expect(timeline.droppedBytes).toBe(100);
    expect(timeline.events.map((e) => e.atMs)).toEqual([10, 20]);
    expect(timeline.size).toEqual({ cols: 80, rows: 24 });
    expect(timeline.startMs).toBe(10);
    timeline.appendOutput(new Uint8Array(100).fill(0x63), 30);
    // The resize went too: its size is now the starting size.
    expect(timeline.events.map((e) => e.atMs)).toEqual([20, 30]);
    expect(timeline.size).toEqual({ cols: 90, rows: 30 });
    expect(timeline.startMs).toBe(20);
    expect(timeline.droppedBytes).toBe(100);
    expect(timeline.usedBytes).toBe(200 + 2 * EVENT_OVERHEAD_BYTES);
  });

  it('keeps the newest event even when it alone is over the budget', () => {
    const timeline = new Timeline({ cols: 80, rows: 24 }, { budgetBytes: 1000 });
    timeline.appendOutput(new Uint8Array(10), 0);
    timeline.appendOutput(new Uint8Array(5000), 1);
    expect(timeline.events.map((e) => e.atMs)).toEqual([1]);
    expect(timeline.droppedBytes).toBe(10);
  });

  it('stays within its budget through a long flood', () => {
    const budgetBytes = 64 * 1024;
    const timeline = new Timeline({ cols: 80, rows: 24 }, { budgetBytes });
    for (let i = 0; i < 20_000; i++) timeline.appendOutput(new Uint8Array(512).fill(i & 0xff), i);
    expect(timeline.usedBytes).toBeLessThanOrEqual(budgetBytes);
    const kept = Math.floor(budgetBytes / (512 + EVENT_OVERHEAD_BYTES));
    expect(timeline.events).toHaveLength(kept);
    expect(timeline.events[0]!.atMs).toBe(20_000 - kept);
    expect(timeline.droppedBytes).toBe((20_000 - kept) * 512);
  });

  it('has a 32 MiB budget by default', () => {
    expect(TIMELINE.budgetBytes).toBe(33_554_432);
    const timeline = new Timeline({ cols: 80, rows: 24 });
    timeline.appendOutput(new Uint8Array(TIMELINE.budgetBytes - 2 * EVENT_OVERHEAD_BYTES - 1), 0);
    timeline.appendOutput(new Uint8Array(1), 1);
    expect(timeline.truncated).toBe(false);
    timeline.appendOutput(new Uint8Array(1), 2);
    expect(timeline.truncated).toBe(true);
  });

  it('rejects sizes that are not terminals, budgets that are not positive, and times that are not numbers', () => {
    expect(() => new Timeline({ cols: 0, rows: 24 })).toThrow(
      new TmuxShotError('The recording size 0x24 is not a terminal size: columns and rows must be whole numbers from 1 to 1000x1000.'),
    );
    expect(() => new Timeline({ cols: 80, rows: 24 }).appendResize({ cols: 80.5, rows: 24 }, 0)).toThrow('A resize to 80.5x24 is not a terminal size');
    expect(() => new Timeline({ cols: 80, rows: 24 }, { budgetBytes: 0 })).toThrow('A timeline budget must be a positive number of bytes, not 0.');
    expect(() => new Timeline({ cols: 80, rows: 24 }).appendOutput(bytes('x'), Number.NaN)).toThrow('A timeline time must be a finite number of ms, not NaN.');
  });
});
