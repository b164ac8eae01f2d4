# tmux-shot's zsh start-up file (ZDOTDIR points here; zsh runs with -d, so no global rc file and
# no file of the user's is read). It marks the prompt with OSC 133 semantic prompt sequences, which
# shell.run() waits for: A prompt start, B command start (end of the prompt), C command output
# start (preexec), D;<status> command end (precmd). Neither tmux 3.3a nor the screen model shows them.
# No partial-line marker or CR before the prompt (zsh prints them before precmd): a prompt
# follows output without a final newline on its line, as in bash and sh.
unsetopt PROMPT_SP PROMPT_CR
PS1=$'%{\e]133;A\a%}$ %{\e]133;B\a%}'
RPS1=''
precmd() { print -n -- $'\e]133;D;'"$?"$'\a' }
preexec() { print -n -- $'\e]133;C\a' }
