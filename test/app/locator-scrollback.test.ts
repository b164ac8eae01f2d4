// getByText(…, { scrollback: true }) on a real app: sh prints lines that scroll off, then
// fixtures/mouse-log.mjs (normal screen, mouse reporting on) logs the reports a click sends.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, TmuxShotError } from '../../src/errors.js';
import { TmuxServer } from '../../src/host/index.js';
import { TmuxApp } from '../../src/app/tmux-app.js';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures');

let server: TmuxServer;
beforeAll(async () => void (server = await TmuxServer.create()));
afterAll(() => server.dispose());

/** Buffer rows 0-29 `1`…`30`, row 30 `marker-old`, rows 31-60 `1`…`30`, row 61 `ready`; on 12 rows the screen begins at row 51. */
function startScrolled(): Promise<TmuxApp> {
  const script = 'seq 1 30; echo marker-old; seq 1 30; exec node mouse-log.mjs 1000 1006';
  return TmuxApp.start({ command: ['sh', '-c', script], cwd: FIXTURES, server, ready: { text: 'ready' }, cols: 60, rows: 12 });
}

describe('getByText with scrollback: true', () => {
  it('finds a line that scrolled off, at its row of screen({ scrollback: true }); without, it matches nothing', async () => {
    await using app = await startScrolled();
    expect(app.screen({ scrollback: true }).viewportTop).toBe(51);
    expect(await app.getByText('marker-old').count()).toBe(0);
    const old = app.getByText('marker-old', { scrollback: true });
    expect(await old.boundingBox()).toEqual({ row: 30, col: 0, rows: 1, cols: 10 });
    expect(await old.text()).toBe('marker-old');
    expect(await app.getByText(/^2\d$/, { scrollback: true }).count()).toBe(20);
    expect(String(old.getByText('old'))).toBe("getByText('marker-old', { scrollback: true }).getByText('old')");
    expect(await old.getByText('old').boundingBox()).toEqual({ row: 30, col: 7, rows: 1, cols: 3 });
  });

  it('a click on a match above the screen fails at once and sends nothing; on the screen, it clicks the screen row', async () => {
    await using app = await startScrolled();
    await expect(app.getByText('marker-old', { scrollback: true }).click()).rejects.toThrow(
      new TmuxShotError(
        "getByText('marker-old', { scrollback: true }).click() cannot reach its match at row 30 col 0: it is in the scrollback, 21 rows above the screen " +
          '(rows of screen({ scrollback: true }); the screen begins at row 51). The mouse reaches only the visible screen: ' +
          'scroll the app so the text is shown, and find it without { scrollback: true }.',
      ),
    );
    // `ready` is buffer row 61, screen row 10: the report says y=11 (1-based), x=3 (its centre cell).
    await app.getByText('ready', { scrollback: true }).click();
    await app.waitForText('2: ');
    expect(app.text().split('\n').slice(-4, -1)).toEqual([
      'ready',
      '1: 1b 5b 3c 30 3b 33 3b 31 31 4d = b=0 x=3 y=11 M',
      '2: 1b 5b 3c 30 3b 33 3b 31 31 6d = b=0 x=3 y=11 m',
    ]);
  });

  it('is refused after another step, and when not a boolean', async () => {
    await using app = await startScrolled();
    expect(() => app.region({ rows: 1 }).getByText('ready', { scrollback: true })).toThrow(
      new ConfigError(
        "region({ rows: 1 }).getByText(…, { scrollback: true }): only a locator's first getByText searches the scrollback (tmuxApp.getByText(text, { scrollback: true })); " +
          'what follows it searches inside its matches, and a region() is on the visible screen.',
      ),
    );
    expect(() => app.getByText('ready', { scrollback: 'yes' as never })).toThrow(
      new ConfigError("getByText() scrollback must be true or false; got the string 'yes'."),
    );
  });
});
