/**
 * GIF's LZW (GIF89a § 22 and Appendix F), pure. It writes exactly the bytes of gifenc 1.0.3's
 * encoder (the `compress`-derived one: 8-bit minimum code size, codes grown one step late, a clear
 * code once 4096 codes are in use, 254-byte sub-blocks), so GIFs stay byte for byte what they were.
 * It is our own for speed: gifenc finds (prefix, pixel) strings in a 5003-slot double-hashed table
 * (≈ 6 ns a pixel here); a table indexed directly by pixel × 4096 + prefix finds them in one load
 * (≈ 3 ns), which halved the LZW share of a full-screen GIF frame.
 */

/** Codes a GIF's LZW table holds at most (12-bit codes). */
const MAX_CODES = 4096;
/** Bits of the widest code. */
const MAX_BITS = 12;
/** Pixel values are bytes, whatever the colour table's size (as gifenc writes them). */
const MIN_CODE_SIZE = 8;
const CLEAR_CODE = 1 << MIN_CODE_SIZE;
const END_CODE = CLEAR_CODE + 1;
/** Bytes of a data sub-block (gifenc's packets hold 254, not the 255 GIF allows). */
const BLOCK_BYTES = 254;

/**
 * An LZW encoder for the image data of GIF frames. It keeps its tables and output buffer from
 * frame to frame (≈ 2 MB), so make one per GIF.
 */
export class LzwEncoder {
  /** Code of the string prefix + pixel at `pixel << 12 | prefix`; 0 when not in the table (codes start at 258). */
  readonly #codes = new Uint16Array(MAX_CODES << 8);
  /** The slots of #codes in use, to clear them. */
  readonly #used = new Int32Array(MAX_CODES);
  #out = new Uint8Array(1 << 16);

  /**
   * The image data of a frame of `indices` (one palette index per pixel, at least one): the
   * minimum code size byte, the codes in data sub-blocks, the block terminator.
   * @returns A view of the encoder's buffer, valid until the next call.
   */
  encode(indices: Uint8Array): Uint8Array {
    const codes = this.#codes;
    const used = this.#used;
    // A code of at most 12 bits per pixel, a size byte per sub-block, and the few codes around.
    const need = indices.length * 2 + 16;
    if (this.#out.length < need) this.#out = new Uint8Array(need);
    const out = this.#out;
    out[0] = MIN_CODE_SIZE;
    let pos = 2;
    let block = 1; // where the current sub-block's size byte goes
    let acc = 0; // bits not yet written, low first
    let bits = 0;
    let codeBits = MIN_CODE_SIZE + 1;
    let maxCode = (1 << codeBits) - 1;
    let next = CLEAR_CODE + 2; // the next code to assign
    let inUse = 0;
    // Appends `code` (codeBits wide) and moves whole bytes out, opening a sub-block every 254.
    const emit = (code: number): void => {
      acc |= code << bits;
      bits += codeBits;
      while (bits >= 8) {
        out[pos++] = acc & 0xff;
        if (pos - block > BLOCK_BYTES) {
          out[block] = BLOCK_BYTES;
          block = pos++;
        }
        acc >>= 8;
        bits -= 8;
      }
    };
    emit(CLEAR_CODE);
    let prefix = indices[0]!;
    for (let i = 1, n = indices.length; i < n; i++) {
      const pixel = indices[i]!;
      const slot = (pixel << MAX_BITS) | prefix;
      const code = codes[slot]!;
      if (code !== 0) {
        prefix = code;
        continue;
      }
      emit(prefix);
      // gifenc grows the code width after writing a code, judging by the codes assigned before it.
      if (next > maxCode) maxCode = ++codeBits === MAX_BITS ? MAX_CODES : (1 << codeBits) - 1;
      prefix = pixel;
      if (next < MAX_CODES) {
        codes[slot] = next++;
        used[inUse++] = slot;
      } else {
        for (let k = 0; k < inUse; k++) codes[used[k]!] = 0;
        inUse = 0;
        next = CLEAR_CODE + 2;
        emit(CLEAR_CODE);
        codeBits = MIN_CODE_SIZE + 1;
        maxCode = (1 << codeBits) - 1;
      }
    }
    emit(prefix);
    if (next > maxCode) ++codeBits;
    emit(END_CODE);
    if (bits > 0) {
      codeBits = 8 - bits; // the last bits, padded to a byte
      emit(0);
    }
    for (let k = 0; k < inUse; k++) codes[used[k]!] = 0;
    // A sub-block left empty becomes the terminator; else close it and add one.
    if (pos - block > 1) {
      out[block] = pos - block - 1;
      out[pos++] = 0;
    } else {
      out[block] = 0;
      pos = block + 1;
    }
    return out.subarray(0, pos);
  }
}
