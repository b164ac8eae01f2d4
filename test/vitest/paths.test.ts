import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { projectRoot, testAttachmentStem, testFileFolder, testNameStem, testNames } from '../../src/vitest/paths.js';
import { attachmentPaths, baselinePath } from '../../src/vitest/screenshot/names.js';

const menu = { filepath: '/repo/test/menu.test.ts', name: 'test/menu.test.ts' };

describe('where files go', () => {
  it('gives each named Vitest project a folder of its own above the test file', () => {
    const dark = { ...menu, projectName: 'dark theme' };
    expect(baselinePath(dark, 'opens 1')).toBe('/repo/test/__screenshots__/dark-theme/menu.test.ts/opens-1.png');
    expect(attachmentPaths(dark, 'opens 1').actual).toBe('/repo/.vitest-attachments/test/dark-theme/menu.test.ts/opens-1-actual.png');
    expect(testFileFolder('/repo/test/__cassettes__', dark)).toBe('/repo/test/__cassettes__/dark-theme/menu.test.ts');
    expect(testFileFolder('/repo/test/__cassettes__', { ...menu, projectName: '' })).toBe('/repo/test/__cassettes__/menu.test.ts');
    expect(() => baselinePath({ ...menu, projectName: '✨' }, 'x')).toThrow(
      new ConfigError("The Vitest project name '✨' has no letter or digit to name its folder of screenshots and cassettes after: rename the project."),
    );
  });

  it('finds the project root from the file task', () => {
    expect(projectRoot({ filepath: '/repo/test/menu.test.ts', name: 'test/menu.test.ts' })).toBe('/repo');
    expect(projectRoot({ filepath: '/menu.test.ts', name: 'menu.test.ts' })).toBe('/');
  });
});

describe('test names as file names (cassettes, failure screens, GIFs)', () => {
  const tasks = [
    { type: 'suite', fullTestName: 'メニュー', tasks: [{ type: 'test', fullTestName: 'メニュー > 開く' }, { type: 'test', fullTestName: 'メニュー > 閉じる' }] },
    { type: 'test', fullTestName: 'a b' },
  ];

  it('lists the full names of every test of a file', () => {
    expect(testNames(tasks)).toEqual(['メニュー > 開く', 'メニュー > 閉じる', 'a b']);
  });

  it('keeps names in other scripts apart', () => {
    expect(testNameStem('メニュー > 開く', testNames(tasks))).toBe('メニュー-開く');
    expect(testNameStem('メニュー > 閉じる', testNames(tasks))).toBe('メニュー-閉じる');
    expect(testAttachmentStem({ fullTestName: 'a b', file: { ...menu, tasks }, result: { retryCount: 2 } })).toBe('/repo/.vitest-attachments/test/menu.test.ts/a-b-retry-2');
  });

  it('refuses a name with no letter or digit, and two names that give one file', () => {
    expect(() => testNameStem('🎉', ['🎉'])).toThrow(
      new ConfigError("The test name '🎉' has no letter or digit to name its files (cassette, failure screen, GIF) after: rename the test."),
    );
    expect(() => testNameStem('a-b', ['a b', 'a-b'])).toThrow(
      new ConfigError(
        "The tests 'a b' and 'a-b' of one file both name their files (cassette, failure screen, GIF) a-b: file names keep only letters, digits, '_' and '-', and ignore case. Rename one of the tests.",
      ),
    );
    expect(() => testNameStem('Menu', ['menu', 'Menu'])).toThrow(/^The tests 'menu' and 'Menu' of one file both name their files/);
  });
});
