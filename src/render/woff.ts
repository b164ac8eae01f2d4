/**
 * WOFF → plain sfnt (TrueType/OpenType) conversion: WOFF 1.0 after the W3C "WOFF File Format
 * 1.0" (§3 header, §4 table directory, §5 zlib-compressed table data), and the untransformed
 * tables of WOFF2 after the W3C "WOFF File Format 2.0" (§4 header, §5 table directory, §6
 * Brotli stream).
 *
 * Why: Skia reads these files itself, but fontkit (which gives us the cmap and metrics) inflates
 * Brotli in JavaScript: 218 ms for the Nerd Font symbols, 13–45 ms per CJK slice. Node's zlib
 * does it natively. The emoji font is WOFF 1.0 whose tables are inflated here for both.
 */

import { brotliDecompressSync, inflateSync } from 'node:zlib';
import { TmuxShotError } from '../errors.js';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const HEADER_BYTES = 44;
const DIRECTORY_ENTRY_BYTES = 20;

interface TableEntry {
  tag: string;
  checksum: number;
  data: Buffer;
}

function readTables(woff: Buffer): TableEntry[] {
  if (woff.length < HEADER_BYTES || woff.readUInt32BE(0) !== WOFF_SIGNATURE) {
    throw new TmuxShotError('A bundled font is not a WOFF 1.0 file; reinstall tmux-shot.');
  }
  const tables: TableEntry[] = [];
  const count = woff.readUInt16BE(12);
  for (let i = 0; i < count; i++) {
    const at = HEADER_BYTES + i * DIRECTORY_ENTRY_BYTES;
    const tag = woff.toString('latin1', at, at + 4);
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const original = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compressed);
    tables.push({ tag, checksum: woff.readUInt32BE(at + 16), data: compressed < original ? inflateSync(stored) : stored });
  }
  return tables;
}

/** An sfnt file of `tables` (sorted by tag, as sfnt requires) with sfnt version `flavor`. */
function buildSfnt(flavor: number, tables: readonly { tag: string; data: Buffer; checksum?: number }[]): Buffer {
  const n = tables.length;
  let size = 12 + 16 * n;
  const offsets = tables.map((t) => {
    const at = size;
    size += (t.data.length + 3) & ~3;
    return at;
  });
  const out = Buffer.alloc(size);
  const searchPow = 2 ** Math.floor(Math.log2(Math.max(1, n)));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(n, 4);
  out.writeUInt16BE(searchPow * 16, 6);
  out.writeUInt16BE(Math.log2(searchPow), 8);
  out.writeUInt16BE(n * 16 - searchPow * 16, 10);
  tables.forEach((t, i) => {
    const at = 12 + 16 * i;
    out.write(t.tag, at, 'latin1');
    out.writeUInt32BE(t.checksum ?? 0, at + 4);
    out.writeUInt32BE(offsets[i]!, at + 8);
    out.writeUInt32BE(t.data.length, at + 12);
    t.data.copy(out, offsets[i]!);
  });
  return out;
}

/**
 * Converts a WOFF 1.0 font to sfnt bytes. The WOFF directory is already sorted by tag, as sfnt requires; `head.checkSumAdjustment`
 * is not recomputed (FreeType and fontkit do not check it).
 * @throws {TmuxShotError} when `woff` is not a WOFF 1.0 file.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  return buildSfnt(woff.readUInt32BE(4), readTables(woff));
}

const WOFF2_SIGNATURE = 0x774f4632; // 'wOF2'
const WOFF2_HEADER_BYTES = 48;

/** The 63 table tags a WOFF2 directory entry names by index (§5.1, "Known Table Tags"). */
const KNOWN_TAGS = (
  'cmap head hhea hmtx maxp name OS/2 post cvt  fpgm glyf loca prep CFF  VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea vmtx BASE ' +
  'GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG  sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar ' +
  'mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill'
)
  .match(/.{4} ?/g)!
  .map((t) => t.slice(0, 4));

/**
 * The tables of a WOFF2 font that it stores untransformed (all but `glyf`, `loca` and, when
 * transformed, `hmtx`), as sfnt bytes: enough for a font reader's cmap and metrics, not for
 * outlines. Reads the table directory (UIntBase128 lengths, §5) and inflates the one Brotli
 * stream with Node's zlib; it is not a WOFF2 decoder (no glyf reconstruction).
 * @throws {TmuxShotError} when `woff2` is not a WOFF2 file.
 */
export function woff2ToCmapSfnt(woff2: Buffer): Buffer {
  if (woff2.length < WOFF2_HEADER_BYTES || woff2.readUInt32BE(0) !== WOFF2_SIGNATURE) {
    throw new TmuxShotError('A bundled font is not a WOFF2 file; reinstall tmux-shot.');
  }
  let at = WOFF2_HEADER_BYTES;
  const base128 = (): number => {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = woff2[at++]!;
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return value;
    }
    throw new TmuxShotError('A bundled WOFF2 font has a malformed table directory; reinstall tmux-shot.');
  };
  const entries: { tag: string; length: number; transformed: boolean }[] = [];
  for (let i = 0; i < woff2.readUInt16BE(12); i++) {
    const flags = woff2[at++]!;
    let tag = KNOWN_TAGS[flags & 0x3f];
    if (tag === undefined) {
      tag = woff2.toString('latin1', at, at + 4);
      at += 4;
    }
    const origLength = base128();
    const version = flags >> 6;
    // glyf and loca are transformed at version 0 (§5.3); any other table at a non-zero version.
    const transformed = tag === 'glyf' || tag === 'loca' ? version === 0 : version !== 0;
    entries.push({ tag, length: transformed ? base128() : origLength, transformed });
  }
  const stream = brotliDecompressSync(woff2.subarray(at, at + woff2.readUInt32BE(20)));
  let offset = 0;
  const tables: { tag: string; data: Buffer }[] = [];
  for (const entry of entries) {
    if (!entry.transformed) tables.push({ tag: entry.tag, data: stream.subarray(offset, offset + entry.length) });
    offset += entry.length;
  }
  tables.sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  return buildSfnt(woff2.readUInt32BE(4), tables);
}
