/**
 * `tmux-shot mcp`: the MCP server over stdio, for coding agents. The server (mcp/, with the MCP
 * SDK) is loaded only when this command runs, so other commands and the library never load it.
 */
import { UsageError, type ParsedArgs } from './args.js';
import type { CliIo } from './io.js';
import { trapStopSignals } from './stop-signals.js';

/** Usage text of `tmux-shot mcp`. */
export const MCP_USAGE = `Usage: tmux-shot mcp

Serves the Model Context Protocol over stdio, for coding agents (Claude Code, Codex, Cursor,
Claude Desktop…): they start it themselves once it is registered. stdout carries the protocol.

Tools: start (an app; returns a session id: s1, s2…), send_keys, type_text, click, read_text,
screenshot (PNG image), wait_for_text, wait_for_stable, resize, gif (a file; returns its path),
close. Several sessions can run at once; all of them end when the client disconnects or the
server gets SIGINT or SIGTERM.

Register it:
  Claude Code     claude mcp add tmux-shot -- npx tmux-shot mcp
  Codex           ~/.codex/config.toml:
                    [mcp_servers.tmux-shot]
                    command = "npx"
                    args = ["tmux-shot", "mcp"]
  Cursor (.cursor/mcp.json), Claude Desktop (claude_desktop_config.json), and most others:
                    { "mcpServers": { "tmux-shot": { "command": "npx", "args": ["tmux-shot", "mcp"] } } }

Options:
  -h, --help         show this help

Exit status: 0 after the client disconnected or a signal ended it; 1 when the client stopped
reading stdout while stdin was still open; 2 wrong usage.`;

/** util.parseArgs options of `tmux-shot mcp`: none but --help. */
export const MCP_OPTIONS = {} as const;

/**
 * Runs `tmux-shot mcp` until the client disconnects or SIGINT/SIGTERM arrives, then says on
 * stderr which it was and how many sessions it closed (`tmux-shot mcp: stopped by SIGTERM; closed
 * 2 sessions`). @returns The exit status.
 */
export async function mcpCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  if (args.positionals.length > 0 || args.command.length > 0) throw new UsageError('mcp takes no arguments: the client starts apps with its start tool', 'mcp');
  using trap = trapStopSignals();
  const { serveStdio } = await import('../mcp/index.js');
  const closed = await serveStdio({ signal: trap.signal });
  const why = trap.stop ? `stopped by ${trap.stop.signal}` : 'the client disconnected';
  io.stderr(`tmux-shot mcp: ${why}; closed ${closed} ${closed === 1 ? 'session' : 'sessions'}`);
  return 0;
}
