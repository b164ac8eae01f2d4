// Run as pid 2 of a pid namespace of its own (see process-exit.test.ts): registers a live "server"
// (a sleep), ends it unnoticed, has Linux hand its pid to a new sleep (ns_last_pid, writable by
// the namespace's root), prints that pid, and exits: the 'exit' hook must leave the new process be.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerLiveServer } from '../../../src/host/process-exit.js';
import { processClock, startTicksOf } from '../../../src/host/process-tree.js';
import { afterTick } from './later-tick.js';

const server = spawn('sleep', ['60'], { stdio: 'ignore' });
registerLiveServer(server.pid!, mkdtempSync(join(tmpdir(), 'tmux-shot-reused-')), { tmuxPrefix: '/nowhere/socket,1,', since: processClock() });
const started = startTicksOf(server.pid!);
server.kill('SIGKILL');
await once(server, 'exit');
await afterTick(started);
writeFileSync('/proc/sys/kernel/ns_last_pid', String(server.pid! - 1));
const stranger = spawn('sleep', ['60'], { detached: true, stdio: 'ignore' });
process.stdout.write(`${server.pid} ${stranger.pid}\n`);
process.exit(0);
