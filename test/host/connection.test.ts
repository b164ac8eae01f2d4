import { describe, expect, it } from 'vitest';
import { connectionArgs, resolveTmuxEnv } from '../../src/host/connection.js';

describe('resolveTmuxEnv', () => {
  it('keeps only PATH, HOME, USER, LOGNAME and TMPDIR of the caller, then pins APP_ENV', () => {
    const caller = {
      PATH: '/bin',
      HOME: '/home/u',
      USER: 'u',
      LOGNAME: 'u',
      TMPDIR: '/t',
      NO_COLOR: '1',
      TMUX: '/tmp/tmux-0/default,1,0',
      DISPLAY: ':0',
      LANG: 'de_DE.ISO-8859-1',
      TZ: 'Europe/Berlin',
      TERM: 'xterm',
    };
    expect(resolveTmuxEnv(caller)).toEqual({
      PATH: '/bin',
      HOME: '/home/u',
      USER: 'u',
      LOGNAME: 'u',
      TMPDIR: '/t',
      COLORTERM: 'truecolor',
      LANG: 'C.UTF-8',
      LC_ALL: 'C.UTF-8',
      TZ: 'UTC',
    });
  });

  it('leaves out variables the caller does not have', () => {
    expect(resolveTmuxEnv({ PATH: '/bin', HOME: undefined })).toEqual({
      PATH: '/bin',
      COLORTERM: 'truecolor',
      LANG: 'C.UTF-8',
      LC_ALL: 'C.UTF-8',
      TZ: 'UTC',
    });
  });
});

describe('connectionArgs', () => {
  it('names the socket and the config file', () => {
    expect(connectionArgs({ binary: 'tmux', socketPath: '/d/socket', configPath: '/d/tmux.conf', env: {} })).toEqual(['-S', '/d/socket', '-f', '/d/tmux.conf']);
  });
});
