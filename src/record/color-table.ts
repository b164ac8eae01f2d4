/**
 * An exact-colour table of at most 255 colours plus the transparent slot at index 0 (pure).
 * Lookups run once per changed pixel, so they go through a small open-addressing hash instead
 * of a Map.
 */
import type { Rgb } from '../geometry.js';

/** The index every frame uses for "unchanged since the previous frame"; never a colour. */
export const TRANSPARENT_INDEX = 0;

/** Colours a table holds besides the transparent slot. */
export const MAX_TABLE_COLORS = 255;

/** Hash slots: a power of two, four times the most colours, so probes stay short. */
const SLOTS = 1024;
const SLOT_SHIFT = 32 - Math.log2(SLOTS);

/**
 * Colours keyed by an opaque 32-bit pixel value (an RGBA pixel read as one Uint32), indexed 1…255
 * in the order they were added. Index 0 ({@link TRANSPARENT_INDEX}) is never a colour.
 */
export class ColorTable {
  readonly #keys = new Int32Array(SLOTS);
  /** Index of the colour in each slot; 0 marks an empty slot. */
  readonly #indices = new Uint8Array(SLOTS);
  readonly #colors: Rgb[] = [{ r: 0, g: 0, b: 0 }];
  readonly #keysByIndex: number[] = [0];

  /** Colours held, the transparent slot not counted. */
  get size(): number {
    return this.#colors.length - 1;
  }

  /** Entry i is the colour of index i; entry 0 (the transparent slot) is black. */
  get colors(): readonly Rgb[] {
    return this.#colors;
  }

  /** Entry i is the key of index i (entry 0, the transparent slot, is 0). */
  get keys(): readonly number[] {
    return this.#keysByIndex;
  }

  /** The index of the colour keyed `key`, or 0 when the table does not hold it. */
  find(key: number): number {
    return this.#indices[this.#slotOf(key)]!;
  }

  /**
   * The index of the colour keyed `key`, adding it as (`r`, `g`, `b`) when new.
   * @returns 1–255, or 0 when the colour is new and the table is full.
   */
  indexOf(key: number, r: number, g: number, b: number): number {
    const slot = this.#slotOf(key);
    const found = this.#indices[slot]!;
    if (found !== 0 || this.size === MAX_TABLE_COLORS) return found;
    const index = this.#colors.length;
    this.#colors.push({ r, g, b });
    this.#keysByIndex.push(key);
    this.#keys[slot] = key;
    this.#indices[slot] = index;
    return index;
  }

  /** The slot holding `key`, or the empty slot where it would go. */
  #slotOf(key: number): number {
    let slot = Math.imul(key, 0x9e3779b1) >>> SLOT_SHIFT;
    while (this.#indices[slot] !== 0 && this.#keys[slot] !== (key | 0)) slot = (slot + 1) & (SLOTS - 1);
    return slot;
  }
}
