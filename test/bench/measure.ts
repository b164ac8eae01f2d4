/** Small helpers for `npm run bench`: medians of repeated runs and aligned tables. */

/** Runs `fn` `warmup` times unmeasured, then `runs` times; returns the median in ms. */
export async function medianMs(fn: () => unknown, runs = 30, warmup = 3): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** Prints rows as an aligned table under a title (to stdout, so it survives reporters). */
export function printTable(title: string, header: string[], rows: (string | number)[][]): void {
  const cells = [header, ...rows.map((r) => r.map((c) => (typeof c === 'number' ? format(c) : c)))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  process.stdout.write(`\n${title}\n${line(header)}\n${cells.slice(1).map(line).join('\n')}\n`);
}

function format(n: number): string {
  return n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);
}

/** The median of `values` (the upper one of an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Prints an issue's target line: `target: <what> → met (<detail>)` or `→ NOT met (…)`. */
export function printTarget(what: string, met: boolean, detail: string): void {
  process.stdout.write(`target: ${what} → ${met ? 'met' : 'NOT met'} (${detail})\n`);
}
