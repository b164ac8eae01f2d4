// Starts a server with a running app, prints {"pid", "directory"}, then dies without disposing
// anything: of an uncaught error (argv[2] 'throw', the 'exit' hook must kill the server) or of
// SIGKILL (argv[2] 'sigkill', no hook runs: tmux must notice its control client leave).
import { TmuxServer, TmuxSession } from '../../../src/host/index.js';

const server = await TmuxServer.create();
const session = await TmuxSession.create(server, { cols: 20, rows: 5 });
await session.respawnPane({ command: ['sleep', '1000'] });
process.stdout.write(`${JSON.stringify({ pid: server.pid, directory: server.directory })}\n`);
if (process.argv[2] === 'sigkill') process.kill(process.pid, 'SIGKILL');
throw new Error('crashing on purpose');
