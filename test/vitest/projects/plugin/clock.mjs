// A status screen with a live clock (HH:MM:SS, redrawn every second): the mask test hides it.
const draw = () => {
  const time = new Date().toISOString().slice(11, 19);
  process.stdout.write(`\x1b[H\x1b[2J\x1b[1mBuild status\x1b[0m\r\n\r\nAll 12 checks passed\r\nUpdated ${time}\r\n`);
};
process.stdout.write('\x1b[?1049h\x1b[?25l');
draw();
setInterval(draw, 1000);
