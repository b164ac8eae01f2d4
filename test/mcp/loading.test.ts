// The MCP SDK loads only in `tmux-shot mcp`: importing the library or the CLI's other commands
// does not load it (the built files, run `npm run build` first, in a child whose module resolution
// is watched). tmux-shot/vitest cannot import mcp/ at all (test/architecture.test.ts).
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** A resolve hook printing every module of the MCP SDK that is resolved. */
const HOOK = `export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (result.url.includes('/@modelcontextprotocol/')) process.stdout.write('loaded ' + result.url.split('/node_modules/')[1] + '\\n');
  return result;
}`;

/** What of the SDK importing `files` (relative to the repository) loads. */
async function sdkModulesLoadedBy(...files: string[]): Promise<string[]> {
  const script = [
    "import { register } from 'node:module';",
    `register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOK)}`)});`,
    ...files.map((file) => `await import(${JSON.stringify(resolve(root, file))});`),
  ].join('\n');
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
  return stdout.split('\n').filter((line) => line !== '');
}

describe('loading the MCP SDK', () => {
  it('happens neither for the library nor for the CLI with its other commands', async () => {
    expect(await sdkModulesLoadedBy('dist/index.js', 'dist/cli/main.js')).toEqual([]);
  });

  it('happens for the MCP server (the watch sees it)', async () => {
    const loaded = await sdkModulesLoadedBy('dist/mcp/index.js');
    expect(loaded.slice(0, 2)).toEqual([
      'loaded @modelcontextprotocol/sdk/dist/esm/server/mcp.js',
      'loaded @modelcontextprotocol/sdk/dist/esm/server/stdio.js',
    ]);
  });
});
