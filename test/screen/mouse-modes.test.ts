import { describe, expect, test } from 'vitest';
import type { MouseModes } from '../../src/snapshot.js';
import { E, modelAfter } from './helpers.js';

// Expected values follow xterm-410 charproc.c (`dpmodes`: `set_mousemode`, the extended-coordinate
// cases; `ReallyReset`), not xterm.js, which tracks neither 1005 nor 1015.
describe('the mouse modes the screen model tracks from DECSET/DECRST', () => {
  test.each<[string, string, MouseModes]>([
    ['a new terminal: off, default encoding', '', { tracking: 'none', encoding: 'default' }],
    ['X10 (9)', `${E}[?9h`, { tracking: 'x10', encoding: 'default' }],
    ['normal (1000)', `${E}[?1000h`, { tracking: 'normal', encoding: 'default' }],
    ['button-event (1002)', `${E}[?1002h`, { tracking: 'button', encoding: 'default' }],
    ['any-event (1003)', `${E}[?1003h`, { tracking: 'any', encoding: 'default' }],
    ['UTF-8 (1005)', `${E}[?1000h${E}[?1005h`, { tracking: 'normal', encoding: 'utf8' }],
    ['SGR (1006)', `${E}[?1000h${E}[?1006h`, { tracking: 'normal', encoding: 'sgr' }],
    ['urxvt (1015)', `${E}[?1000h${E}[?1015h`, { tracking: 'normal', encoding: 'urxvt' }],
    ['several modes in one sequence, in order', `${E}[?1000;1002;1006h`, { tracking: 'button', encoding: 'sgr' }],
    ['an encoding without tracking is kept for later', `${E}[?1006h`, { tracking: 'none', encoding: 'sgr' }],
    ['a later tracking mode replaces an earlier one', `${E}[?1003h${E}[?1000h`, { tracking: 'normal', encoding: 'default' }],
    ['DECRST of any tracking mode turns reporting off, whichever was on', `${E}[?1003h${E}[?1000l`, { tracking: 'none', encoding: 'default' }],
    ['DECRST of X10 turns normal tracking off', `${E}[?1000h${E}[?9l`, { tracking: 'none', encoding: 'default' }],
    ['DECRST of a tracking mode keeps the encoding', `${E}[?1002;1006h${E}[?1002l`, { tracking: 'none', encoding: 'sgr' }],
    ['highlight tracking (1001) replaces the mode and is not reported', `${E}[?1000h${E}[?1001h`, { tracking: 'none', encoding: 'default' }],
    ['a later encoding replaces an earlier one', `${E}[?1000;1006;1015h`, { tracking: 'normal', encoding: 'urxvt' }],
    ['DECRST of the current encoding returns to default', `${E}[?1000;1006h${E}[?1006l`, { tracking: 'normal', encoding: 'default' }],
    ['DECRST of another encoding leaves the current one', `${E}[?1000;1006h${E}[?1005l`, { tracking: 'normal', encoding: 'sgr' }],
    ['DECRST of several in one sequence', `${E}[?1002;1006h${E}[?1006;1002l`, { tracking: 'none', encoding: 'default' }],
    ['1016 (SGR pixels) is not tracked: SGR stays', `${E}[?1000;1006;1016h`, { tracking: 'normal', encoding: 'sgr' }],
    ['other private modes leave them', `${E}[?1000;1006h${E}[?25l${E}[?1049h${E}[?2026h${E}[?2026l`, { tracking: 'normal', encoding: 'sgr' }],
    ['ANSI (non-private) SM 1000 is not DECSET', `${E}[1000h`, { tracking: 'none', encoding: 'default' }],
    ['RIS resets both', `${E}[?1003;1006h${E}c`, { tracking: 'none', encoding: 'default' }],
    ['DECSTR (soft reset) leaves them, as in xterm', `${E}[?1003;1006h${E}[!p`, { tracking: 'any', encoding: 'sgr' }],
  ])('%s', async (_, bytes, expected) => {
    const model = await modelAfter(bytes);
    expect(model.mouseModes()).toEqual(expected);
  });

  test('a DECSET split across two writes still counts', async () => {
    const model = await modelAfter(`${E}[?10`);
    model.write(new TextEncoder().encode('06;1002h'));
    expect(model.mouseModes()).toEqual({ tracking: 'button', encoding: 'sgr' });
  });

  test('synchronized output (2026) is still observed in the same DECSET as a mouse mode', async () => {
    const model = await modelAfter(`${E}[?1000;2026h`);
    expect(model.synchronizedOutput).toBe(true);
    expect(model.mouseModes()).toEqual({ tracking: 'normal', encoding: 'default' });
  });
});
