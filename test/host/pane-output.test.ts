import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TmuxShotError } from '../../src/errors.js';
import { PaneOutput } from '../../src/host/pane-output.js';

describe('PaneOutput.open', () => {
  it('says so when the FIFO cannot be made, and never starts the pipe', async () => {
    const fifoPath = join('/nonexistent-dir', 'pane-1.fifo');
    let started = false;
    const error = await PaneOutput.open(fifoPath, async () => {
      started = true;
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TmuxShotError);
    expect((error as Error).message).toBe(
      "Could not make the pane's output FIFO at '/nonexistent-dir/pane-1.fifo' (mkfifo failed); check that the tmux server's directory still exists and is writable.",
    );
    expect(started).toBe(false);
  });
});
