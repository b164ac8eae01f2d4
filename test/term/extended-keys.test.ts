import { describe, expect, it } from 'vitest';
import { applyDisableModifyKeys, applyModifyKeys } from '../../src/term/extended-keys.js';
import { ScreenModel } from '../../src/screen/terminal.js';

describe('applyModifyKeys (CSI > Pp ; Pv m, as tmux 3.3a follows it)', () => {
  it.each([
    // was on, params, now on
    [false, [4, 1], true],
    [false, [4, 2], true],
    [true, [4, 0], false],
    [true, [4], false],
    [true, [0], false],
    [true, [], false],
    [false, [4, 3], false],
    [true, [4, 3], true],
    [false, [1, 2], false],
    [true, [2, 2], true],
    [false, [[4], [1]], true],
  ] satisfies [boolean, (number | number[])[], boolean][])('on=%s, params %j → %s', (on, params, expected) => {
    expect(applyModifyKeys(on, params)).toBe(expected);
  });
});

describe('applyDisableModifyKeys (CSI > Pp n)', () => {
  it.each([
    [true, [4], false],
    [false, [4], false],
    [true, [1], true],
    [true, [], true],
  ] satisfies [boolean, number[], boolean][])('on=%s, params %j → %s', (on, params, expected) => {
    expect(applyDisableModifyKeys(on, params)).toBe(expected);
  });
});

describe('ScreenModel.extendedKeys', () => {
  it.each([
    ['', false],
    ['\x1b[>4;1m', true],
    ['\x1b[>4;2m', true],
    ['\x1b[>4;1m\x1b[>4;0m', false],
    ['\x1b[>4;2m\x1b[>4m', false],
    ['\x1b[>4;1m\x1b[>4n', false],
    ['\x1b[>4;1m\x1bc', false],
    ['\x1b[>4;1m\x1b[>1;2m', true],
    ['\x1b[>1u', false], // the kitty keyboard protocol, which tmux 3.3a does not follow
    ['\x1b[4;1m', false], // SGR, not XTMODKEYS
  ])('after %j: %s', (output, expected) => {
    const model = new ScreenModel({ cols: 20, rows: 2 });
    model.write(new TextEncoder().encode(output));
    expect(model.extendedKeys()).toBe(expected);
    model.dispose();
  });
});
