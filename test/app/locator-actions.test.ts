// Locator actions on a real app: fixtures/mouse-log.mjs shows `ready` on row 0 and logs every mouse
// report it receives, so these tests read off its screen the exact report each action sent.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppExitedError, ConfigError, MouseNotEnabledError, StrictModeError, TmuxShotError, WaitTimeoutError } from '../../src/errors.js';
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
    const [message, log] = (error as Error).message.split('\n\nCall log:\n');
    expect(message).toBe("getByText('Save') matched nothing within 100 ms, so click() sent nothing.\n\nScreen:\n   0 │ ready\n       (rows 1-11 blank)");
    expect(log).toMatch(/^ {2}- (\d+ × )?matched nothing$/);
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
    expect(error).toMatchObject({ timeout: 300, screenText: 'ready\n\n\n\n\n\n\n\n\n\n\n' });
    expect((error as Error).message).toBe(
      "getByText('ready').click() sent nothing: 'node mouse-log.mjs' did not turn mouse reporting on within 300 ms, so a terminal would not report the mouse to it. " +
        'An app turns it on with DECSET: CSI ? 1000 h (presses and releases), CSI ? 1002 h (and drags), CSI ? 1003 h (and all motion) or CSI ? 9 h (X10 presses), ' +
        'often with CSI ? 1006 h (SGR coordinates). Turn the app’s mouse support on (vim: :set mouse=a; less: --mouse), ' +
        'wait for the screen where it is on, or pass { force: true } to send the report anyway.\n\n' +
        'Screen:\n   0 │ ready\n       (rows 1-11 blank)',
    );
    expect((error as Error).stack).toContain('locator-actions.test.ts');
    await app.getByText('ready').click({ force: true });
    expect(await loggedReports(app)).toEqual(['b=0 x=3 y=1 M', 'b=3 x=3 y=1 M']);
  });

  it('refuses a position off the screen and a misspelt option with a ConfigError, sending nothing', async () => {
    await using app = await startLog(['1000', '1006']);
    await expect(app.getByText('ready').click({ position: { col: 0, row: -1 } })).rejects.toThrow(
      new ConfigError('position { col: 0, row: -1 } from the match at row 0 col 0 is row -1 col 0, off the 60x12 screen.'),
    );
    await expect(app.getByText('ready').click({ buton: 'right' } as never)).rejects.toThrow(
      new ConfigError("getByText('ready').click() has no option 'buton'; it takes position, modifiers, force, timeout, button, clickCount."),
    );
    expect(await loggedReports(app)).toEqual([]);
  });

  it('an app that turns the mouse on after moving the text: the click goes where the text is then, not where it was', async () => {
    await using app = await TmuxApp.start({ command: ['node', 'late-mouse.mjs'], cwd: FIXTURES, server, cols: 40, rows: 12, ready: { text: 'loading' } });
    const click = app.getByText('Button').click();
    await app.type('m');
    await click;
    await app.waitForText('<0;12;4m'); // the app prints each input JSON-quoted: ESC reads \u001b
    expect(app.text().split('\n')[3]).toBe('         Button');
    // The press and the release arrive as one input or two, so one quoted line or two.
    expect(app.text().split('\n').slice(6).join('').replaceAll('""', '')).toBe(String.raw`"\u001b[<0;12;4M\u001b[<0;12;4m"`);
  });
});

describe('locators and the mouse of an app that ended', () => {
  it('an app that exited: a locator wait and a mouse action fail at once, saying so, with the screen', async () => {
    await using app = await TmuxApp.start({ command: ['sh', '-c', 'echo bye; sleep 0.2; exit 3'], server, cols: 20, rows: 3 });
    await app.waitForExit();
    const error = await app
      .getByText('never')
      .text({ timeout: 20_000 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppExitedError);
    expect((error as Error).message).toBe(
      "getByText('never') matched nothing, and 'sh -c \"echo bye; sleep 0.2; exit 3\"' exited (exit status 3): its screen will not change any more.\n\n" +
        'Screen:\n  0 │ bye\n      (rows 1-2 blank)',
    );
    await expect(app.getByText('bye').text()).resolves.toBe('bye'); // the final screen stays readable
    await expect(app.mouse.click(1, 1, { timeout: 20_000 })).rejects.toThrow(
      new AppExitedError(
        'mouse.click() sent nothing: \'sh -c "echo bye; sleep 0.2; exit 3"\' exited (exit status 3) without turning mouse reporting on.\n\nScreen:\n  0 │ bye\n      (rows 1-2 blank)',
        3,
        null,
        'bye\n\n',
      ),
    );
  });

  it('a closed app: its locators, taken before or after close(), and its mouse refuse at once, saying the screen is final and how to go on', async () => {
    const app = await startLog(['1000', '1006']);
    const ready = app.getByText('ready');
    await app.close();
    const closed =
      'The app of this locator or mouse has been closed (by close(), or by the tmuxApp fixture when its test ended or tmuxApp.start() ran a new app): ' +
      'it takes no input and its screen will not change. Its last screen stays readable (text(), screen(), and the expect matchers check it once); ' +
      'to go on, start an app and take the locator or mouse from it: tmuxApp.getByText(…), tmuxApp.region(…), tmuxApp.mouse.';
    await expect(ready.count()).rejects.toThrow(new TmuxShotError(closed));
    await expect(app.getByText('ready').click()).rejects.toThrow(new TmuxShotError(closed));
    await expect(ready.click()).rejects.toThrow(new TmuxShotError(closed));
    await expect(app.mouse.click(0, 0)).rejects.toThrow(new TmuxShotError(closed));
  });
});

describe('locator.waitFor', () => {
  it("waits for one match ('visible', strict) or for none ('hidden')", async () => {
    await using app = await startLog(['1000', '1006']);
    await app.getByText('ready').waitFor();
    const pending = app.getByText('key 6b').waitFor({ state: 'visible' });
    await app.type('k');
    await pending;
    await app.getByText('nothing like this').waitFor({ state: 'hidden' });
    const error = await app
      .getByText('key 6b')
      .waitFor({ state: 'hidden', timeout: 100 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    const [message, log] = (error as Error).message.split('\n\nCall log:\n');
    expect(message).toBe(
      "getByText('key 6b') still matched within 100 ms; ^ marks where.\n\nScreen:\n   0 │ ready\n   1 │ key 6b\n     │ ^^^^^^\n       (rows 2-11 blank)",
    );
    expect(log).toMatch(/^ {2}- (\d+ × )?still matched at row 1 col 0$/);
    await expect(app.getByText('ready').waitFor({ state: 'shown' as never })).rejects.toThrow(
      new ConfigError("waitFor() state must be 'visible' or 'hidden'; got the string 'shown'."),
    );
    await expect(app.getByText('ready').waitFor({ stat: 'hidden' } as never)).rejects.toThrow(
      new ConfigError("waitFor() has no option 'stat'; it takes { state, timeout }."),
    );
  });
});
