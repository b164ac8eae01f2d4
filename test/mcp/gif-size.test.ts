import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { checkGifSize, type SizedTimeline } from '../../src/mcp/gif-size.js';

const resize = (cols: number, rows: number) => ({ kind: 'resize' as const, cols, rows });
const output = { kind: 'output' as const };

describe('checkGifSize', () => {
  it.each<[string, SizedTimeline, { cols: number; rows: number }]>([
    ['the first size', { size: { cols: 80, rows: 24 }, events: [output] }, { cols: 80, rows: 24 }],
    ['a larger resize', { size: { cols: 80, rows: 24 }, events: [resize(200, 50), output, resize(100, 30)] }, { cols: 200, rows: 50 }],
    ['exactly 20000 cells', { size: { cols: 250, rows: 80 }, events: [] }, { cols: 250, rows: 80 }],
  ])('takes %s', (_name, timeline, largest) => {
    expect(checkGifSize('s1', timeline)).toEqual(largest);
  });

  it.each<[string, SizedTimeline, string]>([
    ['1000×1000 from the start', { size: { cols: 1000, rows: 1000 }, events: [] }, '1000×1000 cells (1000000 cells)'],
    ['20001 cells once, resized smaller since', { size: { cols: 80, rows: 24 }, events: [resize(20001, 1), resize(80, 24)] }, '20001×1 cells (20001 cells)'],
  ])('refuses %s, saying what to do', (_name, timeline, size) => {
    expect(() => checkGifSize('s1', timeline)).toThrow(
      new ConfigError(
        `Cannot make a GIF of session s1: it was ${size} at its largest, and tmux-shot mcp draws GIFs of sessions of at most 20000 cells (such as 250×80), ` +
          'since drawing one holds every session; take a screenshot instead, or record in a smaller session.',
      ),
    );
  });
});
