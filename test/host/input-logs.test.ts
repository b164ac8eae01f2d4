// The logs of what a person typed through tmux-shot attach --read-write: created 0600 per attach,
// named for the app (its socket and pane), taken (read and removed) by that app only.
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createInputLog, inputLogKey, takeInputLogs } from '../../src/host/input-logs.js';

const base = mkdtempSync(join(tmpdir(), 'tmux-shot-input-logs-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const app = { socketPath: '/tmp/tmux-shot-a/socket', pane: '%3' };

describe('input logs', () => {
  it('are named for the app by a hash of its socket and pane', () => {
    expect(inputLogKey(app)).toMatch(/^[0-9a-f]{16}$/);
    expect(inputLogKey(app)).toBe(inputLogKey({ ...app }));
    expect(inputLogKey({ ...app, pane: '%4' })).not.toBe(inputLogKey(app));
    expect(inputLogKey({ ...app, socketPath: '/tmp/tmux-shot-b/socket' })).not.toBe(inputLogKey(app));
  });

  it("are created empty and 0600; the app takes its own and leaves another app's", async () => {
    const dir = mkdtempSync(join(base, 'live-'));
    const first = await createInputLog(dir, app);
    const second = await createInputLog(dir, app);
    const other = await createInputLog(dir, { ...app, pane: '%4' });
    expect(statSync(first).mode & 0o777).toBe(0o600);
    expect(statSync(first).size).toBe(0);
    expect(first).toMatch(new RegExp(`/input-${inputLogKey(app)}-${process.pid}-[0-9a-f]{8}\\.log$`));
    writeFileSync(first, 'one');
    writeFileSync(second, 'two');
    const taken = await takeInputLogs(dir, app);
    expect(taken.map((log) => Buffer.from(log.bytes).toString()).sort()).toEqual(['one', 'two']);
    expect(readdirSync(dir)).toEqual([other.slice(dir.length + 1)]);
    expect(await takeInputLogs(dir, app)).toEqual([]);
  });

  it("are not read from a folder others may enter, nor when a log is others' to read", async () => {
    const open = mkdtempSync(join(base, 'open-'));
    const planted = await createInputLog(open, app);
    writeFileSync(planted, 'x');
    chmodSync(open, 0o755);
    expect(await takeInputLogs(open, app)).toEqual([]);
    expect(readdirSync(open)).toHaveLength(1);
    chmodSync(open, 0o700);
    chmodSync(planted, 0o644);
    expect(await takeInputLogs(open, app)).toEqual([]);
    expect(readdirSync(open)).toEqual([]);
  });

  it('are none in a folder that does not exist', async () => {
    expect(await takeInputLogs(join(base, 'none'), app)).toEqual([]);
  });
});
