/**
 * How each shell `Shell` knows is started so that it marks its prompt with OSC 133 semantic prompt
 * sequences (`ESC ] 133 ; A BEL` prompt start, `B` command start, `C` output start, `D;<status>`
 * command end; FinalTerm's, as iTerm2, VS Code and WezTerm read them), set by us and read by
 * nobody's rc file: bash with `--norc --noprofile` and PS1, PS0 and PROMPT_COMMAND; zsh with `-d`
 * and ZDOTDIR at our `.zshrc` (precmd and preexec); fish with `--no-config --private` and
 * `--init-command` functions (fish_prompt and the fish_preexec and fish_postexec events); sh
 * (dash on Debian) has no hooks, so D and A are part of PS1, whose `$(…)` sees `$?`, and no C is
 * sent: the output starts after the echo of the command line. Every prompt is `$ `. Pure data.
 */
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../errors.js';

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

const OSC = (mark: string, terminator = '\\a'): string => `\\e]133;${mark}${terminator}`;

/** The folder holding our `.zshrc` (src/app/shells/zsh, reached from src/app or dist/app alike). */
const ZDOTDIR = fileURLToPath(new URL('../../src/app/shells/zsh', import.meta.url));

const FISH_INIT = [
  'function fish_greeting; end',
  'function fish_title; end',
  'function fish_mode_prompt; end',
  'function fish_right_prompt; end',
  `function fish_prompt; printf '${OSC('A')}$ ${OSC('B')}'; end`,
  `function __tmux_shot_preexec --on-event fish_preexec; printf '${OSC('C')}'; end`,
  `function __tmux_shot_postexec --on-event fish_postexec; printf '${OSC('D;%s')}' $status; end`,
].join('; ');

const PRESETS: Readonly<Record<ShellName, ShellPreset>> = {
  bash: {
    name: 'bash',
    command: ['bash', '--norc', '--noprofile', '-i'],
    env: {
      PS1: `\\[${OSC('A')}\\]$ \\[${OSC('B')}\\]`,
      PS0: OSC('C'),
      PROMPT_COMMAND: `printf '${OSC('D;%s')}' "$?"`,
      HISTFILE: '',
      INPUTRC: '/dev/null',
    },
  },
  zsh: { name: 'zsh', command: ['zsh', '-d', '-i'], env: { ZDOTDIR } },
  fish: { name: 'fish', command: ['fish', '--no-config', '--private', '--init-command', FISH_INIT], env: {} },
  sh: {
    name: 'sh',
    command: ['sh', '-i'],
    // HISTFILE: bash as /bin/sh (other systems) would save a history file.
    env: { HISTFILE: '', PS1: `$(printf '\\033]133;D;%s\\007\\033]133;A\\007' "$?")$ $(printf '\\033]133;B\\007')` },
  },
};

/**
 * The preset of `name`.
 * @throws {ConfigError} when `name` is not one of {@link SHELL_NAMES}, saying which are.
 */
export function shellPreset(name: unknown): ShellPreset {
  if (typeof name === 'string' && Object.hasOwn(PRESETS, name)) return PRESETS[name as ShellName];
  const known = SHELL_NAMES.map((shell) => `'${shell}'`).join(', ');
  throw new ConfigError(
    `Unknown shell ${typeof name === 'string' ? `'${name}'` : String(name)}: shell.run() knows ${known}, whose prompts it marks to see where a command's output ends. ` +
      'To run another program, start it as an app: tmuxApp.start({ command: [...] }).',
  );
}
