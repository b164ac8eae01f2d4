// Starts a server with a running app, prints {"pid", "directory"}, then dies of an uncaught
// error without disposing anything: the 'exit' hook must still kill the server.
import { TmuxServer, TmuxSession } from '../../../src/host/index.js';

const server = await TmuxServer.create();
const session = await TmuxSession.create(server, { cols: 20, rows: 5 });
await session.respawnPane({ command: ['sleep', '1000'] });
process.stdout.write(`${JSON.stringify({ pid: server.pid, directory: server.directory })}\n`);
throw new Error('crashing on purpose');
