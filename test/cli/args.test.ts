import { describe, expect, it } from 'vitest';
import { intFlag, parseCommandArgs } from '../../src/cli/args.js';
import { UsageError } from '../../src/cli/args.js';

const OPTIONS = {
  keys: { type: 'string', multiple: true },
  type: { type: 'string', multiple: true },
  cols: { type: 'string' },
  out: { type: 'string', short: 'o' },
} as const;

describe('parseCommandArgs', () => {
  it('keeps --keys and --type steps in the order given and leaves the app argv untouched', () => {
    const parsed = parseCommandArgs(
      'shot',
      ['--keys', 'i', '--type', 'hello;', '--keys', 'Escape  :wq', '-o', 'a.png', '--', 'vim', '-u', 'NONE', '--', 'x'],
      OPTIONS,
    );
    expect(parsed.steps).toEqual([
      { kind: 'keys', keys: ['i'] },
      { kind: 'type', text: 'hello;' },
      { kind: 'keys', keys: ['Escape', ':wq'] },
    ]);
    expect(parsed.command).toEqual(['vim', '-u', 'NONE', '--', 'x']);
    expect(parsed.values.out).toBe('a.png');
  });

  it('takes text starting with a dash when written --type=-n', () => {
    expect(parseCommandArgs('shot', ['--type=-n'], OPTIONS).steps).toEqual([{ kind: 'type', text: '-n' }]);
  });

  it.each([
    [['--colz', '3'], "unknown option '--colz' (did you mean --cols?)"],
    [['-x'], "unknown option '-x'"],
    [['--out=a.png', '--tpye', 'hi'], "unknown option '--tpye' (did you mean --type?)"],
    [['--cols'], "Option '--cols <value>' argument missing"],
    [
      ['--type', '-n'],
      "Option '--type' argument is ambiguous. Did you forget to specify the option argument for '--type'? To specify an option argument starting with a dash use '--type=-XYZ'.",
    ],
  ])('rejects %j with a usage error', (argv, message) => {
    let error: unknown;
    try {
      parseCommandArgs('shot', argv, OPTIONS);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toBe(message);
    expect((error as UsageError).command).toBe('shot');
  });
});

describe('intFlag', () => {
  it('returns the fallback when absent and the number when in range', () => {
    expect(intFlag('shot', 'cols', undefined, 80, 2, 1000)).toBe(80);
    expect(intFlag('shot', 'cols', '120', 80, 2, 1000)).toBe(120);
  });

  it.each(['0', '1001', '12.5', 'wide', '1e2', '0x28', ' 40', '', '-3'])('rejects %j', (value) => {
    expect(() => intFlag('shot', 'cols', value, 80, 2, 1000)).toThrow(new UsageError(`--cols takes a whole number from 2 to 1000, not '${value}'`, 'shot'));
  });
});
