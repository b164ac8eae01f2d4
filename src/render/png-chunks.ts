/**
 * PNG chunk framing (pure), after the PNG specification (ISO/IEC 15948, W3C PNG 2nd edition)
 * §5.3 chunk layout and Annex D CRC-32.
 *
 * CRC-32 is computed here rather than with `zlib.crc32`, which only exists from Node 20.15
 * while we support Node 20.0; it runs over the compressed data only, well under 1 ms a screenshot.
 */

import { TmuxShotError } from '../errors.js';

/** The 8-byte PNG signature. */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO 3309, as PNG uses it) of the concatenated `parts`. */
export function crc32(...parts: Uint8Array[]): number {
  let c = 0xffffffff;
  for (const part of parts) {
    for (let i = 0; i < part.length; i++) c = CRC_TABLE[(c ^ part[i]!) & 0xff]! ^ (c >>> 8);
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** One chunk: length, 4-letter type, data, CRC of type + data. */
export function encodeChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(head.subarray(4), data), 0);
  return Buffer.concat([head, data, tail]);
}

/** A chunk as read back: its type and data. */
export interface PngChunk {
  readonly type: string;
  readonly data: Buffer;
}

/**
 * The chunks of a PNG file, in order, up to IEND (CRCs are not checked).
 * @throws {TmuxShotError} when `png` lacks the PNG signature or a chunk runs past its end.
 */
export function readChunks(png: Uint8Array): PngChunk[] {
  const buf = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (buf.length < 8 || !buf.subarray(0, 8).equals(PNG_SIGNATURE)) {
    throw new TmuxShotError('Not a PNG file: the 8-byte PNG signature is missing.');
  }
  const chunks: PngChunk[] = [];
  for (let at = 8; at < buf.length; ) {
    if (at + 12 > buf.length) throw new TmuxShotError(`Truncated PNG: a chunk header at byte ${at} runs past the end.`);
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > buf.length) throw new TmuxShotError(`Truncated PNG: chunk ${type} at byte ${at} runs past the end.`);
    chunks.push({ type, data: buf.subarray(at + 8, at + 8 + length) });
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return chunks;
}
