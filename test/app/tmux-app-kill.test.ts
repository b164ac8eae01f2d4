// kill(signal): signals reach the app's foreground process group; and what an app that closes
// its terminal before it exits reports as its exit.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppExitedError, ConfigError } from '../../src/errors.js';
import { TmuxServer, checkSignal } from '../../src/host/index.js';
import { TmuxApp } from '../../src/app/tmux-app.js';
import { poll } from '../../src/wait.js';

let server: TmuxServer;
let directory: string;
beforeAll(async () => {
  server = await TmuxServer.create();
  directory = mkdtempSync(join(tmpdir(), 'tmux-shot-kill-'));
});
afterAll(async () => {
  await server.dispose();
  rmSync(directory, { recursive: true, force: true });
});

/** Prints each of SIGINT, SIGUSR1 and SIGTERM it gets; exits 7 after SIGTERM. */
const TRAPS = [
  'import os, signal, sys',
  'def got(number, frame):',
  '    name = signal.Signals(number).name',
  '    os.write(1, ("got " + name + "\\n").encode())  # not print: a signal may come while print() writes',
  '    if name == "SIGTERM": sys.exit(7)',
  'for name in ("SIGINT", "SIGUSR1", "SIGTERM"): signal.signal(getattr(signal, name), got)',
  'print("trapping", flush=True)',
  'while True: signal.pause()',
].join('\n');

describe('TmuxApp.kill', () => {
  it('sends each signal to the app, SIGTERM by default', async () => {
    const app = await TmuxApp.start({ command: ['python3', '-c', TRAPS], server, cols: 20, rows: 5 });
    await app.waitForText('trapping');
    await app.kill('SIGINT');
    await app.waitForText('got SIGINT');
    await app.kill('SIGUSR1');
    await app.waitForText('got SIGUSR1');
    await app.kill();
    expect(await app.waitForExit()).toEqual({ exitCode: 7, signal: null });
    expect(app.text()).toBe('trapping\ngot SIGINT\ngot SIGUSR1\ngot SIGTERM\n');
    expect(app.steps.filter((step) => step.kind === 'kill').map((step) => step.title)).toEqual(["kill('SIGINT')", "kill('SIGUSR1')", "kill('SIGTERM')"]);
    await app.close();
  });

  it('ends an app that does not trap the signal, which waitForExit names', async () => {
    const app = await TmuxApp.start({ command: ['python3', '-c', TRAPS], server, cols: 20, rows: 5 });
    await app.waitForText('trapping');
    await app.kill('SIGKILL');
    expect(await app.waitForExit()).toEqual({ exitCode: null, signal: 'SIGKILL' });
    await expect(app.kill()).rejects.toThrow(AppExitedError);
    await app.close();
  });

  it('reaches the job in the foreground of an interactive shell, not the shell', async () => {
    await using app = await TmuxApp.start({ command: ['bash', '--norc', '--noprofile', '-i'], env: { PS1: '$ ' }, server, cols: 30, rows: 8 });
    await app.waitForText('$');
    const script = join(directory, 'traps.py');
    writeFileSync(script, TRAPS);
    await app.type(`python3 ${script}\n`);
    await app.waitForText('trapping');
    await app.kill('SIGUSR1'); // bash would die of it: only python's group may get it
    await app.waitForText('got SIGUSR1');
    await app.kill('SIGTERM');
    await app.waitForText('got SIGTERM');
    await app.type('echo "status $?"\n');
    await app.waitForText('status 7');
    expect(await app.exitStatus()).toBeUndefined();
  });

  it.each([
    ['SIGTREM', " Did you mean 'SIGTRAP' or 'SIGTERM'?"],
    ['SIGUSR', " Did you mean 'SIGUSR1' or 'SIGUSR2' or 'SIGBUS'?"],
    ['sigint', " Did you mean 'SIGINT'?"],
    ['TERM', " Did you mean 'SIGTERM'?"],
    ['NOPE', ''],
  ])('refuses the unknown signal name %j, with the closest names', (name, hint) => {
    expect(() => checkSignal(name)).toThrow(ConfigError);
    expect(() => checkSignal(name)).toThrow(
      `kill() takes a signal name such as 'SIGTERM', 'SIGINT', 'SIGHUP' or 'SIGUSR1' (Node's os.constants.signals); got the string '${name}'.${hint}`,
    );
  });

  it('refuses an unknown name before sending anything', async () => {
    await using app = await TmuxApp.start({ command: ['python3', '-c', TRAPS], server, cols: 20, rows: 5 });
    await app.waitForText('trapping');
    await expect(app.kill('SIGTREM')).rejects.toThrow(ConfigError);
    expect(await app.exitStatus()).toBeUndefined();
  });
});

/** Prints, closes its stdin, stdout and stderr (its whole terminal), touches `argv[1]`, sleeps `argv[2]` s, exits 3; `argv[3]` 'ignore' ignores SIGHUP. */
const CLOSES_TERMINAL = [
  'import os, signal, sys, time',
  'if sys.argv[3] == "ignore": signal.signal(signal.SIGHUP, signal.SIG_IGN)',
  'print("closing", flush=True)',
  'os.close(0); os.close(1); os.close(2)',
  'open(sys.argv[1], "w").close()',
  'time.sleep(float(sys.argv[2]))',
  'os._exit(3)',
].join('\n');

describe('an app that closes its terminal before it exits', () => {
  it('ends by tmux’s hangup (SIGHUP) when it keeps SIGHUP’s default: tmux closes the pane once the terminal is closed', async () => {
    const closed = join(directory, 'default');
    const app = await TmuxApp.start({ command: ['python3', '-c', CLOSES_TERMINAL, closed, '1', 'default'], server, cols: 20, rows: 3 });
    // The hangup comes at once: often before the app's next statement (the file) runs.
    expect(await app.waitForExit()).toEqual({ exitCode: null, signal: 'SIGHUP' });
    expect(app.text()).toBe('closing\n\n');
    await app.close();
  });

  it('keeps its exit status when it ignores SIGHUP, and counts as running until it exits', async () => {
    const closed = join(directory, 'ignore');
    const app = await TmuxApp.start({ command: ['python3', '-c', CLOSES_TERMINAL, closed, '1.5', 'ignore'], server, cols: 20, rows: 3 });
    await poll(() => (existsSync(closed) ? true : undefined), { timeout: 5000, interval: 10 });
    expect(await app.exitStatus()).toBeUndefined();
    expect(await app.waitForExit()).toEqual({ exitCode: 3, signal: null });
    await app.close();
  });

  it('still takes kill() once its terminal is gone: the signal goes to its own process group', async () => {
    const closed = join(directory, 'ignore-then-killed');
    const app = await TmuxApp.start({ command: ['python3', '-c', CLOSES_TERMINAL, closed, '60', 'ignore'], server, cols: 20, rows: 3 });
    await poll(() => (existsSync(closed) ? true : undefined), { timeout: 5000, interval: 10 });
    await app.kill('SIGTERM');
    expect(await app.waitForExit()).toEqual({ exitCode: null, signal: 'SIGTERM' });
    await app.close();
  });
});
