/**
 * `tmux-shot mcp` as the MCP tests drive it: the built bin (dist/cli/bin.js, run `npm run build`
 * first) started by the MCP SDK's own Client + StdioClientTransport. Each server gets a fresh
 * TMPDIR, so its tmux socket folder, its GIFs and (through the apps' argv) its processes name it.
 * A test file calls `afterEach(closeConnections)`: a test that failed midway leaves its client open.
 */
import { mkdtempSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export const root = resolve(import.meta.dirname, '../..');
export const bin = join(root, 'dist/cli/bin.js');

export interface Connection {
  client: Client;
  transport: StdioClientTransport;
  /** The server's TMPDIR; the apps started here get it as their last argument. */
  dir: string;
  /** The server's process. */
  pid: number;
  /** What the server wrote on stderr so far. */
  stderr: () => string;
  /** Calls a tool; the result as the client got it. */
  call: (name: string, args: Record<string, unknown>, options?: { signal?: AbortSignal; timeout?: number }) => Promise<CallToolResult>;
}

const connections: Connection[] = [];

/** Starts a server in a new TMPDIR under `scratch` named after `name`, and connects a client to it. */
export async function connect(scratch: string, name: string): Promise<Connection> {
  const dir = mkdtempSync(join(scratch, `${name}-`));
  const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp'], env: { TMPDIR: dir }, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  const client = new Client({ name: 'tmux-shot-test', version: '1.0.0' });
  await client.connect(transport);
  const call: Connection['call'] = async (tool, args, options) =>
    (await client.callTool({ name: tool, arguments: args }, undefined, options)) as CallToolResult;
  const connection = { client, transport, dir, pid: transport.pid!, stderr: () => stderr, call };
  connections.push(connection);
  return connection;
}

/** Closes the clients the test left open. */
export async function closeConnections(): Promise<void> {
  for (const connection of connections.splice(0)) await connection.client.close();
}

/** The text parts of a result. */
export function texts(result: CallToolResult): string[] {
  return result.content.map((part) => (part.type === 'text' ? part.text : `<${part.type}>`));
}
