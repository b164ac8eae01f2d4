// Starts a server with a running app, prints {"pid", "directory"}, then dies without disposing
// anything: of an uncaught error (argv[2] 'throw', the 'exit' hook must kill the server) or of
// SIGKILL (argv[2] 'sigkill', no hook runs: tmux must notice its control client leave). The app
// is argv[3…] (printing "ready" once it is set up), or `sleep 1000`.
import { TmuxServer, TmuxSession } from '../../../src/host/index.js';

const server = await TmuxServer.create();
const session = await TmuxSession.create(server, { cols: 20, rows: 5 });
const command = process.argv.slice(3);
const ready = new Promise<void>((resolve) => {
  let output = '';
  session.onOutput((bytes) => (output += bytes.toString()).includes('ready') && resolve());
});
await session.respawnPane({ command: command.length > 0 ? command : ['sleep', '1000'] });
const keepAlive = setInterval(() => undefined, 1000); // the pane's output stream does not hold the process open
if (command.length > 0) await ready;
clearInterval(keepAlive);
process.stdout.write(`${JSON.stringify({ pid: server.pid, directory: server.directory })}\n`);
if (process.argv[2] === 'sigkill') process.kill(process.pid, 'SIGKILL');
throw new Error('crashing on purpose');
