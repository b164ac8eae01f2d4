/**
 * WOFF 1.0 → plain sfnt (TrueType/OpenType) conversion, after the W3C "WOFF File Format 1.0"
 * (§3 header, §4 table directory, §5 zlib-compressed table data).
 *
 * Why: the colour emoji font ships only as WOFF/WOFF2, and 80 % of it is an SVG table Skia does
 * not draw (it draws the COLRv1 table). Inflating every table but that one, reading its cmap and
 * registering the bytes took ≈ 115 ms here; registering the WOFF file by path made Skia inflate
 * all of it, ≈ 500 ms until the first emoji appeared.
 */

import { inflateSync } from 'node:zlib';
import { TmuxShotError } from '../errors.js';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const HEADER_BYTES = 44;
const DIRECTORY_ENTRY_BYTES = 20;

interface TableEntry {
  tag: string;
  checksum: number;
  data: Buffer;
}

function readTables(woff: Buffer, omit: readonly string[]): TableEntry[] {
  if (woff.length < HEADER_BYTES || woff.readUInt32BE(0) !== WOFF_SIGNATURE) {
    throw new TmuxShotError('The emoji font is not a WOFF 1.0 file; reinstall @fontsource/noto-color-emoji.');
  }
  const tables: TableEntry[] = [];
  const count = woff.readUInt16BE(12);
  for (let i = 0; i < count; i++) {
    const at = HEADER_BYTES + i * DIRECTORY_ENTRY_BYTES;
    const tag = woff.toString('latin1', at, at + 4);
    if (omit.includes(tag)) continue;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const original = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compressed);
    tables.push({ tag, checksum: woff.readUInt32BE(at + 16), data: compressed < original ? inflateSync(stored) : stored });
  }
  return tables;
}

/**
 * Converts a WOFF 1.0 font to sfnt bytes, leaving out the tables whose 4-character tags are in
 * `omit`. The WOFF directory is already sorted by tag, as sfnt requires; `head.checkSumAdjustment`
 * is not recomputed (FreeType and fontkit do not check it).
 * @throws {TmuxShotError} when `woff` is not a WOFF 1.0 file.
 */
export function woffToSfnt(woff: Buffer, omit: readonly string[] = []): Buffer {
  const tables = readTables(woff, omit);
  const n = tables.length;
  let size = 12 + 16 * n;
  const offsets = tables.map((t) => {
    const at = size;
    size += (t.data.length + 3) & ~3;
    return at;
  });
  const out = Buffer.alloc(size);
  const searchPow = 2 ** Math.floor(Math.log2(Math.max(1, n)));
  out.writeUInt32BE(woff.readUInt32BE(4), 0); // flavor = sfnt version
  out.writeUInt16BE(n, 4);
  out.writeUInt16BE(searchPow * 16, 6);
  out.writeUInt16BE(Math.log2(searchPow), 8);
  out.writeUInt16BE(n * 16 - searchPow * 16, 10);
  tables.forEach((t, i) => {
    const at = 12 + 16 * i;
    out.write(t.tag, at, 'latin1');
    out.writeUInt32BE(t.checksum, at + 4);
    out.writeUInt32BE(offsets[i]!, at + 8);
    out.writeUInt32BE(t.data.length, at + 12);
    t.data.copy(out, offsets[i]!);
  });
  return out;
}
