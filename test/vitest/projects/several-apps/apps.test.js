// Two apps side by side and a shell, failing: each app's failure screen and GIF carry its name.
import { expect, test } from 'tmux-shot/vitest';

test.override({ tmuxOptions: { cols: 30, rows: 5 } });

test('two apps fail', async ({ tmuxApp, launchApp }) => {
  await tmuxApp.start({ command: ['sh', '-c', 'echo client; exec sleep 30'] });
  const server = await launchApp({ command: ['sh', '-c', 'echo server; exec sleep 30'], name: 'server' });
  await expect(tmuxApp).toShowText('client');
  await expect(server).toShowText('ready', { timeout: 300 });
});

test('a wait of app2 is pending when the test times out', { timeout: 2500 }, async ({ launchApp }) => {
  const app2 = await launchApp({ command: ['sh', '-c', 'echo waiting; exec sleep 30'] });
  await app2.waitForText('never', { timeout: 20000 });
});

test('a shell command fails', async ({ shell }) => {
  const { exitCode } = await shell.run('echo checking; false');
  expect(exitCode).toBe(0);
});

test('a shell command is pending when the test times out', { timeout: 2500 }, async ({ shell }) => {
  await shell.run('sleep 10', { timeout: 20000 });
});

test('a shell matches its screenshot', async ({ shell }) => {
  await shell.run('echo shot');
  await expect(shell).toMatchScreenshot();
});

test('x', async ({ launchApp }) => {
  const y = await launchApp({ command: ['sh', '-c', 'echo app y of x; exec sleep 30'], name: 'y' });
  await expect(y).toShowText('never', { timeout: 100 });
});

test('x-y', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: ['sh', '-c', 'echo tmuxApp of x-y; exec sleep 30'] });
  await expect(tmuxApp).toShowText('never', { timeout: 100 });
});
