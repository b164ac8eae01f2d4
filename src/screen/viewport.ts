/** The visible screen of a snapshot that holds the scrollback too. Pure. */
import type { ScreenSnapshot } from '../snapshot.js';

/**
 * The visible screen of `snapshot`: a snapshot taken with `{ scrollback: true }` cut to the rows
 * from its `viewportTop` (the cursor row counted from there, `viewportTop` dropped); any other
 * snapshot as it is. Rows are shared, not copied.
 */
export function visibleScreen(snapshot: ScreenSnapshot): ScreenSnapshot {
  const { viewportTop, ...screen } = snapshot;
  if (viewportTop === undefined) return snapshot;
  return {
    ...screen,
    rows: snapshot.rows - viewportTop,
    cells: snapshot.cells.slice(viewportTop),
    cursor: { ...snapshot.cursor, row: snapshot.cursor.row - viewportTop },
  };
}
