// Which bytes of util-linux script's input log (2.38) are the app's input.
import { describe, expect, it } from 'vitest';
import { inputSpan, scriptCommand } from '../../src/codegen/script-log.js';

const HEADER = 'Script started on 2026-12-02 08:01:30+00:00 [COMMAND="exec node menu.mjs" TERM="tmux-256color" TTY="/dev/pts/2" COLUMNS="40" LINES="12"]\n';
const FOOTER = '\nScript done on 2026-12-02 08:01:31+00:00 [COMMAND_EXIT_CODE="0"]\n';

describe('inputSpan', () => {
  it.each<[string, string, string]>([
    ['nothing yet', '', ''],
    ['part of the header', 'Script sta', ''],
    ['the header without its newline', HEADER.slice(0, -1), ''],
    ['the header alone', HEADER, ''],
    ['input after the header', `${HEADER}\x1b[Bq`, '\x1b[Bq'],
    ['input then the footer', `${HEADER}\x1b[Bq${FOOTER}`, '\x1b[Bq'],
    ['a C-j (LF) at the end waits: it may be the footer starting', `${HEADER}ab\n`, 'ab'],
    ['the footer cut short waits too', `${HEADER}ab\nScript do`, 'ab'],
    ['a C-j followed by other input is input', `${HEADER}ab\ncd`, 'ab\ncd'],
    ['a log without the header is all input', 'ab', 'ab'],
  ])('%s', (_, log, input) => {
    const bytes = Buffer.from(log, 'latin1');
    const { start, end } = inputSpan(bytes);
    expect(bytes.subarray(start, end).toString('latin1')).toBe(input);
  });
});

describe('scriptCommand', () => {
  it('runs the argv under script with its input logged, flushed, and its exit status returned', () => {
    expect(scriptCommand(['node', "it's.mjs"], '/tmp/x/input.log')).toEqual([
      'script',
      '-q',
      '-f',
      '-e',
      '-I',
      '/tmp/x/input.log',
      '-O',
      '/dev/null',
      '-c',
      "exec 'node' 'it'\\''s.mjs'",
    ]);
  });
});
