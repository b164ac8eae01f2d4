// Locator actions on a real app: fixtures/mouse-log.mjs shows `ready` on row 0 and logs every mouse
// report it receives, so these tests read off its screen the exact report each action sent.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, MouseNotEnabledError, StrictModeError, WaitTimeoutError } from '../../src/errors.js';
import { TmuxServer } from '../../src/host/index.js';
import { TmuxApp } from '../../src/app/tmux-app.js';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures');

let server: TmuxServer;
beforeAll(async () => void (server = await TmuxServer.create()));
afterAll(() => server.dispose());

function startLog(modes: string[]): Promise<TmuxApp> {
  return TmuxApp.start({ command: ['node', 'mouse-log.mjs', ...modes], cwd: FIXTURES, server, ready: { text: 'ready' }, cols: 60, rows: 12 });
}

/** The decoded reports the app logged (`b=0 x=3 y=1 M`), once the key `k` typed after them has arrived too. */
async function loggedReports(app: TmuxApp): Promise<string[]> {
  await app.type('k');
  await app.waitForText('key 6b');
  return app
    .text()
    .split('\n')
    .flatMap((line) => / = (b=.*)$/.exec(line)?.[1] ?? []);
}

describe('locator actions send the mouse reports of the app’s mode at the match', () => {
  it('click: the centre cell of the one match (ready: cols 0-4, so col 2), in SGR', async () => {
    await using app = await startLog(['1000', '1006']);
    await app.getByText('ready').click();
    expect(await loggedReports(app)).toEqual(['b=0 x=3 y=1 M', 'b=0 x=3 y=1 m']);
  });

  it('click with position, button, modifiers and clickCount; dblclick', async () => {
    await using app = await startLog(['1000', '1006']);
    const ready = app.getByText('ready');
    await ready.click({ position: { col: 4, row: 0 }, button: 'right', modifiers: ['Control'], clickCount: 2 });
    await ready.dblclick({ position: { col: 0, row: 0 } });
    expect(await loggedReports(app)).toEqual([
      'b=18 x=5 y=1 M',
      'b=18 x=5 y=1 m',
      'b=18 x=5 y=1 M',
      'b=18 x=5 y=1 m',
      'b=0 x=1 y=1 M',
      'b=0 x=1 y=1 m',
      'b=0 x=1 y=1 M',
      'b=0 x=1 y=1 m',
    ]);
  });

  it('hover sends motion only in any-event tracking; wheel moves there, then one report a notch', async () => {
    await using normal = await startLog(['1000', '1006']);
    await normal.getByText('ready').hover();
    await normal.getByText('ready').wheel(2);
    expect(await loggedReports(normal)).toEqual(['b=65 x=3 y=1 M', 'b=65 x=3 y=1 M']);

    await using any = await startLog(['1003', '1006']);
    await any.getByText('ready').hover();
    await any.getByText('ready').wheel(-1, { position: { col: 0, row: 0 } });
    expect(await loggedReports(any)).toEqual(['b=35 x=3 y=1 M', 'b=35 x=1 y=1 M', 'b=64 x=1 y=1 M']);
  });

  it('a click on a locator that matches twice throws StrictModeError at once and sends nothing', async () => {
    await using app = await startLog(['1000', '1006']);
    await app.getByText('ready').click();
    await app.waitForText('2: ');
    // 'b=0 x=3 y=1' is on two log lines now.
    const error = await app
      .getByText('b=0 x=3 y=1')
      .click({ timeout: 20_000 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StrictModeError);
    expect((error as StrictModeError).matches).toEqual([
      { row: 1, col: 32, rows: 1, cols: 11 },
      { row: 2, col: 32, rows: 1, cols: 11 },
    ]);
    expect(await loggedReports(app)).toEqual(['b=0 x=3 y=1 M', 'b=0 x=3 y=1 m']);
  });

  it('a click on a locator that never matches times out with the screen, and sends nothing', async () => {
    await using app = await startLog(['1000', '1006']);
    const error = await app
      .getByText('Save')
      .click({ timeout: 100 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as Error).message).toBe("getByText('Save') matched nothing within 100 ms.\n\nScreen:\n   0 │ ready\n       (rows 1-11 blank)");
    expect((error as Error).stack).toContain('locator-actions.test.ts');
    expect(await loggedReports(app)).toEqual([]);
  });

  it('an app without mouse reporting: MouseNotEnabledError once the match is found; force sends normal tracking', async () => {
    await using app = await startLog([]);
    const error = await app
      .getByText('ready')
      .click({ timeout: 300 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MouseNotEnabledError);
    // The mouse waits for what is left of the 300 ms after the match was found: a whole number of ms.
    const { timeout } = error as MouseNotEnabledError;
    expect(Number.isInteger(timeout) && timeout > 200 && timeout <= 300).toBe(true);
    expect((error as Error).message).toContain(`mouse.click() sent nothing: 'node mouse-log.mjs' did not turn mouse reporting on within ${timeout} ms,`);
    await app.getByText('ready').click({ force: true });
    expect(await loggedReports(app)).toEqual(['b=0 x=3 y=1 M', 'b=3 x=3 y=1 M']);
  });

  it('refuses a position off the screen and a misspelt option with a ConfigError, sending nothing', async () => {
    await using app = await startLog(['1000', '1006']);
    await expect(app.getByText('ready').click({ position: { col: 0, row: -1 } })).rejects.toThrow(
      new ConfigError('position { col: 0, row: -1 } from the match at row 0 col 0 is row -1 col 0, off the 60x12 screen.'),
    );
    await expect(app.getByText('ready').click({ buton: 'right' } as never)).rejects.toThrow(
      new ConfigError("mouse.click() has no option 'buton'; it takes modifiers, force, timeout, button, clickCount."),
    );
    expect(await loggedReports(app)).toEqual([]);
  });
});
