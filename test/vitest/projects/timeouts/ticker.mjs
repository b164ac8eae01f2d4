// A counter redrawn every 40 ms: its screen never settles.
let ticks = 0;
process.stdout.write('\x1b[?25lWorking\r\n');
setInterval(() => process.stdout.write(`\rtick ${++ticks}`), 40);
