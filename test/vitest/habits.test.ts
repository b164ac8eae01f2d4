// Habits from Vitest and Playwright that do not fit a terminal app get an answer naming the call to
// use, in this repo's own Vitest run on a real app: snapshot matchers on an app, a Shell or a locator,
// Playwright's toHaveScreenshot and page.keyboard, and a colour matcher whose other mode would pass.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from '../../src/vitest/index.js';

// "dir" in bold blue (palette 4), which the default theme draws bright (boldIsBright), then "file".
const listing = ['sh', '-c', 'printf "\\033[1;34mdir\\033[0m file"; sleep 30'];

/** The message `call` throws or rejects with (the whole message: `toThrow(string)` would accept a part). */
async function messageOf(call: () => unknown): Promise<string> {
  try {
    await call();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the call to throw');
}

const SNAPSHOT_OF_APP =
  "A Vitest snapshot of tmuxApp would store the app object, not what its screen shows: use await expect(tmuxApp).toMatchScreenText() for the screen's text (a Vitest snapshot) or await expect(tmuxApp).toMatchScreenshot() for its pixels (a PNG baseline).";

describe('habits', () => {
  test.override({ tmuxOptions: { command: listing, cols: 20, rows: 2 } });

  test('toMatchSnapshot on the app, its TmuxApp or an object holding it names toMatchScreenText and toMatchScreenshot, and stores nothing', async ({
    tmuxApp,
  }) => {
    await expect(tmuxApp).toShowText('file');
    expect(await messageOf(() => expect(tmuxApp).toMatchSnapshot())).toBe(SNAPSHOT_OF_APP);
    expect(await messageOf(() => expect(tmuxApp.app).toMatchSnapshot('listing'))).toBe(SNAPSHOT_OF_APP);
    expect(await messageOf(() => expect({ app: tmuxApp }).toMatchSnapshot())).toBe(SNAPSHOT_OF_APP);
    expect(await messageOf(() => expect(tmuxApp).toMatchInlineSnapshot())).toBe(SNAPSHOT_OF_APP);
    expect(await messageOf(() => expect(tmuxApp).toMatchFileSnapshot('./__snapshots__/habits-app.txt'))).toBe(SNAPSHOT_OF_APP);
    expect(existsSync(join(import.meta.dirname, '__snapshots__/habits.test.ts.snap'))).toBe(false);
    expect(existsSync(join(import.meta.dirname, '__snapshots__/habits-app.txt'))).toBe(false);
  });

  test('toMatchSnapshot on a Shell names the matchers that read its screen', async ({ shell }) => {
    expect(await messageOf(() => expect(shell).toMatchSnapshot())).toBe(
      "A Vitest snapshot of shell would store the Shell object, not what its screen shows: use await expect(shell).toMatchScreenText() for the screen's text (a Vitest snapshot) or await expect(shell).toMatchScreenshot() for its pixels (a PNG baseline).",
    );
  });

  test('toMatchSnapshot on a locator names toHaveText and a snapshot of its text', async ({ tmuxApp }) => {
    expect(await messageOf(() => expect(tmuxApp.getByText('dir')).toMatchSnapshot())).toBe(
      "A Vitest snapshot of the locator getByText('dir') would store the Locator object, not the text it finds: use await expect(locator).toHaveText('…') (it waits), or expect(await locator.text()).toMatchSnapshot() for a snapshot of its text.",
    );
  });

  test("Playwright's toHaveScreenshot names toMatchScreenshot, also under .not", async ({ tmuxApp }) => {
    const message = (call: string) =>
      `${call} is Playwright's matcher; tmux-shot's is await expect(tmuxApp).toMatchScreenshot(name?, options?), Vitest's name. ` +
      "Like Playwright's, it waits for the screen to settle (two identical reads) before it compares; its baseline is " +
      "__screenshots__/<test file>/<name>.png, one for every platform; its tolerances are Vitest's: allowedMismatchedPixels and " +
      "allowedMismatchedPixelRatio for Playwright's maxDiffPixels and maxDiffPixelRatio.";
    expect(await messageOf(() => expect(tmuxApp).toHaveScreenshot('listing.png', { maxDiffPixels: 10 }))).toBe(
      message("toHaveScreenshot('listing.png', { maxDiffPixels: 10 })"),
    );
    expect(await messageOf(() => expect(tmuxApp).not.toHaveScreenshot())).toBe(message('toHaveScreenshot()'));
  });

  test("Playwright's page.keyboard names press and type, and says a terminal has no key-down", async ({ tmuxApp }) => {
    expect(await messageOf(() => tmuxApp.keyboard.press('Control+C'))).toBe(
      "tmuxApp.keyboard.press('Control+C') is Playwright's page.keyboard; tmux-shot presses keys on the app: await tmuxApp.press('Control+C') (tmux key names or Playwright's, like 'Control+C'; several keys in one call).",
    );
    expect(await messageOf(() => tmuxApp.keyboard.type('hello', { delay: 50 }))).toBe(
      "tmuxApp.keyboard.type('hello', { delay: 50 }) is Playwright's page.keyboard; tmux-shot types on the app: await tmuxApp.type('hello') (the text as it is, byte for byte).",
    );
    expect(await messageOf(() => tmuxApp.keyboard.insertText('é'))).toBe(
      "tmuxApp.keyboard.insertText('é') is Playwright's page.keyboard; tmux-shot types on the app: await tmuxApp.type('é') (the text as it is, byte for byte).",
    );
    expect(await messageOf(() => tmuxApp.keyboard.down('Shift'))).toBe(
      "tmuxApp.keyboard.down('Shift') is Playwright's page.keyboard; a terminal receives keystrokes, never a key held down: press the keys together in one call, await tmuxApp.press('Shift+…').",
    );
    expect(await messageOf(() => tmuxApp.keyboard.up('Shift'))).toBe(
      "tmuxApp.keyboard.up('Shift') is Playwright's page.keyboard; a terminal receives keystrokes, never a key held up: press the keys together in one call, await tmuxApp.press('Shift+…').",
    );
  });

  test('toHaveFgColor of a stored colour drawn bright says to pass { raw: true } or the drawn colour', async ({ tmuxApp }) => {
    await expect(tmuxApp).toShowText('file');
    await expect(tmuxApp.getByText('dir')).toHaveFgColor(4, { raw: true });
    await expect(tmuxApp.getByText('dir')).toHaveFgColor('#729fcf');
    const cell = (col: number) => `row 0 col ${col}: fg drawn #729fcf (stored fg palette 4, bg default; bold as bright), expected palette 4 (#3465a4)`;
    expect(await messageOf(() => expect(tmuxApp.getByText('dir')).toHaveFgColor(4, { timeout: 100 }))).toBe(
      [
        'expect(locator).toHaveFgColor(4)',
        '',
        "Locator: getByText('dir')",
        'Expected its match at row 0 col 0 to have fg palette 4 on all its glyph cells within 100 ms, but 3 of 3 do not:',
        cell(0),
        cell(1),
        cell(2),
        "Stored, these cells hold fg palette 4 as expected, but they are drawn in another colour (see above). Pass { raw: true } to compare the stored colour, or expect the drawn one: toHaveFgColor('#729fcf').",
        '^ marks its matches.',
        '',
        'Screen:',
        '  0 │ dir file',
        '    │ ^^^',
        '      (row 1 blank)',
      ].join('\n'),
    );
  });
});
