// An app that floods its terminal (`cat /dev/urandom`: ≈ 1 MB/s of binary through tmux here)
// never makes a wait overrun its timeout, nor a screenshot or close() wait for a backlog: the
// screen model parses each chunk as it arrives, so there is none to wait for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TmuxServer } from '../../src/host/index.js';
import { TmuxApp } from '../../src/app/tmux-app.js';

let server: TmuxServer;
beforeAll(async () => void (server = await TmuxServer.create()));
afterAll(() => server.dispose());

/** How long `work` took, in ms. */
async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

describe('TmuxApp under an output flood', () => {
  it('ends waitForStable at its timeout unsettled, and screenshots and closes without waiting for a backlog', { timeout: 30_000 }, async () => {
    const app = await TmuxApp.start({ command: 'cat /dev/urandom', server, ready: 'none', cols: 80, rows: 24 });
    let result = { settled: true, afterMs: 0 };
    // 1 s of quiet, not the default 200 ms: once, with a whole suite loading 2 cores, the flood
    // counted as settled (its bytes pass cat, tmux, the pipe's cat and the reader: a 200 ms gap).
    const stable = await timed(async () => (result = await app.waitForStable({ timeout: 2000, quietMs: 1000 })));
    expect(result.settled).toBe(false);
    expect(stable).toBeGreaterThanOrEqual(2000);
    expect(stable).toBeLessThan(2500); // past the timeout by at most the parse of one chunk (≈ 10–300 ms)
    await app.screenshot(); // loads the fallback fonts of random characters (≈ 1 s), which is not what is measured
    expect(await timed(() => app.screenshot())).toBeLessThan(1000);
    expect(await timed(() => app.close())).toBeLessThan(2000);
    expect(app.text().length).toBeGreaterThan(0);
  });
});
