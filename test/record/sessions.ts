/**
 * Hand-built timelines with known timestamps: a shell session (typing, then output that scrolls)
 * and a full-screen TUI animation. Deterministic; tests and the benchmark both use them.
 */
import { Timeline } from '../../src/record/index.js';

const encoder = new TextEncoder();
const bytes = (text: string): Uint8Array => encoder.encode(text);

const PROMPT = '\x1b[1;32muser@host\x1b[0m:\x1b[1;34m~/project\x1b[0m$ ';

/** A tiny deterministic pseudo-random generator (LCG), so sessions are the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** One `ls -l`-style line, coloured like GNU ls. */
function listingLine(i: number): string {
  const name = i % 3 === 0 ? `\x1b[1;34mdir-${i}\x1b[0m` : i % 3 === 1 ? `notes-${i}.txt` : `\x1b[1;32mrun-${i}.sh\x1b[0m`;
  return `-rw-r--r-- 1 user user ${String(1000 + i * 37).padStart(6)} Nov 29 21:${String(i % 60).padStart(2, '0')} ${name}\r\n`;
}

/** The command typed in {@link typingSession}: 30 characters. */
export const TYPED_COMMAND = 'ls -l --color=auto src | head ';

/**
 * An 80×24 shell session of 45 frames at 30 fps: a screen of earlier output and a prompt at 0 ms,
 * the 30 characters of {@link TYPED_COMMAND} typed 100–190 ms apart, then 170 ms later the
 * Enter echo with the first of 14 chunks of three listing lines 50 ms apart (each scrolls the
 * screen), and a last prompt with the 14th chunk. The recording ends 1.5 s after the last output.
 */
export function typingSession(): { timeline: Timeline; typedAtMs: number[]; chunksAtMs: number[] } {
  const timeline = new Timeline({ cols: 80, rows: 24 });
  const next = random(5);
  let earlier = '';
  for (let i = 0; i < 20; i++) earlier += listingLine(i);
  timeline.appendOutput(bytes(earlier + PROMPT), 0);
  let atMs = 0;
  const typedAtMs: number[] = [];
  for (const ch of TYPED_COMMAND) {
    atMs += 100 + Math.floor(next() * 10) * 10;
    timeline.appendOutput(bytes(ch), atMs);
    typedAtMs.push(atMs);
  }
  atMs += 120;
  const chunksAtMs: number[] = [];
  for (let chunk = 0; chunk < 14; chunk++) {
    atMs += 50;
    let text = chunk === 0 ? '\r\n' : ''; // the Enter echo arrives with the first lines
    for (let i = 0; i < 3; i++) text += listingLine(100 + chunk * 3 + i);
    timeline.appendOutput(bytes(chunk === 13 ? text + PROMPT : text), atMs);
    chunksAtMs.push(atMs);
  }
  timeline.markEnd(atMs + 1500);
  return { timeline, typedAtMs, chunksAtMs };
}

/** One screen of the dashboard animation, drawn with absolute cursor moves (CUP). */
function dashboardFrame(k: number, next: () => number): string {
  const at = (row: number, col: number): string => `\x1b[${row + 1};${col + 1}H`;
  let out = `${at(0, 0)}\x1b[7m${` top - 21:00:${String(k).padStart(2, '0')}  tasks: ${120 + k}  load: ${(next() * 4).toFixed(2)}`.padEnd(80)}\x1b[0m`;
  out += `${at(1, 0)}┌${'─'.repeat(38)}┐┌${'─'.repeat(38)}┐`;
  for (let row = 2; row < 13; row++) {
    out += `${at(row, 0)}│`;
    for (let bar = 0; bar < 19; bar++) {
      const height = Math.floor(next() * 12);
      out += 12 - (row - 1) < height ? `\x1b[48;5;${16 + ((bar * 7 + k) % 216)}m  \x1b[0m` : '  ';
    }
    out += `${at(row, 39)}│${at(row, 40)}│ \x1b[38;2;${(row * 20 + k * 8) % 256};${200 - row * 10};${(k * 17) % 256}m`;
    out += `pid ${String(1000 + row * 13 + k).padStart(5)} cpu ${(next() * 100).toFixed(1).padStart(5)}% mem ${(next() * 9).toFixed(1)}%\x1b[0m`;
    out += `${at(row, 79)}│`;
  }
  out += `${at(13, 0)}└${'─'.repeat(38)}┘└${'─'.repeat(38)}┘`;
  const done = Math.round(((k + 1) / 30) * 60);
  out += `${at(15, 2)}\x1b[32m${'█'.repeat(done)}\x1b[90m${'░'.repeat(60 - done)}\x1b[0m ${String(Math.round(((k + 1) / 30) * 100)).padStart(3)}%`;
  for (let row = 17; row < 23; row++) {
    out += `${at(row, 2)}\x1b[${31 + ((row + k) % 6)}m${'⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏'[(k + row) % 10]} worker ${row - 16}: job ${k * 7 + row} ${'.'.repeat((k + row) % 20).padEnd(20)}\x1b[0m`;
  }
  return out;
}

/**
 * An 80×24 full-screen TUI of 30 frames, 100 ms apart, in the alternate screen with the cursor
 * hidden: a reverse-video title bar, 256-colour bar charts and 24-bit coloured numbers in box
 * drawing, a progress bar of block elements and six spinner rows, all redrawn every frame.
 */
export function dashboardSession(): Timeline {
  const timeline = new Timeline({ cols: 80, rows: 24 });
  const next = random(7);
  for (let k = 0; k < 30; k++) {
    timeline.appendOutput(bytes((k === 0 ? '\x1b[?1049h\x1b[?25l\x1b[2J' : '') + dashboardFrame(k, next)), k * 100);
  }
  timeline.markEnd(3000);
  return timeline;
}
