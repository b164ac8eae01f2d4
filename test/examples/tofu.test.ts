// README "Tofu: finding characters no font has": tofuCodePoints on the screen of a real shell in
// tmux, which lists only what the renderer draws as tofu.
import { tofuCodePoints } from '../../src/index.js';
import { expect, test } from '../../src/vitest/index.js';

test('lists the code points drawn as tofu, as U+ strings', async ({ tmuxApp }) => {
  // Tofu: U+0378 and U+10FFFD. Drawn: NFD Hangul and Ỗ (canonical forms), ⌚ with VS15, a flag.
  // Hidden (SGR 8): U+0379 draws nothing, so it is not listed.
  const printed =
    "printf 'ok \\u0378 \\U0010fffd \\u1112\\u1161\\u11ab O\\u0302\\u0303 \\u231a\\ufe0e \\U0001f1e9\\U0001f1ea \\e[8m\\u0379\\e[0m end\\n'; read";
  await tmuxApp.start({ command: ['bash', '-c', printed], cols: 40, rows: 2 });
  await expect(tmuxApp).toShowText('end');
  expect(tofuCodePoints(tmuxApp.screen())).toEqual(['U+0378', 'U+10FFFD']);
});
