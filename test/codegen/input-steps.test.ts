// A recorded session (input as it arrived, with the screen before it) → the steps of a test.
import { describe, expect, it } from 'vitest';
import { clickStep, inferSteps, type Observation } from '../../src/codegen/input-steps.js';

const input = (bytes: string, before: string[]): Observation => ({ kind: 'input', bytes: Buffer.from(bytes, 'latin1'), before });

const MENU = ['Menu', '> Open', '  Save', 'Use arrows'];
const MOVED = ['Menu', '  Open', '> Save', 'Use arrows'];
const CHOSEN = ['Menu', '  Open', '> Save', 'Selected: Save'];

describe('inferSteps', () => {
  it('asserts a line of the first screen, merges keys that arrived apart into one press, and asserts what appeared', () => {
    const session = [input('\x1b[B', MENU), input('\r', MOVED)];
    expect(inferSteps(session, { screen: CHOSEN })).toEqual({
      steps: [
        { kind: 'expectText', text: 'Use arrows' },
        { kind: 'press', keys: ['Down', 'Enter'] },
        { kind: 'expectText', text: 'Selected: Save' },
        { kind: 'screenshot', name: 'final' },
      ],
      leftOut: [],
    });
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
