// Shell commands with results, in each shell we know, started on real shells: the prompt marks
// (OSC 133) end each command; output is the printed text, exit status the shell's own.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Shell } from '../../src/app/shell.js';
import { SHELL_NAMES } from '../../src/app/shell-presets.js';
import { AppExitedError, ConfigError, WaitTimeoutError } from '../../src/errors.js';

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
    expect(await shell.run(String.raw`printf '10%%\r50%%\r100%%\n\033[31mred\033[0m\n'`)).toEqual({ output: '100%\nred', exitCode: 0 });
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
  let shell: Shell | undefined;
  afterEach(async () => {
    await shell?.close();
    shell = undefined;
  });

  it('refuses a bad command or option, a command of several lines, and a second run while one is pending', async () => {
    shell = await Shell.start({ shell: 'sh' });
    await expect(shell.run('')).rejects.toThrow(new ConfigError('shell.run() needs a command as a string: shell.run("ls -l").'));
    await expect(shell.run('true', { timout: 5 } as never)).rejects.toThrow(new ConfigError("shell.run() has no option 'timout'; it takes { timeout }."));
    await expect(shell.run('echo a\necho b')).rejects.toThrow(
      new ConfigError("shell.run() runs one command line: join commands with ';' or '&&', or run them one by one."),
    );
    const pending = shell.run('sleep 0.3; echo slept');
    await expect(shell.run('true')).rejects.toThrow(
      new ConfigError('shell.run() is already running a command in this shell: await it before running another.'),
    );
    expect(await pending).toEqual({ output: 'slept', exitCode: 0 });
  });

  it("gives bash's message for a line with a syntax error (bash runs no PS0 for it)", async () => {
    shell = await Shell.start({ shell: 'bash' });
    expect(await shell.run('echo (')).toEqual({ output: "bash: syntax error near unexpected token `newline'", exitCode: 2 });
  });

  it('fails with the screen when the prompt does not come back in time, and runs the next command once it does', async () => {
    shell = await Shell.start({ shell: 'bash', cols: 40, rows: 4 });
    const error = await shell.run('sleep 1; echo late', { timeout: 300 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as Error).message).toBe(
      'shell.run("sleep 1; echo late"): the bash prompt did not come back within 300 ms.\n\nScreen:\n  0 │ $ sleep 1; echo late\n      (rows 1-3 blank)',
    );
    expect(await shell.run('echo next', { timeout: 5000 })).toEqual({ output: 'next', exitCode: 0 });
  });

  it("fails with the shell's status and screen when the shell is not installed", async () => {
    const error = await Shell.start({ shell: 'fish', env: { PATH: '/nonexistent' }, cols: 40, rows: 3 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppExitedError);
    expect((error as Error).message).toBe(
      'fish exited (exit status 127) before its prompt came back.\n\nScreen:\n  0 │ sh: 1: exec: fish: not found\n      (rows 1-2 blank)',
    );
  });

  it('fails at once when the shell exits', async () => {
    shell = await Shell.start({ shell: 'zsh', cols: 40, rows: 4 });
    const error = await shell.run('exit 4').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppExitedError);
    expect((error as AppExitedError).exitCode).toBe(4);
    expect((error as Error).message).toBe('zsh exited (exit status 4) before its prompt came back.\n\nScreen:\n  0 │ $ exit 4\n      (rows 1-3 blank)');
  });

  it('refuses a shell it does not know, saying which it knows', async () => {
    await expect(Shell.start({ shell: 'pwsh' as never })).rejects.toThrow(ConfigError);
    await expect(Shell.start({ shell: 'pwsh' as never })).rejects.toThrow(
      "Unknown shell 'pwsh': shell.run() knows 'bash', 'zsh', 'fish', 'sh', whose prompts it marks to see where a command's output ends. " +
        'To run another program, start it as an app: tmuxApp.start({ command: [...] }).',
    );
  });
});
