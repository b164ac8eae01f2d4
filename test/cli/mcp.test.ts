// `tmux-shot mcp`'s command line (in-process through main); the server itself is in test/mcp/.
import { describe, expect, it } from 'vitest';
import { MCP_USAGE } from '../../src/cli/mcp.js';
import { main, MAIN_USAGE } from '../../src/cli/main.js';

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { stdout: (t) => out.push(t), stderr: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('tmux-shot mcp', () => {
  it('is listed in the top-level help', () => {
    expect(MAIN_USAGE).toContain('\n  mcp        serve the Model Context Protocol over stdio, for coding agents\n');
  });

  it('--help shows how to register it with Claude Code, Codex, and the mcpServers JSON of Cursor and Claude Desktop', async () => {
    const result = await run('mcp', '--help');
    expect(result).toEqual({ code: 0, out: MCP_USAGE, err: '' });
    expect(result.out).toContain('claude mcp add tmux-shot -- npx tmux-shot mcp');
    expect(result.out).toContain('[mcp_servers.tmux-shot]\n                    command = "npx"\n                    args = ["tmux-shot", "mcp"]');
    const json = /\{ "mcpServers".*\}/.exec(result.out)![0];
    expect(JSON.parse(json)).toEqual({ mcpServers: { 'tmux-shot': { command: 'npx', args: ['tmux-shot', 'mcp'] } } });
  });

  it.each([[['extra']], [['--', 'vim']]])('refuses arguments (%j) with a usage error', async (argv) => {
    expect(await run('mcp', ...argv)).toEqual({
      code: 2,
      out: '',
      err: "tmux-shot: mcp takes no arguments: the client starts apps with its start tool\nRun 'tmux-shot mcp --help' for usage.",
    });
  });
});
