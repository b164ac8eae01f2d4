// pause()'s pure parts: whether it waits, and what it prints. (Waiting for a person in a real
// terminal: test/cli/attach.test.ts.)
import { describe, expect, it } from 'vitest';
import { decidePause, formatPauseMessage } from '../../src/app/pause.js';

describe('decidePause', () => {
  it.each<[string, Record<string, string | undefined>, boolean, string | undefined, ReturnType<typeof decidePause>]>([
    ['waits in a terminal', {}, true, undefined, { wait: true }],
    ['not in CI', { CI: 'true' }, true, undefined, { wait: false, why: 'it does not wait in CI (CI=true)' }],
    ['not in CI, whatever the value', { CI: '1' }, true, undefined, { wait: false, why: 'it does not wait in CI (CI=1)' }],
    ['CI=false is no CI', { CI: 'false' }, true, undefined, { wait: true }],
    ['CI=0 is no CI', { CI: '0' }, true, undefined, { wait: true }],
    ['CI= is no CI', { CI: '' }, true, undefined, { wait: true }],
    ['not without a terminal', {}, false, undefined, { wait: false, why: 'it waits only in a terminal, and this process has none (/dev/tty)' }],
    ["not when the caller says why (the test's timeout)", {}, true, 'a reason', { wait: false, why: 'a reason' }],
    ['CI first', { CI: 'true' }, false, 'a reason', { wait: false, why: 'it does not wait in CI (CI=true)' }],
  ])('%s', (_, env, terminal, refusal, decision) => {
    expect(decidePause({ env, terminal, refusal })).toEqual(decision);
  });
});

describe('formatPauseMessage', () => {
  const attach = "tmux -S /tmp/tmux-shot-a/socket attach -r -t '$3'";

  it('gives the read-only command, tmux-shot attach for a live app, and how to go on', () => {
    expect(formatPauseMessage('tmuxApp of "menu.test.ts > opens"', attach, { wait: true }, false, true)).toBe(
      `tmux-shot: pause() of tmuxApp of "menu.test.ts > opens". Attach your terminal to it (read-only):
  tmux -S /tmp/tmux-shot-a/socket attach -r -t '$3'
  or, to type into it with your keys logged as manual input: tmux-shot attach --read-write
Detach (C-b d) to go on.`,
    );
  });

  it('says why it does not wait; no tmux-shot attach for an app outside the live sessions', () => {
    expect(formatPauseMessage('the app', "tmux -S /s attach -t '$1'", { wait: false, why: 'it does not wait in CI (CI=true)' }, true, false)).toBe(
      `tmux-shot: pause() of the app. Attach your terminal to it:
  tmux -S /s attach -t '$1'
Not waiting: it does not wait in CI (CI=true).`,
    );
  });
});
