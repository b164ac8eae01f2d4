/**
 * The process-wide tmux server that `TmuxApp.start` uses when it is given none: created on first
 * use, shared by every app of the process (a Vitest worker uses its own `tmuxServer` fixture
 * instead), and created again if it was disposed.
 */
import { TmuxServer } from '../host/index.js';

let shared: Promise<TmuxServer> | undefined;

/**
 * The process-wide server, created on first use (and again if it was disposed or failed to start).
 * @throws {TmuxNotFoundError} when tmux cannot be run; {TmuxCommandError} when it fails to start.
 */
export async function processWideServer(): Promise<TmuxServer> {
  shared ??= TmuxServer.create();
  const server = await shared.catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  if (!server.disposed) return server;
  shared = undefined;
  return processWideServer();
}
