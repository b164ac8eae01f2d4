// The README's "Scrollback and the whole buffer" example, run as written.
import { expect, test } from '../../src/vitest/index.js';

// seq's 5000 lines, then `end`; cat keeps the app running.
test.override({ tmuxOptions: { command: ['sh', '-c', 'seq 1 5000; printf end; exec cat'], scrollback: 100 } });

test('the first lines scrolled off', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('end');
  expect(tmuxApp.text()).not.toContain('4900');
  await expect(tmuxApp).toShowText(/^4900$/, { scrollback: true });
  expect(tmuxApp.text({ scrollback: true }).split('\n')[0]).toBe('4878'); // 100 lines above the 24 rows
  expect(await tmuxApp.getByText(/^4900$/, { scrollback: true }).boundingBox()).toEqual({ row: 22, col: 0, rows: 1, cols: 4 });
});
