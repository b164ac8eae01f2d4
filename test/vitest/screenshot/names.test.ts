import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/errors.js';
import { attachmentPaths, baselinePath, sanitizeScreenshotName, ScreenshotNames } from '../../../src/vitest/screenshot/names.js';

const menu = { filepath: '/repo/test/menu.test.ts', name: 'test/menu.test.ts' };

const first = { id: 't1', fullName: 'menu > opens', attempt: '0:0' };
const second = { id: 't2', fullName: 'menu > closes', attempt: '0:0' };
const names = (tests = [first, second]) =>
  new ScreenshotNames(
    sanitizeScreenshotName,
    'menu.test.ts',
    tests.map(({ id, fullName }) => ({ id, fullTestName: fullName })),
  );

describe('ScreenshotNames', () => {
  it('numbers unnamed screenshots from 1 after the full test name', () => {
    const shots = names();
    expect([shots.next(first), shots.next(first), shots.next(first, 'custom'), shots.next(first)]).toEqual([
      'menu > opens 1',
      'menu > opens 2',
      'custom',
      'menu > opens 3',
    ]);
  });

  it('starts the counter again when the test is retried or repeated', () => {
    const shots = names();
    shots.next(first);
    shots.next(first);
    expect(shots.next({ ...first, attempt: '1:0' })).toBe('menu > opens 1');
    expect(shots.next({ ...first, attempt: '1:1' })).toBe('menu > opens 1');
  });

  it('rejects an explicit name used twice in one run, but not in a retry', () => {
    const shots = names();
    shots.next(first, 'dialog');
    expect(() => shots.next(first, 'dialog')).toThrow(ConfigError);
    expect(() => shots.next(first, 'dialog')).toThrow(
      "The screenshot name 'dialog' is used twice in test 'menu > opens'. Give each toMatchScreenshot call in a test its own name, or omit names to number them.",
    );
    expect(shots.next({ ...first, attempt: '1:0' }, 'dialog')).toBe('dialog');
  });

  // test.for([…])('menu > opens') without %s makes two tests of one full name: numbered after
  // it, their screenshots would be one baseline, which -u fills with whichever ran last.
  it('refuses an unnamed screenshot of a test whose full name another test of the file has', () => {
    const twin = { ...first, id: 't3' };
    const shots = names([first, second, twin]);
    const message =
      "2 tests of menu.test.ts are named 'menu > opens' (test.for and test.each name their tests so when the name has no %s, %i or $field): " +
      "unnamed screenshots and cassettes are named after their test, so these tests would share them. Give each test its own name, e.g. test.for([…])('opens %s', …).";
    expect(() => shots.next(first)).toThrow(new ConfigError(message));
    expect(() => shots.next(twin)).toThrow(new ConfigError(message));
    // Explicit names are theirs to choose.
    expect([shots.next(first, 'opened'), shots.next(twin, 'opened twice')]).toEqual(['opened', 'opened twice']);
  });

  it('keeps names in other scripts apart, and lets two tests share one name', () => {
    const shots = names();
    expect([shots.next(first, 'メニュー'), shots.next(first, '菜单'), shots.next(first, 'Меню'), shots.next(second, 'メニュー')]).toEqual([
      'メニュー',
      '菜单',
      'Меню',
      'メニュー',
    ]);
  });

  it('refuses two different names that would be one file of the test file, and a name with no letter or digit', () => {
    const shots = names();
    shots.next(first, 'main menu');
    expect(() => shots.next(second, 'main-menu!')).toThrow(
      new ConfigError(
        "The screenshot names 'main menu' (test 'menu > opens') and 'main-menu!' (test 'menu > closes') would share the baseline main-menu.png: file names keep only letters, digits, '_' and '-', and ignore case. Rename one of them.",
      ),
    );
    expect(() => shots.next(second, 'Main Menu')).toThrow(/^The screenshot names 'main menu' \(test 'menu > opens'\) and 'Main Menu'/);
    expect(() => shots.next(second, '🎉')).toThrow(
      new ConfigError("The screenshot name '🎉' of test 'menu > closes' has no letter or digit to name its file after: give it a name with some."),
    );
    // An auto-name meets an explicit one of another test: 'menu > opens 1' is menu-opens-1.png.
    shots.next(second, 'menu opens 1');
    expect(() => shots.next(first)).toThrow(/^The screenshot names 'menu opens 1' \(test 'menu > closes'\) and 'menu > opens 1' \(test 'menu > opens'\)/);
  });
});

describe('screenshot names become file names as in Vitest, in every script', () => {
  it.each([
    ['main menu', 'main-menu'],
    ['dialogs/confirm quit', 'dialogs/confirm-quit'],
    ['../../etc/passwd', 'etc/passwd'],
    ['/absolute/name.png', 'absolute/name'],
    ['shot.PNG', 'shot'],
    ['ダイアログ/確認 1', 'ダイアログ/確認-1'],
    ['🎉/x', 'x'],
    ['🎉', ''],
  ])('name %j -> %j', (input, expected) => {
    expect(sanitizeScreenshotName(input)).toBe(expected);
  });
});

describe('where screenshot files go', () => {
  it('puts a baseline next to the test file, with no platform suffix', () => {
    expect(baselinePath(menu, 'opens menu 1')).toBe('/repo/test/__screenshots__/menu.test.ts/opens-menu-1.png');
  });

  it('puts failure images under the attachments folder, mirroring the test path', () => {
    expect(attachmentPaths(menu, 'a b 1')).toEqual({
      actual: '/repo/.vitest-attachments/test/menu.test.ts/a-b-1-actual.png',
      diff: '/repo/.vitest-attachments/test/menu.test.ts/a-b-1-diff.png',
    });
  });
});
