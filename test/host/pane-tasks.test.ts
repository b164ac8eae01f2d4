import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TmuxServer, TmuxSession } from '../../src/host/index.js';
import { readForegroundWait } from '../../src/host/pane-tasks.js';
import { collectOutput } from './helpers/pane-text.js';

const MENU = resolve(import.meta.dirname, '../../fixtures/menu.mjs');

let server: TmuxServer;
beforeAll(async () => {
  server = await TmuxServer.create();
});
afterAll(() => server.dispose());

/** Starts `command`, waits for `shown` in its output, and returns the session and its output. */
async function started(command: readonly string[], shown: string) {
  const session = await TmuxSession.create(server, { cols: 80, rows: 24 });
  const output = collectOutput(session);
  await session.respawnPane({ command: [...command], env: { PS1: '$ ', TERM: 'tmux-256color' } });
  await output.until((text) => text.includes(shown));
  return { session, output };
}

/** Reads the foreground until it answers `answer`, on output's own terms (a read every 5 ms, 5 s at most). */
function until(session: TmuxSession, answer: string) {
  return vi.waitFor(
    async () => {
      const now = await session.foregroundWait();
      if (now !== answer) throw new Error(`the foreground is ${now}`);
      return now;
    },
    { timeout: 5000, interval: 5 },
  );
}

describe('TmuxSession.foregroundWait: the kernel shows the app waiting for keys', () => {
  // What each app's waiting task shows is in src/host/tty-wait.ts's table.
  it.each([
    ['bash (readline: pselect6 on fd 0)', ['bash', '--norc', '--noprofile'], '$ '],
    ['dash (read fd 0)', ['dash', '-i'], '$ '],
    ['zsh (zle: read of its own fd 10)', ['zsh', '-f', '-i'], '$ '],
    ['fish (poll of fd 0 and two eventfds)', ['fish', '--no-config', '-C', 'function fish_prompt; echo -n "fish> "; end'], 'fish> '],
    ['python3 input() (read fd 0, line mode)', ['python3', '-c', 'input("name? ")'], 'name? '],
    ['the python3 REPL (readline)', ['python3', '-q'], '>>> '],
    [
      'python3 curses getch (read fd 0)',
      ['python3', '-c', 'import curses\ndef main(s):\n  s.addstr("curses>"); s.refresh(); s.getch()\ncurses.wrapper(main)'],
      'curses>',
    ],
    ['cat after its first line (read fd 0)', ['sh', '-c', 'echo go; exec cat'], 'go'],
    ['vim (pselect6 on fd 0; a second thread in rt_sigtimedwait)', ['vim', '-u', 'NONE', '-i', 'NONE', '-N', '-n'], '~'],
    ['less (read of /dev/tty)', ['less', '/etc/hostname'], 'END'],
    ['fzf, Go (one of 7 threads reads /dev/tty; sh waits for the pipeline)', ['sh', '-c', "printf 'apple\\nbanana\\n' | fzf"], 'banana'],
    ['node raw mode (epoll_pwait; the tty among the epoll targets)', ['node', MENU], 'Use arrows'],
    [
      'a raw reader whose forked child is a zombie it never reaps',
      ['python3', '-c', 'import os,tty\nif os.fork() == 0: os._exit(0)\ntty.setraw(0); os.write(1, b"ready> "); os.read(0, 1)'],
      'ready> ',
    ],
    [
      'a raw reader beside a stopped background job (kill -STOP)',
      ['sh', '-c', 'sleep 100 & kill -STOP $!; exec python3 -c \'import os,tty\ntty.setraw(0); os.write(1, b"ready> "); os.read(0, 1)\''],
      'ready> ',
    ],
    [
      'a spinner between frames (poll with a timeout)',
      ['python3', '-c', 'import select,sys\nwhile True:\n  sys.stdout.write("spin\\r"); sys.stdout.flush(); select.select([0], [], [], 0.05)'],
      'spin',
    ],
  ])('%s', async (_, command, shown) => {
    const { session } = await started(command, shown);
    await expect(until(session, 'waiting')).resolves.toBe('waiting');
    await session.kill();
  });
});

describe('TmuxSession.foregroundWait: the app does not wait for keys', () => {
  it.each([
    ['asleep on a timer (sleep)', ['sh', '-c', 'echo x; exec sleep 5'], 'busy'],
    ['a shell waiting for its child', ['bash', '--norc', '-c', 'echo x; sleep 5; true'], 'busy'],
    ['running nonstop', ['sh', '-c', 'echo x; exec yes > /dev/null'], 'running'],
    ['reading a pipe, not the terminal', ['sh', '-c', 'echo x; sleep 5 | cat'], 'busy'],
  ])('%s: %s', async (_, command, answer) => {
    const { session } = await started(command, 'x');
    // Asked until it says so: just after 'x' the app may still be at work starting its sleep (running).
    expect(await until(session, answer)).toBe(answer);
    // And it stays so: never waiting for keys.
    for (let read = 0; read < 20; read++) expect(await session.foregroundWait()).toBe(answer);
    await session.kill();
  });

  it('cannot be read once the pane is dead', async () => {
    // It lingers 0.1 s after its output: tmux 3.3a can close the terminal of a process that exits
    // the instant after a write unread (see pane-output.ts), and the 'x' was lost (clean-clone run).
    const { session } = await started(['sh', '-c', 'echo x; sleep 0.1'], 'x');
    await vi.waitFor(async () => expect((await session.paneStatus()).dead).toBe(true));
    expect(await session.foregroundWait()).toBeUndefined(); // first asked now: tmux says dead
    await session.kill();
  });
});

describe('TmuxSession.foregroundWait after respawnPane', () => {
  it('reads the new process, not the one it replaced (the idle cat of a fresh or spare session)', async () => {
    const session = await TmuxSession.create(server, { cols: 80, rows: 24 });
    // The idle `cat`, asked before the app starts (a fresh one may still be starting under load).
    expect(await until(session, 'waiting')).toBe('waiting');
    const output = collectOutput(session);
    await session.respawnPane({ command: ['sh', '-c', 'echo x; exec cat'] });
    await output.until((text) => text.includes('x'));
    // The replaced cat is gone (it would read as 'busy' for ever); the new one waits for keys.
    expect(await until(session, 'waiting')).toBe('waiting');
    await session.kill();
  });
});

describe('readForegroundWait: where the kernel cannot be read', () => {
  it('an arch without a syscall table here', () => {
    expect(readForegroundWait(process.pid, '/dev/null', 'ia32')).toBeUndefined();
  });

  it('a process that is not on the given terminal', () => {
    expect(readForegroundWait(process.pid, '/dev/null')).toBeUndefined();
  });

  it('a process that is gone reads as busy, not unreadable: the foreground is changing (an exit is seen by tmux)', () => {
    expect(readForegroundWait(2 ** 22 + 1, '/dev/null')).toBe('busy');
  });
});

describe('TmuxSession.fence', () => {
  it('comes back after everything written before it, cut out of the stream and off tmux’s screen', async () => {
    const { session, output } = await started(['sh', '-c', 'head -c 300000 /dev/zero | tr "\\0" x; echo; echo end; exec cat'], 'x');
    await until(session, 'waiting'); // cat reads: all 300 007 bytes are written
    expect(await session.fence()).toBe(true);
    expect(output.bytes().length).toBe(300_000 + 2 + 5); // xs, \r\n, end\r\n: nothing of the fence
    expect(output.bytes().includes('\x1b]')).toBe(false);
    expect(await session.fence()).toBe(true); // a second one too
    expect((await session.capturePane()).join('\n')).toMatch(/^(x{80}\n)+x*\nend\n*$/);
    await session.kill();
    expect(output.bytes().includes('\x1b]')).toBe(false);
  });

  it('is false when the pane is dead', async () => {
    // It lingers 0.1 s after its output: tmux 3.3a can close the terminal of a process that exits
    // the instant after a write unread (see pane-output.ts), and the 'x' was lost (clean-clone run).
    const { session } = await started(['sh', '-c', 'echo x; sleep 0.1'], 'x');
    await vi.waitFor(async () => expect((await session.paneStatus()).dead).toBe(true));
    expect(await session.fence()).toBe(false);
    await session.kill();
  });
});
