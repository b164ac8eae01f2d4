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
    expect(inferSteps(session, CHOSEN)).toEqual({
      steps: [
        { kind: 'expectText', text: 'Use arrows' },
        { kind: 'press', keys: ['Down', 'Enter'] },
        { kind: 'expectText', text: 'Selected: Save' },
        { kind: 'screenshot', name: 'final' },
      ],
      leftOut: [],
    });
  });

  it('merges typing into one type, ends it at a key, and asserts after each step from the screen the next one began with', () => {
    const empty = ['~', '~'];
    const typed = ['hello', '-- INSERT --'];
    const session = [
      input('i', empty),
      input('hel', ['', '-- INSERT --']),
      input('lo', ['hel', '-- INSERT --']),
      input('\x1b', typed),
      input(':q!', ['hello', '']),
    ];
    expect(inferSteps(session, ['', '']).steps).toEqual([
      { kind: 'type', text: 'ihello' },
      { kind: 'expectText', text: '-- INSERT --' },
      { kind: 'press', keys: ['Escape'] },
      { kind: 'type', text: ':q!' },
      { kind: 'screenshot', name: 'final' },
    ]);
  });

  it('puts a marked screenshot after the step before it, with that step’s assertion from the screen when marked, and no final one right after', () => {
    const session: Observation[] = [input('\x1b[B\r', MENU), { kind: 'screenshot', screen: CHOSEN }];
    expect(inferSteps(session, CHOSEN).steps).toEqual([
      { kind: 'expectText', text: 'Use arrows' },
      { kind: 'press', keys: ['Down', 'Enter'] },
      { kind: 'expectText', text: 'Selected: Save' },
      { kind: 'screenshot', name: 'screen-1' },
    ]);
  });

  it('numbers marks and ends with the final screenshot when steps follow the last mark', () => {
    const session: Observation[] = [{ kind: 'screenshot', screen: MENU }, input('\x1b[B', MENU), { kind: 'screenshot', screen: MOVED }, input('\r', MOVED)];
    expect(inferSteps(session, CHOSEN).steps.filter((step) => step.kind === 'screenshot')).toEqual([
      { kind: 'screenshot', name: 'screen-1' },
      { kind: 'screenshot', name: 'screen-2' },
      { kind: 'screenshot', name: 'final' },
    ]);
  });

  it('makes a press and release on one cell a click, and leaves out drags, wheel and motion, saying so', () => {
    const screen = ['  Left     File     Command', ' Name   Size'];
    const session = [input('\x1b[<0;12;1M\x1b[<0;12;1m', screen), input('\x1b[<0;2;2M\x1b[<0;9;2m\x1b[<64;1;1M\x1b[<35;3;3M', screen)];
    expect(inferSteps(session, screen)).toEqual({
      steps: [
        { kind: 'expectText', text: 'Command' },
        { kind: 'click', text: 'File' },
        { kind: 'screenshot', name: 'final' },
      ],
      leftOut: ['a mouse press without a release on the same cell (a drag)', 'a mouse release without its press', 'mouse wheel', 'mouse motion'],
    });
  });

  it('pairs a press with its release when they arrive apart (tmux writes each report on its own), and drops terminal replies', () => {
    const screen = ['  Left     File     Command'];
    const session = [input('\x1b[<0;12;1M', screen), input('\x1b[2;2R', screen), input('\x1b[<0;12;1m', screen)];
    expect(inferSteps(session, ['  Left     File     Command', 'Filtered view'])).toEqual({
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
    expect(inferSteps([], ['hello']).steps).toEqual([
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
