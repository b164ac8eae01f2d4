// The shell fixture's options, checked before anything starts.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { checkShellOptions } from '../../src/vitest/fixtures/other-apps.js';

describe('checkShellOptions', () => {
  it('keeps the shell and the app options', () => {
    expect(checkShellOptions({ shell: 'fish', cols: 50, theme: 'light' })).toEqual({ shell: 'fish', cols: 50, theme: 'light' });
    expect(checkShellOptions({})).toEqual({});
  });

  it.each([
    [
      { command: ['vim'] },
      "shellOptions has no option 'command': the shell's preset sets it. To run another program beside the shell, use launchApp({ command: [...] }).",
    ],
    [
      { ready: 'none' },
      "shellOptions has no option 'ready': the shell's preset sets it. To run another program beside the shell, use launchApp({ command: [...] }).",
    ],
  ])('refuses %o, which the preset sets', (options, message) => {
    expect(() => checkShellOptions(options)).toThrow(new ConfigError(message));
  });

  it('refuses a misspelt option, naming shellOptions', () => {
    expect(() => checkShellOptions({ shel: 'zsh' })).toThrow(ConfigError);
    expect(() => checkShellOptions({ shel: 'zsh' })).toThrow(/^shellOptions: unknown option 'shel'\./);
  });
});
