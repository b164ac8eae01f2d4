import { describe, expect, it } from 'vitest';
import { formatStopLine } from '../../src/cli/record-play.js';

describe('formatStopLine', () => {
  it.each([
    [{ signal: 'SIGINT', at: 11_249 }, 1000, 'recording stopped by SIGINT after 10.2 s; saving it (a second SIGINT quits without saving)'],
    [{ signal: 'SIGTERM', at: 1_350 }, 1000, 'recording stopped by SIGTERM after 0.3 s; saving it (a second SIGTERM quits without saving)'],
    [{ signal: 'SIGINT', at: 61_000 }, 1000, 'recording stopped by SIGINT after 60.0 s; saving it (a second SIGINT quits without saving)'],
  ] as const)('%j, started at %d ms', (stop, startedAt, line) => {
    expect(formatStopLine(stop, startedAt)).toBe(`tmux-shot record: ${line}`);
  });
});
