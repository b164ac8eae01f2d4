// Run as pid 1 of a pid namespace of its own (see run-process.test.ts): runProcess times out a
// command whose leader dies of the SIGTERM while a process that left the group (setsid) holds its
// output. Before the SIGKILL HOST.terminateGrace ms later, Linux hands the group's id to a new
// group leader (ns_last_pid, writable by the namespace's root). Prints `<leader pid> <stranger
// pid> <stranger running|exited>`, once runProcess has ended.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { runProcess } from '../../../src/host/run-process.js';
import { poll } from '../../../src/wait.js';

const pidFile = `/tmp/reused-group-id-${process.pid}`;
const result = runProcess('sh', ['-c', `echo $$ > ${pidFile}; setsid sleep 30 & exec sleep 30`], { timeout: 100 });
const leader = await poll(() => Number(readFileSync(pidFile, 'utf8').trim()) || undefined, { timeout: 5_000, interval: 5 });
if (leader === undefined) throw new Error('the command never wrote its pid');
// The SIGTERM at 100 ms ends the leader; Node reaps it (/proc/<pid> goes).
await poll(() => (existsSync(`/proc/${leader}`) ? undefined : true), { timeout: 5_000, interval: 1 });
writeFileSync('/proc/sys/kernel/ns_last_pid', String(leader - 1));
const stranger = spawn('sleep', ['60'], { detached: true, stdio: 'ignore' });
await result; // its SIGKILL came HOST.terminateGrace ms after the SIGTERM
const state = stranger.exitCode === null && stranger.signalCode === null ? 'running' : 'exited';
process.stdout.write(`${leader} ${stranger.pid} ${state}\n`);
stranger.kill('SIGKILL');
process.exit(0); // the setsid sleep still runs: pid 1's exit ends the namespace
