import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { cassettePath, reRecordCommand } from '../../src/vitest/fixtures/cassette-files.js';

const file = {
  filepath: '/repo/test/menu.test.ts',
  name: 'test/menu.test.ts',
  tasks: [
    { type: 'test', fullTestName: "menu > it's open" },
    { type: 'test', fullTestName: 'メニュー > 開く' },
  ],
};

describe('cassette files', () => {
  it('names a cassette after its test, in the folder of its file and project', () => {
    expect(cassettePath({ fullTestName: 'メニュー > 開く', file })).toBe('/repo/test/__cassettes__/menu.test.ts/メニュー-開く.json');
    expect(cassettePath({ fullTestName: 'メニュー > 開く', file: { ...file, projectName: 'dark' } })).toBe(
      '/repo/test/__cassettes__/dark/menu.test.ts/メニュー-開く.json',
    );
  });

  it('refuses a test whose name another test of the file shares as a file name', () => {
    const twins = {
      ...file,
      tasks: [
        { type: 'test', fullTestName: 'a b' },
        { type: 'test', fullTestName: 'a-b' },
      ],
    };
    expect(() => cassettePath({ fullTestName: 'a b', file: twins })).toThrow(ConfigError);
  });

  it('gives the command that re-records one test, in its project', () => {
    expect(reRecordCommand({ fullTestName: "menu > it's open", file })).toBe(
      `TMUX_SHOT_CASSETTES=record npx vitest run test/menu.test.ts -t 'menu > it'\\''s open'`,
    );
    expect(reRecordCommand({ fullTestName: 'メニュー > 開く', file: { ...file, projectName: 'dark' } })).toBe(
      "TMUX_SHOT_CASSETTES=record npx vitest run test/menu.test.ts --project 'dark' -t 'メニュー > 開く'",
    );
  });
});
