/**
 * Derives tmux-shot's vendored emoji font, `fonts/noto-color-emoji.woff`, from the pinned
 * devDependency @fontsource/noto-color-emoji: the same WOFF 1.0 file without its SVG table,
 * which Skia never draws (it draws COLRv1) and which is 90 % of the file. The other tables are
 * copied still compressed and the WOFF header and directory rebuilt (W3C WOFF 1.0 §3–§5);
 * metadata and private blocks are dropped. `npm run fonts` writes it; test/render/fonts.test.ts
 * re-derives it and checks the committed bytes are equal.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const HEADER_BYTES = 44;
const ENTRY_BYTES = 20;

/** The source WOFF of the vendored emoji font, inside the devDependency. */
export const EMOJI_SOURCE_FILE = '@fontsource/noto-color-emoji/files/noto-color-emoji-emoji-400-normal.woff';

const align4 = (n) => (n + 3) & ~3;

/**
 * `woff` (WOFF 1.0 bytes) without the tables whose tags are in `omit`, tables still compressed.
 * @param {Buffer} woff
 * @param {readonly string[]} omit
 * @returns {Buffer}
 */
export function woffWithout(woff, omit) {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('Not a WOFF 1.0 file');
  const tables = [];
  for (let i = 0; i < woff.readUInt16BE(12); i++) {
    const at = HEADER_BYTES + i * ENTRY_BYTES;
    const tag = woff.toString('latin1', at, at + 4);
    if (omit.includes(tag)) continue;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    tables.push({ tag, data: woff.subarray(offset, offset + compLength), origLength: woff.readUInt32BE(at + 12), checksum: woff.readUInt32BE(at + 16) });
  }
  let length = HEADER_BYTES + tables.length * ENTRY_BYTES;
  const offsets = tables.map((t) => {
    const at = length;
    length += align4(t.data.length);
    return at;
  });
  const out = Buffer.alloc(length);
  out.writeUInt32BE(0x774f4646, 0);
  out.writeUInt32BE(woff.readUInt32BE(4), 4); // flavor
  out.writeUInt32BE(length, 8);
  out.writeUInt16BE(tables.length, 12);
  out.writeUInt32BE(12 + 16 * tables.length + tables.reduce((sum, t) => sum + align4(t.origLength), 0), 16); // totalSfntSize
  out.writeUInt16BE(woff.readUInt16BE(20), 20); // majorVersion
  out.writeUInt16BE(woff.readUInt16BE(22), 22); // minorVersion
  tables.forEach((t, i) => {
    const at = HEADER_BYTES + i * ENTRY_BYTES;
    out.write(t.tag, at, 'latin1');
    out.writeUInt32BE(offsets[i], at + 4);
    out.writeUInt32BE(t.data.length, at + 8);
    out.writeUInt32BE(t.origLength, at + 12);
    out.writeUInt32BE(t.checksum, at + 16);
    t.data.copy(out, offsets[i]);
  });
  return out;
}

/** The vendored emoji font's bytes, derived from the installed devDependency. */
export function deriveEmojiFont() {
  return woffWithout(readFileSync(require.resolve(EMOJI_SOURCE_FILE)), ['SVG ']);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const fonts = new URL('../fonts/', import.meta.url);
  writeFileSync(new URL('noto-color-emoji.woff', fonts), deriveEmojiFont());
  copyFileSync(require.resolve('@fontsource/noto-color-emoji/LICENSE'), new URL('OFL.txt', fonts));
}
