// Failing tests whose reports differ by run: a retried test, a test with several apps, a test
// with tmuxRecording 'off', a test whose apps say failureReport: false, and a screenshot whose
// baseline was drawn with another theme (THEME=light when the baselines were taken).
import { expect, test } from 'tmux-shot/vitest';
import { describe } from 'vitest';

const echo = (text) => ['sh', '-c', `echo ${text}; exec sleep 30`];

test.override({ tmuxOptions: { cols: 30, rows: 5 } });

test('retried', { retry: 1 }, async ({ tmuxApp, task }) => {
  await tmuxApp.start({ command: echo(`attempt-${task.result.retryCount}`) });
  await expect(tmuxApp).toShowText(`attempt-${task.result.retryCount}`);
  throw new Error(`failure of attempt ${task.result.retryCount}`);
});

test('several apps', async ({ tmuxApp, launchApp, shell }) => {
  await tmuxApp.start({ command: echo('client') });
  const server = await launchApp({ command: echo('server'), name: 'server' });
  await shell.run('echo in-shell');
  await expect(server).toShowText('server');
  await expect(tmuxApp).toShowText('never', { timeout: 200 });
});

describe('off', () => {
  test.override({ tmuxRecording: 'off' });
  test('recording off', async ({ tmuxApp }) => {
    await tmuxApp.start({ command: echo('last-screen') });
    await expect(tmuxApp).toShowText('never', { timeout: 200 });
  });
});

describe('no report', () => {
  test.override({ tmuxOptions: { cols: 30, rows: 5, failureReport: false } });
  test('report off', async ({ tmuxApp }) => {
    await tmuxApp.start({ command: echo('no-report') });
    await expect(tmuxApp).toShowText('never', { timeout: 200 });
  });
});

describe('themed', () => {
  test.override({ tmuxOptions: { cols: 30, rows: 5, ...(process.env.THEME ? { theme: process.env.THEME } : {}) } });
  test('theme changed', async ({ tmuxApp }) => {
    await tmuxApp.start({ command: echo(process.env.TEXT ?? 'shot') });
    await expect(tmuxApp).toShowText(process.env.TEXT ?? 'shot');
    await expect(tmuxApp).toMatchScreenshot('themed');
  });
});
