/** The `tmux-shot` command line: parses a command's flags, dispatches, and maps errors to exit statuses. */
import { createRequire } from 'node:module';
import { type Command, parseCommandArgs, UsageError } from './args.js';
import { type CliIo, createProcessIo } from './io.js';
import { agentCommand, AGENT_OPTIONS, AGENT_USAGE } from './agent.js';
import { codegenCommand, CODEGEN_OPTIONS, CODEGEN_USAGE } from './codegen.js';
import { cassettesCommand, CASSETTES_OPTIONS, CASSETTES_USAGE } from './cassettes.js';
import { mcpCommand, MCP_OPTIONS, MCP_USAGE } from './mcp.js';
import { recordCommand, RECORD_OPTIONS, RECORD_USAGE } from './record.js';
import { renderCommand, RENDER_COMMAND_OPTIONS, RENDER_COMMAND_USAGE } from './render.js';
import { reportCommand, REPORT_OPTIONS, REPORT_USAGE } from './report.js';
import { shotCommand, SHOT_OPTIONS, SHOT_USAGE } from './shot.js';

const COMMANDS: Record<string, Command> = {
  shot: { run: shotCommand, usage: SHOT_USAGE, options: SHOT_OPTIONS, summary: 'run an app, drive it, write a PNG of its screen' },
  record: { run: recordCommand, usage: RECORD_USAGE, options: RECORD_OPTIONS, summary: 'run an app, drive it, write a GIF (or .cast) of the session' },
  render: { run: renderCommand, usage: RENDER_COMMAND_USAGE, options: RENDER_COMMAND_OPTIONS, summary: 'draw an asciicast recording as a GIF' },
  codegen: { run: codegenCommand, usage: CODEGEN_USAGE, options: CODEGEN_OPTIONS, summary: 'use an app in your terminal; a Vitest test of it is written' },
  agent: { run: agentCommand, usage: AGENT_USAGE, options: AGENT_OPTIONS, summary: 'let a model drive an app towards a goal' },
  report: { run: reportCommand, usage: REPORT_USAGE, options: REPORT_OPTIONS, summary: "open or serve the run's failure reports (tmux-shot/reporter)" },
  cassettes: {
    run: cassettesCommand,
    usage: CASSETTES_USAGE,
    options: CASSETTES_OPTIONS,
    summary: 'list stale and unused agent cassettes, or prune the unused',
  },
  mcp: { run: mcpCommand, usage: MCP_USAGE, options: MCP_OPTIONS, summary: 'serve the Model Context Protocol over stdio, for coding agents' },
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
  const command = COMMANDS[name];
  if (!command) return usageError(io, new UsageError(`Unknown command '${name}'.`, ''));
  try {
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
