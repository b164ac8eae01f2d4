// `tmux-shot mcp` against what a model may send: parallel calls on one session, GIF paths that name
// files it did not write, silent apps, apps that exit at once (the server and client as
// mcp-client.ts starts them).
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { closeConnections, connect as connectMcp, texts } from './mcp-client.js';

const scratch = mkdtempSync(join(tmpdir(), 'tmux-shot-mcp-guards-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(closeConnections);

/** A server with a fresh TMPDIR; `call` answers [isError, text parts]. */
async function connect(name: string) {
  const { dir, call: callTool } = await connectMcp(scratch, name);
  const call = async (tool: string, args: Record<string, unknown>): Promise<[boolean, string[]]> => {
    const result = await callTool(tool, args);
    return [result.isError === true, texts(result)];
  };
  return { dir, call };
}

const BASH = { command: ['bash', '--norc', '--noprofile'], cols: 40, rows: 14, env: { PS1: '$ ' } };

describe('tmux-shot mcp, guarded', () => {
  it('runs calls on one session one after another, in the order they came, each on the screen its predecessor left', async () => {
    const { call } = await connect('turns');
    await call('start', BASH);
    const typed = await Promise.all([0, 1, 2, 3, 4].map((i) => call('type_text', { session: 's1', text: `echo C${i}`, enter: true })));
    expect(typed).toEqual(Array(5).fill([false, ['ok: typed 7 characters and Enter']]));
    const [, [screen]] = await call('read_text', { session: 's1' });
    expect(screen!.split('\n').slice(0, 12)).toEqual(['$ echo C0', 'C0', '$ echo C1', 'C1', '$ echo C2', 'C2', '$ echo C3', 'C3', '$ echo C4', 'C4', '$', '']);
  });

  it('runs calls on different sessions at once: a wait on one does not hold up input to another', async () => {
    const { dir, call } = await connect('parallel');
    const file = join(dir, 'log');
    writeFileSync(file, 'tailing\n');
    await call('start', { command: ['tail', '-f', file] });
    await call('start', BASH);
    // Were the sessions queued together, the wait would hold the input that satisfies it until its timeout.
    const waited = call('wait_for_text', { session: 's1', text: 'go', timeout: 10000 });
    expect(await call('type_text', { session: 's2', text: `echo go >> ${file}`, enter: true })).toEqual([
      false,
      [`ok: typed ${11 + file.length} characters and Enter`],
    ]);
    expect(await waited).toEqual([false, ['ok: "go" is on the screen at row 1, col 0']]);
  });

  it('writes a GIF only to a new file or over one it wrote itself: never over another file, never through a symlink', async () => {
    const { dir, call } = await connect('gif');
    await call('start', BASH);
    const theirs = join(dir, 'notours.txt');
    writeFileSync(theirs, 'precious');
    expect(await call('gif', { session: 's1', path: theirs })).toEqual([
      true,
      [`Cannot write the GIF ${theirs}: a file is there that this server did not write; give another path, or delete the file yourself if it may go.`],
    ]);
    expect(readFileSync(theirs, 'utf8')).toBe('precious');

    const target = join(dir, 'target.txt');
    const link = join(dir, 'link.gif');
    writeFileSync(target, 'target precious');
    symlinkSync(target, link);
    expect(await call('gif', { session: 's1', path: link })).toEqual([
      true,
      [
        `Cannot write the GIF ${link}: it is a symbolic link (to ${target}), and a GIF is not written through one; give another path, or delete the link yourself.`,
      ],
    ]);
    expect([readFileSync(target, 'utf8'), lstatSync(link).isSymbolicLink()]).toEqual(['target precious', true]);
    const dangling = join(dir, 'dangling.gif');
    symlinkSync(join(dir, 'nowhere.gif'), dangling);
    expect((await call('gif', { session: 's1', path: dangling }))[0]).toBe(true);
    expect(() => lstatSync(join(dir, 'nowhere.gif'))).toThrow('ENOENT');

    // Its own GIFs it replaces: one written to a path, one written to the temp folder.
    const own = join(dir, 'out', 'session.gif');
    for (let i = 0; i < 2; i++) {
      const [failed, [written]] = await call('gif', { session: 's1', path: own });
      expect([failed, written!.split(' (')[0]]).toEqual([false, `ok: wrote ${own}`]);
    }
    const [, [temp]] = await call('gif', { session: 's1' });
    const [folder] = readdirSync(dir).filter((name) => name.startsWith('tmux-shot-mcp-'));
    const tempGif = join(dir, folder!, 's1.gif');
    expect(temp!.split(' (')[0]).toBe(`ok: wrote ${tempGif}`);
    const [failed, [again]] = await call('gif', { session: 's1', path: tempGif });
    expect([failed, again!.split(' (')[0]]).toEqual([false, `ok: wrote ${tempGif}`]);
    expect(readFileSync(tempGif).subarray(0, 6).toString()).toBe('GIF89a');

    // A GIF this server wrote that someone then replaced is no longer its own.
    writeFileSync(own, 'edited by hand');
    expect((await call('gif', { session: 's1', path: own }))[0]).toBe(true);
    expect(readFileSync(own, 'utf8')).toBe('edited by hand');
  });

  it("starts a silent app with ready: 'none', and names that field when an app prints nothing within the timeout", async () => {
    const { call } = await connect('silent');
    expect(await call('start', { command: ['sleep', '1000'], timeout: 300 })).toEqual([
      true,
      [
        "'sleep 1000' printed nothing within 300 ms; pass ready: 'none' to start for an app that waits silently, or a longer timeout for a slow one.\n\nScreen:\n" +
          '  (every row blank)',
      ],
    ]);
    expect(await call('start', { command: ['sleep', '1000'], ready: 'none', cols: 20, rows: 2 })).toEqual([
      false,
      ["session s1: started 'sleep 1000' at 20×2 cells; its screen:", '\n'],
    ]);
    const [failed, [message]] = await call('start', { command: ['sleep', '1000'], ready: 'text' });
    expect([failed, message!.split(':')[0]]).toEqual([true, 'MCP error -32602']);
  });

  it('says when the app started has already exited, with its exit status and last screen', async () => {
    const { call } = await connect('exited');
    expect(await call('start', { command: ['true'], cols: 20, rows: 2 })).toEqual([
      false,
      ["session s1: started 'true' at 20×2 cells; it has already exited (exit status 0); its last screen:", '\n'],
    ]);
    expect(await call('start', { command: ['sh', '-c', 'echo bye; exit 3'], cols: 20, rows: 2 })).toEqual([
      false,
      ['session s2: started \'sh -c "echo bye; exit 3"\' at 20×2 cells; it has already exited (exit status 3); its last screen:', 'bye\n'],
    ]);
    expect(await call('close', { session: 's2' })).toEqual([false, ['ok: closed s2 (its app had exited: exit status 3)']]);
  });
});
