import type { RgbaImage } from '../../../src/geometry.js';

/** The [r, g, b] of one pixel. */
export function pixel(image: RgbaImage, xPx: number, yPx: number): [number, number, number] {
  const i = (yPx * image.widthPx + xPx) * 4;
  return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
}

/** The distinct colours ('r,g,b') in a rectangle. */
export function colorsIn(image: RgbaImage, xPx: number, yPx: number, widthPx: number, heightPx: number): Set<string> {
  const colors = new Set<string>();
  for (let y = yPx; y < yPx + heightPx; y++) {
    for (let x = xPx; x < xPx + widthPx; x++) colors.add(pixel(image, x, y).join(','));
  }
  return colors;
}

/** A rectangle as text rows: '#' where the pixel is `fg`, '.' where it is `bg`, '+' otherwise. */
export function pixelArt(
  image: RgbaImage,
  rect: { xPx: number; yPx: number; widthPx: number; heightPx: number },
  fg: readonly number[],
  bg: readonly number[],
): string[] {
  const rows: string[] = [];
  for (let y = rect.yPx; y < rect.yPx + rect.heightPx; y++) {
    let row = '';
    for (let x = rect.xPx; x < rect.xPx + rect.widthPx; x++) {
      const p = pixel(image, x, y).join(',');
      row += p === fg.join(',') ? '#' : p === bg.join(',') ? '.' : '+';
    }
    rows.push(row);
  }
  return rows;
}
