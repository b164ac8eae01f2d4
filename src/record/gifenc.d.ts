/**
 * Types for the part of gifenc 1.0.3 that src/record/gif.ts (its quantizer) and
 * test/record/lzw.test.ts (its encoder, the reference for ours) use; the package ships none.
 * Shapes read from its source, `src/index.js`, `src/pnnquant2.js` and `src/palettize.js`.
 */
declare module 'gifenc' {
  /** A colour table entry: [r, g, b], channels 0–255. */
  export type GifencColor = [number, number, number];

  export interface GifencStream {
    writeByte(byte: number): void;
    writeBytesView(data: Uint8Array): void;
  }

  export interface GifencFrameOptions {
    /** A colour table: the global one on the first frame, else a local one. */
    palette?: GifencColor[] | null;
    /** Delay in ms; written as Math.round(delay / 10) hundredths of a second. */
    delay?: number;
    transparent?: boolean;
    transparentIndex?: number;
    /** GIF disposal method 0–7; -1 lets gifenc choose. */
    dispose?: number;
    /** In manual mode (`auto: false`): write the screen descriptor and global table with this frame. */
    first?: boolean;
    repeat?: number;
    colorDepth?: number;
  }

  export interface Gifenc {
    writeHeader(): void;
    writeFrame(index: Uint8Array, width: number, height: number, options?: GifencFrameOptions): void;
    finish(): void;
    bytes(): Uint8Array;
    bytesView(): Uint8Array;
    readonly stream: GifencStream;
  }

  export function GIFEncoder(options?: { initialCapacity?: number; auto?: boolean }): Gifenc;
  export function quantize(rgba: Uint8Array, maxColors: number, options?: { format?: 'rgb565' | 'rgb444' | 'rgba4444' }): GifencColor[];
  export function applyPalette(rgba: Uint8Array, palette: GifencColor[], format?: 'rgb565' | 'rgb444' | 'rgba4444'): Uint8Array;

  /** What Node's CommonJS interop hands over as the default export of `dist/gifenc.js`. */
  const gifenc: { GIFEncoder: typeof GIFEncoder; quantize: typeof quantize; applyPalette: typeof applyPalette };
  export default gifenc;
}
