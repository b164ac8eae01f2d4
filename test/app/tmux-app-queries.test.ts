import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TmuxServer } from '../../src/host/index.js';
import { TmuxApp } from '../../src/app/tmux-app.js';
import type { TmuxAppOptions } from '../../src/app/tmux-app.js';

// What an app that asks its terminal questions reads back, read by read, in tmux-shot's terminal:
// fixtures/query-probe.py writes the queries, reads until the answer to DA1 or to a cursor-position
// query (the sentinel apps end a probe with), then 300 ms more, and prints each read in hex.
// Answers sent from our side come after tmux's: a probe that expects them waits for their bytes.
const PROBE = resolve(import.meta.dirname, '../../fixtures/query-probe.py');

let server: TmuxServer;
beforeAll(async () => {
  server = await TmuxServer.create();
});
afterAll(async () => {
  await server.dispose();
});

/**
 * What the probe read: the reads up to the sentinel's answer joined (hex), when that ended (ms
 * after the first write), what came after it, and everything in order. Answers sent from our side
 * come after tmux's DA1 answer, in the same read when the probe was slow to read: only `all`
 * holds them reliably.
 */
interface Probed {
  answer: string;
  sentinelMs: number | undefined;
  late: string;
  all: string;
}

/** Runs the probe with `writes` (one write each, Python escapes) and reads back what it printed. */
async function probe(writes: string[], options: Partial<TmuxAppOptions> = {}): Promise<Probed> {
  await using app = await TmuxApp.start({ command: ['python3', PROBE, ...writes], server, cols: 400, ready: { text: 'probe done' }, ...options });
  const lines = app.text().split('\n');
  const words = (tag: string) => lines.filter((line) => line.startsWith(`${tag} `)).map((line) => line.slice(tag.length + 1));
  const [sentinel] = words('sentinel');
  const [answer, late] = [words('read').join(''), words('late').join('')];
  return { answer, sentinelMs: sentinel === undefined ? undefined : Number(sentinel), late, all: answer + late };
}

/** Runs the probe until the `expected` answers' bytes have all come (up to 5 s: see `--bytes`); what it read, in hex. */
async function probeAll(writes: string[], expected: string, options: Partial<TmuxAppOptions> = {}): Promise<string> {
  // Its start outlasts the probe's 5 s wait for the bytes, so a missing answer shows in the hex diff.
  return (await probe(['--bytes', String(Buffer.byteLength(expected, 'latin1')), ...writes], { timeout: 10_000, ...options })).all;
}

const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex');
/** tmux 3.3a's answer to DA1 (input.c): a VT100 with advanced video. */
const DA1 = '\x1b[?1;2c';

describe('what the terminal answers', () => {
  // lipgloss v2 terminal.go `queryBackgroundColor` (charmbracelet/lipgloss 5696b28) writes
  // ansi.RequestBackgroundColor + ansi.RequestPrimaryDeviceAttributes ("\x1b]11;?\x07" + "\x1b[c",
  // charmbracelet/x ansi/background.go and ansi/ctrl.go) in one write, and reads until DA1's answer:
  // an OSC 11 answer after it counts as none.
  it.each([
    ['dark', 'rgb:0000/0000/0000'],
    ['light', 'rgb:ffff/ffff/ffff'],
  ] as const)('a lipgloss/Bubble Tea v2 probe (OSC 11, DA1 in one write) gets the %s background first, within milliseconds', async (theme, color) => {
    const probed = await probe(['\\x1b]11;?\\x07\\x1b[c'], { theme });
    expect(probed).toMatchObject({ answer: hex(`\x1b]11;${color}\x07${DA1}`), late: '' });
    expect(probed.sentinelMs).toBeLessThan(100);
  });

  // termenv v0.16.0 termenv_unix.go `termStatusReport` (muesli/termenv a1c41fe) writes OSC 11 with ST,
  // then a cursor-position query (CSI 6n), in two writes, and reads until the position.
  it('a termenv probe (OSC 11 with ST, then CSI 6n) gets the background first, answered with ST', async () => {
    const probed = await probe(['\\x1b]11;?\\x1b\\\\', '\\x1b[6n'], { theme: 'light' });
    expect(probed).toMatchObject({ answer: hex('\x1b]11;rgb:ffff/ffff/ffff\x1b\\\x1b[1;1R'), late: '' });
  });

  it('answers the foreground and cursor colours of the theme (OSC 10, 12) with the terminator of each query', async () => {
    const probed = await probe(['\\x1b]10;?\\x1b\\\\\\x1b]12;?\\x07\\x1b[c'], { theme: 'light' });
    expect(probed).toMatchObject({ answer: hex(`\x1b]10;rgb:2e2e/3434/3636\x1b\\\x1b]12;rgb:2e2e/3434/3636\x07${DA1}`), late: '' });
  });

  it('answers a custom theme', async () => {
    const theme = {
      background: { r: 0x12, g: 0x34, b: 0x56 },
      foreground: { r: 0xab, g: 0xcd, b: 0xef },
      cursor: { r: 1, g: 2, b: 3 },
      palette: Array.from({ length: 16 }, (_, i) => ({ r: i, g: i, b: i })),
    };
    const expected = `\x1b]11;rgb:1212/3434/5656\x07\x1b]10;rgb:abab/cdcd/efef\x07\x1b]12;rgb:0101/0202/0303\x07${DA1}\x1b]4;5;rgb:0505/0505/0505\x07`;
    expect(await probeAll(['\\x1b]11;?\\x07\\x1b]10;?\\x07\\x1b]12;?\\x07\\x1b]4;5;?\\x07\\x1b[c'], expected, { theme })).toBe(hex(expected));
  });

  it('answers several palette queries in one OSC 4, each on its own, after DA1 (tmux answers DA1 first)', async () => {
    const expected = `${DA1}\x1b]4;1;rgb:cccc/0000/0000\x1b\\\x1b]4;9;rgb:efef/2929/2929\x1b\\\x1b]4;196;rgb:ffff/0000/0000\x1b\\\x1b]4;244;rgb:8080/8080/8080\x1b\\`;
    expect(await probeAll(['\\x1b]4;1;?;9;?;196;?;244;?\\x1b\\\\\\x1b[c'], expected)).toBe(hex(expected));
  });

  it('does not answer twice a palette colour the app set, which tmux 3.3a answers itself (without the index)', async () => {
    const expected = `\x1b]4;rgb:1212/3434/5656\x07${DA1}\x1b]4;9;rgb:efef/2929/2929\x07`;
    expect(await probeAll(['\\x1b]4;1;#123456\\x07\\x1b]4;1;?;9;?\\x07\\x1b[c'], expected)).toBe(hex(expected));
  });

  it('leaves DA1, DA2, XTVERSION and the cursor position to tmux, once each', async () => {
    const probed = await probe(['\\x1b[>c\\x1b[>q\\x1b[6n\\x1b[c']);
    expect(probed).toMatchObject({ answer: hex(`\x1b[>84;0;0c\x1bP>|tmux 3.3a\x1b\\\x1b[1;1R${DA1}`), late: '' });
  });

  it('leaves the status and the text area size to tmux, which swaps columns and rows', async () => {
    const probed = await probe(['\\x1b[5n\\x1b[18t\\x1b[c']);
    expect(probed).toMatchObject({ answer: hex(`\x1b[0n\x1b[8;400;24t${DA1}`), late: '' });
  });

  it('answers nothing to pixel sizes, DECRQSS, XTGETTCAP and DA3, as tmux 3.3a', async () => {
    const probed = await probe(['\\x1b[14t\\x1b[16t\\x1bP$qm\\x1b\\\\\\x1bP+q544e\\x1b\\\\\\x1b[=c\\x1b[c']);
    expect(probed).toMatchObject({ answer: hex(DA1), late: '' });
  });

  it('answers the kitty keyboard query as terminals without that protocol do: not at all, DA1 tells', async () => {
    expect(await probe(['\\x1b[?u\\x1b[c'])).toMatchObject({ answer: hex(DA1), late: '' });
  });

  it('answers mode queries (DECRQM) from the modes as the app had set them at each query, in order, after DA1', async () => {
    const queries = '\\x1b[?2004$p\\x1b[?2004h\\x1b[?2004$p\\x1b[?2026$p\\x1b[?1004$p\\x1b[?1000h\\x1b[?1006h\\x1b[?1000$p\\x1b[?1006$p\\x1b[?2027$p\\x1b[4$p';
    const expected = `${DA1}\x1b[?2004;2$y\x1b[?2004;1$y\x1b[?2026;2$y\x1b[?1004;2$y\x1b[?1000;1$y\x1b[?1006;1$y\x1b[?2027;0$y\x1b[4;2$y`;
    expect(await probeAll([`${queries}\\x1b[c`], expected)).toBe(hex(expected));
  });
});

describe('vim', () => {
  // vim 9.0 as an xterm (t_RB, t_RF are xterm's) asks for the background (OSC 11) at start and sets
  // 'background' from it; with no answer it keeps its default, light.
  it.each(['dark', 'light'] as const)("sets background=%s from the theme's answer", async (theme) => {
    await using app = await TmuxApp.start({
      command: ['vim', '-u', 'DEFAULTS', '-i', 'NONE', '-N'],
      env: { TERM: 'xterm-256color' },
      theme,
      server,
      ready: { text: /~\s*$/m },
    });
    await app.type(':set background?\r');
    await app.waitForText(`background=${theme}`);
  });
});
