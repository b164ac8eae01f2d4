/** Shared helpers of the screen tests: write text into a fresh model, build expected cells. */
import { onTestFinished } from 'vitest';
import { ScreenModel } from '../../src/screen/index.js';
import type { Cell, Color } from '../../src/snapshot.js';

/** A model of `cols`×`rows` cells that has parsed `bytes` (a string is UTF-8 encoded), disposed after the test. */
export async function modelAfter(bytes: string | Uint8Array, cols = 20, rows = 5): Promise<ScreenModel> {
  const model = new ScreenModel({ cols, rows });
  onTestFinished(() => model.dispose());
  await model.write(encode(bytes));
  return model;
}

/** UTF-8 bytes of `bytes` (bytes pass through). */
export function encode(bytes: string | Uint8Array): Uint8Array {
  return typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
}

/** The cell at `row`, `col` of a snapshot taken now. */
export function cellAt(model: ScreenModel, row: number, col: number): Cell | undefined {
  return model.snapshot().cells[row]?.[col];
}

/** A cell with default attributes, then `overrides`. */
export function cell(overrides: Partial<Cell>): Cell {
  return {
    chars: '',
    width: 1,
    fg: { kind: 'default' },
    bg: { kind: 'default' },
    bold: false,
    dim: false,
    italic: false,
    underline: 'none',
    underlineColor: { kind: 'default' },
    strikethrough: false,
    overline: false,
    inverse: false,
    invisible: false,
    blink: false,
    ...overrides,
  };
}

/** Palette colour `index`. */
export const pal = (index: number): Color => ({ kind: 'palette', index });
/** 24-bit colour. */
export const rgb = (r: number, g: number, b: number): Color => ({ kind: 'rgb', r, g, b });

/** ESC, to keep byte strings readable. */
export const E = '\x1b';
