/**
 * Issue 15's figures: what the step log costs a passing test (1000 presses on a real app, and the
 * log's own overhead per step), and the failure report's frames (`reportFrames`) for a typical
 * failing test (the menu fixture: start, a few presses, a failing wait), a busy app (htop for
 * 3 s) and the two hand-built sessions: frames, PNG bytes as keyframes + patches vs every frame
 * whole, and the time to build them.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, test } from 'vitest';
import { StepLog } from '../../src/app/steps.js';
import { TmuxApp } from '../../src/app/tmux-app.js';
import { VITEST_CONSTANTS } from '../../src/defaults.js';
import { TmuxServer } from '../../src/host/index.js';
import type { Timeline } from '../../src/record/index.js';
import { reportFrames } from '../../src/record/report-frames.js';
import { systemClock } from '../../src/wait.js';
import { dashboardSession, typingSession } from '../record/sessions.js';
import { medianMs, printTable } from './measure.js';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures');
let server: TmuxServer;
beforeAll(async () => void (server = await TmuxServer.create()));
afterAll(() => server.dispose());

/** The app's timeline ended now, as the GIF of its session would take it. */
function sessionOf(app: TmuxApp): Timeline {
  const timeline = app.timeline.copy();
  timeline.markEnd(systemClock.now() - app.startedAt);
  return timeline;
}

test('the step log: overhead per step, and 1000 presses on a real app', async () => {
  const log = new StepLog(() => systemClock.now());
  const action = async () => undefined;
  const direct = await medianMs(async () => {
    for (let i = 0; i < 1000; i++) await action();
  }, 20);
  const logged = await medianMs(async () => {
    for (let i = 0; i < 1000; i++) await log.run('press', () => `press('Down')`, action);
  }, 20);
  const app = await TmuxApp.start({ command: ['node', 'menu.mjs'], cwd: FIXTURES, server, cols: 40, rows: 12 });
  const start = performance.now();
  for (let i = 0; i < 1000; i++) await app.press(i % 2 ? 'Up' : 'Down');
  const presses = performance.now() - start;
  await app.close();
  printTable(
    'Step log (1000 steps)',
    ['case', 'total ms', 'per step µs'],
    [
      ['no-op async action, unlogged', direct, direct],
      ['no-op async action, logged', logged, logged],
      ['logging overhead', logged - direct, logged - direct],
      ['1000 real presses (menu.mjs), logged', presses, presses],
    ],
  );
});

/** The frames of `timeline` with the Vitest fixture's tail, as patches and as keyframes only, and the time to build them. */
async function measure(label: string, timeline: Timeline): Promise<(string | number)[]> {
  const options = { tail: VITEST_CONSTANTS.recordingTail, tailBytes: VITEST_CONSTANTS.recordingTailBytes };
  const patched = await reportFrames(timeline, options);
  const whole = await reportFrames(timeline, { ...options, keyframeInterval: 1 });
  const bytes = (frames: typeof patched) => frames.frames.reduce((sum, frame) => sum + frame.image.png.length, 0);
  const ms = await medianMs(() => reportFrames(timeline, options), 3, 1);
  const keyframes = patched.frames.filter((frame) => frame.keyframe).length;
  return [label, patched.frames.length, keyframes, bytes(patched), bytes(whole), ms, patched.truncated ? 'yes' : 'no'];
}

test('report frames: typical failing test, busy app, hand-built sessions', async () => {
  const rows: (string | number)[][] = [];
  const menu = await TmuxApp.start({ command: ['node', 'menu.mjs'], cwd: FIXTURES, server, cols: 80, rows: 24 });
  for (const key of ['Down', 'Down', 'Enter', 'Up']) {
    await menu.press(key);
    await menu.waitForStable();
  }
  await menu.waitForText('Selected: Nope', { timeout: 1000 }).catch(() => undefined);
  rows.push(await measure('menu: 4 presses, a failing wait', sessionOf(menu)));
  await menu.close();
  const htop = await TmuxApp.start({ command: ['htop', '-d', '5'], server, cols: 80, rows: 24 });
  await systemClock.sleep(3000);
  rows.push(await measure('htop 3 s (-d 5: 2 redraws/s)', sessionOf(htop)));
  await htop.close();
  rows.push(await measure('typing session (45 frames)', typingSession().timeline));
  rows.push(await measure('dashboard (30 frames)', dashboardSession()));
  printTable('Report frames (80x24, 1x, fixture tail)', ['recording', 'frames', 'keyframes', 'PNG bytes', 'all keyframes', 'build ms', 'truncated'], rows);
});

/** One build of `timeline`'s report frames with the Vitest fixture's tail: wall and CPU time (the CPU's is steadier on a busy machine), the process's peak RSS after it, frames and cells kept, PNG bytes. */
async function measureOnce(label: string, timeline: Timeline): Promise<(string | number)[]> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const recorded = await reportFrames(timeline, { tail: VITEST_CONSTANTS.recordingTail, tailBytes: VITEST_CONSTANTS.recordingTailBytes });
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const bytes = recorded.frames.reduce((sum, frame) => sum + frame.image.png.length, 0);
  const peakMb = process.resourceUsage().maxRSS / 1024;
  const cells = recorded.frames.reduce((sum, frame) => sum + frame.cells.cols * frame.cells.rows, 0);
  return [label, String(recorded.frames.length), String(cells), String(bytes), ms, (used.user + used.system) / 1000, peakMb, recorded.truncated ? 'yes' : 'no'];
}

/** Paints every cell of a 200×50 screen a random 24-bit background every 30 ms for 8 s, then writes DONE. */
const TRUECOLOUR = `
import random, sys, time
end = time.time() + 8
while time.time() < end:
    rows = [''.join('\\x1b[48;2;%d;%d;%dm ' % (random.randrange(256), random.randrange(256), random.randrange(256)) for _ in range(200)) for _ in range(50)]
    sys.stdout.write('\\x1b[H' + '\\r\\n'.join(rows))
    sys.stdout.flush()
    time.sleep(0.03)
sys.stdout.write('\\x1b[0m\\x1b[HDONE')
sys.stdout.flush()
time.sleep(600)
`;

test('report frames: the cost of big screens and busy apps (peak RSS is the process’s, so cases go smallest first)', async () => {
  const rows: (string | number)[][] = [];
  const menu = await TmuxApp.start({ command: ['node', 'menu.mjs'], cwd: FIXTURES, server, cols: 80, rows: 24 });
  for (const key of ['Down', 'Down', 'Enter', 'Up']) {
    await menu.press(key);
    await menu.waitForStable();
  }
  await menu.waitForText('Selected: Nope', { timeout: 1000 }).catch(() => undefined);
  rows.push(await measureOnce('menu 80x24: 4 presses, a failing wait', sessionOf(menu)));
  await menu.close();
  const colours = await TmuxApp.start({ command: ['python3', '-c', TRUECOLOUR], server, cols: 200, rows: 50 });
  await colours.waitForText('DONE', { timeout: 20_000 });
  rows.push(await measureOnce('200x50 truecolour, a new screen every 30 ms for 8 s', sessionOf(colours)));
  await colours.close();
  const big = await TmuxApp.start({
    command: ['bash', '-c', 'for i in $(seq 1000); do printf "%0999d\\n"; done; printf DONE; exec sleep 600'],
    server,
    cols: 1000,
    rows: 1000,
  });
  await big.waitForText('DONE', { timeout: 60_000 });
  rows.push(await measureOnce('1000x1000: printf "%0999d\\n" x1000', sessionOf(big)));
  await big.close();
  printTable(
    'Report frames, one build each (fixture tail)',
    ['recording', 'frames', 'cells', 'PNG bytes', 'build ms', 'CPU ms', 'peak RSS MB', 'truncated'],
    rows,
  );
});
