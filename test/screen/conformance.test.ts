import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { ScreenModel, snapshotText } from '../../src/screen/index.js';
import { poll } from '../../src/wait.js';
import type { ScreenSnapshot } from '../../src/snapshot.js';
import { cell, pal, rgb } from './helpers.js';

const FIXTURE = fileURLToPath(new URL('../../fixtures/conformance.mjs', import.meta.url));
const BG = pal(236);

/** The fixture's `--once` output, run under `locale`. */
function paintBytes(locale: string): Buffer {
  return execFileSync(process.execPath, [FIXTURE, '--once'], { env: { ...process.env, LANG: locale, LC_ALL: locale } });
}

describe('fixtures/conformance.mjs --once in an 80x24 ScreenModel', () => {
  let screen: ScreenSnapshot;
  beforeAll(async () => {
    const model = new ScreenModel({ cols: 80, rows: 24 });
    await model.write(paintBytes('C.UTF-8'));
    screen = model.snapshot();
    model.dispose();
  });
  const at = (row: number, col: number) => screen.cells[row]?.[col];
  const rowText = (row: number) => snapshotText(screen).split('\n')[row];

  test('prints the same bytes whatever the locale', () => {
    expect(paintBytes('C').equals(paintBytes('C.UTF-8'))).toBe(true);
  });

  test('paints the background everywhere, marks the corners and hides the cursor', () => {
    expect([at(9, 0), at(22, 40), at(12, 79)]).toEqual([cell({ bg: BG }), cell({ bg: BG }), cell({ bg: BG })]);
    expect([at(0, 0), at(0, 79), at(23, 0), at(23, 79)]).toEqual(Array(4).fill(cell({ chars: '#', bg: BG })));
    expect(screen.cursor.visible).toBe(false);
  });

  test('colour samples sit at their documented cells', () => {
    expect([at(1, 8 + 4 * 9 + 3), at(2, 8 + 4 * 12 + 1), at(4, 8 + 10), at(6, 8 + 23), at(7, 8 + 10), at(8, 8 + 71)]).toEqual([
      cell({ chars: '█', fg: pal(9), bg: BG }),
      cell({ chars: ' ', bg: pal(12) }),
      cell({ chars: ' ', bg: pal(98) }),
      cell({ chars: ' ', bg: pal(255) }),
      cell({ chars: ' ', bg: rgb(30, 225, 128) }),
      cell({ chars: '█', fg: rgb(42, 213, 64), bg: BG }),
    ]);
    expect(at(6, 8 + 24)).toEqual(cell({ bg: BG }));
  });

  test('attribute samples sit at their documented cells', () => {
    expect([at(10, 32), at(10, 55), at(11, 22), at(11, 42), at(11, 52)]).toEqual([
      cell({ chars: 'i', invisible: true, bg: BG }),
      cell({ chars: 'o', overline: true, bg: BG }),
      cell({ chars: 'c', underline: 'curly', bg: BG }),
      cell({ chars: 'c', underline: 'curly', underlineColor: rgb(255, 0, 0), bg: BG }),
      cell({ chars: 'd', underline: 'double', underlineColor: pal(45), bg: BG }),
    ]);
    expect(rowText(10)).toBe('attr    bold dim italic inverse invisible blink strike overline');
    expect(rowText(11)).toBe('under   single double curly dotted dashed curly-red double-pal dashed-green');
  });

  test('wide characters and box drawing sit at their documented cells', () => {
    expect([at(13, 8), at(13, 9), at(13, 20), at(13, 27)]).toEqual([
      cell({ chars: '漢', width: 2, bg: BG }),
      cell({ chars: '', width: 0, bg: BG }),
      cell({ chars: '🙂', width: 2, bg: BG }),
      cell({ chars: '', width: 0, fg: pal(11), bg: pal(4) }),
    ]);
    expect([15, 16, 17, 18].map((row) => rowText(row))).toEqual([
      'box     ┌─┬─┐ ╔══╗ ▀▄█░▒▓     ┌─┬─┐',
      '        │ │ │ ║  ║            │ │ │',
      '        ├─┼─┤ ╠══╣            ├─┼─┤',
      '        └─┴─┘ ╚══╝            └─┴─┘',
    ]);
  });
});

describe('fixtures/conformance.mjs in tmux', () => {
  test('stays open on the alternate screen with the cursor hidden until q, then restores both', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tmux-shot-conformance-'));
    const tmux = (...args: string[]) => execFileSync('tmux', ['-S', join(dir, 'socket'), '-f', '/dev/null', ...args], { encoding: 'utf8' });
    const screenShows = (text: string) => () => (tmux('capture-pane', '-p').includes(text) ? true : undefined);
    const state = () => tmux('display', '-p', '#{alternate_on} #{cursor_flag}').trim();
    const options = { timeout: 5000, interval: 20, onTimeout: () => new Error(`not shown:\n${tmux('capture-pane', '-p')}`) };
    try {
      tmux('new-session', '-d', '-x', '80', '-y', '24', `'${process.execPath}' '${FIXTURE}'; echo exited $?; sleep 30`);
      await poll(screenShows('conformance 80x24'), options);
      expect(state()).toBe('1 0');
      tmux('send-keys', 'q');
      await poll(screenShows('exited 0'), options);
      expect(state()).toBe('0 1');
    } finally {
      tmux('kill-server');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
