// The step log on real apps: fixtures/menu.mjs for keys, waits and the exit, fixtures/mouse-log.mjs
// for the mouse and locators.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TmuxServer } from '../../src/host/index.js';
import { TmuxApp } from '../../src/app/tmux-app.js';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures');

let server: TmuxServer;
beforeAll(async () => void (server = await TmuxServer.create()));
afterAll(() => server.dispose());

describe('TmuxApp.steps', () => {
  it('logs start, inputs, waits (a failed one with its error), the exit and close, in order on the timeline clock', async () => {
    const app = await TmuxApp.start({ command: ['node', 'menu.mjs'], cwd: FIXTURES, server, cols: 40, rows: 12 });
    await app.press('Down', 'Enter');
    await app.waitForText('Selected: Save');
    await expect(app.waitForText('Nope', { timeout: 50 })).rejects.toThrow();
    await app.resize(50, 12);
    await app.type('j');
    await app.waitForStable();
    await app.press('q');
    await app.waitForExit();
    await app.close();
    await app.close();
    const steps = app.steps;
    expect(steps.map(({ kind, title, error }) => ({ kind, title, error }))).toEqual([
      { kind: 'start', title: "start(['node', 'menu.mjs'])", error: undefined },
      { kind: 'press', title: "press('Down', 'Enter')", error: undefined },
      { kind: 'wait', title: "waitForText('Selected: Save')", error: undefined },
      { kind: 'wait', title: "waitForText('Nope', { timeout: 50 })", error: "Text 'Nope' did not appear within 50 ms." },
      { kind: 'resize', title: 'resize(50, 12)', error: undefined },
      { kind: 'type', title: "type('j')", error: undefined },
      { kind: 'wait', title: 'waitForStable()', error: undefined },
      { kind: 'press', title: "press('q')", error: undefined },
      { kind: 'wait', title: 'waitForExit()', error: undefined },
      { kind: 'exit', title: 'exited (exit status 0)', error: undefined },
      { kind: 'close', title: 'close()', error: undefined },
    ]);
    expect(steps[0]!.atMs).toBe(0);
    for (let n = 1; n < steps.length; n++) expect(steps[n]!.atMs).toBeGreaterThanOrEqual(steps[n - 1]!.atMs);
    const failed = steps[3]!;
    expect(failed.durationMs).toBeGreaterThanOrEqual(50);
    expect(failed.durationMs).toBeLessThan(1000);
    // The press comes before the output that answers it, on the same clock.
    const press = steps[1]!;
    const answer = app.timeline.events.find((event) => event.atMs >= press.atMs);
    expect(answer).toBeDefined();
    expect(answer!.atMs).toBeLessThanOrEqual(steps[2]!.atMs + steps[2]!.durationMs);
    expect(app.droppedSteps).toBe(0);
  });

  it('logs no wait for its own exit checks: an app that exits at once, asked by exitStatus()', async () => {
    await using app = await TmuxApp.start({ command: ['sh', '-c', 'echo hi'], server, cols: 20, rows: 3 });
    expect(await app.exitStatus()).toEqual({ exitCode: 0, signal: null });
    expect(await app.exitStatus()).toEqual({ exitCode: 0, signal: null });
    expect(app.steps.map(({ kind, title }) => [kind, title])).toEqual([
      ['start', `start(['sh', '-c', 'echo hi'])`],
      ['exit', 'exited (exit status 0)'],
    ]);
  });

  it('logs a press rejected for a bad key name, with why', async () => {
    await using app = await TmuxApp.start({ command: ['node', 'menu.mjs'], cwd: FIXTURES, server, cols: 40, rows: 12 });
    await expect(app.press('Nope')).rejects.toThrow();
    expect(app.steps.at(-1)).toMatchObject({ kind: 'press', title: "press('Nope')" });
    expect(app.steps.at(-1)!.error).toMatch(/^Unknown key name 'Nope'/);
  });

  it('logs a locator click as one mouse step, and mouse actions by their call', async () => {
    await using app = await TmuxApp.start({ command: ['node', 'mouse-log.mjs', '1000', '1006'], cwd: FIXTURES, server, ready: { text: 'ready' } });
    await app.getByText('ready').click();
    await app.mouse.wheel(2);
    await app.getByText('ready').waitFor({ timeout: 1000 });
    await expect(app.getByText('absent').boundingBox({ timeout: 50 })).rejects.toThrow();
    expect(app.steps.slice(1).map(({ kind, title, error }) => ({ kind, title, error }))).toEqual([
      { kind: 'mouse', title: "getByText('ready').click()", error: undefined },
      { kind: 'mouse', title: 'mouse.wheel(2)', error: undefined },
      { kind: 'wait', title: "getByText('ready').waitFor({ timeout: 1000 })", error: undefined },
      { kind: 'wait', title: "getByText('absent').boundingBox({ timeout: 50 })", error: "getByText('absent') matched nothing within 50 ms." },
    ]);
  });
});
