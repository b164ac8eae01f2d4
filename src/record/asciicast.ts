/**
 * asciicast files (pure): v2 written, v2 and v3 read. Follows asciinema's format docs
 * (docs.asciinema.org/manual/asciicast/v2 and /v3): a JSON header line, then one JSON array per
 * event — `[time, "o", text]` for output, `[time, "r", "COLSxROWS"]` for a resize.
 */
import { TmuxShotError } from '../errors.js';
import type { Size } from '../geometry.js';
import { ASCIICAST } from './options.js';
import type { AsciicastOptions } from './options.js';
import { isTerminalSize, TERMINAL_SIZE_RULE, Timeline } from './timeline.js';

/** Seconds with microsecond precision, from ms. */
function seconds(ms: number): number {
  return Math.round(ms * 1000) / 1e6;
}

/**
 * Writes a timeline as an asciicast v2 file. Times count from the timeline's `startMs` (0 unless
 * it was truncated). Output is decoded as streaming UTF-8, so a character split across two
 * events is written whole with the second; bytes that are not UTF-8 become U+FFFD (asciicast
 * holds text, not bytes). The header carries `timestamp` only when the timeline knows its
 * wall-clock start, so the same timeline always gives the same text.
 */
export function formatAsciicast(timeline: Timeline, options: AsciicastOptions = {}): string {
  const start = timeline.startMs;
  const header: Record<string, unknown> = { version: 2, width: timeline.size.cols, height: timeline.size.rows };
  if (timeline.startedAt !== undefined) header.timestamp = Math.floor((timeline.startedAt + start) / 1000);
  header.duration = seconds(timeline.endMs - start);
  header.env = { TERM: options.term ?? ASCIICAST.term };
  const lines = [JSON.stringify(header)];
  const decoder = new TextDecoder('utf-8');
  let lastOutputMs = start;
  for (const event of timeline.events) {
    const t = seconds(event.atMs - start);
    if (event.kind === 'resize') {
      lines.push(JSON.stringify([t, 'r', `${event.cols}x${event.rows}`]));
      continue;
    }
    const text = decoder.decode(event.bytes, { stream: true });
    if (text !== '') lines.push(JSON.stringify([t, 'o', text]));
    lastOutputMs = event.atMs;
  }
  const tail = decoder.decode();
  if (tail !== '') lines.push(JSON.stringify([seconds(lastOutputMs - start), 'o', tail]));
  return `${lines.join('\n')}\n`;
}

/** A parse failure at a 1-based line. */
function bad(line: number, what: string): TmuxShotError {
  return new TmuxShotError(
    `Not a valid asciicast file: line ${line} ${what}. tmux-shot reads asciicast v2 and v3 ` +
      `(asciinema's .cast files): a JSON header line, then one JSON array per event.`,
  );
}

function parseJson(text: string, line: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw bad(line, `is not JSON (${(error as Error).message})`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The version and the starting size from a header. */
function readHeader(header: unknown): { version: 2 | 3; cols: unknown; rows: unknown } {
  if (!isObject(header)) throw bad(1, 'is not a JSON object header');
  if (header.version === 2) return { version: 2, cols: header.width, rows: header.height };
  if (header.version === 3) {
    const term = isObject(header.term) ? header.term : {};
    return { version: 3, cols: term.cols, rows: term.rows };
  }
  throw bad(1, `has version ${JSON.stringify(header.version)}, not 2 or 3`);
}

/**
 * Reads an asciicast v2 or v3 file into a timeline with no memory budget. Output events become
 * their UTF-8 bytes, `r` events resizes; input, marker and exit events are skipped, and so are
 * blank lines and (v3) `#` comments. A v2 `duration` marks the end.
 * @throws {TmuxShotError} when a header or event is not valid asciicast, naming its line.
 */
export function parseAsciicast(text: string): Timeline {
  const lines = text.split('\n');
  const header = parseJson(lines[0] ?? '', 1);
  const { version, cols, rows } = readHeader(header);
  if (typeof cols !== 'number' || typeof rows !== 'number') throw bad(1, 'has no terminal width and height');
  const meta = header as Record<string, unknown>;
  const timeline = new Timeline(sizeAt(1, { cols, rows }), {
    budgetBytes: Number.POSITIVE_INFINITY,
    ...(typeof meta.timestamp === 'number' ? { startedAt: meta.timestamp * 1000 } : {}),
  });
  const encoder = new TextEncoder();
  let atMs = 0;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || (version === 3 && line.startsWith('#'))) continue;
    const event = parseJson(line, i + 1);
    if (!Array.isArray(event) || typeof event[0] !== 'number' || !(event[0] >= 0) || typeof event[1] !== 'string') {
      throw bad(i + 1, 'is not an event [time, code, data] with a time of 0 or more seconds');
    }
    const [time, code, data] = event as [number, string, unknown];
    const ms = Math.round(time * 1e6) / 1e3;
    atMs = version === 2 ? ms : atMs + ms;
    if (code === 'o' || code === 'r') {
      if (typeof data !== 'string') throw bad(i + 1, `has '${code}' data that is not a string`);
      if (code === 'o') timeline.appendOutput(encoder.encode(data), atMs);
      else timeline.appendResize(parseSize(data, i + 1), atMs);
    }
  }
  if (version === 2 && typeof meta.duration === 'number') timeline.markEnd(meta.duration * 1000);
  return timeline;
}

function parseSize(data: string, line: number): Size {
  const match = /^(\d+)x(\d+)$/.exec(data);
  if (!match) throw bad(line, `has a resize to '${data}', not COLSxROWS`);
  return sizeAt(line, { cols: Number(match[1]), rows: Number(match[2]) });
}

/** `size`, when it is a terminal size. */
function sizeAt(line: number, size: Size): Size {
  if (!isTerminalSize(size)) throw bad(line, `has size ${size.cols}x${size.rows}, but ${TERMINAL_SIZE_RULE}`);
  return size;
}
