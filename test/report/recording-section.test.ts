import { describe, expect, it } from 'vitest';
import type { AppStep } from '../../src/app/steps.js';
import { ScreenPool } from '../../src/report/client-data.js';
import { failureFrame, frameAt, keyframeOf, recordingSection, stepEndMs, stepShownMs, touchedNote } from '../../src/report/recording-section.js';
import { sessionFrames } from './report-data.js';

const FRAMES = [0, 120, 400, 900, 1600].map((atMs, at) => ({ atMs, keyframe: at === 0 || at === 4 }));

describe('frameAt', () => {
  it.each([
    [-5, 0],
    [0, 0],
    [119, 0],
    [120, 1],
    [1000, 3],
    [99999, 4],
  ])('at %d ms shows frame %d', (ms, index) => {
    expect(frameAt(FRAMES, ms)).toBe(index);
  });

  it('is -1 without frames', () => {
    expect(frameAt([], 10)).toBe(-1);
  });
});

describe('keyframeOf', () => {
  it.each([
    [0, 0],
    [3, 0],
    [4, 4],
  ])('frame %d builds on keyframe %d', (index, key) => {
    expect(keyframeOf(FRAMES, index)).toBe(key);
  });
});

const step = (atMs: number, durationMs: number, error?: string): AppStep => ({
  kind: 'wait',
  title: 'waitForText("x")',
  atMs,
  durationMs,
  ...(error ? { error } : {}),
});

describe('failureFrame', () => {
  it.each<[string, AppStep[], number]>([
    ['the first failed step, as it ended', [step(0, 10), step(300, 700, 'timed out'), step(1500, 10, 'later')], 3],
    ['the last frame when no step failed', [step(0, 10)], 4],
    ['the last frame without steps', [], 4],
  ])('%s', (_, steps, index) => {
    expect(failureFrame(FRAMES, steps)).toBe(index);
  });

  it('a step ends after its duration', () => {
    expect(stepEndMs(step(300, 700))).toBe(1000);
  });

  it('a wait shows its screen as it ended; an input as it was sent (it lasts until the app read it, whose answer may be drawn by then)', () => {
    expect(stepShownMs(step(300, 700))).toBe(1000);
    for (const kind of ['press', 'type', 'paste', 'mouse'] as const) expect(stepShownMs({ ...step(300, 700), kind })).toBe(300);
    expect(frameAt(FRAMES, stepShownMs({ ...step(300, 150), kind: 'press' }))).toBe(1); // not frame 2, drawn at 400 ms as the key was read
  });
});

describe('recordingSection', () => {
  it("shows times in whole ms (the app's clock gives them to the µs)", () => {
    const frames = sessionFrames().frames.map((frame, at) => ({ ...frame, atMs: [0, 120.4, 400.5, 900.25, 1600.7][at]! }));
    const steps = [step(237.509256, 7.209959), step(447.990472, 402.980232, 'timed out')];
    const { html, data } = recordingSection({ name: 'app', frames: { frames, startMs: 0, endMs: 1700, truncated: false }, steps }, 0, new ScreenPool());
    expect(
      html.match(/<button type="button" class="jump" data-frame="\d">[^<]*<\/button>|<span class="muted">[^<]*<\/span>|<p class="muted">[^<]*<\/p>/g),
    ).toEqual([
      '<p class="muted">Last frame: 1601 ms</p>',
      '<button type="button" class="jump" data-frame="1">238 ms</button>',
      '<span class="muted">7 ms</span>',
      '<button type="button" class="jump" data-frame="2">448 ms</button>',
      '<span class="muted">403 ms</span>',
    ]);
    expect(data.map((frame) => frame.time)).toEqual(['0 ms', '120 ms', '401 ms', '900 ms', '1601 ms']);
  });
});

describe('touchedNote', () => {
  it.each<[string, Pick<AppStep, 'kind'>[], string]>([
    ['none without manual input', [{ kind: 'start' }, { kind: 'press' }], ''],
    [
      'one step',
      [{ kind: 'pause' }, { kind: 'manual' }],
      '<p class="note touched">Touched by hand: a person typed into this app while attached (1 manual input step below).</p>',
    ],
    [
      'several',
      [{ kind: 'manual' }, { kind: 'manual' }],
      '<p class="note touched">Touched by hand: a person typed into this app while attached (2 manual input steps below).</p>',
    ],
  ])('%s', (_, steps, html) => {
    expect(touchedNote(steps)).toBe(html);
  });
});
