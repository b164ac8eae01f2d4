// A clock that changes between runs, hidden by a mask (a RegExp over the screen text).
import { join } from 'node:path';
import { describe, expect, test } from 'tmux-shot/vitest';

test.override({ tmuxOptions: { command: ['node', join(import.meta.dirname, 'clock.mjs')], cols: 30, rows: 6 } });

test('clock masked', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText(/Updated \d\d:\d\d:\d\d/);
  await expect(tmuxApp).toMatchScreenshot({ mask: [/\d\d:\d\d:\d\d/] });
});

describe('recorded', () => {
  test.override({ tmuxRecording: 'always' });

  test('records the worker server', async ({ tmuxApp, tmuxServer, annotate }) => {
    await expect(tmuxApp).toShowText('checks passed');
    await annotate(`${process.pid} ${tmuxServer.connection.socketPath}`, 'server');
  });
});
