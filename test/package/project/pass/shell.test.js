// The shell fixture from the installed package: zsh reads the .zshrc the package ships
// (src/app/shells/zsh, reached from dist/), so commands end at its marked prompt.
import { expect, test } from 'tmux-shot/vitest';
import { Shell } from 'tmux-shot';

test.override({ shellOptions: { shell: 'zsh' } });

test('runs a command in zsh with its output and status', async ({ shell }) => {
  expect(await shell.run('echo packaged; false')).toEqual({ output: 'packaged', exitCode: 1 });
});

test('Shell.start runs sh outside the fixture', async () => {
  const shell = await Shell.start({ shell: 'sh' });
  try {
    expect(await shell.run('echo $((1 + 2))')).toEqual({ output: '3', exitCode: 0 });
  } finally {
    await shell.close();
  }
});
