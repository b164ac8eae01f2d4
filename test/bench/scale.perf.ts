/**
 * Issue 16's scale figures: how the per-test cost grows from 20 to 200 to 1000 trivial tests with
 * 2 workers; the memory one live app holds (screen model + timeline), idle and after 10 MB of
 * output; and the cost of `TmuxApp.start` at 80x24, 200x50 and 1000x1000.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, test } from 'vitest';
import { TmuxApp } from '../../src/app/index.js';
import { TmuxServer } from '../../src/host/index.js';
import { median, printTable } from './measure.js';
import { emptyTests, type TimedRun, timeVitest, tmuxShotInstall, tmuxShotProject, trivialTests } from './projects.js';

const REPO = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'tmux-shot-bench-scale-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Test files per run, one per worker: the same at every size, so the growth is the tests', not the files' (each file imports tmux-shot/vitest anew). */
const FILES = 2;
/** Test counts, and runs of each (alternated with its reference; medians). */
const SIZES: [tests: number, runs: number][] = [
  [20, 3],
  [200, 1],
  [1000, 1],
];

function checked(run: TimedRun, what: string): TimedRun {
  if (!run.ok) throw new Error(`the run of ${what} failed:\n${run.output.slice(-3000)}`);
  return run;
}

test('per-test cost at 20, 200 and 1000 trivial tests, 2 workers', () => {
  const install = tmuxShotInstall(dir);
  const rows: (string | number)[][] = [];
  let first: number | undefined;
  for (const [tests, runs] of SIZES) {
    const perFile = tests / FILES;
    const files = (make: (k: number) => string) => Object.fromEntries(Array.from({ length: FILES }, (_, k) => [`t${k}.test.js`, make(k)]));
    // The reference: as many tests taking only the worker's tmux server (Vitest's own start-up, collection and per-test cost).
    const echo = tmuxShotProject(
      install,
      `echo-${tests}`,
      files((k) => trivialTests(perFile, k * perFile)),
    );
    const empty = tmuxShotProject(
      install,
      `empty-${tests}`,
      files(() => emptyTests(perFile, 'tmuxServer')),
    );
    const walls: number[] = [];
    const references: number[] = [];
    for (let run = 0; run < runs; run++) {
      walls.push(checked(timeVitest(echo, ['--maxWorkers=2']), `${tests} trivial tests`).ms);
      references.push(checked(timeVitest(empty, ['--maxWorkers=2']), `${tests} empty tests`).ms);
    }
    const [wall, reference] = [median(walls), median(references)];
    const perTest = (wall - reference) / tests;
    first ??= perTest;
    rows.push([String(tests), wall, reference, wall / tests, perTest, `${(perTest / first).toFixed(2)}x`]);
  }
  printTable(
    `Trivial bash tests (echo, wait for the text) in ${FILES} files, vitest run --maxWorkers=2, wall ms (20: median of ${SIZES[0]![1]})`,
    ['tests', 'wall', 'reference: as many empty tests', 'wall / test', 'per test: (wall − reference) / tests', 'growth vs 20'],
    rows,
  );
});

/** Apps measured one after another in a child Node with `--expose-gc`; medians over them. */
const MEMORY_APPS = 5;
const OUTPUT_BYTES = 10 * 1024 * 1024;

/**
 * The child: starts {@link MEMORY_APPS} bash apps one at a time, then makes each `cat` 10 MB of
 * text lines; after each step a full GC and `process.memoryUsage()`; prints the deltas as JSON.
 */
const MEMORY_CHILD = `
import { TmuxApp, TmuxServer } from ${JSON.stringify(pathToFileURL(join(REPO, 'dist/index.js')).href)};
const [file, count] = process.argv.slice(-2);
const usage = () => { globalThis.gc(); globalThis.gc(); const m = process.memoryUsage(); return { heap: m.heapUsed, external: m.external, rss: m.rss }; };
const delta = (a, b) => ({ heap: b.heap - a.heap, external: b.external - a.external, rss: b.rss - a.rss });
const server = await TmuxServer.create();
const apps = [], idle = [], output = [];
let last = usage();
for (let i = 0; i < Number(count); i++) {
  const app = await TmuxApp.start({ command: ['bash', '--norc', '--noprofile'], server });
  await app.waitForStable();
  const now = usage(); idle.push(delta(last, now)); last = now; apps.push(app);
}
for (const app of apps) {
  await app.type("cat " + file + "; echo AL''L-DONE\\n");
  await app.waitForText('ALL-DONE', { timeout: 300000 });
  await app.waitForStable();
  const now = usage(); output.push(delta(last, now)); last = now;
}
for (const app of apps) await app.close();
await server.dispose();
process.stdout.write(JSON.stringify({ idle, output }));
`;

test('memory per live app: idle, and after 10 MB of output', () => {
  const file = join(dir, 'output.txt');
  const line = (n: number) => `line ${String(n).padStart(8, '0')} ${'the quick brown fox jumps over the lazy dog '.repeat(2)}`.slice(0, 79);
  const lines = Array.from({ length: Math.ceil(OUTPUT_BYTES / 80) }, (_, n) => line(n));
  writeFileSync(file, `${lines.join('\n')}\n`.slice(0, OUTPUT_BYTES));
  const child = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', MEMORY_CHILD, file, String(MEMORY_APPS)], {
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (child.status !== 0) throw new Error(`the memory child failed:\n${child.stderr}`);
  const { idle, output } = JSON.parse(child.stdout) as Record<'idle' | 'output', Record<'heap' | 'external' | 'rss', number>[]>;
  const mb = (bytes: number) => bytes / 1024 / 1024;
  const of = (deltas: typeof idle) => (['heap', 'external', 'rss'] as const).map((key) => median(deltas.map((d) => d[key])));
  const [before, growth] = [of(idle), of(output)];
  printTable(
    `Memory per live bash app at 80x24 (screen model + timeline), MB, median over ${MEMORY_APPS} apps (node --expose-gc, after a full GC)`,
    ['state', 'heap used', 'external (Buffers)', 'RSS'],
    [
      ['idle at its prompt', ...before.map(mb)],
      ['growth from 10 MB of output (cat of text lines)', ...growth.map(mb)],
      ['after 10 MB of output (idle + growth)', ...before.map((bytes, i) => mb(bytes + growth[i]!))],
    ],
  );
});

const START_RUNS = 7;

test('TmuxApp.start at 80x24, 200x50 and 1000x1000', async () => {
  await using server = await TmuxServer.create();
  const rows: (string | number)[][] = [];
  let reference = 0;
  for (const size of [
    { cols: 80, rows: 24 },
    { cols: 200, rows: 50 },
    { cols: 1000, rows: 1000 },
  ]) {
    const times: number[] = [];
    for (let run = 0; run < START_RUNS + 1; run++) {
      const start = performance.now();
      const app = await TmuxApp.start({ command: ['bash', '--norc', '--noprofile'], ...size, server });
      if (run > 0) times.push(performance.now() - start); // the first is a warm-up
      await app.close();
    }
    const ms = median(times);
    reference ||= ms;
    rows.push([`${size.cols}x${size.rows}`, ms, `${(ms / reference).toFixed(2)}x`]);
  }
  printTable(`TmuxApp.start(bash) until ready, median ms of ${START_RUNS} (close not timed)`, ['size', 'ms', 'vs 80x24'], rows);
});
