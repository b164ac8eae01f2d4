// A real app that asks for extended keys: vim with modifyOtherKeys turned on as `:help
// modifyOtherKeys` says to under tmux (t_TI/t_TE, set before vim starts its terminal mode: --cmd).
import { KeyNameError } from '../../src/errors.js';
import { expect, test } from '../../src/vitest/index.js';

const VIM = ['vim', '-n', '-u', 'NONE', '-i', 'NONE', '-N', '--noplugin'];
const MAPPINGS = ['-c', 'inoremap <C-CR> [C-CR]', '-c', 'inoremap <S-CR> [S-CR]', '-c', 'inoremap <C-Tab> [C-Tab]', '-c', 'inoremap <C-S-a> [C-S-a]'];
const MODIFY_OTHER_KEYS = ['--cmd', 'let &t_TI = "\\<Esc>[>4;2m"', '--cmd', 'let &t_TE = "\\<Esc>[>4;m"'];

test('vim with modifyOtherKeys tells Control+Enter, Shift+Enter, Control+Tab and Control+Shift+A from plain keys', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: [...VIM, ...MODIFY_OTHER_KEYS, ...MAPPINGS], cols: 60, rows: 6 });
  await tmuxApp.press('i', 'Control+Enter', 'Shift+Enter', 'Control+Tab', 'Control+Shift+A', 'Escape');
  await expect(tmuxApp).toShowText('[C-CR][S-CR][C-Tab][C-S-a]');
});

test('vim without modifyOtherKeys: Control+Enter is refused, saying why, and nothing is typed', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: [...VIM, ...MAPPINGS], cols: 60, rows: 6 });
  const error = await tmuxApp.press('i', 'Control+Enter').catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(KeyNameError);
  expect((error as KeyNameError).reason).toBe('extendedKeys');
  expect((error as KeyNameError).suggestions).toEqual(['Enter']);
  await tmuxApp.type('iok');
  await expect(tmuxApp).toShowText(/^ok$/m);
});
