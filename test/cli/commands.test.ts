// The CLI end to end: main() in-process with captured output (real tmux, real files), and the
// installed bin once.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    const result = await run('shot', '--cols', '50', '--rows', '14', '--keys', 'Down Down', '--keys', 'Enter', '--wait-for', 'Selected: Settings', '-o', file, '--', 'node', menu);
    expect(result).toEqual({ code: 0, out: file, err: '' });
    const png = readFileSync(file);
    const image = PNG.sync.read(png);
    // 50x14 cells of 9x18 px plus 4 px padding on each side.
    expect([image.width, image.height]).toEqual([4 + 50 * 9 + 4, 4 + 14 * 18 + 4]);
    expect(readPngText(png)[RENDERER_TEXT_KEY]).toMatch(/^tmux-shot-render\/1 /);
  });

  it('exits 1 with the screen when the command cannot run', async () => {
    const result = await run('shot', '-o', join(dir, 'nope.png'), '--', 'no-such-command-xyz');
    expect(result.code).toBe(1);
    expect(result.err).toBe("tmux-shot shot: 'no-such-command-xyz' could not be run (exit status 127, command not found). Screen:\nsh: 1: exec: no-such-command-xyz: not found");
  });

  const shotUsage = 'Usage: tmux-shot shot [options] -- command [args…]';
  it.each([
    [['shot', '--colz', '3', '--', 'true'], "tmux-shot: unknown option '--colz' (did you mean --cols?)", shotUsage],
    [['shot', '--cols', '0', '--', 'true'], "tmux-shot: --cols takes a whole number from 2 to 1000, not '0'", shotUsage],
    [['shot', '--theme', 'blue', '--', 'true'], "tmux-shot: --theme takes dark or light, not 'blue'", shotUsage],
    [['shot'], 'tmux-shot: shot needs a command after --, e.g. tmux-shot shot -- vim', shotUsage],
    [['frobnicate'], "tmux-shot: Unknown command 'frobnicate'.", 'Usage: tmux-shot <command> [options] -- command [args…]'],
  ])('exits 2 with the usage for %j', async (argv, first, usage) => {
    const result = await run(...argv);
    expect(result.code).toBe(2);
    expect(result.err.split('\n').slice(0, 3)).toEqual([first, '', usage]);
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

    const rendered = await run('render', castPath, '--theme', 'light', '--fps', '10');
    const out = castPath.replace(/\.cast$/, '.gif');
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
    const result = await run('shot', '--cols', '20', '--rows', '4', '-o', file, '--', 'sh', '-c', 'echo oops; exit 3');
    expect(result).toEqual({ code: 1, out: file, err: 'tmux-shot shot: \'sh -c "echo oops; exit 3"\' failed (exit status 3). Screen:\noops' });
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
    [['shot', '-o', '/nonexistent-dir/a.png', '--', 'true'], 'tmux-shot: cannot write /nonexistent-dir/a.png: the folder /nonexistent-dir does not exist'],
    [['shot', '-o', tmpdir(), '--', 'true'], `tmux-shot: cannot write ${tmpdir()}: it is a directory`],
    [['shot', '--keys', 'Down enter', '--', 'true'], "tmux-shot: Unknown key name 'enter'. Did you mean 'Enter'? Use tmux key names (C-c, M-x, Enter, Up, F1…) or Playwright-style names (Control+C, ArrowUp); send literal text with --type."],
    [['shot', '--cols', '-5', '--', 'true'], "tmux-shot: Option '--cols' argument is ambiguous. Did you forget to specify the option argument for '--cols'? To specify an option argument starting with a dash use '--cols=-XYZ'."],
    [['record', '--duration', '1e9', '--', 'true'], "tmux-shot: --duration takes a number of seconds above 0 and at most 86400 (a day), not '1e9'"],
    [['record', '-o', 'demo.txt', '--', 'true'], "tmux-shot: -o must end in .gif or .cast, not 'demo.txt'"],
    [['shot', '--cols', '80', '24', '--', 'true'], "tmux-shot: unexpected argument '24': the app's command goes after --"],
    [['shot', '-', '--', 'true'], "tmux-shot: unexpected argument '-': the app's command goes after --"],
    [['record', 'vim', '--', 'true'], "tmux-shot: unexpected argument 'vim': the app's command goes after --"],
  ])('%j exits 2 with a usage error', async (argv, first) => {
    const result = await run(...argv);
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toBe(first);
  });
});
