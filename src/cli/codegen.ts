/**
 * `tmux-shot codegen`: the user drives the app in their own terminal (a real `tmux attach` on our
 * private server), and a Vitest test of what they did is written when they detach or the app
 * exits. The app runs under util-linux `script`, whose input log is what the app received
 * (src/codegen/script-log.ts); each time new input appears in it, the screen the user saw just
 * before it is kept with it, and `inferSteps` turns the whole into steps.
 */
import { readFileSync, watch } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { TmuxApp } from '../app/index.js';
import { inferSteps, inputSpan, type Observation, scriptCommand, testTimeout } from '../codegen/index.js';
import { describeWrittenTest, writeTestFile } from '../test-file/index.js';
import { CODEGEN_CLI } from '../defaults.js';
import { attachClient, formatCommand, LOBBY_NAME, TmuxServer } from '../host/index.js';
import { systemClock } from '../wait.js';
import { appCommand, UsageError, type ParsedArgs } from './args.js';
import { SIZE_OPTIONS, SIZE_USAGE, sizeFlags } from './flags.js';
import { checkOutput, type CliIo, type CliOutput, reportWritten } from './io.js';
import { NoEchoWatch } from './no-echo-watch.js';

/** The tmux user option the screenshot chord counts up, read by the watch loop. */
const MARKS_OPTION = '@tmux-shot-marks';

/**
 * What the user is told once attached (within 80 columns): inside the user's own tmux (TMUX set),
 * the chords need the outer prefix twice, as the outer tmux takes the first `C-b`.
 * @example greeting(false) // 'tmux-shot codegen: C-b s screenshot, C-b d stop and write the test'
 */
export function greeting(insideTmux: boolean): string {
  const prefix = insideTmux ? 'C-b C-b' : 'C-b';
  return `tmux-shot codegen: ${prefix} s screenshot, ${prefix} d stop and write the test`;
}

/** Usage text of `tmux-shot codegen`. */
export const CODEGEN_USAGE = `Usage: tmux-shot codegen [options] -- command [args…]

Runs the command in a private tmux server and attaches your terminal to it: use the app as
usual, keys and mouse included. When you detach (C-b d) or the app exits, writes a Vitest test
(tmux-shot/vitest) of what you did: typing as type('…'), other keys as press(…), a click as a
click on the word under the pointer when that word is unique on the screen (else
mouse.click(col, row)), after each step that changed the screen an assertion on what it
changed, your pause after an Escape pressed alone (apps need it to tell Escape from Alt), and a
screenshot at the end. What you type at a no-echo prompt (a password) is not written: the test
types an environment variable named for the prompt (TMUX_SHOT_PASSWORD) and says so. Formats
it with the project's Biome or Prettier, and prints its path.

Keys (tmux's prefix is C-b; inside your own tmux, press its prefix twice: C-b C-b s):
  C-b s              mark a screenshot here (toMatchScreenshot('screen-1'), 'screen-2'…)
  C-b d              detach: stop and write the test (the app is ended)

Options:
${SIZE_USAGE}
  -o, --out FILE     the test file to write (default ${CODEGEN_CLI.out}, only if it does not
                     exist: name it with -o to replace a file)
  -h, --help         show this help

Linux only (the app runs under util-linux script, which logs what it receives). The test runs
the command as given from the Vitest project's root: run codegen there.

Exit status: 0 written; 1 not run in a terminal, the app exited with a failure before any input
(its output is printed, scrollback included), or the file could not be written; 2 wrong usage.`;

/** util.parseArgs options of `tmux-shot codegen`. */
export const CODEGEN_OPTIONS = {
  ...SIZE_OPTIONS,
  out: { type: 'string', short: 'o' },
} as const;

/** Runs `tmux-shot codegen`. @returns The exit status. */
export async function codegenCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const command = appCommand('codegen', args, 'tmux-shot codegen -- vim notes.txt');
  const size = sizeFlags('codegen', args.values);
  const out = args.values.out === undefined ? await defaultOutput() : await checkOutput('codegen', args.values.out, '');
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    io.stderr('tmux-shot codegen: it attaches your terminal to the app, and its stdin or stdout is not a terminal: run it in one, without redirections.');
    return 1;
  }
  await using server = await TmuxServer.create();
  const log = join(server.directory, 'input.log');
  // Not the 'output' rule: an app that waits silently for input would time out. The user sees its first screen once it settles.
  await using app = await TmuxApp.start({ command: scriptCommand(command, log), ...size, server, ready: 'none' });
  await app.waitForStable();
  const session = await prepareSession(server);
  const observations = await observe(app, server, session, log, greeting(process.env['TMUX'] !== undefined));
  const end = { screen: lines(app), at: systemClock.now() };
  const exit = await app.exitStatus();
  if (!observations.some((o) => o.kind === 'input') && exit && exit.exitCode !== 0) {
    const buffer = app.text({ scrollback: true }).replace(/\n+$/, '');
    io.stderr(`tmux-shot codegen: ${formatCommand(command)} exited (status ${exit.exitCode ?? exit.signal}) before any input:\n${buffer}`);
    return 1;
  }
  const { steps, leftOut } = inferSteps(observations, exit ? { ...end, exit } : end);
  const timeout = testTimeout(steps);
  const test = { title: command.join(' '), comment: ['Generated by tmux-shot codegen.'], command, ...size, steps, ...(timeout ? { timeout } : {}) };
  const written = await writeTestFile(out.path, test);
  reportWritten(io, out, describeWrittenTest(written));
  if (leftOut.length > 0) io.stderr(`tmux-shot codegen: the test leaves out what it cannot replay yet (see its comments): ${leftOut.join(', ')}.`);
  return 0;
}

/**
 * The app's session (the server's only one besides the lobby), made ready for the user: `mouse on`
 * so that tmux passes clicks to an app that asked for them, and the screenshot chord (`C-b s`
 * counts `MARKS_OPTION` up, replacing tmux's choose-tree binding on this private server).
 * @returns The session's id (`$1`).
 */
async function prepareSession(server: TmuxServer): Promise<string> {
  const [session = ''] = (await server.command(['list-sessions', '-F', '#{session_id} #{session_name}']))
    .filter((line) => !line.endsWith(` ${LOBBY_NAME}`))
    .map((line) => line.split(' ')[0]);
  await server.command(['set-option', '-t', session, 'mouse', 'on']);
  await server.command(['set-option', '-g', MARKS_OPTION, '0']);
  await server.command(['bind-key', '-T', 'prefix', 's', 'set-option', '-gF', MARKS_OPTION, `#{e|+:#{${MARKS_OPTION}},1}`]);
  return session;
}

/**
 * Attaches the user's terminal and watches until the client ends. New input in the log becomes an
 * observation with the screen as it was when the input arrived: the log's folder is watched
 * (inotify), so the screen is read the moment script appends, before the app's answer can travel
 * back through the pane to the screen model; a look every `CODEGEN_CLI.interval` ms catches what
 * an event missed, a new mark (the chord) becomes a screenshot, and once the app exits the client
 * is detached. Input that arrived at a no-echo prompt (a password) is marked `noEcho`, from samples
 * of the app's terminal mode (see `NoEchoWatch`).
 */
async function observe(app: TmuxApp, server: TmuxServer, session: string, log: string, greeting: string): Promise<Observation[]> {
  const observations: Observation[] = [];
  let attached = true;
  const client = attachClient(server.connection, session).finally(() => {
    attached = false;
  });
  let consumed = 0;
  let marks = 0;
  let greeted = false;
  const [panePid = ''] = await server.command(['display-message', '-p', '-t', session, '#{pane_pid}']);
  const echo = new NoEchoWatch(Number(panePid));
  /**
   * Takes the log's new input with the screen as it is now. Synchronous on purpose: the screen and
   * the bytes are read in the same turn of the event loop, so no later input joins an earlier screen.
   */
  const look = (): void => {
    const before = lines(app);
    const bytes = readLog(log);
    const span = inputSpan(bytes);
    const from = Math.max(consumed, span.start);
    if (span.end > from) {
      const observation: Observation = { kind: 'input', bytes: bytes.subarray(from, span.end), before, at: systemClock.now() };
      observations.push(observation);
      echo.input(observation.bytes, before.join('\n'), () => {
        observation.noEcho = true;
      });
    } else echo.screenIs(before.join('\n'));
    consumed = Math.max(consumed, span.end);
  };
  const readMarks = async () => {
    const marked = Number((await server.command(['show-options', '-gqv', MARKS_OPTION]).catch(() => []))[0] ?? marks);
    for (; marks < marked; marks++) {
      observations.push({ kind: 'screenshot', screen: lines(app), at: systemClock.now() });
      await tell(server, session, `tmux-shot codegen: screenshot screen-${marks + 1} marked`);
    }
  };
  const watcher = watch(dirname(log), (_, name) => {
    if (name === basename(log)) look();
  });
  try {
    while (attached) {
      await systemClock.sleep(CODEGEN_CLI.interval);
      look();
      await readMarks();
      if (!greeted) greeted = (await tell(server, session, greeting)) > 0;
      if (attached && (await app.exitStatus())) await server.command(['detach-client', '-s', session]).catch(() => undefined);
    }
    await client;
    // What arrived between the last look and the client's end.
    look();
    await readMarks();
    await echo.settled();
  } finally {
    watcher.close();
  }
  return observations;
}

/**
 * Shows `message` on the clients attached to `session` (tmux's message line, for
 * `CODEGEN_CLI.messageMs`). @returns How many clients were told.
 */
async function tell(server: TmuxServer, session: string, message: string): Promise<number> {
  const clients = await server.command(['list-clients', '-t', session, '-F', '#{client_name}']).catch(() => []);
  for (const client of clients) {
    await server.command(['display-message', '-d', String(CODEGEN_CLI.messageMs), '-c', client, message]).catch(() => undefined);
  }
  return clients.length;
}

/** The log's bytes so far (none before script has created it). */
function readLog(log: string): Uint8Array {
  try {
    return readFileSync(log);
  } catch {
    return new Uint8Array();
  }
}

function lines(app: TmuxApp): string[] {
  return app.text().split('\n');
}

/**
 * The output when -o is not given: `CODEGEN_CLI.out` in the working folder, if nothing is there
 * (as `render` does: only a name the user gave replaces a file).
 * @throws {UsageError} when something is at that path.
 */
async function defaultOutput(): Promise<CliOutput> {
  const out = await checkOutput('codegen', undefined, CODEGEN_CLI.out);
  if (await lstat(out.path).catch(() => undefined)) {
    throw new UsageError(
      `codegen writes ${out.path} when -o is not given, and that file exists: name it with -o to replace it, or choose another name.`,
      'codegen',
    );
  }
  return out;
}
