import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distinctStems, fileNameKey, projectFolderName, sanitizeSegment, screenshotFileStem } from '../src/file-names.js';
import { writeNewOutputFile } from '../src/output-file.js';

describe('sanitizeSegment', () => {
  it.each([
    ['opens menu 1', 'opens-menu-1'],
    ['menu > opens it 2', 'menu-opens-it-2'],
    ['  spaced   out  ', '-spaced-out-'],
    ['keep_under-score', 'keep_under-score'],
    ['ünïcode & symbols!', 'ünïcode-symbols'],
    // The same name typed decomposed (u + U+0308) is one file with the precomposed one.
    ['u\u0308ber', 'über'],
    ['日本語のメニュー 1', '日本語のメニュー-1'],
    ['中文 菜单', '中文-菜单'],
    ['Меню открыто', 'Меню-открыто'],
    // Devanagari vowel signs and the virama are combining marks: without them क, कि and क् are one name.
    ['हिन्दी कि', 'हिन्दी-कि'],
    ['٣ عناصر', '٣-عناصر'],
    ['🎉 party', '-party'],
    ['🎉✨', ''],
  ])('%j -> %j', (input, expected) => {
    expect(sanitizeSegment(input)).toBe(expected);
  });
});

describe('fileNameKey', () => {
  it('folds case: names that differ only in case are one file on macOS and Windows', () => {
    expect(fileNameKey('Menu-Opens')).toBe(fileNameKey('menu-opens'));
    expect(fileNameKey('Меню')).toBe(fileNameKey('меню'));
    expect(fileNameKey('menu-a')).not.toBe(fileNameKey('menu-b'));
  });
});

describe('projectFolderName', () => {
  // Reversible, so distinct project names never share a folder: only what cannot be in a file
  // name (on Linux, macOS or Windows) is percent-encoded, and '%' itself.
  it.each([
    ['dark', 'dark'],
    ['dark mode', 'dark mode'],
    ['dark-mode', 'dark-mode'],
    ['Dark', 'Dark'],
    ['テーマ 暗い', 'テーマ 暗い'],
    ['✨', '✨'],
    ['a/b', 'a%2Fb'],
    ['a\\b', 'a%5Cb'],
    ['100%', '100%25'],
    ['x:y*?"<>|', 'x%3Ay%2A%3F%22%3C%3E%7C'],
    ['tab\there', 'tab%09here'],
    ['..', '%2E%2E'],
    ['.hidden', '%2Ehidden'],
    ['trailing ', 'trailing%20'],
    ['trailing.', 'trailing%2E'],
  ])('%j -> %j', (name, folder) => {
    expect(projectFolderName(name)).toBe(folder);
    expect(decodeURIComponent(folder)).toBe(name);
  });
});

describe('distinctStems', () => {
  it('gives twins and names that make one file stems of their own, in order, and names a name without letters', () => {
    expect(distinctStems(['menu item', 'menu item', 'other', 'Menu-Item', '🎉', 'unnamed', '✨'])).toEqual([
      'menu-item',
      'menu-item--2',
      'other',
      'Menu-Item--3',
      'unnamed',
      'unnamed--2',
      'unnamed--3',
    ]);
  });
});

describe('screenshotFileStem: the file an agent screenshot gets', () => {
  it.each([
    ['moved', 'moved'],
    ['Settings open!', 'Settings-open'],
    ['../../etc/passwd', 'etcpasswd'],
    ['.hidden', 'hidden'],
    ['über café', 'über-café'],
    ['設定 画面', '設定-画面'],
    [' spaced out ', 'spaced-out'],
    ['🎉', 'screenshot'],
    ['///', 'screenshot'],
    ['', 'screenshot'],
    ['a'.repeat(80), 'a'.repeat(60)],
  ])('%j → %j', (label, base) => {
    expect(screenshotFileStem(label)).toBe(base);
  });

  it('keeps a hostile label inside the output folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tmux-shot-agent-'));
    try {
      expect(await writeNewOutputFile(dir, screenshotFileStem('../escape'), '.png', new Uint8Array([1]))).toBe(join(dir, 'escape.png'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
