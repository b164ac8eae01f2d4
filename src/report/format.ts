/** How the report writes numbers a person reads (pure): the one place times are formatted. */

/**
 * A time in ms as the report shows it: whole ms below 10 s (`136 ms`), else seconds with one
 * decimal (`10.3 s`). Timeline clocks give fractions (`135.8771459999998`); nobody needs them.
 */
export function formatMs(ms: number): string {
  const whole = Math.round(ms);
  return whole < 10_000 ? `${whole} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** The lines of an error's `stack` after the ones repeating its `name: message` (V8 starts a stack with them): from the first `at` frame; '' when nothing else is left. */
export function stackFrames(name: string, message: string, stack: string): string {
  const lines = stack.split('\n');
  const firstFrame = lines.findIndex((line) => /^\s+at /.test(line));
  if (firstFrame >= 0) return lines.slice(firstFrame).join('\n');
  const header = `${name}: ${message}`;
  return stack.startsWith(header) ? stack.slice(header.length).replace(/^\n+/, '') : stack;
}
