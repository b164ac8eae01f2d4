// Shell commands with results, in each shell we know, started on real shells: the prompt marks
// (OSC 133) end each command; output is the printed text, exit status the shell's own.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Shell } from '../../src/app/shell.js';
import { SHELL_NAMES } from '../../src/app/shell-presets.js';
import { ConfigError } from '../../src/errors.js';

const seq3000 = Array.from({ length: 3000 }, (_, i) => String(i + 1)).join('\n');

describe.each(SHELL_NAMES)('%s', (name) => {
  let shell: Shell | undefined;
  afterEach(async () => {
    await shell?.close();
    shell = undefined;
  });

  it('runs commands that print nothing, one line, many screens, and fail, with their exact output and status', async () => {
    shell = await Shell.start({ shell: name, cols: 60, rows: 10 });
    expect(await shell.run('true')).toEqual({ output: '', exitCode: 0 });
    expect(await shell.run('echo hi')).toEqual({ output: 'hi', exitCode: 0 });
    expect(await shell.run('seq 1 3000', { timeout: 15_000 })).toEqual({ output: seq3000, exitCode: 0 });
    expect(await shell.run('false')).toEqual({ output: '', exitCode: 1 });
    expect(await shell.run('sh -c "echo oops >&2; exit 3"')).toEqual({ output: 'oops', exitCode: 3 });
    expect(await shell.run("printf 'a\\tb\\n\\nlong %0100d\\n' 0")).toEqual({ output: `a       b\n\nlong ${'0'.repeat(100)}`, exitCode: 0 });
    // The marks never show: the screen has the prompts and commands only.
    expect(shell.app.text().split('\n').slice(-3)).toEqual([`long ${'0'.repeat(55)}`, '0'.repeat(45), '$']);
  });

  it('runs a command that reads input typed through its app', async () => {
    shell = await Shell.start({ shell: name });
    // fish's read draws its own prompt (-P); the others print one. 'name?' is not in the echoed line.
    const result = shell.run(name === 'fish' ? 'read -P "name? " x; echo "got $x"' : 'printf "na%sme? " ""; read x; echo "got $x"');
    await shell.app.waitForText(/^name\?/);
    await shell.app.type('Ada\n');
    expect(await result).toEqual({ output: 'name? Ada\ngot Ada', exitCode: 0 });
  });

  it('runs a full-screen app, quit by keys, whose screen is not printed output', async () => {
    shell = await Shell.start({ shell: name });
    const file = join(import.meta.dirname, '../../package.json');
    const result = shell.run(`less ${file}; echo after less`);
    await shell.app.waitForText('"name": "tmux-shot"');
    await shell.app.press('q');
    expect(await result).toEqual({ output: 'after less', exitCode: 0 });
    expect((await readFile(file, 'utf8')).length).toBeGreaterThan(0);
  });
});

describe('Shell', () => {
  it('refuses a shell it does not know, saying which it knows', async () => {
    await expect(Shell.start({ shell: 'pwsh' as never })).rejects.toThrow(ConfigError);
    await expect(Shell.start({ shell: 'pwsh' as never })).rejects.toThrow(
      "Unknown shell 'pwsh': shell.run() knows 'bash', 'zsh', 'fish', 'sh', whose prompts it marks to see where a command's output ends. " +
        'To run another program, start it as an app: tmuxApp.start({ command: [...] }).',
    );
  });
});
