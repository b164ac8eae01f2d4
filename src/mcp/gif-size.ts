/**
 * How big a session `tmux-shot mcp` makes a GIF of (pure): drawing one runs on the server's one
 * thread and holds every session meanwhile (a 1000×1000 session took 14 s and 2 GB), so sessions
 * larger than `MCP_LIMITS.gifCells` at any time are refused.
 */
import { ConfigError } from '../errors.js';
import type { Size } from '../geometry.js';
import { MCP_LIMITS } from './limits.js';

/** What {@link checkGifSize} reads of a session's timeline: its first size and its resizes. */
export interface SizedTimeline {
  readonly size: Size;
  readonly events: readonly ({ kind: 'resize'; cols: number; rows: number } | { kind: 'output' })[];
}

/**
 * The session's largest size in cells (most cells at once), over its first size and every resize.
 * @throws {ConfigError} when that is more than `MCP_LIMITS.gifCells`, saying what to do instead.
 */
export function checkGifSize(session: string, timeline: SizedTimeline): Size {
  let largest = timeline.size;
  for (const event of timeline.events) {
    if (event.kind === 'resize' && event.cols * event.rows > largest.cols * largest.rows) largest = { cols: event.cols, rows: event.rows };
  }
  const cells = largest.cols * largest.rows;
  if (cells <= MCP_LIMITS.gifCells) return largest;
  throw new ConfigError(
    `Cannot make a GIF of session ${session}: it was ${largest.cols}×${largest.rows} cells (${cells} cells) at its largest, and tmux-shot mcp ` +
      `draws GIFs of sessions of at most ${MCP_LIMITS.gifCells} cells (such as 250×80), since drawing one holds every session; ` +
      'take a screenshot instead, or record in a smaller session.',
  );
}
