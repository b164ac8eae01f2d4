import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppExitedError, ConfigError } from '../../src/errors.js';
import { TmuxServer } from '../../src/host/index.js';
import { TmuxApp } from '../../src/app/tmux-app.js';

const BYTE_LOGGER = resolve(import.meta.dirname, '../../fixtures/byte-logger.mjs');

let server: TmuxServer;
let scratch: string;
beforeAll(async () => {
  server = await TmuxServer.create();
  scratch = await mkdtemp(join(tmpdir(), 'tmux-shot-paste-test-'));
});
afterAll(async () => {
  await server.dispose();
  await rm(scratch, { recursive: true, force: true });
});

/** What the byte logger received, in hex, once it has `count` bytes; `bracketed` turns DECSET 2004 on before it starts. */
async function pasted(text: string, bracketed: boolean, count: number): Promise<string> {
  const log = join(scratch, `received-${bracketed}.bin`);
  const mode = bracketed ? String.raw`printf '\033[?2004h'; ` : '';
  await using app = await TmuxApp.start({ command: ['sh', '-c', `${mode}exec node ${BYTE_LOGGER} ${log}`], server });
  await app.paste(text);
  await app.waitForText(new RegExp(`^total=${count} <`));
  return (await readFile(log)).toString('hex');
}

describe('TmuxApp.paste', () => {
  it('sends line breaks as CR, without brackets when the app did not ask for them', async () => {
    expect(await pasted('ls\nwc -l\r\n', false, 9)).toBe(Buffer.from('ls\rwc -l\r').toString('hex'));
  });

  it('wraps the text in ESC [ 200 ~ … ESC [ 201 ~ once the app turned bracketed paste on', async () => {
    expect(await pasted('a\nb', true, 15)).toBe(`1b5b3230307e${Buffer.from('a\rb').toString('hex')}1b5b3230317e`);
  });

  it('puts both lines on bash’s command line (bracketed paste), where type() would run the first', async () => {
    await using app = await TmuxApp.start({ command: ['bash', '--norc', '--noprofile'], server, env: { PS1: '$ ' } });
    await app.paste('echo one\necho two');
    await app.waitForText('echo two');
    expect(app.text().split('\n').slice(0, 3)).toEqual(['$ echo one', 'echo two', '']);
    await app.press('Enter');
    await app.waitForText(/^two$/);
    expect(app.text().split('\n').slice(0, 5)).toEqual(['$ echo one', 'echo two', 'one', 'two', '$']);
  });

  it('refuses what is not a string, and input to an app that has exited', async () => {
    await using app = await TmuxApp.start({ command: ['sh', '-c', 'echo bye'], server });
    await expect(app.paste(42 as unknown as string)).rejects.toBeInstanceOf(ConfigError);
    await app.waitForExit();
    await expect(app.paste('x')).rejects.toBeInstanceOf(AppExitedError);
  });
});
