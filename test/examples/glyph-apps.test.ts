// The glyphs popular TUIs draw, from real apps: btop's braille graphs, a braille plot with a
// sparkline, sextants and octants, a powerline prompt, exa's
// Nerd Font icons, and Korean, Thai and Hebrew text in less. Screenshots are compared with
// committed baselines: refresh them with `npx vitest run test/examples/glyph-apps.test.ts -u`
// and review the images.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import type { RgbaImage } from '../../src/geometry.js';
import { renderScreen } from '../../src/render/index.js';
import { expect, test } from '../../src/vitest/index.js';
import { pixel } from '../render/helpers/pixels.js';

let dir: string;
beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'tmux-shot-glyphs-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

const isBraille = (chars: string) => chars.length === 1 && chars.charCodeAt(0) >= 0x2800 && chars.charCodeAt(0) <= 0x28ff;

describe('btop', () => {
  // A pinned config: CPU and memory boxes only, braille graphs, the 256-colour default theme, no
  // clock, temperatures, battery or disks, and one update a minute, so the first screen stays.
  const config = [
    'color_theme = "Default"',
    'theme_background = True',
    'truecolor = False',
    'graph_symbol = "braille"',
    'shown_boxes = "cpu mem"',
    'update_ms = 60000',
    'clock_format = ""',
    'show_battery = False',
    'check_temp = False',
    'show_cpu_freq = False',
    'show_uptime = False',
    'mem_graphs = True',
    'show_disks = False',
    'show_swap = False',
  ].join('\n');

  test('draws its graphs in braille', async ({ tmuxApp }) => {
    const home = join(dir, 'btop-home');
    await mkdir(join(home, '.config', 'btop'), { recursive: true });
    await writeFile(join(home, '.config', 'btop', 'btop.conf'), `${config}\n`);
    await tmuxApp.start({ command: ['btop'], env: { HOME: home }, cols: 80, rows: 24 });
    await expect(tmuxApp).toShowText('60000ms');
    await expect(tmuxApp).toShowText('Free:');
    // The memory graphs are braille, one column wide, at the right edge of the mem box (between
    // the ─ of its dividers).
    const graphColumn = tmuxApp
      .screen()
      .cells.slice(10, 22)
      .map((cells) => cells[78]!.chars);
    expect(graphColumn.filter(isBraille).length).toBeGreaterThan(0);
    expect(graphColumn.filter((chars) => !isBraille(chars) && chars !== ' ' && chars !== '─')).toEqual([]);
    // Masked: what depends on the machine and the moment (the CPU box's graphs, model, cores
    // and load; memory sizes, percentages and graphs). Rectangles, not text patterns: a pattern
    // masks as many cells as the value is wide, so "226 MiB" and "1.26 GiB" leave different
    // cells unmasked (a CI failure on a machine with more memory cached).
    const percentages = [11, 14, 17, 20].map((row) => ({ col: 1, row, cols: 4, rows: 1 }));
    await expect(tmuxApp).toMatchScreenshot('btop', {
      mask: [{ col: 1, row: 1, cols: 78, rows: 6 }, { col: 62, row: 9, cols: 17, rows: 13 }, ...percentages],
    });
  });
});

const GRAPH = join(import.meta.dirname, '../../fixtures/braille-graph.py');

/** One pixel row of `image` as text: '#' where it differs from the padding's colour, '.' where not. */
const litRow = (image: RgbaImage, xPx: number, yPx: number, widthPx: number): string => {
  const background = pixel(image, 0, 0).join(',');
  return Array.from({ length: widthPx }, (_, i) => (pixel(image, xPx + i, yPx).join(',') === background ? '.' : '#')).join('');
};

test('draws a braille plot, a sparkline, sextants and an octant ring, the braille dots evenly spaced across cells', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: ['python3', GRAPH], cols: 64, rows: 21 });
  await expect(tmuxApp).toShowText('𜺫▀🮅🮅🮅🮅▀𜺨');
  expect(tmuxApp.text().split('\n')).toEqual([
    '┌ sin and cos in braille, 120x48 dots ───────────────────────┐',
    '│⠉⠉⠒⠢⢄⡀   ⢀⡠⠔⠒⠉⠉⠉⠉⠒⠢⢄⡀                                 ⢀⡠⠔⠒⠉⠉│',
    '│     ⠈⠑⣤⠊⠁          ⠈⠑⢄                             ⡠⠊⠁     │',
    '│     ⡠⠊ ⠑⢄             ⠑⢄                         ⡠⠊        │',
    '│   ⡠⠊     ⠑⢄             ⠑⢄                     ⡠⠊          │',
    '│ ⢀⠎         ⠱⡀             ⠱⡀                 ⢀⠎            │',
    '│⡔⠁           ⠈⠢⡀            ⠈⠢⡀              ⡔⠁             │',
    '│               ⠑⢄             ⠑⢄           ⡠⠊             ⡠⠊│',
    '│                 ⠣⡀             ⠣⡀       ⢀⠜             ⢀⠜  │',
    '│                  ⠈⠢⡀            ⠈⠢⡀   ⢀⠔⠁            ⢀⠔⠁   │',
    '│                    ⠈⠢⡀            ⠈⠢⣀⠔⠁            ⢀⠔⠁     │',
    '│                      ⠈⠢⣀          ⣀⠔⠉⠢⣀          ⣀⠔⠁       │',
    '│                         ⠉⠒⠤⢄⣀⣀⡠⠤⠒⠉     ⠉⠒⠤⢄⣀⣀⡠⠤⠒⠉          │',
    '└────────────────────────────────────────────────────────────┘',
    ' ▅▅▆▇▇▇████▇▇▇▆▆▅▅▅▄▄▄▄▄▅▅▅▅▆▆▆▆▆▆▅▅▄▄▃▃▂▁▁▁▁▁▁▁▁▂▂▃▄▄▅▆▆▆▇▇▇',
    ' 🬀🬁🬂🬃🬄🬅🬆🬇🬈🬉🬊🬋🬌🬍🬎🬏🬐🬑🬒🬓🬔🬕🬖🬗🬘🬙🬚🬛🬜🬝🬞🬟🬠🬡🬢🬣🬤🬥🬦🬧🬨🬩🬪🬫🬬🬭🬮🬯🬰🬱🬲🬳🬴🬵🬶🬷🬸🬹🬺🬻',
    '  𜺠▄▆▆▆▆▄𜺣',
    ' ▗█𜵰𜴂🮂🮂𜴅𜶫█▖',
    ' ▐█▌    ▐█▌',
    ' ▝█𜷤𜶻▂▂𜷋𜷥█▘',
    '  𜺫▀🮅🮅🮅🮅▀𜺨',
  ]);
  // Each braille cell has its curve's colour: cosine yellow, sine cyan, both bright white.
  const snapshot = tmuxApp.screen();
  const fg = (row: number, col: number) => [snapshot.cells[row]![col]!.chars, snapshot.cells[row]![col]!.fg];
  expect([fg(1, 1), fg(6, 1), fg(2, 8)]).toEqual([
    ['⠉', { kind: 'palette', index: 3 }],
    ['⡔', { kind: 'palette', index: 6 }],
    ['⣤', { kind: 'palette', index: 15 }],
  ]);
  // The bottom dots of ⢄⣀⣀⡠ (row 12, columns 29–32) at 9x18 px inside the 4 px padding: 2 px
  // squares, 3 px apart inside a cell and 2 px across each cell boundary, on every cell alike.
  const image = renderScreen(snapshot);
  expect(litRow(image, 4 + 29 * 9, 4 + 12 * 18 + 15, 4 * 9)).toBe('......##..##...##..##...##..##......');
  await expect(tmuxApp).toMatchScreenshot('braille-graph');
});

test('draws a powerline prompt: separators in the colours of the segments they join', async ({ tmuxApp }) => {
  const segments = [
    '\\e[97;44m  main \\e[34;42m\\ue0b0',
    '\\e[30;42m ~/src/app \\e[32;43m\\ue0b0',
    '\\e[30;43m ✔ \\e[33;49m\\ue0b0\\e[0m',
    '\\n\\e[97;45m rounded \\e[35;49m\\ue0b4\\e[0m \\e[35m\\ue0b6\\e[97;45m both \\e[35;49m\\ue0b4\\e[0m',
    '\\n\\e[97;41m slant \\e[31;49m\\ue0bc\\e[0m \\e[97;46m thin \\ue0b1 sep \\e[36;49m\\ue0b0\\e[0m \\ue0a0 \\ue0a1 \\ue0a2',
    '\\n❯ ',
  ].join('');
  await tmuxApp.start({ command: ['bash', '--norc', '--noprofile', '-c', `printf '${segments}'; exec sleep 600`], cols: 50, rows: 5 });
  await expect(tmuxApp).toShowText('❯');
  expect(tmuxApp.text().split('\n').slice(0, 4)).toEqual([
    '  main \ue0b0 ~/src/app \ue0b0 ✔ \ue0b0',
    ' rounded \ue0b4 \ue0b6 both \ue0b4',
    ' slant \ue0bc  thin \ue0b1 sep \ue0b0 \ue0a0 \ue0a1 \ue0a2',
    '❯',
  ]);
  await expect(tmuxApp).toMatchScreenshot('powerline-prompt');
});

test('exa --icons draws a Nerd Font icon before each name', async ({ tmuxApp }) => {
  const project = join(dir, 'project');
  await mkdir(join(project, 'src'), { recursive: true });
  for (const name of ['Cargo.toml', 'README.md', 'main.rs', 'package.json', 'logo.png', 'run.sh', 'notes.txt']) {
    await writeFile(join(project, name), '');
  }
  await tmuxApp.start({ command: ['sh', '-c', 'exa --icons --color=always -1; exec sleep 600'], cwd: project, cols: 40, rows: 10 });
  await expect(tmuxApp).toShowText('src');
  // exa 0.10.1 puts a Nerd Font icon (private use area), then a space, before each name.
  expect(tmuxApp.text().split('\n').slice(0, 8)).toEqual([
    '\ue615 Cargo.toml',
    '\uf1c5 logo.png',
    '\ue7a8 main.rs',
    '\uf15c notes.txt',
    '\ue60b package.json',
    '\uf48a README.md',
    '\uf489 run.sh',
    '\uf115 src',
  ]);
  await expect(tmuxApp).toMatchScreenshot('exa-icons');
});

test('less shows Korean, Thai and Hebrew text', async ({ tmuxApp }) => {
  const text = ['한국어: 안녕하세요, 세계!', 'ไทย: สวัสดีชาวโลก', 'עברית: שלום עולם', 'end'].join('\n');
  await writeFile(join(dir, 'scripts.txt'), `${text}\n`);
  await tmuxApp.start({ command: ['less', '-X', 'scripts.txt'], cwd: dir, cols: 40, rows: 6 });
  await expect(tmuxApp).toShowText('end');
  expect(tmuxApp.text().split('\n').slice(0, 3)).toEqual(text.split('\n').slice(0, 3));
  await expect(tmuxApp).toMatchScreenshot('scripts-in-less');
});
