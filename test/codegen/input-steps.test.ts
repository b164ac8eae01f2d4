// A recorded session (input as it arrived, with the screen before it) → the steps of a test.
import { describe, expect, it } from 'vitest';
import { clickStep, inferSteps, type Observation } from '../../src/codegen/input-steps.js';

const input = (bytes: string, before: string[]): Observation => ({ kind: 'input', bytes: Buffer.from(bytes, 'latin1'), before });

const MENU = ['Menu', '> Open', '  Save', 'Use arrows'];
const MOVED = ['Menu', '  Open', '> Save', 'Use arrows'];
const CHOSEN = ['Menu', '  Open', '> Save', 'Selected: Save'];

describe('inferSteps', () => {
  it('asserts a line of the first screen, and after each key that changed the screen, what it changed (keys that arrived apart were one press, unasserted between)', () => {
    const session = [input('\x1b[B', MENU), input('\r', MOVED)];
    expect(inferSteps(session, { screen: CHOSEN })).toEqual({
      steps: [
        { kind: 'expectText', text: 'Use arrows' },
        { kind: 'press', keys: ['Down'] },
        { kind: 'expectText', text: '> Save' },
        { kind: 'press', keys: ['Enter'] },
        { kind: 'expectText', text: 'Selected: Save' },
        { kind: 'screenshot', name: 'final' },
      ],
      leftOut: [],
    });
  });

  it('merges keys that arrived as separate reads into one press while they change no text (replayed a keystroke each); one read keeps its keys together', () => {
    const list = ['Files', 'alpha.txt', 'beta.txt', 'gamma.txt'];
    const session = [input('\x1b[B', list), input('\x1b[B', list), input('\x1b[A\x1b[B', list), input('\r', list)];
    expect(inferSteps(session, { screen: [...list, 'Opened gamma.txt'] }).steps).toEqual([
      { kind: 'expectText', text: 'alpha.txt' },
      { kind: 'press', keys: ['Down', 'Down', 'Up', 'Down', 'Enter'] },
      { kind: 'expectText', text: 'Opened gamma.txt' },
      { kind: 'screenshot', name: 'final' },
    ]);
  });

  // Recorded on mc 4.8.29: Escape, then F10 1.5 s later, became press('Escape', 'F10'), which mc
  // reads as Escape then an Alt sequence (`[21~` on its command line) and does not quit.
  it.each<[string, number, number]>([
    ['a 1.5 s pause (mc waits 1 s after ESC for a sequence)', 1500, 1500],
    ['a pause rounded up to 100 ms', 1234, 1300],
    ['a short pause: 100 ms at least', 30, 100],
    ['a long pause (thinking): at most CODEGEN.escapePause', 9000, 2000],
  ])('keeps an Escape pressed alone apart from the next key, with the pause after it: %s', (_name, gap, quietMs) => {
    const panels = ['  Left     File     Command', '│ alpha.txt  │', '│UP--DIR     │'];
    const session = [
      { ...input('\x1b', panels), at: 1000 },
      { ...input('\x1b[21~', panels), at: 1000 + gap },
    ];
    expect(inferSteps(session, { screen: [], at: 1000 + gap + 100, exit: { exitCode: 0, signal: null } }).steps).toEqual([
      { kind: 'expectText', text: 'alpha.txt' },
      { kind: 'press', keys: ['Escape'] },
      { kind: 'waitForStable', quietMs },
      { kind: 'press', keys: ['F10'] },
      { kind: 'exit', exitCode: 0, signal: null },
    ]);
  });

  it('keeps the pause after a lone Escape past a marked screenshot, before typing too; an ESC that prefixes a key in its read is Meta, with no pause', () => {
    const screen = ['~', '-- INSERT --'];
    const session: Observation[] = [
      { ...input('\x1b', screen), at: 0 },
      { kind: 'screenshot', screen: ['~', ''], at: 300 },
      { ...input(':q', ['~', '']), at: 700 },
      { ...input('\x1bx', ['~', ':q']), at: 900 },
      { ...input('\r', ['~', ':q']), at: 2900 },
    ];
    expect(inferSteps(session, { screen: ['~', ':q'] }).steps).toEqual([
      { kind: 'expectText', text: '-- INSERT --' },
      { kind: 'press', keys: ['Escape'] },
      { kind: 'screenshot', name: 'screen-1' },
      { kind: 'waitForStable', quietMs: 700 },
      { kind: 'type', text: ':q' },
      { kind: 'expectText', text: ':q' },
      { kind: 'press', keys: ['M-x', 'Enter'] },
      { kind: 'screenshot', name: 'final' },
    ]);
  });

  it("asserts a click that changed what a place shows to text shown elsewhere too (mc's mini-status names the clicked file) at that place", () => {
    const row = (left: string, right: string) => `│${left.padEnd(38)}││${right.padEnd(38)}│`;
    const screen = (status: string) => [
      '  Left     File     Command     Options     Right',
      row('/..              │UP--DIR│', '/..              │UP--DIR│'),
      row(' alpha.txt       │      2│', ' alpha.txt       │      2│'),
      row(' beta.txt        │      2│', ' beta.txt        │      2│'),
      row(status, 'UP--DIR'),
    ];
    const session = [input('\x1b[<0;6;4M', screen('UP--DIR')), input('\x1b[<0;6;4m', screen(' beta.txt')), input('\x1b', screen(' beta.txt'))];
    expect(inferSteps(session, { screen: screen(' beta.txt') }).steps.slice(1, 3)).toEqual([
      { kind: 'mouseClick', col: 5, row: 3 },
      { kind: 'expectRegionText', row: 4, col: 2, text: 'beta.txt' },
    ]);
  });

  it('merges typing the app echoes into one type, ends it at a key, and asserts after each step from the screen the next one began with', () => {
    const insert = ['', '-- INSERT --'];
    const session = [
      input('i', ['~', '~']),
      input('hel', insert),
      input('lo', ['hel', '-- INSERT --']),
      input('\x1b', ['hello', '-- INSERT --']),
      input(':q!', ['hello', '']),
    ];
    expect(inferSteps(session, { screen: ['', ''] }).steps).toEqual([
      { kind: 'type', text: 'i' },
      { kind: 'expectText', text: '-- INSERT --' },
      { kind: 'type', text: 'hello' },
      { kind: 'expectText', text: 'hello' },
      { kind: 'press', keys: ['Escape'] },
      { kind: 'type', text: ':q!' },
      { kind: 'screenshot', name: 'final' },
    ]);
  });

  it('replays a bracketed paste as a paste, line breaks as \\n (attack: typed, bash ran the first line at once), apart from the typing around it', () => {
    const prompt = ['$ x'];
    const session = [input('x', ['$']), input('\x1b[200~echo one\recho two\x1b[201~', prompt), input('\r', ['$ xecho one', 'echo two'])];
    expect(inferSteps(session, { screen: ['$ xecho one', 'echo two', 'xecho one: not found'] }).steps).toEqual([
      { kind: 'type', text: 'x' },
      { kind: 'expectText', text: '$ x' },
      { kind: 'paste', text: 'echo one\necho two' },
      { kind: 'expectText', text: '$ xecho one' },
      { kind: 'press', keys: ['Enter'] },
      { kind: 'expectText', text: 'xecho one: not found' },
      { kind: 'screenshot', name: 'final' },
    ]);
  });

  it("splits typing where the app answered with more than the echo (vim's u, then :q! over its message), so the assertion stands where its text is shown", () => {
    const undone = ['a', 'b', 'c', '~', '1 more line; before #1  0 seconds ago'];
    const session = [
      input('u', ['b', 'c', '~', '~', 'Already at newest change']),
      input(':', undone),
      input('q!', ['a', 'b', 'c', '~', ':']),
      input('\r', ['a', 'b', 'c', '~', ':q!']),
    ];
    expect(inferSteps(session, { screen: ['', '', '', '', ''], exit: { exitCode: 0, signal: null } }).steps).toEqual([
      { kind: 'expectText', text: 'Already at newest change' },
      { kind: 'type', text: 'u' },
      { kind: 'expectText', text: '1 more line; before #1' },
      { kind: 'type', text: ':q!' },
      { kind: 'expectText', text: ':q!' },
      { kind: 'press', keys: ['Enter'] },
      { kind: 'exit', exitCode: 0, signal: null },
    ]);
  });

  it('gives an assertion a timeout of twice the time from the earliest step it follows to the next input (whole seconds), when above a wait’s default', () => {
    const prompt = ['bash-5.2# sleep 6; echo build-finished'];
    const session = [
      { ...input('\r', prompt), at: 1000 },
      { ...input('exit', [...prompt, 'build-finished', 'bash-5.2#']), at: 7600 },
      { ...input('\r', [...prompt, 'build-finished', 'bash-5.2# exit']), at: 8000 },
    ];
    expect(
      inferSteps(session, { screen: [...prompt, 'build-finished', 'bash-5.2# exit', 'exit'], at: 8100, exit: { exitCode: 0, signal: null } }).steps,
    ).toEqual([
      { kind: 'expectText', text: 'bash-5.2# sleep 6; echo build-finished' },
      { kind: 'press', keys: ['Enter'] },
      { kind: 'expectText', text: /^build-finished$/, timeout: 14000 },
      { kind: 'expectRegionText', row: 2, col: 0, text: 'bash-5.2#' },
      { kind: 'type', text: 'exit' },
      { kind: 'expectText', text: 'bash-5.2# exit' },
      { kind: 'press', keys: ['Enter'] },
      { kind: 'expectText', text: /^exit$/ },
      { kind: 'exit', exitCode: 0, signal: null },
      { kind: 'screenshot', name: 'final' },
    ]);
  });

  it('masks the volatile text of each screenshot’s screen (times, percentages, sizes)', () => {
    const panel = ['alpha.txt   Jan 2 08:50', 'Free 218G / 252G (86%)'];
    const session: Observation[] = [{ kind: 'screenshot', screen: panel }, input('\x1b[B', panel)];
    expect(inferSteps(session, { screen: ['done'] }).steps.filter((step) => step.kind === 'screenshot')).toEqual([
      { kind: 'screenshot', name: 'screen-1', mask: [/\b\d{1,2}:\d{2}\b/, /\d+(?:\.\d+)?\s?%/, /\b\d+(?:[.,]\d+)?\s?[KMGTPE]i?B?\b/] },
      { kind: 'screenshot', name: 'final' },
    ]);
  });

  it('puts a marked screenshot after the step before it, with that step’s assertion from the screen when marked, and no final one right after', () => {
    const session: Observation[] = [input('\x1b[B\r', MENU), { kind: 'screenshot', screen: CHOSEN }];
    expect(inferSteps(session, { screen: CHOSEN }).steps).toEqual([
      { kind: 'expectText', text: 'Use arrows' },
      { kind: 'press', keys: ['Down', 'Enter'] },
      { kind: 'expectText', text: 'Selected: Save' },
      { kind: 'screenshot', name: 'screen-1' },
    ]);
  });

  it('numbers marks and ends with the final screenshot when steps follow the last mark', () => {
    const session: Observation[] = [{ kind: 'screenshot', screen: MENU }, input('\x1b[B', MENU), { kind: 'screenshot', screen: MOVED }, input('\r', MOVED)];
    expect(inferSteps(session, { screen: CHOSEN }).steps.filter((step) => step.kind === 'screenshot')).toEqual([
      { kind: 'screenshot', name: 'screen-1' },
      { kind: 'screenshot', name: 'screen-2' },
      { kind: 'screenshot', name: 'final' },
    ]);
  });

  it('makes a press and release on one cell a click; leaves out drags, wheel and motion, saying so once each, in a comment where they happened', () => {
    const screen = ['  Left     File     Command', ' Name   Size'];
    const session = [
      input('\x1b[<0;12;1M\x1b[<0;12;1m', screen),
      input('\x1b[<0;2;2M\x1b[<32;5;2M\x1b[<0;9;2m\x1b[<64;1;1M\x1b[<64;1;1M\x1b[<4;2;2M\x1b[<4;2;2m\x1b[<35;3;3M\x1b[<0;3;3m', screen),
      input('\x1b[B', screen),
      input('\x1b[<4;2;2M\x1b[<0;5;5M', screen),
    ];
    expect(inferSteps(session, { screen })).toEqual({
      steps: [
        { kind: 'expectText', text: 'Command' },
        { kind: 'click', text: 'File' },
        { kind: 'comment', text: 'codegen: left out here: a mouse drag from (1, 1) to (8, 1)' },
        { kind: 'comment', text: 'codegen: left out here: mouse wheel' },
        { kind: 'comment', text: 'codegen: left out here: mouse click with a modifier' },
        { kind: 'comment', text: 'codegen: left out here: mouse motion' },
        { kind: 'comment', text: 'codegen: left out here: a mouse release without its press at (2, 2)' },
        { kind: 'press', keys: ['Down'] },
        { kind: 'comment', text: 'codegen: left out here: mouse click with a modifier' },
        { kind: 'comment', text: 'codegen: left out here: a mouse press without its release at (4, 4)' },
        { kind: 'screenshot', name: 'final' },
      ],
      leftOut: [
        'a mouse drag from (1, 1) to (8, 1)',
        'mouse wheel',
        'mouse click with a modifier',
        'mouse motion',
        'a mouse release without its press at (2, 2)',
        'a mouse press without its release at (4, 4)',
      ],
    });
  });

  it('pairs a press with its release when they arrive apart (tmux writes each report on its own), and drops terminal replies', () => {
    const screen = ['  Left     File     Command'];
    const session = [input('\x1b[<0;12;1M', screen), input('\x1b[2;2R', screen), input('\x1b[<0;12;1m', screen)];
    expect(inferSteps(session, { screen: ['  Left     File     Command', 'Filtered view'] })).toEqual({
      steps: [
        { kind: 'expectText', text: 'Command' },
        { kind: 'click', text: 'File' },
        { kind: 'expectText', text: 'Filtered view' },
        { kind: 'screenshot', name: 'final' },
      ],
      leftOut: [],
    });
  });

  // Issue 28.9: `echo one` and its Enter in one read (a paste into sh): the wait was on the echoed
  // line ('$ echo one'), shown before the output, and the replay typed the next command too early.
  it('asserts an Enter that came in one read with the line typed before it on what appeared other than the echo of that line', () => {
    const session = [input('echo one\r', ['$']), input('echo two\r', ['$ echo one', 'one', '$'])];
    expect(inferSteps(session, { screen: ['$ echo one', 'one', '$ echo two', 'two', '$'] }).steps).toEqual([
      { kind: 'type', text: 'echo one' },
      { kind: 'press', keys: ['Enter'] },
      { kind: 'expectText', text: /^one$/ },
      { kind: 'expectRegionText', row: 2, col: 0, text: '$' },
      { kind: 'type', text: 'echo two' },
      { kind: 'press', keys: ['Enter'] },
      { kind: 'expectText', text: /^two$/ },
      { kind: 'expectRegionText', row: 4, col: 0, text: '$' },
      { kind: 'screenshot', name: 'final' },
    ]);
  });

  it('takes the whole typed line as the echo when only its end came with the Enter (fast typing split across reads)', () => {
    const session = [input('echo o', ['$']), input('ne\r', ['$ echo o']), input('exit\r', ['$ echo one', 'one', '$'])];
    expect(inferSteps(session, { screen: ['$ echo one', 'one', '$ exit'] }).steps.slice(0, 6)).toEqual([
      { kind: 'type', text: 'echo one' },
      { kind: 'expectText', text: '$ echo o' },
      { kind: 'press', keys: ['Enter'] },
      { kind: 'expectText', text: /^one$/ },
      { kind: 'expectRegionText', row: 2, col: 0, text: '$' },
      { kind: 'type', text: 'exit' },
    ]);
  });

  it('keeps asserting the echo of a line whose Enter came in a read of its own (the echo was on the screen before it)', () => {
    const session = [input('echo one', ['$']), input('\r', ['$ echo one']), input('x', ['$ echo one', 'one', '$'])];
    expect(inferSteps(session, { screen: ['$ echo one', 'one', '$ x'] }).steps.slice(0, 4)).toEqual([
      { kind: 'type', text: 'echo one' },
      { kind: 'expectText', text: '$ echo one' },
      { kind: 'press', keys: ['Enter'] },
      { kind: 'expectText', text: /^one$/ },
    ]);
  });

  // Issue 28.8: a password typed at `read -s`, sudo, ssh or passwd was written into the test verbatim.
  it('writes a line typed at a no-echo prompt as one typeSecret named for its prompt, its text and line editing in no step; the Enter stays', () => {
    const secret = (bytes: string) => ({ ...input(bytes, ['Password:']), noEcho: true });
    const session = [secret('qzj'), secret('kvx'), secret('\x7f'), secret('y'), secret('\r'), input('x', ['Password: got 5', '$'])];
    const { steps } = inferSteps(session, { screen: ['Password: got 5', '$ x'] });
    expect(steps).toEqual([
      { kind: 'expectText', text: 'Password:' },
      { kind: 'typeSecret', variable: 'TMUX_SHOT_PASSWORD', prompt: 'Password:' },
      { kind: 'press', keys: ['Enter'] },
      { kind: 'expectText', text: 'Password: got 5' },
      { kind: 'expectRegionText', row: 1, col: 0, text: '$' },
      { kind: 'type', text: 'x' },
      { kind: 'expectText', text: '$ x' },
      { kind: 'screenshot', name: 'final' },
    ]);
    expect(JSON.stringify(steps)).not.toMatch(/qzj|kvx/);
  });

  it.each<[string, string[][], string[]]>([
    [
      'the same prompt again: the same variable',
      [['[sudo] password for me:'], ['Sorry, try again.', '[sudo] password for me:']],
      ['TMUX_SHOT_PASSWORD', 'TMUX_SHOT_PASSWORD'],
    ],
    [
      'other prompts of one name: numbered',
      [['Current password:'], ['New password:'], ['Retype new password:']],
      ['TMUX_SHOT_PASSWORD', 'TMUX_SHOT_PASSWORD_2', 'TMUX_SHOT_PASSWORD_3'],
    ],
    [
      "ssh's passphrase, then a prompt naming neither",
      [["Enter passphrase for key '/home/me/.ssh/id_ed25519':"], ['PIN:']],
      ['TMUX_SHOT_PASSPHRASE', 'TMUX_SHOT_SECRET'],
    ],
  ])('names secret variables for their prompts: %s', (_name, screens, variables) => {
    const session = screens.flatMap((screen) => [
      { ...input('pw', screen), noEcho: true },
      { ...input('\r', screen), noEcho: true },
    ]);
    const steps = inferSteps(session, { screen: ['$'] }).steps.filter((step) => step.kind === 'typeSecret');
    expect(steps.map((step) => step.variable)).toEqual(variables);
  });

  it('a secret and its Enter in one read (pasted): the secret, then the Enter, neither asserted on the secret', () => {
    const session = [{ ...input('hunter2\r', ['Password:']), noEcho: true }, input('\x04', ['Password:', 'got 7'])];
    expect(inferSteps(session, { screen: ['Password:', 'got 7'] }).steps.slice(1, 4)).toEqual([
      { kind: 'typeSecret', variable: 'TMUX_SHOT_PASSWORD', prompt: 'Password:' },
      { kind: 'press', keys: ['Enter'] },
      { kind: 'expectText', text: 'got 7' },
    ]);
  });

  it('with no input, asserts the screen and takes the final screenshot', () => {
    expect(inferSteps([], { screen: ['hello'] }).steps).toEqual([
      { kind: 'expectText', text: 'hello' },
      { kind: 'screenshot', name: 'final' },
    ]);
  });
});

describe('clickStep', () => {
  const screen = ['  Left     File     Command', ' File   Size', 'x'];
  it.each<[string, number, number, 'left' | 'right', ReturnType<typeof clickStep>]>([
    ['on a unique word: a locator click', 20, 0, 'left', { kind: 'click', text: 'Command' }],
    ['on a word shown twice: at the cell', 11, 0, 'left', { kind: 'mouseClick', col: 11, row: 0 }],
    ['on a blank: at the cell', 0, 0, 'left', { kind: 'mouseClick', col: 0, row: 0 }],
    ['past the line: at the cell', 30, 2, 'left', { kind: 'mouseClick', col: 30, row: 2 }],
    ['with another button: says which', 3, 0, 'right', { kind: 'click', text: 'Left', button: 'right' }],
    ['a word that is part of a longer one elsewhere still counts once (exact)', 0, 2, 'left', { kind: 'click', text: 'x' }],
  ])('%s', (_, col, row, button, step) => {
    expect(clickStep(col, row, button, screen)).toEqual(step);
  });
});
