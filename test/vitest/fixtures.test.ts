// The fixtures in this repo's own Vitest run: tmuxApp started per file or by start(), options
// merged, the agent bound to the app with a scripted model (the only fake the house allows).
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expectTypeOf } from 'vitest';
import { describe, expect, test } from '../../src/vitest/index.js';
import type { TmuxAppHandle } from '../../src/vitest/index.js';
import type { TmuxApp } from '../../src/app/index.js';
import { scriptedModel, toolCall } from '../../src/agent/index.js';
import { ConfigError } from '../../src/errors.js';

const menu = ['node', join(import.meta.dirname, '../../fixtures/menu.mjs')];

describe('tmuxApp', () => {
  test('is not started without a command, and says how to start it', async ({ tmuxApp }) => {
    expect(tmuxApp.started).toBe(false);
    expect(() => tmuxApp.text()).toThrow(ConfigError);
    expect(() => tmuxApp.text()).toThrow(
      'tmuxApp has not been started: give it a command with test.override({ tmuxOptions: { command: [...] } }) or call await tmuxApp.start({ command: [...] }) first.',
    );
    expect(() => tmuxApp.mouse).toThrow(ConfigError); // a field, but it says how to start too
    expect(() => tmuxApp.getByText('File')).toThrow(ConfigError);
  });

  test('starts with the options of the call', async ({ tmuxApp, tmuxServer }) => {
    const app = await tmuxApp.start({
      command: ['sh', '-c', 'printf "%s %s" "$GREETING" "$(stty size)"; sleep 30'],
      cols: 33,
      rows: 7,
      env: { GREETING: 'hi' },
    });
    await expect(tmuxApp).toShowText('hi 7 33');
    expect(app.screen().cols).toBe(33);
    expect(tmuxApp.app).toBe(app);
    await expect(tmuxApp.start({ command: menu })).rejects.toThrow('tmuxApp is already running in this test: close() it before starting another.');
    expect(tmuxServer.disposed).toBe(false);
  });

  test('starts again after close(), with the options of the new call over those of the first', async ({ tmuxApp }) => {
    const first = await tmuxApp.start({ command: ['sh', '-c', 'echo first "$(stty size)"; exec sleep 30'], cols: 30, rows: 6 });
    await expect(tmuxApp).toShowText('first 6 30');
    await tmuxApp.close();
    const second = await tmuxApp.start({ command: ['sh', '-c', 'echo second "$(stty size)"; exec sleep 30'], rows: 7 });
    expect(second).not.toBe(first);
    expect(tmuxApp.app).toBe(second);
    await expect(tmuxApp).toShowText('second 7 30');
    expect(first.text().trimEnd()).toBe('first 6 30'); // the closed app's last screen stays readable
    await expect(tmuxApp.start({ command: menu })).rejects.toThrow('tmuxApp is already running in this test: close() it before starting another.');
    // Closing the app start() returned counts as closing the fixture's app.
    await second.close();
    expect(second.isClosed()).toBe(true);
    const third = await tmuxApp.start({ command: ['sh', '-c', 'echo third; exec sleep 30'] });
    await expect(third).toShowText('third');
  });

  describe('with options from test.override', () => {
    test.override({ tmuxOptions: { command: menu, cols: 40, rows: 12, theme: 'light', render: { scale: 2 } } });

    test('is running when the test starts, and screenshots use the theme and scale', async ({ tmuxApp }) => {
      expect(tmuxApp.started).toBe(true);
      await expect(tmuxApp).toShowText('Quit');
      expect(tmuxApp.renderOptions).toEqual({ scale: 2, theme: 'light' });
      const png = await tmuxApp.screenshot();
      const view = new DataView(png.buffer, png.byteOffset);
      expect([view.getUint32(16), view.getUint32(20)]).toEqual([(40 * 9 + 8) * 2, (12 * 18 + 8) * 2]);
    });
  });

  describe('with a theme in the render options', () => {
    test.override({ tmuxOptions: { render: { theme: 'light' } } });

    test("tells the app the theme's background when it asks (OSC 11)", async ({ tmuxApp }) => {
      const probe = join(import.meta.dirname, '../../fixtures/query-probe.py');
      await tmuxApp.start({ command: ['python3', probe, '\\x1b]11;?\\x07\\x1b[c'], cols: 100, ready: { text: 'probe done' } });
      const background = Buffer.from('\x1b]11;rgb:ffff/ffff/ffff\x07\x1b[?1;2c', 'latin1').toString('hex');
      expect(tmuxApp.text().split('\n')).toContain(`read ${background}`);
    });
  });
});

describe('agent', () => {
  test.override({
    tmuxOptions: { command: menu, cols: 40, rows: 12 },
    agentModel: scriptedModel([
      { tool_calls: [toolCall('send_keys', { keys: 'Down Down', enter: true })] },
      { tool_calls: [toolCall('screenshot', { label: 'chosen' })] },
      { tool_calls: [toolCall('finish', { summary: 'Settings selected' })] },
    ]),
  });

  test('drives the test app and saves its screenshots in a folder of the test', async ({ agent, tmuxApp }) => {
    await expect(tmuxApp).toShowText('Quit');
    const result = await agent.run('select Settings');
    expect(result).toMatchObject({ outcome: 'finished', summary: 'Settings selected', steps: 3 });
    await expect(tmuxApp).toShowText('Selected: Settings');
    const root = join(import.meta.dirname, '../..');
    expect(agent.outDir).toBe(
      join(root, '.vitest-attachments/test/vitest/isolated/fixtures.test.ts/agent-drives-the-test-app-and-saves-its-screenshots-in-a-folder-of-the-test-agent'),
    );
    expect(result.shots).toEqual([join(agent.outDir, 'chosen.png')]);
    expect(await readdir(agent.outDir)).toEqual(['chosen.png']);
    await rm(agent.outDir, { recursive: true });
  });
});

describe('the tmuxApp fixture API', () => {
  test('offers every public member of TmuxApp', async ({ tmuxApp }) => {
    // The types, checked by the tsc step of `npm test` (expectTypeOf does nothing at run time)…
    expectTypeOf<TmuxAppHandle>().toMatchTypeOf<Pick<TmuxApp, keyof TmuxApp>>();
    // …and the members themselves, methods and fields, on a started app.
    const app = await tmuxApp.start({ command: ['cat'], ready: 'none' });
    const members = [...Object.getOwnPropertyNames(Object.getPrototypeOf(app)), ...Object.keys(app)].filter((name) => name !== 'constructor');
    expect(members.sort()).toEqual([
      'asciicast',
      'bells',
      'clipboardWrites',
      'close',
      'droppedSteps',
      'exitStatus',
      'extendStep', // @internal: how Shell.attach makes its prompt wait part of the start step
      'getByText',
      'gif',
      'insertText',
      'isClosed',
      'kill',
      'logStep', // @internal: how the matchers and the agent log their steps
      'mouse',
      'notifications',
      'onOutput',
      'paste',
      'pause', // the handle's own: names the test, and does not wait while it has a timeout
      'press',
      'region',
      'resize',
      'screen',
      'screenshot',
      'startedAt',
      'steps',
      'takeManualInput', // @internal: how the fixtures log a person's keys before closing the app
      'text',
      'timeline',
      'tmuxTarget',
      'type',
      'waitForExit',
      'waitForOutput',
      'waitForStable',
      'waitForText',
    ]);
    expect(members.filter((name) => !(name in tmuxApp))).toEqual([]);
  });
});
