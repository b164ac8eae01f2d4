// Run as pid 1 of a pid namespace of its own (see run-process.test.ts): runProcess times out a
// command whose leader dies of the SIGTERM while a process that left the group (setsid) holds its
// output. Before the SIGKILL HOST.terminateGrace ms later, Linux hands the group's id to a new
// group leader (ns_last_pid, writable by the namespace's root). Prints `<leader pid> <stranger
// pid> <stranger running|exited> <spawned before the SIGKILL was due: true|false>`, once
// runProcess has ended.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOST } from '../../../src/defaults.js';
import { runProcess } from '../../../src/host/run-process.js';
import { poll, systemClock } from '../../../src/wait.js';

const TIMEOUT = 1000;
const dir = mkdtempSync(join(tmpdir(), 'reused-group-id-'));
const [pidFile, ready] = [join(dir, 'leader'), join(dir, 'ready')];
const read = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : '');
const calledAt = systemClock.now();
// The leader writes its pid; the process that leaves the group says once it has (setsid done).
const command = `echo $$ > ${pidFile}; setsid sh -c ': > ${ready}; exec sleep 30' & exec sleep 30`;
const result = runProcess('sh', ['-c', command], { timeout: TIMEOUT });
const leader = await poll(() => (existsSync(ready) ? Number(read(pidFile).trim()) || undefined : undefined), { timeout: 5_000, interval: 5 });
if (leader === undefined) throw new Error('the command never wrote its pid');
// The SIGTERM at TIMEOUT ms ends the leader; Node reaps it (/proc/<pid> goes).
const reaped = await poll(() => (existsSync(`/proc/${leader}`) ? undefined : true), { timeout: 5_000, interval: 1 });
if (!reaped) throw new Error('the leader outlived its SIGTERM');
writeFileSync('/proc/sys/kernel/ns_last_pid', String(leader - 1));
const stranger = spawn('sleep', ['60'], { detached: true, stdio: 'ignore' });
const inTime = systemClock.now() - calledAt < TIMEOUT + HOST.terminateGrace;
await result; // its SIGKILL was due HOST.terminateGrace ms after the SIGTERM
const state = stranger.exitCode === null && stranger.signalCode === null ? 'running' : 'exited';
process.stdout.write(`${leader} ${stranger.pid} ${state} ${inTime}\n`);
stranger.kill('SIGKILL');
rmSync(dir, { recursive: true, force: true });
process.exit(0); // the setsid sleep still runs: pid 1's exit ends the namespace
