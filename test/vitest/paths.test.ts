import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { projectRoot, readIfExists, testAttachmentStem, testFileFolder, testNameStem, testNames } from '../../src/vitest/paths.js';
import { attachmentPaths, baselinePath } from '../../src/vitest/screenshot/names.js';

const menu = { filepath: '/repo/test/menu.test.ts', name: 'test/menu.test.ts' };

describe('where files go', () => {
  it('gives each named Vitest project a folder of its own above the test file, named as the project', () => {
    const dark = { ...menu, projectName: 'dark theme' };
    expect(baselinePath(dark, 'opens 1')).toBe('/repo/test/__screenshots__/dark theme/menu.test.ts/opens-1.png');
    expect(attachmentPaths(dark, 'opens 1').actual).toBe('/repo/.vitest-attachments/test/dark theme/menu.test.ts/opens-1-actual.png');
    expect(testFileFolder('/repo/test/__cassettes__', dark)).toBe('/repo/test/__cassettes__/dark theme/menu.test.ts');
    expect(testFileFolder('/repo/test/__cassettes__', { ...menu, projectName: 'dark-theme' })).toBe('/repo/test/__cassettes__/dark-theme/menu.test.ts');
    expect(testFileFolder('/repo/test/__cassettes__', { ...menu, projectName: 'a/b' })).toBe('/repo/test/__cassettes__/a%2Fb/menu.test.ts');
    expect(testFileFolder('/repo/test/__cassettes__', { ...menu, projectName: '✨' })).toBe('/repo/test/__cassettes__/✨/menu.test.ts');
    expect(testFileFolder('/repo/test/__cassettes__', { ...menu, projectName: '' })).toBe('/repo/test/__cassettes__/menu.test.ts');
  });

  // 'Dark' and 'dark' are one folder on macOS and Windows: a worker cannot see the other
  // projects, but it sees a folder whose name differs only in case.
  it('refuses a project folder when one whose name differs only in case is there', async () => {
    const root = await mkdtemp(join(tmpdir(), 'tmux-shot-paths-'));
    try {
      await mkdir(join(root, '__cassettes__/dark'), { recursive: true });
      const file = { filepath: join(root, 'menu.test.ts'), name: 'menu.test.ts' };
      expect(testFileFolder(join(root, '__cassettes__'), { ...file, projectName: 'dark' })).toBe(join(root, '__cassettes__/dark/menu.test.ts'));
      expect(() => testFileFolder(join(root, '__cassettes__'), { ...file, projectName: 'Dark' })).toThrow(
        new ConfigError(
          `The Vitest project 'Dark' keeps its files in ${join(root, '__cassettes__/Dark')}, but ${join(root, '__cassettes__/dark')} is there: ` +
            'on macOS and Windows, names that differ only in case are one folder, so two projects would share their files. ' +
            'Rename one of the projects (after renaming a project, rename its folders too).',
        ),
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('finds the project root from the file task', () => {
    expect(projectRoot({ filepath: '/repo/test/menu.test.ts', name: 'test/menu.test.ts' })).toBe('/repo');
    expect(projectRoot({ filepath: '/menu.test.ts', name: 'menu.test.ts' })).toBe('/');
  });
});

describe('test names as file names (cassettes, failure screens, GIFs)', () => {
  const tasks = [
    {
      type: 'suite',
      fullTestName: 'メニュー',
      tasks: [
        { type: 'test', id: 't1', fullTestName: 'メニュー > 開く' },
        { type: 'test', id: 't2', fullTestName: 'メニュー > 閉じる' },
      ],
    },
    { type: 'test', id: 't3', fullTestName: 'a b' },
    { type: 'test', id: 't4', fullTestName: 'twin' },
    { type: 'test', id: 't5', fullTestName: 'twin' },
    { type: 'test', id: 't6', fullTestName: '🎉' },
  ];
  const file = { ...menu, tasks };

  it('lists the full names of every test of a file', () => {
    expect(testNames(tasks)).toEqual(['メニュー > 開く', 'メニュー > 閉じる', 'a b', 'twin', 'twin', '🎉']);
  });

  it('keeps names in other scripts apart', () => {
    expect(testNameStem('メニュー > 開く', testNames(tasks))).toBe('メニュー-開く');
    expect(testNameStem('メニュー > 閉じる', testNames(tasks))).toBe('メニュー-閉じる');
    expect(testAttachmentStem({ id: 't3', fullTestName: 'a b', file, result: { retryCount: 2 } })).toBe(
      '/repo/.vitest-attachments/test/menu.test.ts/a-b--retry-2',
    );
  });

  // Failure files are written after the test, where an error would hide the test's own: every
  // test gets a stem of its own, in file order ('--' is in no sanitized name).
  it('gives failure files of twins and of names without letters stems of their own, never an error', () => {
    expect(['t4', 't5', 't6'].map((id) => testAttachmentStem({ id, fullTestName: id === 't6' ? '🎉' : 'twin', file }))).toEqual([
      '/repo/.vitest-attachments/test/menu.test.ts/twin',
      '/repo/.vitest-attachments/test/menu.test.ts/twin--2',
      '/repo/.vitest-attachments/test/menu.test.ts/unnamed',
    ]);
  });

  it('refuses a cassette name with no letter or digit, two names that give one file, and twins', () => {
    expect(() => testNameStem('🎉', ['🎉'])).toThrow(
      new ConfigError("The test name '🎉' has no letter or digit to name its files (cassette, failure screen, GIF) after: rename the test."),
    );
    expect(() => testNameStem('a-b', ['a b', 'a-b'])).toThrow(
      new ConfigError(
        "The tests 'a b' and 'a-b' of one file both name their files (cassette, failure screen, GIF) a-b: file names keep only letters, digits, '_' and '-', and ignore case. Rename one of the tests.",
      ),
    );
    expect(() => testNameStem('Menu', ['menu', 'Menu'])).toThrow(/^The tests 'menu' and 'Menu' of one file both name their files/);
    expect(() => testNameStem('twin', testNames(tasks), 'menu.test.ts')).toThrow(
      new ConfigError(
        "2 tests of menu.test.ts are named 'twin' (test.for and test.each name their tests so when the name has no %s, %i or $field): " +
          "unnamed screenshots and cassettes are named after their test, so these tests would share them. Give each test its own name, e.g. test.for([…])('twin %s', …).",
      ),
    );
  });
});

describe('readIfExists', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tmux-shot-baseline-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives the bytes of the file, undefined when there is none, and throws any other error', () => {
    const path = join(dir, 'menu.png');
    writeFileSync(path, Buffer.from([1, 2, 3]));
    expect(readIfExists(path)).toEqual(Buffer.from([1, 2, 3]));
    expect(readIfExists(join(dir, 'missing.png'))).toBeUndefined();
    expect(() => readIfExists(dir)).toThrow(expect.objectContaining({ code: 'EISDIR' }));
  });
});
