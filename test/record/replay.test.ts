import { describe, expect, it } from 'vitest';
import { replayFrames } from '../../src/record/replay.js';
import type { Frame } from '../../src/record/replay.js';
import { Timeline } from '../../src/record/timeline.js';
import { snapshotText } from '../../src/screen/index.js';
import { TYPED_COMMAND, typingSession } from './sessions.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

async function framesOf(timeline: Timeline, fps = 30, cuts: readonly number[] = []): Promise<Frame[]> {
  const frames: Frame[] = [];
  for await (const frame of replayFrames(timeline, fps, timeline.startMs, cuts)) frames.push(frame);
  return frames;
}

const firstLine = (frame: Frame): string => snapshotText(frame.snapshot).split('\n')[0]!;

/** A 20×3 timeline with `text` written at each time. */
function timelineOf(...events: [number, string][]): Timeline {
  const timeline = new Timeline({ cols: 20, rows: 3 });
  for (const [atMs, text] of events) timeline.appendOutput(bytes(text), atMs);
  return timeline;
}

describe('replayFrames', () => {
  it('yields the start screen, then a frame per keystroke and per chunk of the typing session', async () => {
    const { timeline, typedAtMs, chunksAtMs } = typingSession();
    const frames = await framesOf(timeline);
    expect(frames).toHaveLength(45);
    expect(frames.map((f) => f.atMs)).toEqual([0, ...typedAtMs, ...chunksAtMs]);
    const promptRow = (frame: Frame): string => snapshotText(frame.snapshot).split('\n')[20]!;
    expect(promptRow(frames[0]!)).toBe('user@host:~/project$');
    expect(promptRow(frames[30]!)).toBe(`user@host:~/project$ ${TYPED_COMMAND}`.trimEnd());
    expect(snapshotText(frames[44]!.snapshot).split('\n')[23]).toBe('user@host:~/project$');
  });

  it('caps the rate: a burst inside one interval becomes one frame at the interval end', async () => {
    const frames = await framesOf(timelineOf([100, 'a'], [110, 'b'], [120, 'c'], [130, 'd'], [300, 'e']));
    expect(frames.map((f) => [f.atMs, firstLine(f)])).toEqual([
      [0, ''],
      [100, 'a'],
      [100 + 1000 / 30, 'abcd'],
      [300, 'abcde'],
    ]);
  });

  it.each([
    // The failure report's steps: the app draws its menu in two writes (100, 110) and the test presses a key at 112, answered at 120.
    {
      cuts: [],
      frames: [
        [0, ''],
        [100, 'a'],
        [100 + 1000 / 30, 'abc'],
      ],
    },
    {
      cuts: [112],
      frames: [
        [0, ''],
        [100, 'a'],
        [112, 'ab'],
        [112 + 1000 / 30, 'abc'],
      ],
    },
    {
      cuts: [50],
      frames: [
        [0, ''],
        [100, 'a'],
        [100 + 1000 / 30, 'abc'],
      ],
    }, // nothing changed since the frame before
    {
      cuts: [105, 112],
      frames: [
        [0, ''],
        [100, 'a'],
        [112, 'ab'],
        [112 + 1000 / 30, 'abc'],
      ],
    }, // 105: the screen of frame 100
    {
      cuts: [500],
      frames: [
        [0, ''],
        [100, 'a'],
        [100 + 1000 / 30, 'abc'],
      ],
    }, // after the last output
  ])('takes a frame at each cut $cuts whatever fps, when the screen changed since the frame before', async ({ cuts, frames }) => {
    const replayed = await framesOf(timelineOf([100, 'a'], [110, 'b'], [120, 'c']), 30, cuts);
    expect(replayed.map((f) => [f.atMs, firstLine(f)])).toEqual(frames);
  });

  it('takes no cut frame inside a synchronized update (DEC 2026): the screen there is half drawn', async () => {
    const replayed = await framesOf(timelineOf([100, '\x1b[?2026ha'], [110, 'b\x1b[?2026l'], [120, 'c']), 30, [105]);
    expect(replayed.map((f) => [f.atMs, firstLine(f)])).toEqual([
      [0, ''],
      [110, 'ab'],
      [110 + 1000 / 30, 'abc'],
    ]);
  });

  it('samples a flood at most fps times a second', async () => {
    const events = Array.from({ length: 21 }, (_, i): [number, string] => [1000 + i * 5, String.fromCharCode(65 + i)]);
    const frames = await framesOf(timelineOf(...events), 50);
    expect(frames.map((f) => f.atMs)).toEqual([0, 1000, 1020, 1040, 1060, 1080, 1100]);
    expect(firstLine(frames[2]!)).toBe('ABCDE');
  });

  it('skips screens equal to the previous frame', async () => {
    const frames = await framesOf(timelineOf([100, 'x'], [200, '\x1b[1;2H'], [300, '\x1b[31m\x1b[0m'], [400, 'y']));
    expect(frames.map((f) => [f.atMs, firstLine(f)])).toEqual([
      [0, ''],
      [100, 'x'],
      [400, 'xy'],
    ]);
  });

  it('never shows the middle of a synchronized update (DEC 2026)', async () => {
    const frames = await framesOf(timelineOf([100, '\x1b[?2026hhal'], [200, 'f\x1b[?2026l'], [300, '!'], [400, '\x1b[?2026hx']));
    expect(frames.map((f) => [f.atMs, firstLine(f)])).toEqual([
      [0, ''],
      [200, 'half'],
      [300, 'half!'],
      [400, 'half!x'], // the recording ended inside an update: its last screen is shown anyway
    ]);
  });

  it('ends a synchronized update that is never ended 1000 ms after it began, as terminals do', async () => {
    const frames = await framesOf(timelineOf([100, 'a'], [200, '\x1b[?2026hhalf-drawn'], [900, ' more'], [1500, '!'], [3000, '?']));
    expect(frames.map((f) => [f.atMs, firstLine(f)])).toEqual([
      [0, ''],
      [100, 'a'],
      [1200, 'ahalf-drawn more'], // 1000 ms after the update began
      [1500, 'ahalf-drawn more!'],
      [3000, 'ahalf-drawn more!?'],
    ]);
  });

  it('follows resizes', async () => {
    const timeline = timelineOf([100, 'abc']);
    timeline.appendResize({ cols: 30, rows: 5 }, 200);
    timeline.appendOutput(bytes('d'), 300);
    const frames = await framesOf(timeline);
    expect(frames.map((f) => [f.atMs, f.snapshot.cols, f.snapshot.rows, firstLine(f)])).toEqual([
      [0, 20, 3, ''],
      [100, 20, 3, 'abc'],
      [200, 30, 5, 'abc'],
      [300, 30, 5, 'abcd'],
    ]);
  });

  it('starts a truncated timeline from a blank screen, skipping the tail of a cut character', async () => {
    const timeline = new Timeline({ cols: 20, rows: 3 }, { budgetBytes: 600 });
    const euro = bytes('€');
    timeline.appendOutput(new Uint8Array([...bytes('lost '), euro[0]!]), 100);
    timeline.appendOutput(new Uint8Array([euro[1]!, euro[2]!, ...bytes('kept')]), 200);
    timeline.appendOutput(bytes('!'), 300);
    expect(timeline.truncated).toBe(true);
    const frames = await framesOf(timeline);
    expect(frames.map((f) => [f.atMs, firstLine(f)])).toEqual([
      [200, 'kept'],
      [300, 'kept!'],
    ]);
  });

  it('yields one blank frame for an empty timeline', async () => {
    const frames = await framesOf(new Timeline({ cols: 20, rows: 3 }));
    expect(frames.map((f) => [f.atMs, snapshotText(f.snapshot)])).toEqual([[0, '\n\n']]);
  });
});
