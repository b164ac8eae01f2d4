// The one writer of files we are asked to write: atomic replace for regular files and missing
// paths, a stream into FIFOs and character devices, a clear refusal for other kinds, and errors
// that name the file and the reason. Real files, FIFOs, devices and sockets.
import { spawnSync } from 'node:child_process';
import { chmod, lstat, mkdir, mkdtemp, open, readdir, readFile, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, TmuxShotError } from '../src/errors.js';
import { namedDescriptor, numberedFileName, pathKind, writeNewOutputFile, writeOutputFile, writeStrategy } from '../src/output-file.js';
import { canUnshare, guardDevNull, mkfifo, readFifo, readOnlyWrap } from './special-files.js';

const ROOT = resolve(import.meta.dirname, '..');

let dir: string;
beforeEach(async () => void (dir = await mkdtemp(join(tmpdir(), 'tmux-shot-output-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('writeStrategy', () => {
  it.each([
    ['missing', 'replace'],
    ['file', 'replace'],
    ['fifo', 'stream'],
    ['character device', 'stream'],
    ['directory', 'refuse'],
    ['socket', 'refuse'],
    ['block device', 'refuse'],
  ] as const)('%s -> %s', (kind, strategy) => {
    expect(writeStrategy(kind)).toBe(strategy);
  });
});

describe('writeOutputFile', () => {
  it('replaces a regular file atomically, creating missing folders and leaving no temporary file', async () => {
    const path = join(dir, 'a/b/c.png');
    await writeOutputFile(path, 'one');
    await writeOutputFile(path, new Uint8Array([0x74, 0x77, 0x6f]));
    expect(await readFile(path, 'utf8')).toBe('two');
    expect(await readdir(join(dir, 'a/b'))).toEqual(['c.png']);
  });

  it('streams into a FIFO, which stays a FIFO, and its reader gets every byte', async () => {
    const fifo = join(dir, 'pipe');
    mkfifo(fifo);
    const reader = readFifo(fifo);
    try {
      const data = Buffer.alloc(300_000, 'x'); // larger than the 64 KiB a pipe holds
      await writeOutputFile(fifo, data);
      expect(pathKind(await stat(fifo))).toBe('fifo');
      expect((await reader.bytes).equals(data)).toBe(true);
    } finally {
      reader.kill();
    }
  });

  it('streams into /dev/null, which stays the same character device', async () => {
    const { before, after } = await guardDevNull(() => writeOutputFile('/dev/null', 'discarded'));
    expect(after).toEqual(before);
  });

  it('writes through a symlink to a regular file: the link stays, its target gets the bytes (as write-file-atomic does)', async () => {
    const target = join(dir, 'real.png');
    const link = join(dir, 'link.png');
    await writeFile(target, 'old');
    await symlink(target, link);
    await writeOutputFile(link, 'new');
    expect([(await lstat(link)).isSymbolicLink(), await readlink(link), await readFile(target, 'utf8')]).toEqual([true, target, 'new']);
  });

  it("writes a dangling symlink's target, creating it and its folders: the link stays a link", async () => {
    const link = join(dir, 'link.png');
    await symlink('made/later/real.png', link); // relative to the link's folder
    await writeOutputFile(link, 'new');
    expect([(await lstat(link)).isSymbolicLink(), await readFile(join(dir, 'made/later/real.png'), 'utf8')]).toEqual([true, 'new']);

    // A chain: link → link → nothing yet.
    const first = join(dir, 'first.png');
    await symlink(join(dir, 'second.png'), first);
    await symlink('third.png', join(dir, 'second.png'));
    await writeOutputFile(first, 'chain');
    expect([
      (await lstat(first)).isSymbolicLink(),
      (await lstat(join(dir, 'second.png'))).isSymbolicLink(),
      await readFile(join(dir, 'third.png'), 'utf8'),
    ]).toEqual([true, true, 'chain']);
  });

  it('refuses a loop of symlinks, naming the file and ELOOP', async () => {
    await symlink('b.png', join(dir, 'a.png'));
    await symlink('a.png', join(dir, 'b.png'));
    const error = await writeOutputFile(join(dir, 'a.png'), 'x', 'output').catch((caught: unknown) => caught);
    expect((error as Error).message).toBe(`Cannot write the output ${join(dir, 'a.png')}: it is a loop of symbolic links (ELOOP).`);
    expect((await lstat(join(dir, 'a.png'))).isSymbolicLink()).toBe(true);
  });

  it.each(['newdir/', 'newdir/.', 'newdir/..', '.'])('refuses %j, a path that names a folder, and writes nothing', async (name) => {
    const path = name === '.' ? name : `${dir}/${name}`; // not join(), which drops '/.'
    await expect(writeOutputFile(path, 'x', 'output')).rejects.toThrow(
      new ConfigError(`Cannot write the output ${path}: the path names a folder (it ends in '${name.split('/').at(-1) || '/'}'); give a file name.`),
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a directory, a socket and a block device with a ConfigError naming the file, and leaves them alone', async () => {
    const folder = join(dir, 'folder.png');
    await mkdir(folder);
    await expect(writeOutputFile(folder, 'x', 'screenshot baseline')).rejects.toThrow(
      new ConfigError(
        `Cannot write the screenshot baseline ${folder}: it is a directory. Only a regular file (replaced atomically), a missing one, a FIFO or a character device (written as a stream) can be written; choose another path.`,
      ),
    );
    expect((await stat(folder)).isDirectory()).toBe(true);

    const socket = join(dir, 'sock');
    const server = createServer();
    await new Promise<void>((done) => server.listen(socket, done));
    try {
      await expect(writeOutputFile(socket, 'x')).rejects.toThrow(/^Cannot write the file .*\/sock: it is a socket\. /);
      expect(pathKind(await lstat(socket))).toBe('socket');
    } finally {
      await new Promise((done) => server.close(done));
    }

    const block = join(dir, 'block');
    // A block device node of our own (loop0's numbers); creating one needs CAP_MKNOD.
    if (spawnSync('mknod', [block, 'b', '7', '0']).status === 0) {
      await expect(writeOutputFile(block, 'x')).rejects.toThrow(/: it is a block device\. /);
      expect(pathKind(await lstat(block))).toBe('block device');
    }
  });

  it('names the file and the reason when it cannot be written, not its temporary file', async () => {
    const parent = join(dir, 'file');
    await writeFile(parent, '');
    const path = join(parent, 'x.png');
    const error = await writeOutputFile(join(dir, 'file/x.png'), 'x', 'cassette').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TmuxShotError);
    expect((error as Error).message).toBe(`Cannot write the cassette ${path}: a parent of it is not a directory (ENOTDIR).`);
    expect((error as Error).cause).toMatchObject({ code: 'ENOTDIR' });
  });
});

describe('a descriptor of this process named as a path', () => {
  it.each([
    ['/dev/stdin', 0],
    ['/dev/stdout', 1],
    ['/dev/stderr', 2],
    ['/dev/fd/7', 7],
    ['/proc/self/fd/1', 1],
    ['/proc/thread-self/fd/3', 3],
    ['/proc/4242/fd/12', 12],
    ['/dev//stdout', 1],
    ['/proc/4243/fd/1', undefined], // another process's descriptor: a path like any other
    ['/dev/fd/x', undefined],
    ['/work/dev/stdout', undefined],
  ])('%s -> %s', (path, fd) => {
    expect(namedDescriptor(path, 4242)).toBe(fd);
  });

  // `tmux-shot shot -o /dev/stdout >> log.txt`: the descriptor is a regular file opened for
  // appending. Replacing the path it names would rename over log.txt; writing to the descriptor
  // appends, as the shell asked, and log.txt stays the same file.
  it.each(['/dev/fd/N', '/proc/self/fd/N', `/proc/${process.pid}/fd/N`])(
    'writes to the descriptor %s, keeping its append mode and its file',
    async (pattern) => {
      const log = join(dir, 'log.txt');
      await writeFile(log, 'first\n');
      const before = await stat(log);
      const handle = await open(log, 'a');
      try {
        await writeOutputFile(pattern.replace('N', String(handle.fd)), 'PNG');
        await handle.write('after\n');
      } finally {
        await handle.close();
      }
      const after = await stat(log);
      expect([await readFile(log, 'utf8'), after.ino, after.isFile()]).toEqual(['first\nPNGafter\n', before.ino, true]);
      expect(await readdir(dir)).toEqual(['log.txt']);
    },
  );

  it('names the descriptor and EBADF when it is not open', async () => {
    await expect(writeOutputFile('/dev/fd/1000', 'x', 'output')).rejects.toThrow(
      new TmuxShotError('Cannot write the output /dev/fd/1000: the descriptor is not open for writing (EBADF).'),
    );
  });
});

/** What the built writer threw in a child process. */
interface ChildFailure {
  name?: string;
  message?: string;
  code?: string;
}

/**
 * Writes `path` with the built writer (dist/output-file.js) in a child process, as `nobody` when we
 * are root (root writes through any mode bits), run by `wrap` when given (e.g. unshare).
 * @returns What it threw, or undefined when the write succeeded.
 */
function writeInChild(path: string, label: string, wrap: readonly string[] = []): ChildFailure | undefined {
  const script = `
    import { writeOutputFile } from ${JSON.stringify(join(ROOT, 'dist/output-file.js'))};
    try { await writeOutputFile(process.argv[1], 'x', process.argv[2]); }
    catch (error) { console.log(JSON.stringify({ name: error.name, message: error.message, code: error.cause?.code })); }`;
  const asNobody = process.getuid?.() === 0 && wrap.length === 0 ? { uid: 65534, gid: 65534 } : {};
  const child = spawnSync(
    wrap[0] ?? process.execPath,
    [...wrap.slice(1), ...(wrap.length ? [process.execPath] : []), '--input-type=module', '-e', script, path, label],
    {
      encoding: 'utf8',
      ...asNobody,
    },
  );
  if (child.status !== 0) throw new Error(`the child failed (${child.status}): ${child.stderr}`);
  return child.stdout.trim() ? (JSON.parse(child.stdout) as ChildFailure) : undefined;
}

/**
 * As root, file modes do not stop writes, so the writer runs as nobody, who must be able to read
 * this checkout (not so in a 0700 home folder: then the EACCES case cannot be exercised here).
 */
const canWriteAsUser = process.getuid?.() !== 0 || spawnSync('test', ['-r', join(ROOT, 'dist/output-file.js')], { uid: 65534, gid: 65534 }).status === 0;

describe('a read-only folder', () => {
  let folder: string;
  beforeEach(async () => {
    folder = join(dir, 'ro');
    await mkdir(folder, { mode: 0o555 });
    await chmod(dir, 0o755); // nobody may walk to the folder, not write in it
  });

  it.skipIf(!canWriteAsUser)('without write permission: names the file and EACCES', () => {
    const path = join(folder, 'menu-opens-1.png');
    expect(writeInChild(path, 'screenshot baseline')).toEqual({
      name: 'TmuxShotError',
      message: `Cannot write the screenshot baseline ${path}: permission denied (EACCES).`,
      code: 'EACCES',
    });
  });

  // A read-only bind mount of the folder in a mount namespace of the child's own: works as root
  // and as a user, where the kernel allows unprivileged user namespaces.
  it.skipIf(!canUnshare)('on a read-only file system: names the file and EROFS', async () => {
    await chmod(folder, 0o755);
    await writeFile(join(folder, 'kept.png'), 'old');
    const path = join(folder, 'kept.png');
    expect(writeInChild(path, 'screenshot baseline', readOnlyWrap(folder))).toEqual({
      name: 'TmuxShotError',
      message: `Cannot write the screenshot baseline ${path}: the file system is read-only (EROFS).`,
      code: 'EROFS',
    });
    expect([await readFile(path, 'utf8'), await readdir(folder)]).toEqual(['old', ['kept.png']]);
  });
});

describe('writeNewOutputFile', () => {
  it('numbers later tries', () => {
    expect([1, 2, 3].map((n) => numberedFileName('moved', '.png', n))).toEqual(['moved.png', 'moved-2.png', 'moved-3.png']);
  });

  it('never overwrites: same names get numbered files, also when written concurrently', async () => {
    const out = join(dir, 'nested', 'out');
    const paths = await Promise.all([1, 2, 3].map((n) => writeNewOutputFile(out, 'moved', '.png', new Uint8Array([n]))));
    expect(new Set(paths).size).toBe(3);
    expect((await readdir(out)).sort()).toEqual(['moved-2.png', 'moved-3.png', 'moved.png']);
    const bytes = await Promise.all(paths.map((p) => readFile(p)));
    expect(bytes.map((b) => b[0]).sort()).toEqual([1, 2, 3]);
  });
});
