import { describe, expect, it } from 'vitest';
import { stackFrames } from '../../src/vitest/report-file.js';

describe('stackFrames', () => {
  it.each([
    [
      'a matcher error: its message left out',
      "Error: expect(tmuxApp).toShowText('Saved')\n\nScreen:\n   0 │ at home\n    at /p/menu.test.js:30:5\n    at async run (/v/runner.js:9:1)",
      '    at /p/menu.test.js:30:5\n    at async run (/v/runner.js:9:1)',
    ],
    ['a one-line message', 'AssertionError: expected 1 to be 2\n    at /p/a.test.js:3:1', '    at /p/a.test.js:3:1'],
    ['no frames: kept whole', 'Error: thrown from a worker', 'Error: thrown from a worker'],
  ])('%s', (_, stack, frames) => {
    expect(stackFrames(stack)).toBe(frames);
  });
});
