import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyNameError } from '../../src/errors.js';
import { TmuxServer } from '../../src/host/index.js';
import { TmuxApp } from '../../src/app/tmux-app.js';

// Live bytes of every key in the key table of docs/guide/keys.md, pressed into fixtures/key-log.mjs: without
// a request, after xterm's modifyOtherKeys request at level 1 and 2, and after the kitty keyboard
// protocol's request (which tmux 3.3a does not follow).
const KEY_LOG = resolve(import.meta.dirname, '../../fixtures/key-log.mjs');
const KEYS_PAGE = resolve(import.meta.dirname, '../../docs/guide/keys.md');

type Request = 'none' | '1' | '2' | 'kitty';
const REQUESTS: Request[] = ['none', '1', '2', 'kitty'];

let server: TmuxServer;
let scratch: string;
const apps = new Map<Request, { app: TmuxApp; logFile: string }>();

beforeAll(async () => {
  server = await TmuxServer.create();
  scratch = await mkdtemp(join(tmpdir(), 'tmux-shot-keys-test-'));
  for (const request of REQUESTS) {
    const logFile = join(scratch, `${request}.bin`);
    const command = ['node', KEY_LOG, logFile, ...(request === 'none' ? [] : [request])];
    const app = await TmuxApp.start({ command, server, rows: 10, ready: { text: 'key-log ready' } });
    apps.set(request, { app, logFile });
  }
});
afterAll(async () => {
  for (const { app } of apps.values()) await app.close();
  await server.dispose();
  await rm(scratch, { recursive: true, force: true });
});

/** The bytes (hex) the app of `request` receives while `send` runs, once its running total grows by `count`. */
async function received(request: Request, count: number, send: (app: TmuxApp) => Promise<void>): Promise<string> {
  const { app, logFile } = apps.get(request) as { app: TmuxApp; logFile: string };
  const before = (await readFile(logFile).catch(() => Buffer.alloc(0))).length;
  await send(app);
  await app.waitForText(new RegExp(`^total=${before + count} <`, 'm'));
  return (await readFile(logFile)).subarray(before).toString('hex');
}

/** `\e`, `\r`, `\t` and `\xHH` in a byte cell of the key table → hex. */
const NAMED_ESCAPES: Record<string, string> = { '\\e': '\x1b', '\\r': '\r', '\\t': '\t' };
function decodeCell(text: string): string {
  const bytes = text.replace(/\\[ert]|\\x([0-9a-f]{2})/g, (sequence, code: string | undefined) =>
    code ? String.fromCharCode(Number.parseInt(code, 16)) : (NAMED_ESCAPES[sequence] ?? ''),
  );
  return Buffer.from(bytes, 'latin1').toString('hex');
}

/** The key table of docs/guide/keys.md: [press() name, hex bytes, needs the app's request]. */
async function readmeKeyTable(): Promise<[string, string, boolean][]> {
  const lines = (await readFile(KEYS_PAGE, 'utf8')).split('\n');
  const start = lines.indexOf('| `press()` | the app reads | needs |');
  const rows: [string, string, boolean][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [names, bytes, needs] = line.split(' | ').map((cell) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string));
    expect(names?.length, line).toBe(bytes?.length);
    names?.forEach((name, n) => rows.push([name, decodeCell(bytes?.[n] as string), line.includes("the app's request")]));
    expect(needs, line).toEqual([]);
  }
  return rows;
}

const TABLE = await readmeKeyTable();
const PLAIN = TABLE.filter(([, , extended]) => !extended);
const EXTENDED = TABLE.filter(([, , extended]) => extended);

describe('the key table of docs/guide/keys.md', () => {
  it('has the rows a test presses (read, not empty)', () => {
    expect(PLAIN.length).toBe(48);
    expect(EXTENDED.length).toBe(17);
  });

  describe.each(REQUESTS)('keys with bytes of their own, app request %s', (request) => {
    it.each(PLAIN)('%s reaches the app as %s', async (key, bytes) => {
      expect(await received(request, bytes.length / 2, (app) => app.press(key))).toBe(bytes);
    });
  });

  describe.each(['1', '2'] as const)('extended keys, after CSI > 4 ; %s m', (request) => {
    it.each(EXTENDED)('%s reaches the app as %s', async (key, bytes) => {
      expect(await received(request, bytes.length / 2, (app) => app.press(key))).toBe(bytes);
    });
  });

  describe.each(['none', 'kitty'] as const)('extended keys, app request %s', (request) => {
    it.each(EXTENDED)('%s throws KeyNameError (reason extendedKeys) and sends nothing', async (key) => {
      let error: unknown;
      // One byte arrives in all, the marker's: a key sent before the throw would be logged first.
      const bytes = await received(request, 1, async (app) => {
        error = await app.press('Down', key).catch((caught: unknown) => caught);
        await app.type('z');
      });
      expect(bytes).toBe('7a');
      expect(error).toBeInstanceOf(KeyNameError);
      expect((error as KeyNameError).reason).toBe('extendedKeys');
      expect((error as KeyNameError).key).toBe(key);
    });
  });
});

describe('extended keys', () => {
  it("say why they are refused, suggesting the key the app can see: 'Control+Enter' → 'Enter'", async () => {
    const { app } = apps.get('none') as { app: TmuxApp };
    await expect(app.press('Control+Enter')).rejects.toThrow(
      "Key 'Control+Enter' is an extended key, and the app has not asked for extended keys: tmux 3.3a sends it (as CSI u, " +
        "e.g. Control+Enter as ESC [ 13 ; 5 u) only to an app that turned on xterm's modifyOtherKeys (CSI > 4 ; 1 m or " +
        "CSI > 4 ; 2 m); to any other app it sends nothing or types the name as text. Did you mean 'Enter'? The app then reads it without Control. Press 'Control+Enter' once " +
        'the app has turned them on, or send the bytes the app expects with type().',
    );
  });

  it('go with other keys in one press, in order', async () => {
    expect(await received('1', 9, (app) => app.press('a', 'Control+Enter', 'Enter'))).toBe(Buffer.from('a\x1b[13;5u\r').toString('hex'));
  });
});
