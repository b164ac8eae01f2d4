/**
 * TEMPORARY stand-in until TmuxApp and fixtures/menu.mjs land: a menu held in memory. The spec
 * tests switch to the real app then ("the only fake is the model").
 */
import { KeyNameError } from '../../src/errors.js';
import type { Driver } from '../../src/agent/driver.js';

const ITEMS = ['Open', 'Settings', 'Help', 'Quit'];
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface MenuApp extends Driver {
  close(): Promise<void>;
}

export async function startMenuApp(): Promise<MenuApp> {
  let selected = 0;
  return {
    async press(...keys) {
      for (const k of keys) {
        if (k === 'Down') selected = Math.min(ITEMS.length - 1, selected + 1);
        else if (k === 'Up') selected = Math.max(0, selected - 1);
        else if (k !== 'Enter' && k !== 'q') throw new KeyNameError(k, []);
      }
    },
    async type() {},
    text: () => ITEMS.map((item, i) => `${i === selected ? '>' : ' '} ${item}`).join('\n'),
    screenshot: async () => PNG,
    waitForStable: async () => ({ settled: true, afterMs: 0 }),
    async close() {},
  };
}
