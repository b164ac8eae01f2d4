/**
 * Builders of every tmux command we run (tmux(1), 3.3a). Pure: each returns argv arrays, which
 * the transports quote (`formatTmuxCommandLine` for the control client, `formatTmuxArgv` for a
 * `tmux` process). Targets are tmux ids (`$1` session, `%3` pane), never names, so no prefix
 * or pattern matching applies.
 */
import { HOST } from '../defaults.js';
import type { Rgb, Size } from '../geometry.js';
import type { TmuxConnection } from './connection.js';
import { escapeFormat, formatExecCommand, formatTmuxCommandLine, quoteShellWord, quoteTmuxArgument } from './quote.js';
import type { TmuxCommand } from './quote.js';

/** `new-session -P` output: the new session's and pane's ids, e.g. `$1 %3`. */
export const NEW_SESSION_FORMAT = '#{session_id} #{pane_id}';

/** `display -p` output that identifies a server: its pid and the config file it read. */
export const SERVER_INFO_FORMAT = '#{pid} #{config_files}';

/** Name of the lobby session; `=` before it in a target matches exactly this name. */
export const LOBBY_NAME = 'tmux-shot-lobby';

/** How often the lobby looks whether the process that owns the server is still alive, in seconds. */
const OWNER_POLL_SECONDS = 1;

/** What a session's pane runs before `respawn-pane` starts the app in it: prints nothing, reads nothing we send. */
export const IDLE_COMMAND = 'cat';

/** Most bytes in one `send-keys -H` command; longer input is split over several. */
export const SEND_BYTES_CHUNK = 1024;

/** Starts the server (if none runs on the socket) and prints {@link SERVER_INFO_FORMAT}. */
export function startServerCommands(): TmuxCommand[] {
  return [['start-server'], ['display-message', '-p', SERVER_INFO_FORMAT]];
}

/**
 * Creates the lobby, for the server's config file, so that it exists from the server's first
 * moment: an idle session that our one control client attaches to, whose pane watches the
 * process that owns the server (`ownerPid`, checked every {@link OWNER_POLL_SECONDS} s). The
 * server cleans up after itself when that process is gone, however it died, at whatever point
 * of `TmuxServer.create`: it starts {@link formatReaperScript} for the server's processes,
 * kills the server and removes `directory` (the server's private one). In the hooks, the reaper
 * (a `run-shell -b` job) kills the server itself once it ignores SIGTERM: tmux 3.3a sends every
 * job SIGTERM as it exits, and a `kill-server` after `run-shell -b` in the hook ended the reaper
 * before its `trap` on a loaded machine (the pane's processes then outlived the server). Three paths do it, so no
 * single lost event leaves the server running: the lobby's pane itself once its loop ends (it
 * ignores the hangup of the server's end), its exit (`pane-died`: tmux 3.3a can miss the pane's
 * SIGCHLD, leaving that hook unfired until another child of the server exits: see `isAwaitingReap`), and its control client's detaching (`client-detached`;
 * its stdin closes), once no client is left on the lobby. Each hook checks that the event is
 * the lobby's: tmux 3.3a runs an event whose session is gone by the time it is handled in the
 * context of the session our client is on, the lobby. So `pane-died` of another session's pane
 * (`#{hook_pane}` tells it), killed while that death waited in tmux's queue, ended the server in
 * the middle of a test file; and `client-detached` comes for a client detached because its
 * session was destroyed, as the client of `tmux-shot watch` is when the app it watches closes.
 * `run-shell` expands formats in its command, so the hooks' scripts are format-escaped; the pane
 * reaches the server through `connection`'s binary and socket.
 */
export function createLobbyCommands(ownerPid: number, directory: string, connection: Pick<TmuxConnection, 'binary' | 'socketPath'>): TmuxCommand[] {
  const removeDirectory = `rm -rf -- ${quoteShellWord(directory)}`;
  const tmux = [connection.binary, '-S', connection.socketPath].map(quoteShellWord).join(' ');
  // The reaper's arguments are the panes' first processes, expanded by tmux as the hook runs; the
  // reaper itself kills the server, once it ignores the SIGTERM tmux sends its jobs as it exits.
  const endServer = `${tmux} kill-server; ${removeDirectory}`;
  const cleanUp = `run-shell -b ${quoteTmuxArgument(`set -- ${PANE_PIDS_FORMAT}\n${escapeFormat(formatReaperScript(endServer))}`)}`;
  const watchOwner = [
    `while kill -0 ${ownerPid} 2>/dev/null; do sleep ${OWNER_POLL_SECONDS}; done`,
    "trap '' HUP",
    `sh -c ${quoteShellWord(formatReaperScript())} reaper $(${tmux} display-message -p ${quoteShellWord(PANE_PIDS_FORMAT)} 2>/dev/null) &`,
    `${tmux} kill-server 2>/dev/null`,
    removeDirectory,
  ].join('\n');
  // A hook cleans up only when its format, read in the lobby, says the event is the lobby's own.
  const cleanUpIf = (condition: string) => formatTmuxCommandLine([['if-shell', '-F', '-t', `=${LOBBY_NAME}:`, condition, cleanUp]]);
  return [
    ['new-session', '-d', '-s', LOBBY_NAME, watchOwner],
    ['set-hook', '-t', LOBBY_NAME, 'pane-died', cleanUpIf('#{==:#{hook_pane},#{pane_id}}')],
    ['set-hook', '-t', LOBBY_NAME, 'client-detached', cleanUpIf('#{?session_attached,,1}')],
  ];
}

/**
 * Every pane's first process of the server, as a tmux format: pids each followed by a space, a
 * dead pane's marked `d` (`d4000`): Linux may have handed its pid out again since.
 */
export const PANE_PIDS_FORMAT = '#{S:#{W:#{P:#{?pane_dead,d,}#{pane_pid} }}}';

/** The reaper script's first line, a no-op that names it in its command line (`/proc/<pid>/cmdline`). */
const REAPER_MARK = ': tmux-shot-reaper';

/**
 * A POSIX sh script, run as a job of the server, that does what `endProcessTree` does when no
 * process of ours is left to do it: it waits {@link HOST.hangupGrace} ms after the server's
 * hangup, sends SIGTERM to every process whose environment holds the server's mark
 * (`TMUX=<socket>,<server pid>,`, see `tmuxEnvPrefix`: the job's own `TMUX` without its session
 * index; Linux `/proc/<pid>/environ`, elsewhere it finds none) or, unless marked for another
 * server, whose session is one of its arguments' (the panes' first processes, read before the
 * kill: see {@link PANE_PIDS_FORMAT}; `/proc/<pid>/stat` field 6), then {@link HOST.terminateGrace}
 * ms later SIGKILL. A dead pane's session counts only while no process has its pid: Linux hands
 * out no pid still naming a session, so a process with it is another's, a session leader of
 * another test's pane perhaps, whose session is not ours. So does a live pane's, unless a
 * process that started after the reaper has its pid as the reaper comes to end a member of the
 * session: the pane died with the server and Linux gave the pid to a new session leader (another
 * test's tmux server, say), perhaps in the middle of a pass. It ignores the SIGTERM that
 * kill-server sends its jobs, and skips itself and the other reapers of the server (they carry
 * the mark too, and two of them, started by two of the lobby's paths, ended each other), known by
 * {@link REAPER_MARK} in their command lines. A pass runs one `grep` over every process's
 * environment (fed by `xargs`), and further programs only for the server's own processes and the
 * panes' session members: two `grep`s for every process on the machine took seconds a pass on a
 * loaded machine. `endServer`, when given: a command it runs once it ignores SIGHUP and SIGTERM,
 * before its first pass (the lobby's hooks kill the server with it).
 */
export function formatReaperScript(endServer?: string): string {
  return [
    REAPER_MARK,
    "trap '' HUP TERM",
    'exec >/dev/null 2>&1',
    ...(endServer === undefined ? [] : [endServer]),
    'mark="TMUX=${TMUX%,*},"',
    'panes=" "',
    'for pane; do',
    '  case $pane in',
    '    d*) [ -e "/proc/${pane#d}" ] || panes="$panes${pane#d} " ;;',
    '    *) panes="$panes$pane " ;;',
    '  esac',
    'done',
    'read -r stat < "/proc/$$/stat"',
    'set -- ${stat##*) }',
    'started=${20}',
    'reap() {',
    '  signal=$1',
    // One grep for the mark over every process's environment, fed by xargs (no argument list to
    // outgrow); the other checks run only for the few processes that are ours.
    '  for environ in $(for file in /proc/[0-9]*/environ; do echo "$file"; done | xargs grep -lsaF "$mark"); do',
    '    pid=${environ#/proc/}',
    '    pid=${pid%/environ}',
    '    [ "$pid" = $$ ] || [ ! -e "/proc/$pid" ] && continue',
    `    grep -qaF ${quoteShellWord(REAPER_MARK)} "/proc/$pid/cmdline" || kill -s "$signal" "$pid"`,
    '  done',
    '  [ "$panes" = " " ] && return',
    '  for stat in /proc/[0-9]*/stat; do',
    '    read -r line < "$stat" || continue',
    '    set -- ${line##*) }',
    '    case "$panes" in *" $4 "*) ;; *) continue ;; esac',
    '    pid=${stat#/proc/}',
    '    pid=${pid%/stat}',
    // Checked as each member is ended, not once a pass: the pane's pid may go out again in the
    // middle of one, and the session is then the new process's.
    '    if read -r line < "/proc/$4/stat"; then',
    '      set -- ${line##*) }',
    '      [ "${20}" -gt "$started" ] && continue',
    '    fi',
    '    grep -qaF "TMUX=/" "/proc/$pid/environ" || kill -s "$signal" "$pid"',
    '  done',
    '}',
    `sleep ${HOST.hangupGrace / 1000}; reap TERM; sleep ${HOST.terminateGrace / 1000}; reap KILL`,
    '',
  ].join('\n');
}

/** A detached session of exactly `size` cells running `idleCommand`, printing {@link NEW_SESSION_FORMAT}. */
export function newSessionCommand(size: Size, idleCommand: string): TmuxCommand {
  return ['new-session', '-d', '-x', String(size.cols), '-y', String(size.rows), '-P', '-F', NEW_SESSION_FORMAT, idleCommand];
}

/**
 * Pins the window of `paneId` to its size (`window-size manual`), so no client that attaches
 * (say, a person watching with `tmux -S <socket> attach`) resizes it. Per window: tmux 3.3a
 * crashes when a session is created while the global `window-size` is `manual`.
 */
export function pinWindowSizeCommand(paneId: string): TmuxCommand {
  return ['set-option', '-w', '-t', paneId, 'window-size', 'manual'];
}

/** The colours a pane's terminal reports for its defaults: OSC 10, 11 and 12 answers. */
export interface PaneColours {
  readonly foreground: Rgb;
  readonly background: Rgb;
  readonly cursor: Rgb;
}

/**
 * Gives pane `paneId` the default colours `colours`, so that tmux itself answers an app's OSC 10
 * and 11 (from `window-style`, tmux 3.3a input.c `input_osc_10`/`_11` → `tty_default_colours`) and
 * OSC 12 (from `cursor-colour`, `input_osc_12`), in order with the other queries it answers (DA1).
 * With tmux's defaults it answers none of them. Control clients draw nothing, so neither changes
 * what the pane's output or `capture-pane` hold. The colours are lowercase hex: `window-style` is
 * expanded as a format, where `#` with an uppercase letter is an alias (`#F`, `#D`), with a-f none.
 */
export function paneColoursCommands(paneId: string, colours: PaneColours): TmuxCommand[] {
  const hex = ({ r, g, b }: Rgb) => `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
  return [
    ['set-option', '-p', '-t', paneId, 'window-style', `fg=${hex(colours.foreground)},bg=${hex(colours.background)}`],
    ['set-option', '-p', '-t', paneId, 'cursor-colour', hex(colours.cursor)],
  ];
}

/**
 * A control-mode client for session `sessionId` (an id like `$4`, or `=name`) that receives no
 * pane output (`-f no-output`): output comes through {@link pipePaneCommand} instead. With
 * `watch`, a client that receives the session's pane output (`%output`) and can change nothing:
 * `read-only` (tmux refuses its commands that change anything, and its keys) and `ignore-size`
 * (it never counts towards a window's size), for `tmux-shot watch`.
 */
export function attachControlCommand(sessionId: string, watch = false): TmuxCommand {
  return ['-C', 'attach-session', '-f', watch ? 'read-only,ignore-size' : 'no-output', '-t', sessionId];
}

/**
 * Copies everything the pane's process writes from now on (`pipe-pane -O`) into the FIFO at
 * `fifoPath`, through `cat`. The pipe survives `respawn-pane` and closes when the pane is killed.
 * tmux expands the command as a format after strftime(3), so it is escaped for both.
 */
export function pipePaneCommand(paneId: string, fifoPath: string): TmuxCommand {
  return ['pipe-pane', '-O', '-t', paneId, escapeFormat(`exec cat > ${quoteShellWord(fifoPath)}`, { strftime: true })];
}

/** What a pane runs and where. */
export interface PaneCommand {
  /** argv (run exactly, no shell: see `formatExecCommand`) or a command line for `sh -c`. */
  command: readonly string[] | string;
  /** Variables set for the command (`-e NAME=VALUE`), over the server's global environment. */
  env?: Readonly<Record<string, string>>;
  /** Working directory (`-c`); tmux's default is the server's when absent. */
  cwd?: string;
}

/**
 * Kills whatever pane `paneId` runs and starts `command` in it (`respawn-pane -k`). tmux runs a
 * single argument with `default-shell -c` (our config pins /bin/sh), so an argv array becomes
 * one quoted `exec …` line.
 */
export function respawnPaneCommand(paneId: string, pane: PaneCommand): TmuxCommand {
  const args = ['respawn-pane', '-k', '-t', paneId];
  if (pane.cwd !== undefined) args.push('-c', escapeFormat(pane.cwd));
  for (const [name, value] of Object.entries(pane.env ?? {})) args.push('-e', `${name}=${value}`);
  args.push('--', typeof pane.command === 'string' ? pane.command : formatExecCommand(pane.command));
  return args;
}

/** Sends tmux key names (`Enter`, `C-c`, `a`) to a pane; `--` so a name like `-` is a key. */
export function sendKeysCommand(paneId: string, keyNames: readonly string[]): TmuxCommand {
  return ['send-keys', '-t', paneId, '--', ...keyNames];
}

/**
 * Sends bytes exactly (`send-keys -H`, one hex pair per byte): no key-name lookup, no `;`
 * separator, no LF-for-Enter surprises. At most {@link SEND_BYTES_CHUNK} bytes; see `chunkBytes`.
 */
export function sendBytesCommand(paneId: string, bytes: Uint8Array): TmuxCommand {
  return ['send-keys', '-t', paneId, '-H', ...Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0'))];
}

/** `bytes` in slices of at most {@link SEND_BYTES_CHUNK} bytes (none for empty input). */
export function chunkBytes(bytes: Uint8Array): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += SEND_BYTES_CHUNK) chunks.push(bytes.subarray(at, at + SEND_BYTES_CHUNK));
  return chunks;
}

/** Sets the window of `paneId` to exactly `size` cells. */
export function resizeWindowCommand(paneId: string, size: Size): TmuxCommand {
  return ['resize-window', '-t', paneId, '-x', String(size.cols), '-y', String(size.rows)];
}

/** Prints the pane's visible text, one line per row, trailing blanks trimmed by tmux. */
export function capturePaneCommand(paneId: string): TmuxCommand {
  return ['capture-pane', '-p', '-t', paneId];
}

/** Prints `format` expanded for pane `paneId` (`display-message -p`). */
export function displayCommand(paneId: string, format: string): TmuxCommand {
  return ['display-message', '-p', '-t', paneId, format];
}

/**
 * Runs `true` as a background job of the server. Its exit makes tmux reap every exited child
 * (`waitpid(WAIT_ANY)` until none is left), including a pane process whose SIGCHLD was missed
 * (see `isAwaitingReap`).
 */
export function reapChildrenCommand(): TmuxCommand {
  return ['run-shell', '-b', 'true'];
}

/** The tmux format of a pane's first process for teardown: `<pid> <dead: 0|1> <tty>` (see `parsePaneProcess`). */
export const PANE_PROCESS_FORMAT = '#{pane_pid} #{pane_dead} #{pane_tty}';

/** Prints {@link PANE_PROCESS_FORMAT} for every pane of the server, one line each. */
export function listPaneProcessesCommand(): TmuxCommand {
  return ['list-panes', '-a', '-F', PANE_PROCESS_FORMAT];
}

/** Kills session `sessionId` and its processes (SIGHUP). */
export function killSessionCommand(sessionId: string): TmuxCommand {
  return ['kill-session', '-t', sessionId];
}

/** Kills the server, its sessions and their processes. */
export function killServerCommand(): TmuxCommand {
  return ['kill-server'];
}
