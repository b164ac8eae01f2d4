/**
 * One recording in HTML: its frames as `<img>` elements (without JavaScript, the last frame shows
 * as its keyframe with the patches after it stacked on top), the steps with the frame each jumps
 * to, and the player's controls the script reveals (range, prev/next/play, jump to failure).
 */
import type { AppStep } from '../app/steps.js';
import type { RecordedFrame } from '../record/report-frames.js';
import type { ClientFrame, ScreenPool } from './client-data.js';
import type { ReportRecording } from './data.js';
import { formatMs } from './format.js';
import { escapeHtml as e, pngDataUrl } from './html.js';

/** The index of the frame shown at `ms`: the last one at or before it, else the first (-1 when there are none). */
export function frameAt(frames: readonly Pick<RecordedFrame, 'atMs'>[], ms: number): number {
  if (frames.length === 0) return -1;
  let found = 0;
  frames.forEach((frame, index) => {
    if (frame.atMs <= ms) found = index;
  });
  return found;
}

/** When a step ended, in ms on the app's timeline. */
export function stepEndMs(step: Pick<AppStep, 'atMs' | 'durationMs'>): number {
  return step.atMs + step.durationMs;
}

/** Steps that send input: they last until the app has read it, so the app may already have answered. */
const INPUT_KINDS: ReadonlySet<AppStep['kind']> = new Set(['press', 'type', 'paste', 'mouse']);

/**
 * When a step's screen is shown: an input's as it was sent (its start: a key waits for the app to
 * read it, and the app's answer can be drawn before that wait ends), any other step's as it ended
 * (a wait's outcome).
 */
export function stepShownMs(step: Pick<AppStep, 'kind' | 'atMs' | 'durationMs'>): number {
  return INPUT_KINDS.has(step.kind) ? step.atMs : stepEndMs(step);
}

/** The frame "jump to failure" shows: the first failed step's, else the last frame. */
export function failureFrame(frames: readonly Pick<RecordedFrame, 'atMs'>[], steps: readonly AppStep[]): number {
  const failed = steps.find((step) => step.error !== undefined);
  return failed ? frameAt(frames, stepEndMs(failed)) : frames.length - 1;
}

/** The index of the keyframe frame `index` builds on. */
export function keyframeOf(frames: readonly Pick<RecordedFrame, 'keyframe'>[], index: number): number {
  let at = index;
  while (at > 0 && !frames[at]!.keyframe) at--;
  return at;
}

/**
 * Says that a person typed into the app while attached (`tmux-shot attach --read-write`): the run
 * was touched, so what it shows is not the test's alone. '' when no step is `manual`.
 */
export function touchedNote(steps: readonly Pick<AppStep, 'kind'>[]): string {
  const count = steps.filter((step) => step.kind === 'manual').length;
  if (count === 0) return '';
  return `<p class="note touched">Touched by hand: a person typed into this app while attached (${count === 1 ? '1 manual input step' : `${count} manual input steps`} below).</p>`;
}

function stepItem(step: AppStep, frames: readonly RecordedFrame[]): string {
  const failed = step.error !== undefined;
  const duration = Math.round(step.durationMs) > 0 ? ` <span class="muted">${formatMs(step.durationMs)}</span>` : '';
  const error = failed ? ` <span class="error-text">${e(step.error!)}</span>` : '';
  return (
    `<li class="step${failed ? ' failed' : ''}" data-kind="${e(step.kind)}"><button type="button" class="jump" data-frame="${frameAt(frames, stepShownMs(step))}">${formatMs(step.atMs)}</button> ` +
    `<code>${e(step.title)}</code>${duration}${error}</li>`
  );
}

/** What the frames cover: the last frame's time, or, when older frames were left out, the times the frames still cover. */
function framesCaption({ frames, truncated }: ReportRecording['frames']): string {
  const lastMs = formatMs(frames.at(-1)!.atMs);
  return truncated
    ? `Frames from ${formatMs(frames[0]!.atMs)} to ${lastMs}; older frames were left out (the recording&#39;s size budget).`
    : `Last frame: ${lastMs}`;
}

/** `5`, or with steps left out `2000 of 10000: the oldest 8000 left out`. */
function stepsCount({ steps, droppedSteps = 0 }: ReportRecording): string {
  return droppedSteps > 0 ? `${steps.length} of ${steps.length + droppedSteps}: the oldest ${droppedSteps} left out` : String(steps.length);
}

/** The section's HTML and the script's frames for one recording (`index` numbers it in the page). */
export function recordingSection(recording: ReportRecording, index: number, pool: ScreenPool): { html: string; data: ClientFrame[] } {
  const { frames } = recording.frames;
  const last = frames.length - 1;
  const shownFrom = last < 0 ? 0 : keyframeOf(frames, last);
  const id = `rec-${index}`;
  const data: ClientFrame[] = [];
  const imgs = frames.map((frame, at) => {
    const { xPx, yPx, widthPx, heightPx } = frame.image;
    data.push({
      atMs: frame.atMs,
      time: formatMs(frame.atMs),
      key: frame.keyframe,
      img: `${id}-f${at}`,
      x: xPx,
      y: yPx,
      w: widthPx,
      h: heightPx,
      screen: pool.add(frame.cells),
    });
    const hidden = at < shownFrom ? ' hidden' : '';
    return `<img id="${id}-f${at}" alt="frame ${at + 1}" src="${pngDataUrl(frame.image.png)}" width="${widthPx}" height="${heightPx}" style="left:${xPx}px;top:${yPx}px"${hidden}>`;
  });
  const size = frames[shownFrom]?.image;
  const stack = size
    ? `<div class="frames" id="${id}-frames" style="width:${size.widthPx}px;height:${size.heightPx}px">${imgs.join('')}</div>`
    : '<p>No frames.</p>';
  const note = (recording.note === undefined ? '' : `<p class="note">${e(recording.note)}</p>`) + touchedNote(recording.steps);
  const caption = `${note}${last < 0 ? '' : `<p class="muted">${framesCaption(recording.frames)}</p>`}`;
  const player =
    `<div class="player" hidden><button type="button" class="prev">◀ prev</button><button type="button" class="play">▶ play</button>` +
    `<button type="button" class="next">next ▶</button><input type="range" class="scrub" min="0" max="${Math.max(0, last)}" value="${Math.max(0, last)}" aria-label="frame">` +
    `<span class="time mono"></span><button type="button" class="jump failure" data-frame="${failureFrame(frames, recording.steps)}">jump to failure</button></div>`;
  const steps = recording.steps.map((step) => stepItem(step, frames)).join('');
  const html =
    `<article class="recording" id="${id}" data-recording="${index}"><h3>${e(recording.name)}</h3>${player}${caption}${stack}` +
    `<canvas class="screen" hidden></canvas><h4>Steps (${stepsCount(recording)})</h4><ol class="steps">${steps}</ol></article>`;
  return { html, data };
}
