// Several apps in one test (launchApp, the shell fixture), in this repo's own Vitest run and in a
// child Vitest run whose failures leave files named after each app.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { describe, expect, test } from '../../src/vitest/index.js';
import type { ShellFixture } from '../../src/vitest/index.js';
import { ConfigError } from '../../src/errors.js';
import { createProject } from './run-vitest.js';
import type { FixtureProject, RunResult } from './run-vitest.js';

const menu = ['node', join(import.meta.dirname, '../../fixtures/menu.mjs')];

describe('launchApp', () => {
  test.override({ tmuxOptions: { cols: 40, rows: 8 } });

  test('starts apps side by side on the worker server, named app2, app3…, with the file options under their own', async ({
    tmuxApp,
    launchApp,
    tmuxServer,
  }) => {
    await tmuxApp.start({ command: ['sh', '-c', 'echo "one $(stty size)"; exec sleep 30'] });
    const app2 = await launchApp({ command: ['sh', '-c', 'echo "two $(stty size)"; exec sleep 30'], rows: 6 });
    const app3 = await launchApp({ command: menu });
    expect([tmuxApp.name, app2.name, app3.name]).toEqual(['tmuxApp', 'app2', 'app3']);
    await expect(tmuxApp).toShowText('one 8 40');
    await expect(app2).toShowText('two 6 40');
    await app3.press('Down', 'Enter');
    await expect(app3).toShowText('Selected: Save');
    expect(tmuxApp.text().trimEnd()).toBe('one 8 40');
    await app2.close();
    await app3.press('Down'); // closing one leaves the others running
    await expect(app3).toShowText('> Settings');
    expect(tmuxServer.disposed).toBe(false);
  });

  test('names matcher failures after the app', async ({ launchApp }) => {
    const server = await launchApp({ command: ['sh', '-c', 'echo up; exec sleep 30'], name: 'server' });
    const error = await expect(server)
      .toShowText('down', { timeout: 100 })
      .catch((caught: unknown) => caught);
    expect((error as Error).message.split('\n')[0]).toBe("expect(server).toShowText('down')");
    const locatorLine = async (failing: Promise<void>) => ((await failing.catch((caught: unknown) => caught)) as Error).message.split('\n')[2];
    expect(await locatorLine(expect(server.getByText('down')).toBeVisible({ timeout: 100 }))).toBe("Locator: getByText('down') of server");
    expect(await locatorLine(expect(server.getByText('up')).toHaveFgColor(1, { timeout: 100 }))).toBe("Locator: getByText('up') of server");
  });

  test('refuses a name that is taken or not a word', async ({ launchApp }) => {
    await launchApp({ command: ['sleep', '30'], name: 'db', ready: 'none' });
    await expect(launchApp({ command: ['sleep', '30'], name: 'db' })).rejects.toThrow(
      new ConfigError("launchApp(): this test already has an app named 'db'; give each app a name of its own."),
    );
    await expect(launchApp({ command: ['sleep', '30'], name: 'shell' })).rejects.toThrow(
      new ConfigError("launchApp(): the name 'shell' is reserved for the shell fixture's app; choose another."),
    );
    await expect(launchApp({ command: ['sleep', '30'], name: 'DB' })).rejects.toThrow(
      new ConfigError("launchApp(): this test already has an app named 'DB'; give each app a name of its own."),
    );
    await expect(launchApp({ command: ['sleep', '30'], name: `a${'b'.repeat(299)}` })).rejects.toThrow(
      new ConfigError("launchApp(): name is 300 characters long; at most 40 fit in the names of the app's files. Choose a shorter name."),
    );
    await expect(launchApp({ command: ['sleep', '30'], name: '../x' })).rejects.toThrow(
      new ConfigError(`launchApp(): name must be letters, digits, '_' or '-', starting with a letter (it names the app's files); got "../x".`),
    );
  });
});

test('launchApp without a command says to give launchApp one', async ({ launchApp }) => {
  await expect(launchApp({})).rejects.toThrow(
    new ConfigError(`launchApp() needs a command for 'app2': launchApp({ command: ["vim", "file.txt"] }), or a command in tmuxOptions.`),
  );
});

describe('shell', () => {
  test('is bash at its prompt by default, and runs commands', async ({ shell }) => {
    expect([shell.name, shell.app.name]).toEqual(['bash', 'shell']);
    expect(await shell.run('echo $((6 * 7))')).toEqual({ output: '42', exitCode: 0 });
    await expect(shell.app).toShowText('42');
  });

  test("runs the README's input example: read -p, typed through shell.app", async ({ shell }) => {
    const asking = shell.run('read -p "name? " x; echo "got $x"');
    await shell.app.waitForText(/^name\?/);
    await shell.app.type('Ada\n');
    expect(await asking).toEqual({ output: 'name? Ada\ngot Ada', exitCode: 0 });
    const error = await expect(shell.app)
      .toShowText('nothing', { timeout: 100 })
      .catch((caught: unknown) => caught);
    expect((error as Error).message.split('\n')[0]).toBe("expect(shell).toShowText('nothing')");
  });

  test('is a matcher subject itself, as its app named shell', async ({ shell }) => {
    await shell.run(String.raw`printf '\033]2;built\007'; echo done`);
    await expect(shell).toShowText('done');
    await expect(shell).toHaveTitle('built');
    await expect(shell).toHaveCursorAt({ row: 2, col: 2 });
    const error = await expect(shell)
      .toShowText('nothing', { timeout: 100 })
      .catch((caught: unknown) => caught);
    expect((error as Error).message.split('\n')[0]).toBe("expect(shell).toShowText('nothing')");
  });

  test('has a type of its own for helpers, ShellFixture', async ({ shell }) => {
    const login = async (user: ShellFixture): Promise<string> => (await user.run('echo in')).output;
    expect(await login(shell)).toBe('in');
  });

  describe('with shellOptions', () => {
    test.override({ shellOptions: { shell: 'fish', cols: 50, env: { WHO: 'fish' } } });

    test('starts the shell they name, with their size and env', async ({ shell }) => {
      expect(await shell.run('echo $WHO (stty size)')).toEqual({ output: 'fish 24 50', exitCode: 0 });
    });
  });
});

describe('failures of several apps, in a child Vitest run', () => {
  let project: FixtureProject;
  let run: RunResult;
  beforeAll(async () => {
    project = await createProject('several-apps');
    run = await project.run();
  }, 120_000);
  afterAll(() => project.dispose());

  const artifactsOf = (id: string) =>
    run.tests.get(id)!.artifacts.flatMap(({ attachments }) => attachments?.map((attachment) => attachment.originalPath!.slice(project.dir.length + 1)) ?? []);

  test('save the failure screen and GIF of each app, named after it', async () => {
    expect(run.tests.get('apps.test.js > two apps fail')!.state).toBe('failed');
    const folder = '.vitest-attachments/apps.test.js';
    // Each fixture saves its apps as it is torn down: the order of the two sets is Vitest's.
    expect(artifactsOf('apps.test.js > two apps fail').sort()).toEqual([
      `${folder}/two-apps-fail-failure.png`,
      `${folder}/two-apps-fail-failure.txt`,
      `${folder}/two-apps-fail-recording.gif`,
      `${folder}/two-apps-fail-report.html`,
      `${folder}/two-apps-fail@server-failure.png`,
      `${folder}/two-apps-fail@server-failure.txt`,
      `${folder}/two-apps-fail@server-recording.gif`,
    ]);
    expect(await readFile(join(project.dir, folder, 'two-apps-fail-failure.txt'), 'utf8')).toBe('# 30x5, cursor at row 1 col 0, visible\nclient\n');
    expect(await readFile(join(project.dir, folder, 'two-apps-fail@server-failure.txt'), 'utf8')).toBe('# 30x5, cursor at row 1 col 0, visible\nserver\n');
    expect(artifactsOf('apps.test.js > a shell command fails')).toEqual([
      `${folder}/a-shell-command-fails@shell-failure.png`,
      `${folder}/a-shell-command-fails@shell-failure.txt`,
      `${folder}/a-shell-command-fails@shell-recording.gif`,
      `${folder}/a-shell-command-fails-report.html`,
    ]);
    expect(await readFile(join(project.dir, folder, 'a-shell-command-fails@shell-failure.txt'), 'utf8')).toBe(
      '# 80x24, cursor at row 2 col 2, visible\n$ echo checking; false\nchecking\n$\n',
    );
    expect((await readdir(join(project.dir, folder))).length).toBe(29); // 22 before the failure reports: one for each of the 7 failed tests
  });

  test('name a pending shell.run, not its own polls, with the screen when the test times out', async () => {
    const errors = run.tests.get('apps.test.js > a shell command is pending when the test times out')!.errors;
    expect(errors[0]).toMatch(
      /^Test timed out in 2500ms\.[^]*\n\nPending: shell\.run\("sleep 10"\), waiting \d+ ms of 20000 ms\.\n\nScreen:\n   0 │ \$ sleep 10\n/,
    );
    expect(errors[0]).not.toContain('waitForOutput');
  });

  test("take a shell's screenshot as its app's, named shell", async () => {
    const errors = run.tests.get('apps.test.js > a shell matches its screenshot')!.errors;
    const baseline = join(project.dir, '__screenshots__/apps.test.js/a-shell-matches-its-screenshot-1.png');
    expect(errors).toEqual([
      'expect(shell).toMatchScreenshot()\n\nNo existing reference screenshot found; a new one was created. Review it before running tests again.\n\n' +
        `Reference screenshot:\n  ${baseline}`,
    ]);
    expect((await readFile(baseline)).subarray(1, 4).toString()).toBe('PNG');
  });

  test("keep an app's files apart from another test's: test 'x' with app 'y' and test 'x-y'", async () => {
    const folder = '.vitest-attachments/apps.test.js';
    expect(artifactsOf('apps.test.js > x').sort()).toEqual([
      `${folder}/x-report.html`,
      `${folder}/x@y-failure.png`,
      `${folder}/x@y-failure.txt`,
      `${folder}/x@y-recording.gif`,
    ]);
    expect(artifactsOf('apps.test.js > x-y').sort()).toEqual([
      `${folder}/x-y-failure.png`,
      `${folder}/x-y-failure.txt`,
      `${folder}/x-y-recording.gif`,
      `${folder}/x-y-report.html`,
    ]);
    expect(await readFile(join(project.dir, folder, 'x@y-failure.txt'), 'utf8')).toBe('# 30x5, cursor at row 1 col 0, visible\napp y of x\n');
    expect(await readFile(join(project.dir, folder, 'x-y-failure.txt'), 'utf8')).toBe('# 30x5, cursor at row 1 col 0, visible\ntmuxApp of x-y\n');
  });

  test('name a pending wait after its app when the test times out', async () => {
    const errors = run.tests.get('apps.test.js > a wait of app2 is pending when the test times out')!.errors;
    expect(errors[0]).toMatch(
      /^Test timed out in 2500ms\.[^]*\n\nPending: app2\.waitForText\('never'\), waiting \d+ ms of 20000 ms\.\n\nScreen:\n  0 │ waiting\n/,
    );
  });
});
