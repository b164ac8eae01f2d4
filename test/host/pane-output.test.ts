import { rmSync, writeSync } from 'node:fs';
import { open, mkdtemp, readdir, rm } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TmuxShotError } from '../../src/errors.js';
import { CommandShell } from '../../src/host/command-shell.js';
import { PaneOutput, fenceBytes, heldLength } from '../../src/host/pane-output.js';
import { systemClock } from '../../src/wait.js';

const shell = new CommandShell();
afterAll(() => shell.close());

describe.each(['here', 'cat'] as const)('PaneOutput.open, read %s', (reader) => {
  it('says so when the FIFO cannot be made, and never starts the pipe', async () => {
    const fifoPath = join('/nonexistent-dir', 'pane-1.fifo');
    let started = false;
    const error = await PaneOutput.open(
      fifoPath,
      async () => {
        started = true;
      },
      shell,
      reader,
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TmuxShotError);
    expect((error as Error).message).toBe(
      "Could not make the pane's output FIFO at '/nonexistent-dir/pane-1.fifo' (mkfifo failed); check that the tmux server's directory still exists and is writable.",
    );
    expect(started).toBe(false);
  });

  it("fails with the pipe's error, removes the FIFO, and leaves no open of it waiting (more failures than libuv's 4 pool threads)", async () => {
    const directory = await mkdtemp(join(tmpdir(), 'pane-output-'));
    const refused = new Error('tmux refused pipe-pane');
    const failures = Array.from({ length: 6 }, (_, n) =>
      PaneOutput.open(join(directory, `pane-${n}.fifo`), () => Promise.reject(refused), shell, reader).catch((caught: unknown) => caught),
    );
    expect(await Promise.all(failures)).toEqual(Array.from({ length: 6 }, () => refused));
    await expect.poll(() => readdir(directory)).toEqual([]); // and the pool reads a directory again
    await rm(directory, { recursive: true });
  });

  it('leaves no open of the FIFO waiting when its directory is gone before the pipe fails (a server disposed meanwhile)', async () => {
    const failures = Array.from({ length: 6 }, async () => {
      const directory = await mkdtemp(join(tmpdir(), 'pane-output-'));
      const refused = new Error('the server went');
      const failed = PaneOutput.open(
        join(directory, 'pane-1.fifo'),
        async () => {
          // Not fs.promises' rm: it would queue in libuv's pool behind the pending opens of the
          // FIFOs (each holds a pool thread until a writer comes), as tmux's pipe-pane never does.
          rmSync(directory, { recursive: true });
          throw refused;
        },
        shell,
        reader,
      );
      expect(await failed.catch((caught: unknown) => caught)).toBe(refused);
    });
    await Promise.all(failures);
    expect(await readdir(import.meta.dirname)).toContain('pane-output.test.ts'); // the pool reads a directory again
  });
});

describe('PaneOutput.open, read by cat', () => {
  it('says how to fix a PATH without cat', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'pane-output-'));
    const path = process.env['PATH'];
    process.env['PATH'] = '/nonexistent';
    const opened = PaneOutput.open(join(directory, 'pane-1.fifo'), async () => undefined, shell, 'cat');
    const error = await opened.catch((caught: unknown) => caught).finally(() => (process.env['PATH'] = path));
    expect(error).toEqual(new TmuxShotError("Could not run 'cat' to read the pane's output (not found on PATH); put coreutils' cat on PATH."));
    expect(await readdir(directory)).toEqual([]);
    await rm(directory, { recursive: true });
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

describe.each(['here', 'cat'] as const)('PaneOutput fences (written into its FIFO here, chunk by chunk), read %s', (reader) => {
  let directory: string;
  let output: PaneOutput;
  let writer: FileHandle;
  let received: string;
  let arrived: (() => void) | undefined;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'pane-output-'));
    const fifo = join(directory, 'out');
    let opened: Promise<FileHandle> | undefined;
    output = await PaneOutput.open(fifo, async () => void (opened = open(fifo, 'w')), shell, reader);
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

describe('PaneOutput, read here: one chunk per turn of the event loop', () => {
  it('resumes before the waits that end in the same turn look: output its socket read while paused is delivered first', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'pane-output-'));
    const fifo = join(directory, 'out');
    let opened: Promise<FileHandle> | undefined;
    const output = await PaneOutput.open(fifo, async () => void (opened = open(fifo, 'w')), shell, 'here');
    const writer = await (opened as Promise<FileHandle>);
    try {
      let received = '';
      let seen: Promise<string> | undefined;
      const first = new Promise<void>((resolve) =>
        output.onOutput((bytes) => {
          received += bytes.toString('latin1');
          if (seen) return;
          seen = systemClock.sleep(0).then(() => received); // a wait whose timer is due with the resume's, first
          writeSync(writer.fd, 'B'); // output that comes while A is handled: the paused socket reads it
          // Once the stream has paused and set its resume: both timers are due when the loop next runs timers.
          queueMicrotask(() => {
            const until = performance.now() + 20;
            while (performance.now() < until);
            resolve();
          });
        }),
      );
      writeSync(writer.fd, 'A');
      await first;
      expect(await seen).toBe('AB');
    } finally {
      await writer.close();
      await output.ended;
      await rm(directory, { recursive: true });
    }
  });
});
