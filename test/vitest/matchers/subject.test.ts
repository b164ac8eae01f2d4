import { describe, expect, it } from 'vitest';
import { classifySubject, describeReceived } from '../../../src/vitest/matchers/subject.js';
import { screen } from '../build-snapshot.js';

describe('classifySubject', () => {
  const snapshot = screen(['a'], 2);
  const live = { screen: () => snapshot };
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);

  it('knows live screens, snapshots and PNG bytes', () => {
    expect(classifySubject(live)).toEqual({ kind: 'live', live });
    expect(classifySubject(snapshot)).toEqual({ kind: 'snapshot', snapshot });
    expect(classifySubject(png)).toEqual({ kind: 'png', png });
  });

  it.each([
    [new Uint8Array([1, 2, 3]), '3 bytes that are not a PNG'],
    [{ text: () => '' }, 'an object without screen() (Object)'],
    ['text', 'string'],
    [null, 'null'],
  ])('rejects %j (%s)', (value, description) => {
    expect(classifySubject(value)).toBeUndefined();
    expect(describeReceived(value)).toBe(description);
  });
});
