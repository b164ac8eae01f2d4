/** The `tmux-shot` command line: parses a command's flags, dispatches, and maps errors to exit statuses. */
import { createRequire } from 'node:module';
import { type Command, parseCommandArgs, UsageError } from './args.js';
import { type CliIo, createProcessIo } from './io.js';
/** A command as `main` lists it: its summary, and its module, loaded only when it runs (or prints its help). */
interface CommandEntry {
  summary: string;
  load(): Promise<Omit<Command, 'summary'>>;
}

// Each command's module (and what it pulls in: the screen model, canvas, zod, the MCP SDK) loads
// only when that command runs, so `tmux-shot --help` costs little more than starting node.
const COMMANDS: Record<string, CommandEntry> = {
  shot: {
    summary: 'run an app, drive it, write a PNG of its screen',
    load: async () => import('./shot.js').then((m) => ({ run: m.shotCommand, usage: m.SHOT_USAGE, options: m.SHOT_OPTIONS })),
  },
  record: {
    summary: 'run an app, drive it, write a GIF (or .cast) of the session',
    load: async () => import('./record.js').then((m) => ({ run: m.recordCommand, usage: m.RECORD_USAGE, options: m.RECORD_OPTIONS })),
  },
  render: {
    summary: 'draw an asciicast recording as a GIF',
    load: async () => import('./render.js').then((m) => ({ run: m.renderCommand, usage: m.RENDER_COMMAND_USAGE, options: m.RENDER_COMMAND_OPTIONS })),
  },
  codegen: {
    summary: 'use an app in your terminal; a Vitest test of it is written',
    load: async () => import('./codegen.js').then((m) => ({ run: m.codegenCommand, usage: m.CODEGEN_USAGE, options: m.CODEGEN_OPTIONS })),
  },
  attach: {
    summary: "attach your terminal to a running test's app (pause, TMUX_SHOT_DEBUG)",
    load: async () => import('./attach.js').then((m) => ({ run: m.attachCommand, usage: m.ATTACH_USAGE, options: m.ATTACH_OPTIONS })),
  },
  watch: {
    summary: 'show the screens of the tests running now, live',
    load: async () => import('./watch.js').then((m) => ({ run: m.watchCommand, usage: m.WATCH_USAGE, options: m.WATCH_OPTIONS })),
  },
  agent: {
    summary: 'let a model drive an app towards a goal',
    load: async () => import('./agent.js').then((m) => ({ run: m.agentCommand, usage: m.AGENT_USAGE, options: m.AGENT_OPTIONS })),
  },
  report: {
    summary: "open or serve the run's failure reports (tmux-shot/reporter)",
    load: async () => import('./report.js').then((m) => ({ run: m.reportCommand, usage: m.REPORT_USAGE, options: m.REPORT_OPTIONS })),
  },
  cassettes: {
    summary: 'list stale and unused agent cassettes, or prune the unused',
    load: async () => import('./cassettes.js').then((m) => ({ run: m.cassettesCommand, usage: m.CASSETTES_USAGE, options: m.CASSETTES_OPTIONS })),
  },
  mcp: {
    summary: 'serve the Model Context Protocol over stdio, for coding agents',
    load: async () => import('./mcp.js').then((m) => ({ run: m.mcpCommand, usage: m.MCP_USAGE, options: m.MCP_OPTIONS })),
  },
};

/** The flag every command takes. */
const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const;

/** Usage text of `tmux-shot` itself. */
export const MAIN_USAGE = `Usage: tmux-shot <command> [options] -- command [args…]

Commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`)
  .join('\n')}

Run 'tmux-shot <command> --help' for a command's options. Needs tmux 3.2 or newer.`;

/**
 * Runs the CLI on `argv` (without `node` and the script). A usage error prints its message and
 * where the usage is (`Run 'tmux-shot shot --help' for usage.`), as clap-based tools do; any other
 * error prints its message on one line. A stdout whose reader is gone (`| head -c 8`) ends the
 * run quietly with status 1, as `cat` ends by SIGPIPE.
 * @param io - where to print. @default the process's stdout and stderr
 * @returns The exit status: 0 done, 1 the app or a check failed (or stdout closed), 2 wrong usage.
 */
export async function main(argv: readonly string[], io: CliIo = createProcessIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '-h' || name === '--help' || name === 'help') {
    io.stdout(MAIN_USAGE);
    return name === undefined ? 2 : 0;
  }
  if (name === '-v' || name === '--version') {
    io.stdout(String(createRequire(import.meta.url)('../../package.json').version));
    return 0;
  }
  const entry = COMMANDS[name];
  if (!entry) return usageError(io, new UsageError(`Unknown command '${name}'.`, ''));
  try {
    const command = await entry.load();
    const args = parseCommandArgs(name, rest, { ...command.options, ...HELP_OPTION });
    if (args.values.help) {
      io.stdout(command.usage);
      return 0;
    }
    const status = await command.run(args, io);
    return io.stdoutClosed ? 1 : status;
  } catch (error) {
    if (io.stdoutClosed) return 1;
    if (error instanceof UsageError) return usageError(io, error);
    // Anything else (a file that cannot be read or written, an app that failed) is reported the
    // same way: one line, no stack trace.
    io.stderr(`tmux-shot ${name}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/** Prints a usage error and where the usage is. @returns 2. */
function usageError(io: CliIo, error: UsageError): number {
  const help = error.command === '' ? 'tmux-shot --help' : `tmux-shot ${error.command} --help`;
  io.stderr(`tmux-shot: ${error.message}\nRun '${help}' for usage.`);
  return 2;
}
