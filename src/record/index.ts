/**
 * record/: timelines of pane output, asciicast files, frame scheduling and GIF encoding.
 * @example
 *   const timeline = createTimeline({ cols: 80, rows: 24 });
 *   app.onOutput((bytes, atMs) => timeline.appendOutput(bytes, atMs));
 *   const gif = await encodeGif(timeline, { fps: 30 });
 */
export { createTimeline, Timeline } from './timeline.js';
export { formatAsciicast, parseAsciicast } from './asciicast.js';
export { encodeGif } from './encode-gif.js';
export { RECORD } from './options.js';
export type { RecordOptions, ReportFramesOptions } from './options.js';
export { reportFrames } from './report-frames.js';
export type { FrameImage, RecordedFrame, RecordedFrames } from './report-frames.js';
