// Shows one line and waits: `show.mjs <text>`, or `show.mjs --file <path>` for the file's first
// line (so the watch-mode test can change the screen between runs of one Vitest session).
import { readFileSync } from 'node:fs';

const text = process.argv[2] === '--file' ? readFileSync(process.argv[3], 'utf8').trim() : process.argv[2];
process.stdout.write(`\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J${text}\r\n`);
process.stdin.resume();
