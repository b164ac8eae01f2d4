import { describe, expect, it } from 'vitest';
import { RetryLog } from '../../src/app/waits.js';

describe('RetryLog: what the retries of a wait saw, for its timeout error', () => {
  it('says nothing when no retry was logged', () => {
    expect(new RetryLog().format()).toBe('');
  });

  it('counts a run of retries that saw the same on one line, in order, as Playwright’s call log', () => {
    const log = new RetryLog();
    for (const sight of ['matched nothing', 'matched nothing', 'the screen was half drawn', 'matched nothing', 'matched nothing', 'matched nothing']) {
      log.add(sight);
    }
    expect(log.format()).toBe('\n\nCall log:\n  - 2 × matched nothing\n  - the screen was half drawn\n  - 3 × matched nothing');
  });

  it('keeps the last 10 lines, and counts the retries of those left out', () => {
    const log = new RetryLog();
    log.add('matched nothing');
    log.add('matched nothing');
    for (let row = 0; row < 11; row++) log.add(`still matched at row ${row} col 0`);
    const lines = log.format().split('\n');
    expect(lines.slice(0, 4)).toEqual(['', '', 'Call log:', '  - … 3 earlier retries']);
    expect(lines.slice(4)).toEqual(Array.from({ length: 10 }, (_, i) => `  - still matched at row ${i + 1} col 0`));
  });
});
