import { describe, expect, test } from 'vitest';
import { screensEqual } from '../../src/screen/index.js';
import type { ScreenSnapshot } from '../../src/snapshot.js';
import { E, encode, modelAfter } from './helpers.js';

/** Snapshots of the same screen before and after `change` is written. */
async function beforeAfter(change: string, setup = `ab${E}[31mc${E}[38;2;1;2;3md`): Promise<[ScreenSnapshot, ScreenSnapshot]> {
  const model = await modelAfter(setup, 6, 2);
  const before = model.snapshot();
  await model.write(encode(change));
  return [before, model.snapshot()];
}

describe('screensEqual', () => {
  test('two snapshots of an unchanged screen are equal (separate objects, same values)', async () => {
    const [a, b] = await beforeAfter('');
    expect([a === b, a.cells[0] === b.cells[0], screensEqual(a, b), screensEqual(a, a)]).toEqual([false, false, true, true]);
  });

  // Cell changes move the cursor back to where the setup left it (row 1, col 5), so only the cell differs.
  test.each([
    ['a character', `${E}[1;1Hx${E}[1;5H`],
    ['a palette colour', `${E}[1;3H${E}[32mc${E}[1;5H`],
    ['an RGB colour', `${E}[1;4H${E}[38;2;1;2;4md${E}[1;5H`],
    ['an attribute only', `${E}[1;1H${E}[53ma${E}[1;5H`],
    ['an underline colour only', `${E}[1;2H${E}[0;4;58;5;1mb${E}[1;5H`, `a${E}[4mb${E}[0mcd`],
    ['the cursor position', `${E}[2;2H`],
    ['the cursor visibility', `${E}[?25l`],
    ['the alternate screen (blank on both)', `${E}[?1049h`, ''],
  ])('differ in %s', async (_, change, setup?: string) => {
    const [a, b] = await beforeAfter(change, setup);
    expect(screensEqual(a, b)).toBe(false);
  });

  test('equal after a change that rewrites the same cells', async () => {
    const [a, b] = await beforeAfter(`${E}[1;1H${E}[0mab${E}[31mc${E}[38;2;1;2;3md`);
    expect(screensEqual(a, b)).toBe(true);
  });

  test('differ in size', async () => {
    const model = await modelAfter('', 6, 2);
    const a = model.snapshot();
    model.resize({ cols: 6, rows: 3 });
    expect(screensEqual(a, model.snapshot())).toBe(false);
  });
});
