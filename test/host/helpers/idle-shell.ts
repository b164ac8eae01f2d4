// Runs one command in a CommandShell, prints the shell's pid and leaves it idle and open: for a
// test that this process still exits at once, and its shell then ends.
import { CommandShell } from '../../../src/host/command-shell.js';

const shell = new CommandShell();
const { stdout } = await shell.run('sh', ['-c', 'echo $PPID'], { timeout: 10_000 });
process.stdout.write(`${stdout}\n`);
