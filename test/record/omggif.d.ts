/** Types for omggif 1.0.10's GifReader (the package ships none), as its omggif.js defines it. */
declare module 'omggif' {
  export interface GifFrameInfo {
    x: number;
    y: number;
    width: number;
    height: number;
    has_local_palette: boolean;
    palette_offset: number | null;
    palette_size: number | null;
    data_offset: number;
    data_length: number;
    /** null when the frame has no transparent index. */
    transparent_index: number | null;
    interlaced: boolean;
    /** In 1/100 s. */
    delay: number;
    disposal: number;
  }
  export class GifReader {
    constructor(buf: Uint8Array);
    readonly width: number;
    readonly height: number;
    numFrames(): number;
    loopCount(): number | null;
    frameInfo(frame: number): GifFrameInfo;
    /** Decodes frame `frame` into `pixels` (width × height × 4), leaving its transparent pixels untouched. */
    decodeAndBlitFrameRGBA(frame: number, pixels: Uint8Array): void;
  }
  const omggif: { GifReader: typeof GifReader };
  export default omggif;
}
