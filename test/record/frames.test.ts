import { describe, expect, it } from 'vitest';
import { FrameClock, FrameDelays } from '../../src/record/frames.js';

describe('FrameClock', () => {
  it('has the first frame due at the start', () => {
    expect(new FrameClock(20, 500).dueMs).toBe(500);
  });

  it('has nothing due until a change, then the change time or one interval after the last frame', () => {
    const clock = new FrameClock(20, 0);
    clock.taken(0);
    expect(clock.dueMs).toBeUndefined();
    clock.changed(100);
    expect(clock.dueMs).toBe(100);
    clock.changed(110); // a later change joins the pending frame
    expect(clock.dueMs).toBe(100);
    clock.taken(100);
    clock.changed(105);
    expect(clock.dueMs).toBe(120);
  });
});

describe('FrameDelays', () => {
  const options = { idleCap: 2000, keepRealTime: false, lastFrameHold: 1000 };

  it('gives each frame the time until the next, in 1/100 s, rounding on the running total', () => {
    const delays = new FrameDelays(options, 0);
    // 30 fps frames: 33.3 ms each; rounding each alone would give 3, 3, 3 and drift.
    expect([100 / 3, 200 / 3, 100, 400 / 3].map((t) => delays.next(t))).toEqual([3, 4, 3, 3]);
  });

  it('caps idle stretches at idleCap, unless keepRealTime', () => {
    const capped = new FrameDelays(options, 0);
    expect([100, 10_100, 10_200].map((t) => capped.next(t))).toEqual([10, 200, 10]);
    const real = new FrameDelays({ ...options, keepRealTime: true }, 0);
    expect([100, 10_100, 10_200].map((t) => real.next(t))).toEqual([10, 1000, 10]);
  });

  it('holds the last frame until the end, at least lastFrameHold, at most idleCap', () => {
    const short = new FrameDelays(options, 0);
    expect([short.next(100), short.last(150)]).toEqual([10, 100]);
    const long = new FrameDelays(options, 0);
    expect([long.next(100), long.last(60_000)]).toEqual([10, 200]);
    const real = new FrameDelays({ ...options, keepRealTime: true }, 0);
    expect([real.next(100), real.last(60_000)]).toEqual([10, 5990]);
  });

  it('counts from the start time', () => {
    const delays = new FrameDelays(options, 5000);
    expect([delays.next(5250), delays.last(5250)]).toEqual([25, 100]);
  });
});
