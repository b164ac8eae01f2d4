// Flags, keycaps and other emoji sequences printed by a real shell in tmux: which cells the grid
// gives them (tmux 3.3a agrees on every column below but the rainbow flag's, where tmux keeps
// the whole ZWJ sequence in one column and xterm.js gives it three), and how they are drawn.
import { expect, test } from '../../src/vitest/index.js';

const SEQUENCES = ['🇩🇪', '🇯🇵🇺🇸', '🇩', '1️⃣', '#️⃣', '👍🏽', '🏳️‍🌈'];
const script = `${SEQUENCES.map((s, i) => `printf '%s|%s|\\n' ${i} '${s}'`).join('; ')}; printf end`;
test.override({ tmuxOptions: { command: ['bash', '--norc', '--noprofile', '-c', `${script}; sleep 60`], cols: 16, rows: 8 } });

/** One row from column 2 to the closing `|`, each cell as its code points (hex) and width. */
function cellsOf(cells: readonly { chars: string; width: number }[]): string[] {
  const end = cells.findIndex((c, col) => col > 1 && c.chars === '|');
  return cells.slice(2, end).map((c) => `${[...c.chars].map((ch) => ch.codePointAt(0)!.toString(16)).join('+')}/${c.width}`);
}

test('each regional indicator, keycap and modifier sits in the cells the grid gives it', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('end');
  expect(tmuxApp.screen().cells.slice(0, 7).map(cellsOf)).toEqual([
    ['1f1e9/1', '1f1ea/1'],
    ['1f1ef/1', '1f1f5/1', '1f1fa/1', '1f1f8/1'],
    ['1f1e9/1'],
    ['31+fe0f+20e3/1'],
    ['23+fe0f+20e3/1'],
    ['1f44d/2', '/0', '1f3fd/2', '/0'],
    ['1f3f3+fe0f+200d/1', '1f308/2', '/0'],
  ]);
  expect(tmuxApp.text().split('\n').slice(0, 7)).toEqual(SEQUENCES.map((s, i) => `${i}|${s}|`));
});

test('draws paired indicators as flags, a lone one as its letter, keycaps in one cell', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('end');
  await expect(tmuxApp).toMatchScreenshot('emoji-sequences');
});
