import { describe, expect, it } from 'vitest';
import { parseScript } from '../../src/cli/script.js';
import { UsageError } from '../../src/cli/args.js';

describe('parseScript', () => {
  it('reads keys, type, wait-for and pause lines in order, skipping comments and blanks', () => {
    const script = ['# open settings', 'keys Down  Down Enter', '', 'type  two spaces;', 'wait-for Selected: Settings', 'pause 250', ''].join('\n');
    expect(parseScript(script)).toEqual([
      { kind: 'keys', keys: ['Down', 'Down', 'Enter'] },
      { kind: 'type', text: ' two spaces;' },
      { kind: 'wait-for', text: 'Selected: Settings' },
      { kind: 'pause', ms: 250 },
    ]);
  });

  it.each([
    ['jump 3', 'script line 1: unknown step \'jump\' (use keys, type, wait-for or pause): "jump 3"'],
    ['keys', 'script line 1: keys needs at least one key name: "keys"'],
    ['# ok\npause soon', 'script line 2: pause takes a whole number of ms, at most 86400000 (a day): "pause soon"'],
    ['pause 3000000000', 'script line 1: pause takes a whole number of ms, at most 86400000 (a day): "pause 3000000000"'],
    ['pause 1e3', 'script line 1: pause takes a whole number of ms, at most 86400000 (a day): "pause 1e3"'],
    ['wait-for', 'script line 1: wait-for needs the text to wait for: "wait-for"'],
  ])('rejects %j', (script, message) => {
    expect(() => parseScript(script)).toThrow(new UsageError(message, 'record'));
  });
});
