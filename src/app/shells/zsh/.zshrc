# tmux-shot's zsh start-up file (ZDOTDIR points here; zsh runs with -d, so no global rc file and
# no file of the user's is read). It marks the prompt with OSC 133 semantic prompt sequences, which
# shell.run() waits for: A prompt start, B command start (end of the prompt), C command output
# start (preexec), D;<status> command end (precmd). Each carries the parameter tmux-shot=<nonce>
# of its Shell, handed over in TMUX_SHOT_MARK: marks a command prints without it do not count.
# Neither tmux 3.3a nor the screen model shows them.
# No partial-line marker or CR before the prompt (zsh prints them before precmd): a prompt
# follows output without a final newline on its line, as in bash and sh.
# The nonce and ZDOTDIR are unexported, so that a zsh started inside draws no marks of ours.
unsetopt PROMPT_SP PROMPT_CR
typeset -g __tmux_shot_mark=";tmux-shot=$TMUX_SHOT_MARK"
unset TMUX_SHOT_MARK
typeset +x ZDOTDIR
PS1=$'%{\e]133;A'"$__tmux_shot_mark"$'\a%}$ %{\e]133;B'"$__tmux_shot_mark"$'\a%}'
RPS1=''
precmd() { print -n -- $'\e]133;D;'"$?$__tmux_shot_mark"$'\a' }
preexec() { print -n -- $'\e]133;C'"$__tmux_shot_mark"$'\a' }
