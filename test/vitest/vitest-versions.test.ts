import { describe, expect, it } from 'vitest';
import { snapshotUpdateStateOf } from '../../src/vitest/vitest-versions.js';

describe('snapshotUpdateStateOf', () => {
  it.each([
    ['Vitest 4.1.4+ and 5 (the getter)', { snapshotUpdateState: 'all', _updateSnapshot: 'all' }, 'all'],
    ['Vitest 4.1.0-4.1.3 (the field only)', { _updateSnapshot: 'none' }, 'none'],
    ['the getter wins over the field', { snapshotUpdateState: 'new', _updateSnapshot: 'all' }, 'new'],
    ['a state holding neither', {}, undefined],
    ['a mode no version has', { snapshotUpdateState: 'failing' }, undefined],
    ['no snapshot state (outside a test)', undefined, undefined],
    ['null', null, undefined],
  ])('%s: %j -> %s', (_, snapshotState, mode) => {
    expect(snapshotUpdateStateOf(snapshotState)).toBe(mode);
  });

  it('reads a class getter, as Vitest 5 declares snapshotUpdateState', () => {
    class SnapshotState {
      _updateSnapshot = 'none';
      get snapshotUpdateState(): string {
        return this._updateSnapshot;
      }
    }
    expect(snapshotUpdateStateOf(new SnapshotState())).toBe('none');
  });
});
