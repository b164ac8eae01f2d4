/**
 * record/: timelines of pane output, asciicast files, frame scheduling and GIF encoding.
 * @example
 *   const timeline = createTimeline({ cols: 80, rows: 24 });
 *   app.onOutput((bytes, atMs) => timeline.appendOutput(bytes, atMs));
 *   const gif = await encodeGif(timeline, { fps: 30 });
 */
export { createTimeline, EVENT_OVERHEAD_BYTES, Timeline } from './timeline.js';
export type { OutputEvent, ResizeEvent, TimelineEvent, TimelineOptions } from './timeline.js';
export { formatAsciicast, parseAsciicast } from './asciicast.js';
export type { AsciicastOptions } from './asciicast.js';
export { encodeGif } from './encode-gif.js';
export { resolveRecordOptions } from './options.js';
export type { RecordOptions, ResolvedRecordOptions } from './options.js';
export { replayFrames } from './replay.js';
export type { Frame } from './replay.js';

