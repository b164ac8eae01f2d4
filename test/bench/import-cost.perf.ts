/**
 * Issue 30 target 2's figures: what starting the CLI and importing each entry point cost, as whole
 * child processes (the built files: `npm run bench` builds first) — wall time, median of 15 runs
 * taken in turn with a bare `node -e 0` so that drift of a shared machine hits both alike — and
 * how many modules each loads (tmux-shot's own, and from node_modules).
 * `import('tmux-shot/vitest')` outside Vitest loads its whole static graph, then stops at its first
 * `beforeAll`: the cost of the import, not of a test.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { test } from 'vitest';
import { importing, loadedBy, root } from '../module-watch.js';
import { median, printTable, printTarget } from './measure.js';

const run = promisify(execFile);

/** The wall time of `node ...args` in ms (it may fail: the vitest entry outside Vitest). */
async function wallMs(args: string[]): Promise<number> {
  const start = performance.now();
  await run(process.execPath, args, { cwd: root }).catch(() => undefined);
  return performance.now() - start;
}

const CASES: { label: string; args: string[] }[] = [
  { label: 'tmux-shot --help', args: ['dist/cli/bin.js', '--help'] },
  { label: "import('tmux-shot')", args: importing('tmux-shot') },
  { label: "import('tmux-shot/vitest')", args: importing('tmux-shot/vitest') },
  { label: "import('tmux-shot/reporter')", args: importing('tmux-shot/reporter') },
];

test('import cost: tmux-shot --help and each entry point against node -e 0', async () => {
  const runs = 15;
  const rows: (string | number)[][] = [];
  let helpRatio = Infinity;
  for (const { label, args } of CASES) {
    const bare: number[] = [];
    const timed: number[] = [];
    await wallMs(args); // warm the file cache
    for (let i = 0; i < runs; i++) {
      bare.push(await wallMs(['-e', '0']));
      timed.push(await wallMs(args));
    }
    const ratio = median(timed.map((ms, i) => ms / bare[i]!));
    if (label === 'tmux-shot --help') helpRatio = ratio;
    const { own, packages, modules } = await countModules(args);
    rows.push([label, median(timed), median(bare), ratio.toFixed(2), String(own), String(modules), String(packages)]);
  }
  printTable(
    `Import cost (median of ${runs} child processes)`,
    ['case', 'wall ms', 'node -e 0 ms', '× node -e 0', 'own modules', 'node_modules modules', 'packages'],
    rows,
  );
  printTarget('tmux-shot --help ≤ 2.5× a bare node start', helpRatio <= 2.5, `${helpRatio.toFixed(2)}×`);
});

/** How many of tmux-shot's own built modules, modules from node_modules and packages `node ...args` loads. */
async function countModules(args: string[]): Promise<{ own: number; modules: number; packages: number }> {
  const loaded = await loadedBy(args, true);
  return { own: loaded.own.length, modules: loaded.modules, packages: loaded.packages.length };
}
