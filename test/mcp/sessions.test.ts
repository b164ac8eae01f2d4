import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppExitedError, ConfigError, TmuxShotError } from '../../src/errors.js';
import { Sessions } from '../../src/mcp/sessions.js';

const menu = ['node', resolve(import.meta.dirname, '../../fixtures/menu.mjs')];

describe('Sessions', () => {
  it('gives ids s1, s2… never reused, names the open ones for an unknown id, and closes all at once', async () => {
    const sessions = new Sessions();
    const first = await sessions.start({ command: menu });
    const second = await sessions.start({ command: menu, cols: 40, rows: 12 });
    expect([first.id, second.id]).toEqual(['s1', 's2']);
    expect(sessions.get('s2')).toBe(second.app);
    await sessions.close('s1');
    expect(first.app.isClosed()).toBe(true);
    expect(() => sessions.get('s1')).toThrow(
      new ConfigError("There is no session 's1' (the open sessions are s2): start one with the start tool, and pass the id it returns."),
    );
    const third = await sessions.start({ command: menu });
    expect(third.id).toBe('s3');
    expect(await sessions.closeAll()).toBe(2);
    expect([second.app.isClosed(), third.app.isClosed()]).toEqual([true, true]);
    expect(() => sessions.get('s3')).toThrow("There is no session 's3' (no session is open)");
    await expect(sessions.start({ command: menu })).rejects.toThrow(
      new TmuxShotError('The MCP server is shutting down (its client disconnected or it got a signal): it starts no more apps.'),
    );
    expect(await sessions.closeAll()).toBe(2); // idempotent: the same close
  });

  it('gives a running app for input, and refuses one that has exited, with its status and what to do', async () => {
    await using sessions = new Sessions();
    const menuApp = await sessions.start({ command: menu });
    const exiting = await sessions.start({ command: ['sh', '-c', 'echo hi; read line; exit 3'] });
    expect(await sessions.running('s1')).toBe(menuApp.app);
    await exiting.app.type('\n');
    await exiting.app.waitForExit();
    await expect(sessions.running('s2')).rejects.toThrow(
      new AppExitedError(
        "session s2's app 'sh -c \"echo hi; read line; exit 3\"' has exited (exit status 3), so it takes no more input (send_keys, type_text, click, resize). " +
          'Its last screen stays readable (read_text, screenshot); close it, and start a new session to go on.',
        3,
        null,
        `hi${'\n'.repeat(23)}`,
      ),
    );
  });

  it('closes an app whose start was under way when closeAll began, and refuses it', async () => {
    const sessions = new Sessions();
    const starting = sessions.start({ command: menu });
    const closed = sessions.closeAll();
    await expect(starting).rejects.toThrow(
      new TmuxShotError('The MCP server is shutting down (its client disconnected or it got a signal): it starts no more apps.'),
    );
    expect(await closed).toBe(0);
  });

  it('runs the calls on one session one after another in the order queued, a failure not stopping the next; other sessions at once', async () => {
    const sessions = new Sessions();
    const log: string[] = [];
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    const first = sessions.inTurn('s1', async () => {
      log.push('s1 first begins');
      await held;
      log.push('s1 first ends');
      throw new ConfigError('first failed');
    });
    const second = sessions.inTurn('s1', async () => {
      log.push('s1 second');
      return 2;
    });
    const other = await sessions.inTurn('s2', async () => {
      log.push('s2');
      return 'other';
    });
    expect([other, log]).toEqual(['other', ['s1 first begins', 's2']]);
    release();
    await expect(first).rejects.toThrow('first failed');
    expect(await second).toBe(2);
    expect(log).toEqual(['s1 first begins', 's2', 's1 first ends', 's1 second']);
  });
});
