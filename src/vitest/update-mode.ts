/**
 * The snapshot update mode, read from Vitest's snapshot state on every call so that watch mode's
 * `u` (which flips it to 'all' for one run) is seen.
 */
import type { MatcherState } from 'vitest';
import type { UpdateMode } from '../diff/index.js';

/** The part of Vitest's `SnapshotState` we read; `_updateSnapshot` is its name before 4.1.4. */
interface SnapshotStateLike {
  readonly snapshotUpdateState?: UpdateMode;
  readonly _updateSnapshot?: UpdateMode;
}

/**
 * The update mode of the current test file.
 * @returns `'new'` when no snapshot state is available (outside a test), as Vitest does locally.
 */
export function readUpdateMode(state: Pick<MatcherState, 'snapshotState'> | undefined): UpdateMode {
  const snapshotState = state?.snapshotState as SnapshotStateLike | undefined;
  return snapshotState?.snapshotUpdateState ?? snapshotState?._updateSnapshot ?? 'new';
}
