import { open, mkdtemp, rm } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TmuxShotError } from '../../src/errors.js';
import { PaneOutput, fenceBytes, heldLength } from '../../src/host/pane-output.js';

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

describe('fenceBytes', () => {
  it('is OSC 7739 with the number: digits only', () => {
    expect(fenceBytes(42).toString('latin1')).toBe('\x1b]7739;42\x07');
  });
});

describe('heldLength', () => {
  const fence = fenceBytes(5); // ESC ] 7 7 3 9 ; 5 BEL: 9 bytes
  it.each([
    ['no fence pending', 'ab\x1b]77', [], 0],
    ['ends with ESC', 'ab\x1b', [fence], 1],
    ['ends with 4 bytes of the fence', 'ab\x1b]77', [fence], 4],
    ['ends with all but the last byte', 'ab\x1b]7739;5', [fence], 8],
    ['ends with the whole fence (cut before, not held)', 'ab\x1b]7739;5\x07', [fence], 0],
    ['ends with an OSC that is not the fence', 'ab\x1b]8;', [fence], 0],
    ['the longest of two fences', 'ab\x1b]7739;1', [fenceBytes(5), fenceBytes(12)], 8],
    ['shorter than the fence start', '', [fence], 0],
  ] as const)('%s', (_, text, fences, held) => {
    expect(heldLength(Buffer.from(text, 'latin1'), fences)).toBe(held);
  });
});

describe('PaneOutput fences (written into its FIFO here, chunk by chunk)', () => {
  let directory: string;
  let output: PaneOutput;
  let writer: FileHandle;
  let received: string;
  let arrived: (() => void) | undefined;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'pane-output-'));
    const fifo = join(directory, 'out');
    let opened: Promise<FileHandle> | undefined;
    output = await PaneOutput.open(fifo, async () => void (opened = open(fifo, 'w')));
    writer = await (opened as Promise<FileHandle>);
    received = '';
    output.onOutput((bytes) => {
      received += bytes.toString('latin1');
      arrived?.();
    });
  });
  afterEach(async () => {
    await writer.close().catch(() => undefined);
    await output.ended;
    await rm(directory, { recursive: true });
  });

  /** Writes `text` and resolves once output delivered to the listener ends with `expected`. */
  async function write(text: string, expected: string): Promise<void> {
    const seen = new Promise<void>((resolve) => {
      arrived = () => received.endsWith(expected) && resolve();
    });
    await writer.write(Buffer.from(text, 'latin1'));
    await seen;
  }

  it('cuts a fence split across chunks and resolves after the bytes before it were delivered', async () => {
    const fence = output.fence(fenceBytes(5));
    await write('ab\x1b]77', 'ab');
    expect(received).toBe('ab'); // the start of the fence waits for the next chunk
    await write('39;5\x07cd', 'cd');
    expect(await fence.reached).toBe(true);
    expect(received).toBe('abcd');
  });

  it('delivers a held start that turns out not to be the fence, unchanged', async () => {
    const fence = output.fence(fenceBytes(5));
    await write('ab\x1b]7', 'ab');
    await write('xy', 'xy');
    expect(received).toBe('ab\x1b]7xy');
    await writer.write(fenceBytes(5)); // the fence alone: nothing delivered
    expect(await fence.reached).toBe(true);
    expect(received).toBe('ab\x1b]7xy');
    await write('z', 'z');
    expect(received).toBe('ab\x1b]7xyz');
  });

  it('passes a fence that nobody expects, as any output', async () => {
    await write('a\x1b]7739;9\x07b', 'b');
    expect(received).toBe('a\x1b]7739;9\x07b');
  });

  it('a cancelled fence resolves false and lets the held bytes go', async () => {
    const fence = output.fence(fenceBytes(5));
    await write('ab\x1b]77', 'ab');
    const delivered = new Promise<void>((resolve) => {
      arrived = () => received === 'ab\x1b]77' && resolve();
    });
    fence.cancel();
    expect(await fence.reached).toBe(false);
    await delivered;
  });

  it('at the end of the stream, delivers the held bytes and resolves pending fences false', async () => {
    const fence = output.fence(fenceBytes(5));
    await write('ab\x1b]7739', 'ab');
    await writer.close();
    await output.ended;
    expect(await fence.reached).toBe(false);
    expect(received).toBe('ab\x1b]7739');
  });
});
