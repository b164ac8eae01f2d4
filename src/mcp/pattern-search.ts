/**
 * Searches a client's regular expressions off the server's thread, under a time budget. A pattern
 * that backtracks (`/(a+)+b/` on a row of 40 `a` runs for hours) would otherwise hold the one
 * thread every session, timer and signal handler needs. Each search runs in a `worker_threads`
 * worker; one that takes longer than `MCP_LIMITS.searchMs` is terminated (V8 stops it mid-match)
 * and the search fails. Measured here: a search of an 80×24 screen costs ≈ 0.04 ms in a worker
 * (posting the rows and the answer included), a worker starts in ≈ 50–260 ms, once. V8's
 * linear-time engine (`--enable-experimental-regexp-engine`, the `l` flag) was measured too and
 * not taken: it refuses backreferences and lookarounds, and runs 250–500 ns a character (≈ 0.3 s
 * for any pattern on a 1000×1000 screen, 73 s for a 200-word alternation), on the server's thread.
 */
import { Worker } from 'node:worker_threads';
import { ConfigError } from '../errors.js';
import { formatPattern, matchCells, snapshotText, type TextMatch } from '../screen/index.js';
import type { ScreenSnapshot } from '../snapshot.js';
import { startTimer } from '../wait.js';
import { MCP_LIMITS } from './limits.js';

/**
 * The worker: for each `{ source, rows, all }` it answers `[row, index, text]` triples — the first
 * match of the first row that has one (as `findText`), or with `all` every non-empty match of every
 * row, not overlapping (as `findAllText`). Plain JavaScript, evaluated by the worker as it starts.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ source, rows, all }) => {
  const found = [];
  const regexp = new RegExp(source, all ? 'g' : '');
  for (let row = 0; row < rows.length; row++) {
    if (all) {
      for (const match of rows[row].matchAll(regexp)) if (match[0] !== '') found.push([row, match.index, match[0]]);
    } else {
      const match = regexp.exec(rows[row]);
      if (match) { found.push([row, match.index, match[0]]); break; }
    }
  }
  parentPort.postMessage(found);
});`;

/** The workers of one server: idle ones are kept for the next search; all end with {@link close}. */
export class PatternSearch {
  readonly #idle: Worker[] = [];
  readonly #all = new Set<Worker>();

  /**
   * The first match of `pattern` on `snapshot`, rows top to bottom, as `findText` finds it.
   * @throws {ConfigError} when the search takes longer than `MCP_LIMITS.searchMs`.
   */
  async first(snapshot: ScreenSnapshot, pattern: RegExp): Promise<TextMatch | undefined> {
    const [match] = await this.#search(snapshot, pattern, false);
    return match;
  }

  /**
   * Every non-empty match of `pattern` on `snapshot`, as `findAllText` finds them.
   * @throws {ConfigError} when the search takes longer than `MCP_LIMITS.searchMs`.
   */
  all(snapshot: ScreenSnapshot, pattern: RegExp): Promise<TextMatch[]> {
    return this.#search(snapshot, pattern, true);
  }

  /** Ends every worker, a search under way included (it rejects). */
  async close(): Promise<void> {
    const workers = [...this.#all];
    this.#all.clear();
    this.#idle.length = 0;
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  async #search(snapshot: ScreenSnapshot, pattern: RegExp, all: boolean): Promise<TextMatch[]> {
    const worker = this.#idle.pop() ?? (await this.#start());
    const rows = snapshotText(snapshot).split('\n');
    const found = await new Promise<[number, number, string][]>((done, fail) => {
      const cancel = startTimer(MCP_LIMITS.searchMs, () => {
        this.#all.delete(worker);
        void worker.terminate();
        fail(tooSlow(pattern, snapshot));
      });
      worker.once('message', (answer: [number, number, string][]) => {
        cancel();
        done(answer);
      });
      worker.once('exit', () => {
        cancel();
        fail(new ConfigError(`The search for ${formatPattern(pattern)} was stopped: the MCP server is ending.`));
      });
      worker.postMessage({ source: pattern.source, rows, all });
    });
    worker.removeAllListeners('exit');
    this.#idle.push(worker);
    return found.map(([row, index, text]) => matchCells(snapshot, row, index, text));
  }

  /** A new worker, once it runs (its start is not part of a search's budget). */
  async #start(): Promise<Worker> {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref(); // never what keeps the server's process alive
    this.#all.add(worker);
    await new Promise<void>((done, fail) => worker.once('online', done).once('error', fail));
    return worker;
  }
}

/** The error of a search stopped at its budget: what happened, and how to write the pattern instead. */
function tooSlow(pattern: RegExp, snapshot: ScreenSnapshot): ConfigError {
  return new ConfigError(
    `The regular expression ${formatPattern(pattern)} took more than ${MCP_LIMITS.searchMs} ms to search the ${snapshot.cols}×${snapshot.rows} screen, so it was stopped: ` +
      'it backtracks (a repeat inside a repeat, such as (a+)+, tries every way to split the text). ' +
      'Write it so that each character can match in one way only (/a+b/ rather than /(a+)+b/), or search for literal text.',
  );
}
