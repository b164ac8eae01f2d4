// Usage: node same-pixels.mjs a.png b.png — exit 0 when both PNGs have the same size and the same
// RGBA pixels (their text chunks may differ: a baseline also stores the screen's cells).
import { readFileSync } from 'node:fs';
import pngjs from 'pngjs';

const [a, b] = process.argv.slice(2).map((path) => ({ path, image: pngjs.PNG.sync.read(readFileSync(path)) }));
if (a.image.width !== b.image.width || a.image.height !== b.image.height) {
  console.error(`${a.path} is ${a.image.width}x${a.image.height} px, ${b.path} is ${b.image.width}x${b.image.height} px`);
  process.exit(1);
}
if (!a.image.data.equals(b.image.data)) {
  console.error(`${a.path} and ${b.path} have the same size but different pixels`);
  process.exit(1);
}
