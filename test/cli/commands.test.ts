// The CLI end to end: main() in-process with captured output (real tmux, real files), and the
// installed bin once.
import { execFile } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { parseAsciicast } from '../../src/record/index.js';
import { readPngText, RENDERER_TEXT_KEY } from '../../src/render/index.js';
import { decodeGif } from '../record/decode-gif.js';

const root = resolve(import.meta.dirname, '../..');
const menu = join(root, 'fixtures/menu.mjs');
const dir = mkdtempSync(join(tmpdir(), 'tmux-shot-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { stdout: (t) => out.push(t), stderr: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('tmux-shot shot', () => {
  it('drives the menu and writes a PNG of the settled screen, printing its path', async () => {
    const file = join(dir, 'menu.png');
    const result = await run(
      'shot',
      '--cols',
      '50',
      '--rows',
      '14',
      '--keys',
      'Down Down',
      '--keys',
      'Enter',
      '--wait-for',
      'Selected: Settings',
      '-o',
      file,
      '--',
      'node',
      menu,
    );
    expect(result).toEqual({ code: 0, out: file, err: '' });
    const png = readFileSync(file);
    const image = PNG.sync.read(png);
    // 50x14 cells of 9x18 px plus 4 px padding on each side.
    expect([image.width, image.height]).toEqual([4 + 50 * 9 + 4, 4 + 14 * 18 + 4]);
    expect(readPngText(png)[RENDERER_TEXT_KEY]).toMatch(/^tmux-shot-render\/2 /);
  });

  it('presses an extended key (--keys Control+Enter) into an app that asked for extended keys, and refuses it for one that did not', async () => {
    const keyLog = join(root, 'fixtures/key-log.mjs');
    const log = join(dir, 'keys.bin');
    const asked = await run('shot', '--keys', 'Control+Enter', '--wait-for', 'total=7', '-o', join(dir, 'keys.png'), '--', 'node', keyLog, log, '1');
    expect(asked).toMatchObject({ code: 0, err: '' });
    expect(readFileSync(log, 'latin1')).toBe('\x1b[13;5u');

    const refused = await run('shot', '--keys', 'Control+Enter', '-o', join(dir, 'refused.png'), '--', 'node', keyLog, join(dir, 'refused.bin'));
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("tmux-shot shot: Key 'Control+Enter' is an extended key, and the app has not asked for extended keys");
    expect(existsSync(join(dir, 'refused.bin'))).toBe(false);
  });

  it('exits 1 with the screen when the command cannot run', async () => {
    const result = await run('shot', '-o', join(dir, 'nope.png'), '--', 'no-such-command-xyz');
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      "tmux-shot shot: 'no-such-command-xyz' could not be run (exit status 127, command not found).\n\nScreen:\n   0 │ sh: 1: exec: no-such-command-xyz: not found\n       (rows 1-23 blank)",
    );
  });

  // As clap-based tools and git do for a bad flag: the message and where the usage is, not the whole usage.
  it.each([
    [['shot', '--colz', '3', '--', 'true'], "tmux-shot: unknown option '--colz' (did you mean --cols?)", "Run 'tmux-shot shot --help' for usage."],
    [['shot', '--cols', '0', '--', 'true'], "tmux-shot: --cols takes a whole number from 2 to 1000, not '0'", "Run 'tmux-shot shot --help' for usage."],
    [['shot', '--theme', 'blue', '--', 'true'], "tmux-shot: --theme takes dark or light, not 'blue'", "Run 'tmux-shot shot --help' for usage."],
    [['shot'], 'tmux-shot: shot needs a command after --, e.g. tmux-shot shot -- vim', "Run 'tmux-shot shot --help' for usage."],
    [['frobnicate'], "tmux-shot: Unknown command 'frobnicate'.", "Run 'tmux-shot --help' for usage."],
  ])('exits 2 with the message and one line pointing to the usage for %j', async (argv, first, second) => {
    const result = await run(...argv);
    expect([result.code, result.err]).toEqual([2, `${first}\n${second}`]);
  });

  it('prints help with exit 0', async () => {
    const result = await run('shot', '--help');
    expect(result.code).toBe(0);
    expect(result.out).toContain('--wait-for TEXT');
  });
});

describe('tmux-shot record and render', () => {
  it('records a scripted menu session as a GIF, as a .cast, and re-renders the .cast', async () => {
    const script = join(dir, 'steps.txt');
    writeFileSync(script, '# move and select\nkeys Down Down\nkeys Enter\nwait-for Selected: Settings\n');
    const gifPath = join(dir, 'menu.gif');
    const recorded = await run('record', '--cols', '50', '--rows', '14', '--script', script, '--step-delay', '100', '-o', gifPath, '--', 'node', menu);
    expect(recorded.code).toBe(0);
    const gifBytes = readFileSync(gifPath);
    expect(recorded.out).toBe(`${gifPath} (${gifBytes.length} bytes)`);
    const gif = decodeGif(gifBytes);
    expect([gif.width, gif.height]).toEqual([458, 260]);
    expect(gif.frames.length).toBeGreaterThanOrEqual(3); // first paint, selection moved, selected

    const castPath = join(dir, 'menu.cast');
    expect((await run('record', '--cols', '50', '--rows', '14', '--keys', 'Down', '-o', castPath, '--', 'node', menu)).code).toBe(0);
    const cast = parseAsciicast(readFileSync(castPath, 'utf8'));
    expect(cast.size).toEqual({ cols: 50, rows: 14 });

    const out = castPath.replace(/\.cast$/, '.gif');
    rmSync(out, { force: true });
    const rendered = await run('render', castPath, '--theme', 'light', '--fps', '10');
    expect(rendered).toEqual({ code: 0, out: `${out} (${readFileSync(out).length} bytes)`, err: '' });
    const light = decodeGif(readFileSync(out));
    expect(light.canvases.at(-1)!.subarray(0, 3)).toEqual(new Uint8Array([0xff, 0xff, 0xff])); // light theme background
  });

  it("names the script's 'type' line as the way to send literal text, for an unknown key in a script", async () => {
    const script = join(dir, 'bad-keys.txt');
    writeFileSync(script, 'keys Down Dwn\n');
    const result = await run('record', '--script', script, '-o', join(dir, 'never.gif'), '--', 'true');
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toBe(
      "tmux-shot: Unknown key name 'Dwn'. Did you mean 'Down'? Use tmux key names (C-c, M-x, Enter, Up, F1…) or Playwright-style names (Control+C, ArrowUp); send literal text with a 'type' line.",
    );
    expect(existsSync(join(dir, 'never.gif'))).toBe(false);
  });

  it('writes the format --format names to a path without .gif or .cast, such as /dev/null', async () => {
    const result = await run('record', '--format', 'cast', '--ready', 'none', '-o', '/dev/null', '--', 'true');
    expect([result.code, result.out]).toEqual([0, expect.stringMatching(/^\/dev\/null \(\d+ bytes\)$/)]);
  });

  it('refuses --script together with --keys', async () => {
    const result = await run('record', '--script', 'x', '--keys', 'q', '--', 'true');
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toBe('tmux-shot: use either --script or --keys/--type, not both');
  });
});

describe('the installed bin', () => {
  it('runs from dist/ as `tmux-shot` (built by npm run build, npm test and npm pack)', async () => {
    const { stdout } = await promisify(execFile)(join(root, 'dist/cli/bin.js'), ['--help']);
    expect(stdout).toContain('shot       run an app, drive it, write a PNG of its screen');
  });
});

describe('tmux-shot shot with apps that wait silently or fail', () => {
  it('takes --ready none for an app that prints nothing until typed to', async () => {
    const file = join(dir, 'cat.png');
    const result = await run('shot', '--ready', 'none', '--type', 'hello', '--wait-for', 'hello', '--cols', '20', '--rows', '4', '-o', file, '--', 'cat');
    expect(result).toEqual({ code: 0, out: file, err: '' });
  });

  it('writes the PNG but exits 1 with the screen when the app exits non-zero', async () => {
    const file = join(dir, 'oops.png');
    // The app lingers 0.2 s after its last output: tmux 3.3a can lose the output of an app that exits in the instant after writing it, on a loaded machine (README, Quick exits under load).
    // --settle 1000: the screen counts as settled 1 s after that output, so the app has exited by then even on a loaded machine.
    const result = await run('shot', '--cols', '20', '--rows', '4', '--settle', '1000', '-o', file, '--', 'sh', '-c', 'echo oops; sleep 0.2; exit 3');
    expect(result).toEqual({
      code: 1,
      out: file,
      err: 'tmux-shot shot: \'sh -c "echo oops; sleep 0.2; exit 3"\' failed (exit status 3).\n\nScreen:\n  0 │ oops\n      (rows 1-3 blank)',
    });
    expect(PNG.sync.read(readFileSync(file)).width).toBe(4 + 20 * 9 + 4);
  });

  it('rejects an unknown --ready mode', async () => {
    const result = await run('shot', '--ready', 'later', '--', 'cat');
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toBe("tmux-shot: --ready takes output or none, not 'later'");
  });
});

describe('tmux-shot checks its input before starting the app', () => {
  it.each([
    [
      ['shot', '-o', join(root, 'package.json/a.png'), '--', 'true'],
      `tmux-shot: Cannot write the output ${join(root, 'package.json/a.png')}: a parent of it is not a directory (ENOTDIR).`,
    ],
    [
      ['shot', '-o', tmpdir(), '--', 'true'],
      `tmux-shot: Cannot write the output ${tmpdir()}: it is a directory. Only a regular file (replaced atomically), a missing one, a FIFO or a character device (written as a stream) can be written; choose another path.`,
    ],
    [
      ['shot', '--keys', 'Down enter', '--', 'true'],
      "tmux-shot: Unknown key name 'enter'. Did you mean 'Enter'? Use tmux key names (C-c, M-x, Enter, Up, F1…) or Playwright-style names (Control+C, ArrowUp); send literal text with --type.",
    ],
    [
      ['shot', '--keys', 'Down Control+Shift+1', '--', 'true'],
      "tmux-shot: Key 'Control+Shift+1' is a combination tmux cannot send: with Shift, a character other than a letter is another character ('1' with Shift is '!' on a US keyboard). Did you mean 'Control+!'? Press the key you mean, or send literal text with --type.",
    ],
    [
      ['shot', '--cols', '-5', '--', 'true'],
      "tmux-shot: Option '--cols' argument is ambiguous. Did you forget to specify the option argument for '--cols'? To specify an option argument starting with a dash use '--cols=-XYZ'.",
    ],
    [['record', '--duration', '1e9', '--', 'true'], "tmux-shot: --duration takes a number of seconds above 0 and at most 86400 (a day), not '1e9'"],
    [
      ['record', '-o', 'demo.txt', '--', 'true'],
      `tmux-shot: record writes a GIF or an asciicast, and -o ${resolve('demo.txt')} ends in neither .gif nor .cast: add --format gif or --format cast.`,
    ],
    [
      ['record', '-o', '/dev/null', '--', 'true'],
      'tmux-shot: record writes a GIF or an asciicast, and -o /dev/null ends in neither .gif nor .cast: add --format gif or --format cast.',
    ],
    [['record', '--format', 'webm', '-o', '/dev/null', '--', 'true'], "tmux-shot: --format takes gif or cast, not 'webm'"],
    [
      ['record', '--format', 'cast', '-o', 'demo.gif', '--', 'true'],
      `tmux-shot: -o ${resolve('demo.gif')} ends in .gif but --format is cast: drop one of them.`,
    ],
    [['shot', '-o', 'newdir/', '--', 'true'], "tmux-shot: Cannot write the output newdir/: the path names a folder (it ends in '/'); give a file name."],
    [['shot', '--cols', '80', '24', '--', 'true'], "tmux-shot: unexpected argument '24': the app's command goes after --"],
    [['shot', '-', '--', 'true'], "tmux-shot: unexpected argument '-': the app's command goes after --"],
    [['record', 'vim', '--', 'true'], "tmux-shot: unexpected argument 'vim': the app's command goes after --"],
  ])('%j exits 2 with a usage error', async (argv, first) => {
    const result = await run(...argv);
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toBe(first);
  });

  it("creates the missing folders of -o, as the library's writers do", async () => {
    const file = join(dir, 'new/sub/menu.png');
    const result = await run('shot', '--cols', '20', '--rows', '4', '--ready', 'none', '-o', file, '--', 'true');
    expect([result, PNG.sync.read(readFileSync(file)).width]).toEqual([{ code: 0, out: file, err: '' }, 4 + 20 * 9 + 4]);
  });

  it('writes the target of a dangling symlink given to -o, and the link stays', async () => {
    const link = join(dir, 'latest.png');
    symlinkSync('shots/today.png', link);
    const result = await run('shot', '--cols', '20', '--rows', '4', '--ready', 'none', '-o', link, '--', 'true');
    expect([result.code, lstatSync(link).isSymbolicLink(), PNG.sync.read(readFileSync(join(dir, 'shots/today.png'))).width]).toEqual([0, true, 4 + 20 * 9 + 4]);
  });
});

describe('tmux-shot failures that are not usage errors', () => {
  it('render of a missing file exits 1 with one line, without the usage', async () => {
    const result = await run('render', join(dir, 'nope.cast'));
    expect(result).toEqual({ code: 1, out: '', err: `tmux-shot render: cannot read ${join(dir, 'nope.cast')}: no such file or folder (ENOENT).` });
  });

  it('record of a missing --script exits 1 with one line', async () => {
    const result = await run('record', '--script', join(dir, 'nope.txt'), '-o', join(dir, 'x.gif'), '--', 'true');
    expect(result).toEqual({ code: 1, out: '', err: `tmux-shot record: cannot read --script ${join(dir, 'nope.txt')}: no such file or folder (ENOENT).` });
  });
});

describe('tmux-shot render without -o', () => {
  // ffmpeg and asciinema refuse to replace a file the user did not name (ffmpeg without -y,
  // asciinema rec without --overwrite); render's default borrows the input's name, so it may be
  // a GIF made otherwise.
  it('refuses to replace an existing <input>.gif it was not told to write, and replaces it when named', async () => {
    const folder = join(dir, 'render-default');
    mkdirSync(folder);
    const cast = join(folder, 'demo.cast');
    writeFileSync(cast, `${JSON.stringify({ version: 2, width: 10, height: 2 })}\n[0.1, "o", "hi"]\n`);
    const gif = join(folder, 'demo.gif');
    writeFileSync(gif, 'made by agg');
    const refused = await run('render', cast);
    expect(refused).toEqual({
      code: 2,
      out: '',
      err: `tmux-shot: render writes ${gif} when -o is not given, and that file exists: name it with -o to replace it, or choose another name.\nRun 'tmux-shot render --help' for usage.`,
    });
    expect(readFileSync(gif, 'utf8')).toBe('made by agg');
    const named = await run('render', cast, '-o', gif);
    expect([named.code, decodeGif(readFileSync(gif)).width]).toEqual([0, 4 + 10 * 9 + 4]);
    expect(readdirSync(folder).sort()).toEqual(['demo.cast', 'demo.gif']);
  });
});
