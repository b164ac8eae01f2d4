/**
 * Everything tmux-shot does differently per supported Vitest version (the peer range `^4.1.0 ||
 * ^5.0.0`), in one place. Compared for our use between Vitest 4.1.12 and 5.1.2 (their published
 * `.d.ts` and `dist/`, and the packed package's test on each, test/package/matrix.sh):
 *
 * - The same in both: `test.extend` and `test.override`, `beforeAll`/`afterAll` with the file,
 *   `recordArtifact` and the artifact and attachment types, `Snapshots.toMatchSnapshot` and
 *   `toMatchFileSnapshot`, `TestRunner.getCurrentTest`, the `RunnerTestCase`/`RunnerTestFile`/
 *   `MatcherState` types, the reporter hooks (`onInit`, `onTestRunEnd`, `TestModule`,
 *   `TestCase`), the `-u [type]` option and the update mode's default ('none' in CI, else 'new').
 * - Where the matchers' types attach: Vitest 4's `Matchers<T>` became Vitest 5's `Matchers<R, T>`,
 *   and TypeScript refuses to merge an interface declared with other type parameters (TS2428),
 *   so no `declare module 'vitest'` block fits both. Both majors build their `Assertion` from
 *   chai's `Chai.Assertion` by a mapped type that keeps a method as it is declared there, so the
 *   matchers are declared on `Chai.Assertion` (below).
 * - Where the update mode is read: `SnapshotState.snapshotUpdateState` since 4.1.4, the field
 *   `_updateSnapshot` before it (4.1.0–4.1.3), both in 5.x ({@link snapshotUpdateStateOf}).
 *
 * Vitest 5 also needs Node ≥ 22.12 and vite as a peer: the user's installation, not our code.
 */
import type { UpdateMode } from '../diff/index.js';
import type { TmuxShotMatchers } from './matchers/matcher-types.js';

declare global {
  namespace Chai {
    /** tmux-shot's matchers on every Vitest `expect(…)`, `.not`, `.resolves` and `.rejects`. */
    interface Assertion extends TmuxShotMatchers {}
  }
}

/** The part of Vitest's `SnapshotState` we read, under the names of every supported version. */
interface SnapshotStateLike {
  readonly snapshotUpdateState?: unknown;
  readonly _updateSnapshot?: unknown;
}

/**
 * The update mode a Vitest `SnapshotState` holds (`expect.getState().snapshotState`): its
 * `snapshotUpdateState` (Vitest 4.1.4+ and 5), else its `_updateSnapshot` (4.1.0–4.1.3). Pure.
 * @returns `undefined` when `snapshotState` is missing or holds neither as 'all', 'new' or 'none'.
 */
export function snapshotUpdateStateOf(snapshotState: unknown): UpdateMode | undefined {
  if (typeof snapshotState !== 'object' || snapshotState === null) return undefined;
  const { snapshotUpdateState, _updateSnapshot } = snapshotState as SnapshotStateLike;
  const mode = snapshotUpdateState ?? _updateSnapshot;
  return mode === 'all' || mode === 'new' || mode === 'none' ? mode : undefined;
}
