import { describe, expect, it } from 'vitest';
import { attachmentPaths, baselinePath, projectRoot, sanitizeScreenshotName, sanitizeSegment } from '../../src/vitest/paths.js';

describe('screenshot names become file names as in Vitest', () => {
  it.each([
    ['opens menu 1', 'opens-menu-1'],
    ['menu > opens it 2', 'menu-opens-it-2'],
    ['  spaced   out  ', '-spaced-out-'],
    ['ünïcode & symbols!', 'ncode-symbols'],
    ['keep_under-score', 'keep_under-score'],
  ])('segment %j -> %j', (input, expected) => {
    expect(sanitizeSegment(input)).toBe(expected);
  });

  it.each([
    ['main menu', 'main-menu'],
    ['dialogs/confirm quit', 'dialogs/confirm-quit'],
    ['../../etc/passwd', 'etc/passwd'],
    ['/absolute/name.png', 'absolute/name'],
    ['shot.PNG', 'shot'],
  ])('name %j -> %j', (input, expected) => {
    expect(sanitizeScreenshotName(input)).toBe(expected);
  });
});

describe('where files go', () => {
  it('puts a baseline next to the test file, with no platform suffix', () => {
    expect(baselinePath('/repo/test/examples/menu.test.ts', 'opens menu 1')).toBe(
      '/repo/test/examples/__screenshots__/menu.test.ts/opens-menu-1.png',
    );
  });

  it('puts failure images under the attachments folder, mirroring the test path', () => {
    expect(attachmentPaths('/repo', '/repo/.vitest-attachments', '/repo/test/menu.test.ts', 'a b 1')).toEqual({
      actual: '/repo/.vitest-attachments/test/menu.test.ts/a-b-1-actual.png',
      diff: '/repo/.vitest-attachments/test/menu.test.ts/a-b-1-diff.png',
    });
  });

  it('finds the project root from the file task', () => {
    expect(projectRoot({ filepath: '/repo/test/menu.test.ts', name: 'test/menu.test.ts' })).toBe('/repo');
    expect(projectRoot({ filepath: '/menu.test.ts', name: 'menu.test.ts' })).toBe('/');
  });
});
