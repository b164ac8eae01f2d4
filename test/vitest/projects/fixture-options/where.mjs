// Says where it runs, then stays open.
process.stdout.write(`where: ${process.cwd()}\r\n`);
setInterval(() => {}, 60_000);
