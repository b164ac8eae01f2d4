// Creates a TmuxServer and waits: for a test that kills this process while create() runs (its
// tmux is a wrapper that holds back the control client), to see that nothing is left behind.
import { TmuxServer } from '../../../src/host/index.js';

await TmuxServer.create();
process.stdout.write('created\n');
