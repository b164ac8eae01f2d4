/**
 * `tmux-shot report [dir]`: opens the run's failure reports — the index page `tmux-shot/reporter`
 * writes in Vitest's `attachmentsDir` — in the browser when there is a display, else prints its
 * path and `file://` URL; `--serve` serves the folder read-only on 127.0.0.1 until Ctrl-C or
 * SIGTERM, as Playwright's `show-report` does.
 */
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPORT_CLI, VITEST_CONSTANTS } from '../defaults.js';
import { launchDetached } from '../host/index.js';
import { intFlag, UsageError, type ParsedArgs } from './args.js';
import type { CliIo } from './io.js';
import { serveFolder } from './report-server.js';
import { trapStopSignals } from './stop-signals.js';

/** Usage text of `tmux-shot report`. */
export const REPORT_USAGE = `Usage: tmux-shot report [dir]
       tmux-shot report --serve [--port N] [dir]

Opens the run's failure reports: dir/${VITEST_CONSTANTS.reportIndex}, the index that the Vitest
reporter 'tmux-shot/reporter' writes in Vitest's attachmentsDir when a test fails (dir: default
${REPORT_CLI.dir}). With a display (DISPLAY or WAYLAND_DISPLAY on Linux, always on macOS) it opens
in the browser (xdg-open, open); otherwise it prints the path and its file:// URL.

Options:
  --serve      serve dir read-only on http://127.0.0.1:PORT/ (no listings, nothing outside dir)
               until Ctrl-C (SIGINT) or SIGTERM, instead of opening the file
  --port N     the port of --serve (default ${REPORT_CLI.port}; 0 takes a free one)
  -h, --help   show this help`;

/** util.parseArgs options of `tmux-shot report`. */
export const REPORT_OPTIONS = {
  serve: { type: 'boolean' },
  port: { type: 'string' },
} as const;

/**
 * The command that opens a file in the user's browser on `platform`, or undefined when there is
 * no display to open it on (Linux without `DISPLAY` and `WAYLAND_DISPLAY`: a CI job, an SSH session).
 */
export function openerOf(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string | undefined {
  if (platform === 'darwin') return 'open';
  if (platform === 'win32') return undefined;
  return env.DISPLAY || env.WAYLAND_DISPLAY ? 'xdg-open' : undefined;
}

/**
 * Runs `tmux-shot report`.
 * @returns 0 once the index is opened or printed, or the server stopped by a signal.
 * @throws {UsageError} for more than one folder, `--port` without `--serve` or out of range, or a
 *   folder without an index.
 */
export async function reportCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  if (args.positionals.length > 1 || args.command.length > 0)
    throw new UsageError(`report takes one folder, not '${[...args.positionals.slice(1), ...args.command].join(' ')}'`, 'report');
  if (args.values.port !== undefined && !args.values.serve) throw new UsageError('--port needs --serve', 'report');
  const port = intFlag('report', 'port', args.values.port, REPORT_CLI.port, 0, 65535);
  const dir = resolve(args.positionals[0] ?? REPORT_CLI.dir);
  const index = join(dir, VITEST_CONSTANTS.reportIndex);
  if (!(await stat(index).catch(() => undefined))?.isFile()) {
    throw new UsageError(
      `no report in ${dir}: ${VITEST_CONSTANTS.reportIndex} is not there. Add 'tmux-shot/reporter' to the reporters of your Vitest config ` +
        "(a failing test then writes its report), run the tests, or name the folder that holds the index (Vitest's attachmentsDir).",
      'report',
    );
  }
  if (args.values.serve) return serve(dir, port, io);
  const opener = openerOf(process.platform, process.env);
  if (opener && (await launchDetached(opener, [index]))) {
    io.stdout(`tmux-shot report: opened ${index}`);
    return 0;
  }
  io.stdout(`tmux-shot report: ${index}\n${pathToFileURL(index).href}`);
  return 0;
}

/** Serves `dir` until the first SIGINT or SIGTERM. */
async function serve(dir: string, port: number, io: CliIo): Promise<number> {
  using trap = trapStopSignals();
  const server = await serveFolder(dir, VITEST_CONSTANTS.reportIndex, port).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') throw new UsageError(`port ${port} is in use: pick another with --port (0 takes a free one)`, 'report');
    throw error;
  });
  io.stdout(`tmux-shot report: serving ${dir} at ${server.url}${VITEST_CONSTANTS.reportIndex} (Ctrl-C to stop)`);
  await new Promise((done) => (trap.signal.aborted ? done(undefined) : trap.signal.addEventListener('abort', done, { once: true })));
  await server.close();
  io.stdout(`tmux-shot report: stopped by ${trap.stop?.signal}`);
  return 0;
}
