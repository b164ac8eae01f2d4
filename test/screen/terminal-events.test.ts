import { describe, expect, test } from 'vitest';
import { MAX_TERMINAL_EVENTS, TerminalEventLog, parseClipboardWrite, parseOsc777, parseOsc9 } from '../../src/screen/terminal-events.js';
import { E, modelAfter } from './helpers.js';

const BEL = '\x07';
const ST = `${E}\\`;

describe('parseClipboardWrite (OSC 52, xterm ctlseqs "Manipulate Selection Data")', () => {
  test.each([
    ['c;aGVsbG8=', { selection: 'c', text: 'hello' }],
    ['pc;aGk=', { selection: 'pc', text: 'hi' }],
    [';aGk=', { selection: 's0', text: 'hi' }], // empty Pc: xterm's s 0
    ['c;w6lsw6k=', { selection: 'c', text: 'élé' }], // UTF-8
    ['c;aGk', { selection: 'c', text: 'hi' }], // unpadded
    ['c;', { selection: 'c', text: '' }],
    ['c;not base64!', { selection: 'c', text: '' }], // xterm clears the selection
    ['c;?', undefined], // a query, not a write
    ['c', undefined],
  ])('%j → %j', (payload, expected) => {
    expect(parseClipboardWrite(payload)).toEqual(expected);
  });
});

describe('parseOsc9 (iTerm2 notification, not ConEmu commands)', () => {
  test.each([
    ['Build finished', { title: '', body: 'Build finished' }],
    ['', { title: '', body: '' }],
    ['2026; a year', { title: '', body: '2026; a year' }],
    ['13;x', { title: '', body: '13;x' }],
    ['4;1;50', undefined], // ConEmu progress
    ['4;0', undefined],
    ['9;/home/me', undefined], // ConEmu working directory
    ['1', undefined],
  ])('%j → %j', (payload, expected) => {
    expect(parseOsc9(payload)).toEqual(expected);
  });
});

describe('parseOsc777 (rxvt-unicode notify)', () => {
  test.each([
    ['notify;Build;done', { title: 'Build', body: 'done' }],
    ['notify;Build;a;b', { title: 'Build', body: 'a;b' }],
    ['notify;Only title', { title: 'Only title', body: '' }],
    ['preexec', undefined],
  ])('%j → %j', (payload, expected) => {
    expect(parseOsc777(payload)).toEqual(expected);
  });
});

test('the log keeps the newest MAX_TERMINAL_EVENTS writes', () => {
  const log = new TerminalEventLog();
  for (let index = 0; index <= MAX_TERMINAL_EVENTS; index++) log.osc52(`c;${Buffer.from(String(index)).toString('base64')}`);
  const { clipboardWrites } = log.events();
  expect(clipboardWrites).toHaveLength(MAX_TERMINAL_EVENTS);
  expect(clipboardWrites[0]).toEqual({ selection: 'c', text: '1' });
  expect(clipboardWrites.at(-1)).toEqual({ selection: 'c', text: String(MAX_TERMINAL_EVENTS) });
});

describe('ScreenModel.events', () => {
  test('counts BEL outside strings only: a BEL ending an OSC or DCS is no bell', async () => {
    const model = await modelAfter(`a${BEL}b${BEL}${BEL}${E}]0;title${BEL}${E}]52;c;aGk=${BEL}${E}P+q544e${BEL}${E}\\`);
    expect(model.events().bells).toBe(3);
  });

  test('decodes OSC 52 writes, BEL- or ST-terminated, and skips queries', async () => {
    const model = await modelAfter(`${E}]52;c;aGVsbG8=${BEL}${E}]52;p;d29ybGQ=${ST}${E}]52;c;?${BEL}`);
    expect(model.events().clipboardWrites).toEqual([
      { selection: 'c', text: 'hello' },
      { selection: 'p', text: 'world' },
    ]);
  });

  test('takes OSC 9 and OSC 777 notifications, not OSC 9;4 progress, and draws around them', async () => {
    const model = await modelAfter(`x${E}]9;Done${ST}${E}]9;4;1;40${ST}${E}]777;notify;Build;ok: 3 tests${BEL}y`);
    expect(model.events().notifications).toEqual([
      { title: '', body: 'Done' },
      { title: 'Build', body: 'ok: 3 tests' },
    ]);
    expect(model.text().split('\n')[0]).toBe('xy');
  });

  test('starts empty, and stays readable after dispose', async () => {
    const model = await modelAfter(BEL);
    model.dispose();
    expect(model.events()).toEqual({ bells: 1, clipboardWrites: [], notifications: [] });
  });
});

describe('OSC 8 hyperlinks on cells', () => {
  test('cells inside a link carry its URI; cells outside carry none', async () => {
    const model = await modelAfter(`a ${E}]8;id=7;https://example.com/docs${ST}docs${E}]8;;${ST} b ${E}]8;;file:///tmp/x${BEL}x${E}]8;;${BEL}`);
    const row = model.snapshot().cells[0] ?? [];
    expect(row.slice(0, 10).map((cell) => [cell.chars, cell.link])).toEqual([
      ['a', undefined],
      [' ', undefined],
      ['d', 'https://example.com/docs'],
      ['o', 'https://example.com/docs'],
      ['c', 'https://example.com/docs'],
      ['s', 'https://example.com/docs'],
      [' ', undefined],
      ['b', undefined],
      [' ', undefined],
      ['x', 'file:///tmp/x'],
    ]);
    expect(Object.hasOwn(row[0] ?? {}, 'link')).toBe(false);
  });
});
