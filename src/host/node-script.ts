/**
 * A Node.js script run in a child process that answers on a pipe of its own (file descriptor 3),
 * apart from whatever it or the code it loads prints: how `tmux-shot cassettes check` asks a
 * project's own Vitest for its tests.
 */
import { spawn } from 'node:child_process';

/** What a {@link runNodeScript} child printed and answered. */
export interface NodeScriptResult {
  /** Its stdout, as UTF-8. */
  stdout: string;
  /** Its stderr, as UTF-8. */
  stderr: string;
  /** What it wrote to file descriptor 3, as UTF-8 (`''` when nothing). */
  answer: string;
}

/**
 * Runs `script` as an ES module (`node --input-type=module -e script ...args`, this process's
 * Node) in `cwd`, stdin closed, and resolves once it has exited and its outputs are closed, with
 * what it printed and answered. No time limit: the caller's script ends by itself.
 */
export async function runNodeScript(script: string, args: readonly string[], cwd: string): Promise<NodeScriptResult> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
  const read = (index: 1 | 2 | 3): Promise<string> =>
    new Promise((done) => {
      const chunks: Buffer[] = [];
      child.stdio[index]!.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    });
  const [stdout, stderr, answer] = await Promise.all([read(1), read(2), read(3), new Promise((done) => child.on('close', done))]);
  return { stdout, stderr, answer };
}
