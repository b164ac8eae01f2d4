/** The MCP server (`tmux-shot mcp`): loaded by the CLI only when that command runs. */
export { serveStdio } from './server.js';
