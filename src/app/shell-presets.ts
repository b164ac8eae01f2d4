/**
 * How each shell `Shell` knows is started so that it marks its prompt with OSC 133 semantic prompt
 * sequences (`ESC ] 133 ; A BEL` prompt start, `B` command start, `C` output start, `D;<status>`
 * command end; FinalTerm's, as iTerm2, VS Code and WezTerm read them), set by us and read by
 * nobody's rc file: bash with `--norc --noprofile` and PS1, PS0 and PROMPT_COMMAND; zsh with `-d`
 * and ZDOTDIR at our `.zshrc` (precmd and preexec); fish with `--no-config --private` and
 * `--init-command` functions (fish_prompt and the fish_preexec and fish_postexec events); sh
 * (dash on Debian) has no hooks, so D and A are part of PS1, whose `$(…)` sees `$?`, and no C is
 * sent: the output starts after the echo of the command line. Every prompt is `$ `. Each mark
 * carries the nonce of its `Shell` (`ESC ] 133 ; D ; 0 ; tmux-shot=<nonce> BEL`, see shell-marks.ts),
 * so marks a command prints do not count; bash unexports its prompt variables and zsh its ZDOTDIR,
 * so a shell started inside does not draw our marks either. Pure.
 */
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../errors.js';
import { NONCE_KEY } from './shell-marks.js';

/** The shells `Shell` knows (`sh` is the system's `/bin/sh`, dash on Debian). */
export const SHELL_NAMES = ['bash', 'zsh', 'fish', 'sh'] as const;

/** A shell `Shell` knows. */
export type ShellName = (typeof SHELL_NAMES)[number];

/** How to start one shell. */
export interface ShellPreset {
  name: ShellName;
  /** The argv of the shell. */
  command: readonly string[];
  /** Variables it needs, over the app's environment. */
  env: Readonly<Record<string, string>>;
}

/** The variable that hands zsh's `.zshrc` the nonce (it unsets it). */
const ZSH_NONCE_VARIABLE = 'TMUX_SHOT_MARK';

/** The folder holding our `.zshrc` (src/app/shells/zsh, reached from src/app or dist/app alike). */
const ZDOTDIR = fileURLToPath(new URL('../../src/app/shells/zsh', import.meta.url));

/** Each shell's preset for marks carrying `nonce` (hex: safe in any quoting). */
const PRESETS: Readonly<Record<ShellName, (nonce: string) => ShellPreset>> = {
  bash: (nonce) => {
    const osc = (mark: string): string => `\\e]133;${mark};${NONCE_KEY}=${nonce}\\a`;
    return {
      name: 'bash',
      command: ['bash', '--norc', '--noprofile', '-i'],
      env: {
        PS1: `\\[${osc('A')}\\]$ \\[${osc('B')}\\]`,
        PS0: osc('C'),
        PROMPT_COMMAND: `printf '${osc('D;%s')}' "$?"; export -n PS1 PS0 PROMPT_COMMAND`,
        HISTFILE: '',
        INPUTRC: '/dev/null',
      },
    };
  },
  zsh: (nonce) => ({ name: 'zsh', command: ['zsh', '-d', '-i'], env: { ZDOTDIR, [ZSH_NONCE_VARIABLE]: nonce } }),
  fish: (nonce) => {
    const osc = (mark: string): string => `\\e]133;${mark};${NONCE_KEY}=${nonce}\\a`;
    const init = [
      'function fish_greeting; end',
      'function fish_title; end',
      'function fish_mode_prompt; end',
      'function fish_right_prompt; end',
      `function fish_prompt; printf '${osc('A')}$ ${osc('B')}'; end`,
      `function __tmux_shot_preexec --on-event fish_preexec; printf '${osc('C')}'; end`,
      `function __tmux_shot_postexec --on-event fish_postexec; printf '${osc('D;%s')}' $status; end`,
    ].join('; ');
    return { name: 'fish', command: ['fish', '--no-config', '--private', '--init-command', init], env: {} };
  },
  sh: (nonce) => {
    const osc = (mark: string): string => `\\033]133;${mark};${NONCE_KEY}=${nonce}\\007`;
    return {
      name: 'sh',
      command: ['sh', '-i'],
      // HISTFILE: bash as /bin/sh (other systems) would save a history file.
      env: { HISTFILE: '', PS1: `$(printf '${osc('D;%s')}${osc('A')}' "$?")$ $(printf '${osc('B')}')` },
    };
  },
};

/**
 * The preset of `name`, its marks carrying `nonce` (see `newMarkNonce`).
 * @throws {ConfigError} when `name` is not one of {@link SHELL_NAMES}, saying which are.
 */
export function shellPreset(name: unknown, nonce: string): ShellPreset {
  if (typeof name === 'string' && Object.hasOwn(PRESETS, name)) return PRESETS[name as ShellName](nonce);
  const known = SHELL_NAMES.map((shell) => `'${shell}'`).join(', ');
  throw new ConfigError(
    `Unknown shell ${typeof name === 'string' ? `'${name}'` : String(name)}: shell.run() knows ${known}, whose prompts it marks to see where a command's output ends. ` +
      'To run another program, start it as an app: tmuxApp.start({ command: [...] }).',
  );
}
