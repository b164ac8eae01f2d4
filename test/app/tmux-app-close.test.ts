// Waits and close(): a pending wait ends as soon as the app is closed, and bad durations are refused.
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppExitedError, ConfigError, TmuxShotError } from '../../src/errors.js';
import { TmuxServer } from '../../src/host/index.js';
import { TmuxApp } from '../../src/app/tmux-app.js';

let server: TmuxServer;
beforeAll(async () => void (server = await TmuxServer.create()));
afterAll(async () => server.dispose());

describe('TmuxApp waits pending at close()', () => {
  it('rejects a pending waitForText at once instead of running out its timeout, saying how long it had waited', async () => {
    const app = await TmuxApp.start({ command: ['cat'], server, ready: 'none', cols: 20, rows: 4 });
    const called = performance.now();
    const pending = app.waitForText('NEVER', { timeout: 20_000 }).catch((error: unknown) => error);
    const returned = performance.now();
    // Waited a while first: the message must say how long, not claim the 20000 ms it never waited.
    // (A wait that runs out, not waitForStable: an app quiet since a slow start settles at once.)
    await expect(app.waitForText('ALSO NEVER', { timeout: 300 })).rejects.toThrow("Text 'ALSO NEVER' did not appear within 300 ms");
    const started = performance.now();
    await app.close();
    const closed = performance.now();
    const error = (await pending) as Error;
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(error).toBeInstanceOf(TmuxShotError);
    const shape = /^The app was closed while waiting, after (\d+) ms of 20000 ms: Text 'NEVER' did not appear within (\d+) ms\.$/;
    expect(error.message).toMatch(shape);
    const [, waited, within] = shape.exec(error.message)!;
    expect(within).toBe(waited);
    expect(Number(waited)).toBeGreaterThanOrEqual(Math.floor(started - returned));
    expect(Number(waited)).toBeLessThanOrEqual(Math.ceil(closed - called));
    expect(Number(waited)).toBeGreaterThanOrEqual(200);
    expect(app.steps.find((step) => step.kind === 'wait' && step.title.startsWith('waitForText'))!.error).toBe(error.message);
  });

  it('rejects a pending locator wait the same way', async () => {
    const app = await TmuxApp.start({ command: ['cat'], server, ready: 'none', cols: 20, rows: 4 });
    const pending = app
      .getByText('NEVER')
      .waitFor({ timeout: 20_000 })
      .catch((error: unknown) => error);
    expect(await app.waitForStable({ quietMs: 100 })).toMatchObject({ settled: true });
    await app.close();
    expect(((await pending) as Error).message).toMatch(
      /^The app was closed while waiting, after \d+ ms of 20000 ms: getByText\('NEVER'\) matched nothing within \d+ ms\.$/,
    );
  });

  it('rejects a pending waitForStable', async () => {
    const app = await TmuxApp.start({ command: ['cat'], server, ready: 'none', cols: 20, rows: 4 });
    const rejected = expect(app.waitForStable({ quietMs: 15_000, timeout: 20_000 })).rejects.toThrow(
      new TmuxShotError('The app was closed while waiting: waitForStable({ quietMs: 15000 }) was pending.'),
    );
    await app.close();
    await rejected;
  });
});

describe('TmuxApp wait durations', () => {
  it.each([
    [{ timeout: Number.NaN }, 'timeout must be a number of ms, 0 or more; got NaN.'],
    [{ timeout: -1 }, 'timeout must be a number of ms, 0 or more; got -1.'],
  ])('refuses waitForText with %j', async (options, message) => {
    await using app = await TmuxApp.start({ command: ['cat'], server, ready: 'none', cols: 20, rows: 4 });
    await expect(app.waitForText('x', options)).rejects.toThrow(new ConfigError(message));
  });

  it('refuses waitForStable with a non-finite quiet period', async () => {
    await using app = await TmuxApp.start({ command: ['cat'], server, ready: 'none', cols: 20, rows: 4 });
    await expect(app.waitForStable({ quietMs: Number.POSITIVE_INFINITY })).rejects.toThrow(
      new ConfigError('quietMs must be a number of ms, 0 or more; got Infinity.'),
    );
  });
});

describe('TmuxApp text waits on an app that has exited', () => {
  it('fail at once with the exit status instead of running out the timeout', async () => {
    // The app lingers 0.2 s after its last output: tmux 3.3a can lose the output of an app that exits in the instant after writing it, on a loaded machine (README, Quick exits under load).
    await using app = await TmuxApp.start({ command: ['sh', '-c', 'echo oops; sleep 0.2; exit 2'], server, cols: 20, rows: 4 });
    const started = performance.now();
    await expect(app.waitForText('NEVER', { timeout: 20_000 })).rejects.toThrow(
      new AppExitedError(
        `'sh -c "echo oops; sleep 0.2; exit 2"' exited (exit status 2) without showing 'NEVER'.\n\nScreen:\n  0 │ oops\n      (rows 1-3 blank)`,
        2,
        null,
        'oops\n\n\n',
      ),
    );
    expect(performance.now() - started).toBeLessThan(10_000);
    await expect(app.waitForText('oops')).resolves.toMatchObject({ row: 0, col: 0 });
  });

  it('refuses start() without a command', async () => {
    // @ts-expect-error: JavaScript callers can forget the options
    await expect(TmuxApp.start()).rejects.toThrow(ConfigError);
  });
});

describe('TmuxApp.start with a signal', () => {
  const sessions = () => server.command(['list-sessions', '-F', '#{session_name}']);
  const running = async (command: string) => (await execa('pgrep', ['-f', `^${command}$`], { reject: false })).stdout;

  it('stops waiting once the signal is aborted, closes the app and rejects with the reason', async () => {
    const sleeper = `sleep 1000.${process.pid}7`; // a command line no other process has
    const controller = new AbortController();
    const starting = TmuxApp.start({ command: `echo starting; exec ${sleeper}`, server, ready: { text: 'never' }, timeout: 20_000, signal: controller.signal });
    await expect.poll(() => running(sleeper), { timeout: 5000 }).not.toBe('');
    const reason = new Error('the test timed out');
    const aborted = performance.now();
    controller.abort(reason);
    await expect(starting).rejects.toBe(reason);
    expect(performance.now() - aborted).toBeLessThan(5000);
    expect(await running(sleeper)).toBe('');
    expect(await sessions()).toEqual(['tmux-shot-lobby']);
  });

  it('rejects with the reason, starting nothing, when the signal is already aborted', async () => {
    const reason = new Error('cancelled');
    await expect(TmuxApp.start({ command: ['cat'], server, signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(await sessions()).toEqual(['tmux-shot-lobby']);
  });
});
