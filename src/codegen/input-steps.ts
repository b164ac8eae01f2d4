/**
 * A recorded session → the steps of a test: what the app received (input-events.ts) grouped into
 * `type`, `press` and click steps, each followed by a `toShowText` assertion on a line that
 * appeared (appeared-text.ts), and screenshots where the user marked them and at the end. Pure: the
 * screens come with the input, taken by `tmux-shot codegen` as it watched.
 */
import { CODEGEN, WAIT } from '../defaults.js';
import { appearedText, type PlacedText, promptAfter, volatileMasks } from './appeared-text.js';
import { decodeInput, type InputEvent, MOUSE_MOTION } from '../term/index.js';
import { assertionSteps, endsLine, LINE_ENDS, observedTimeout, type TestStep } from './test-steps.js';

/** What was observed, in order: input as it arrived, and the user's screenshot marks. `at`: when, in ms on any one clock (without it, no wait gets a timeout of its own). */
export type Observation =
  /**
   * Bytes the app received together, and the screen's lines just before they arrived. `noEcho`:
   * the app's terminal was at a no-echo prompt when they arrived (line mode, `ECHO` off: a
   * password's), so the text typed is a secret that no step holds.
   */
  | { kind: 'input'; bytes: Uint8Array; before: readonly string[]; at?: number; noEcho?: boolean }
  /** The user asked for a screenshot here (the codegen key chord), and the screen's lines then. */
  | { kind: 'screenshot'; screen: readonly string[]; at?: number };

/** How a session ended. */
export interface SessionEnd {
  /** The screen's lines when it ended. */
  screen: readonly string[];
  /** When it ended, in ms on the observations' clock. */
  at?: number;
  /** The app's exit status, when the app exiting ended the session (not a detach). */
  exit?: { exitCode: number | null; signal: string | null };
}

/** The steps, and what the input held that no step says (a drag, the wheel), one phrase each, each once. */
export interface InferredSteps {
  steps: TestStep[];
  leftOut: string[];
}

/**
 * An action of the test, the screen it started from, (for merged runs) the last part's screen and
 * text, and whether it ends with an Escape that ended its read (a lone Escape, not a key's prefix).
 */
interface Action {
  step: Extract<TestStep, { kind: 'type' | 'typeSecret' | 'paste' | 'press' | 'click' | 'mouseClick' }>;
  before: readonly string[];
  at: number | undefined;
  last?: { before: readonly string[]; text: string };
  loneEscape?: boolean;
  /** Command lines whose echo `before` does not show (they came with their Enter in one read): never what the assertion after this action waits for. */
  echoes?: readonly string[];
}

/** What the input held that no step replays, where it happened. */
interface LeftOut {
  leftOut: string;
  before: readonly string[];
  at: number | undefined;
}

/** A screenshot mark. */
interface Mark {
  screen: readonly string[];
  at: number | undefined;
}

/** Name of the screenshot at the end; marked ones are `screen-1`, `screen-2`… */
const FINAL_SCREENSHOT = 'final';

/**
 * The steps of a session: first an assertion on a line of the first screen (so the test starts
 * acting once the app shows it), then runs of typing merged into one `type`, runs of keys into one
 * `press`, each mouse press and release on one cell as a click, each followed by an assertion on
 * what appeared by the time the next action began (`appearedText`: a text, or a text at its place;
 * none when nothing stable appeared). A run is split where the app answered its last part with text
 * (for typing: other than the echo of what was typed; vim's `u` shows `1 line less`, then `:q!`
 * overwrites it), so that each action that changed the screen gets its assertion, naming text on
 * the screen at that point; keys merged into one `press` arrived as separate reads and are replayed
 * so (one keystroke each, once the app has read the one before).
 * An Escape that arrived alone (its read held nothing after it) ends its run, and the pause before
 * the next input is kept as `waitForStable({ quietMs })` (the pause rounded up to 100 ms, at most
 * `CODEGEN.escapePause`): apps tell Escape from the start of a key's sequence or an Alt prefix only
 * by the time until the next byte (mc waits 1 s, ncurses' ESCDELAY 1 s), so Escape then F10 sent
 * at once, even as two reads, reach mc as garbage (`[21~`). An assertion gets `{ timeout }` (see `observedTimeout`)
 * when more than a wait's default (`WAIT.timeout`) passed from its step (or the earliest step
 * since the last assertion, whose effect it may wait for too: `sleep 6` Enter, then `exit`) to
 * the next input.
 * `screen-N` screenshots at the marks; at the end, when the app exited, an assertion of its exit
 * status and a `final` screenshot only when its last screen shows anything, else `final` (unless a
 * mark is the last step). Screenshots mask the volatile text of their screen (`volatileMasks`).
 * What cannot be replayed yet becomes a `// codegen: left out here: …` comment where it happened.
 * A line typed at a no-echo prompt (inputs marked `noEcho`: a password) becomes one `typeSecret`
 * step whatever reads it came in, its line editing (BSpace, C-u, C-w) folded in, named for its
 * prompt (see `SecretNames`); its text is in no step. An Enter that came in one read with the
 * typing before it (a paste into sh, fast typing; not a bracketed paste, whose line ends the app
 * takes as text) is asserted on what appeared other than the echo of that line (`appearedText`'s
 * `echoes`): the screen before showed neither, and the echo would pass before the command's output.
 * After a step that ends a line, the prompt it brought back (the last row, when it changed and the
 * assertion is not on it: `promptAfter`) is waited for at its place too, so that the next keys
 * reach a shell that is reading them, not the terminal's echo before its prompt.
 */
export function inferSteps(observations: readonly Observation[], end: SessionEnd): InferredSteps {
  const steps: TestStep[] = [];
  const leftOut = new Set<string>();
  let pending: Action | undefined;
  let shots = 0;
  /** When the earliest step not yet followed by an assertion arrived: the next assertion waits for its effect too. */
  let unasserted: number | undefined;
  /** When a lone Escape that ended the last closed action arrived (undefined: none, or no clock): the next action keeps the pause after it. */
  let escapedAt: number | undefined;
  /** Pushes the assertions after a step from `before` to `after` (see `appearedText`; `promptAfter` when `line`), and returns whether there were any. */
  const assertAfter = (before: readonly string[], after: readonly string[], timeout?: number, echoes?: readonly string[], line = false): boolean => {
    if (before.join('\n') === after.join('\n')) return false;
    const appeared = appearedText(before, after, echoes);
    const asserts = assertionSteps(appeared, line ? promptAfter(before, after, appeared, echoes) : undefined, timeout);
    steps.push(...asserts);
    return asserts.length > 0;
  };
  const close = (after: readonly string[], at: number | undefined) => {
    if (!pending) return;
    steps.push(pending.step);
    const since = unasserted ?? pending.at;
    const took = at !== undefined && since !== undefined ? at - since : 0;
    const asserted = assertAfter(pending.before, after, observedTimeout(took, WAIT.timeout), pending.echoes, endsLine(pending.step));
    unasserted = asserted ? undefined : since;
    escapedAt = pending.loneEscape ? pending.at : undefined;
    pending = undefined;
  };
  const keepPause = (at: number | undefined) => {
    if (escapedAt !== undefined && at !== undefined) steps.push({ kind: 'waitForStable', quietMs: escapePause(at - escapedAt) });
    escapedAt = undefined;
  };
  const screenshot = (name: string, screen: readonly string[]) => {
    const mask = volatileMasks(screen);
    steps.push(mask.length > 0 ? { kind: 'screenshot', name, mask } : { kind: 'screenshot', name });
  };
  const firstInput = observations.find((observation) => observation.kind === 'input');
  assertAfter([], firstInput?.before ?? end.screen);
  for (const item of actionsOf(observations)) {
    if ('screen' in item) {
      close(item.screen, item.at);
      screenshot(`screen-${++shots}`, item.screen);
    } else if ('leftOut' in item) {
      close(item.before, item.at);
      leftOut.add(item.leftOut);
      if (!commentedHere(steps, item.leftOut)) steps.push({ kind: 'comment', text: `codegen: left out here: ${item.leftOut}` });
    } else if (pending && canMerge(pending, item)) pending = merge(pending, item);
    else {
      // An Enter in the read of the typing before it: the whole typed line is what was echoed.
      if (item.echoes && pending?.step.kind === 'type') item.echoes = [pending.step.text];
      close(item.before, item.at);
      keepPause(item.at);
      pending = item;
    }
  }
  close(end.screen, end.at);
  if (end.exit) {
    steps.push({ kind: 'exit', ...end.exit });
    if (end.screen.some((row) => row.trim() !== '')) screenshot(FINAL_SCREENSHOT, end.screen);
  } else if (steps.at(-1)?.kind !== 'screenshot') screenshot(FINAL_SCREENSHOT, end.screen);
  return { steps, leftOut: [...leftOut] };
}

/** The pause kept after a lone Escape that the next input followed `gapMs` later: rounded up to 100 ms, at most `CODEGEN.escapePause`. */
function escapePause(gapMs: number): number {
  return Math.min(Math.max(100, Math.ceil(gapMs / 100) * 100), CODEGEN.escapePause);
}

/** Whether the comments right before this point (since the last step) already say `leftOut`. */
function commentedHere(steps: readonly TestStep[], leftOut: string): boolean {
  for (let index = steps.length - 1; index >= 0; index--) {
    const step = steps[index] as TestStep;
    if (step.kind !== 'comment') return false;
    if (step.text.endsWith(`: ${leftOut}`)) return true;
  }
  return false;
}

/** One decoded event, the screen before the input that held it, when that input arrived, and whether it ended that input. */
type Timed = { event: InputEvent; before: readonly string[]; at: number | undefined; ends: boolean } & ReadFacts;

/**
 * Where an event stands in its read: whether the read arrived at a no-echo prompt, the text typed
 * earlier in the read since its last line end (`typed`), and how many line ends came before it in the read.
 */
interface ReadFacts {
  noEcho: boolean;
  typed: string;
  lineOfRead: number;
}

/** Keys the terminal's line editing takes while a line is typed (erase, kill, word erase): part of a secret line, not steps. */
const LINE_EDITS: ReadonlySet<string> = new Set(['BSpace', 'C-h', 'C-u', 'C-w']);

/** The events of one input with where each stands in its read (see {@link ReadFacts}). */
function timedEvents(observation: Extract<Observation, { kind: 'input' }>): Timed[] {
  const { before, at } = observation;
  const noEcho = observation.noEcho === true;
  let typed = '';
  let lineOfRead = 0;
  return decodeInput(observation.bytes).map((event, index, all) => {
    const timed = { event, before, at, ends: index === all.length - 1, noEcho, typed, lineOfRead };
    if (event.kind === 'text') typed += event.text;
    else if (event.kind === 'key' && LINE_ENDS.has(event.key)) {
      typed = '';
      lineOfRead++;
    }
    return timed;
  });
}

/**
 * The actions of the observations' events in order, what they left out, and the marks. A mouse
 * press pairs with the next release (in the same input or a later one: tmux writes each report on
 * its own), past terminal replies and motion reports: on the same cell a click, elsewhere a drag
 * (left out); terminal replies are dropped.
 */
function actionsOf(observations: readonly Observation[]): (Action | LeftOut | Mark)[] {
  const items = observations.flatMap((observation): (Timed | Mark)[] =>
    observation.kind === 'screenshot' ? [{ screen: observation.screen, at: observation.at }] : timedEvents(observation),
  );
  const actions: (Action | LeftOut | Mark)[] = [];
  const secrets = new SecretNames();
  /** Whether a secret line is being typed (its text and line editing are the `typeSecret` step). */
  let inSecret = false;
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as Timed | Mark;
    if ('screen' in item) {
      actions.push(item);
      continue;
    }
    const { event, before, at, ends } = item;
    if ((event.kind === 'text' || event.kind === 'paste') && item.noEcho) {
      if (!inSecret) actions.push({ step: secrets.step(before, item.lineOfRead), before, at });
      inSecret = true;
      continue;
    }
    if (inSecret && event.kind === 'key' && LINE_EDITS.has(event.key)) continue;
    inSecret = false;
    const leaveOut = (leftOut: string) => actions.push({ leftOut, before, at });
    if (event.kind === 'text') actions.push({ step: { kind: 'type', text: event.text }, before, at });
    else if (event.kind === 'paste') actions.push({ step: { kind: 'paste', text: event.text.replace(/\r\n?/g, '\n') }, before, at });
    else if (event.kind === 'key') {
      const entered = LINE_ENDS.has(event.key) && !item.noEcho && item.typed.trim() !== '' ? { echoes: [item.typed] } : {};
      actions.push({ step: { kind: 'press', keys: [event.key] }, before, at, ...(event.key === 'Escape' && ends ? { loneEscape: true } : {}), ...entered });
    } else if (event.kind === 'other') leaveOut(event.what);
    else if (event.kind === 'reply') continue;
    else if (event.action === 'release') leaveOut(`a mouse release without its press at ${cell(event)}`);
    else {
      let next = index + 1;
      while (isReply(items[next]) || isMotion(items[next])) next++;
      const found = items[next];
      const release = found && 'event' in found ? found.event : undefined;
      if (release?.kind === 'mouse' && release.action === 'release') {
        index = next;
        if (release.col === event.col && release.row === event.row) {
          actions.push({ step: clickStep(event.col, event.row, event.button ?? 'left', before), before, at });
        } else leaveOut(`a mouse drag from ${cell(event)} to ${cell(release)}`);
      } else leaveOut(`a mouse press without its release at ${cell(event)}`);
    }
  }
  return actions;
}

/**
 * The environment variables of a session's secret lines, each named for its prompt (the last
 * non-blank row of the screen before it): `TMUX_SHOT_PASSPHRASE` when the prompt says passphrase,
 * `TMUX_SHOT_PASSWORD` when it says password or passwd, else `TMUX_SHOT_SECRET`; then `_2`, `_3`…
 * for another prompt of the same name. The same prompt again (a second sudo) gets the same
 * variable; a line after another in one read (a paste of several) counts as a prompt of its own.
 */
class SecretNames {
  readonly #byPrompt = new Map<string, string>();
  readonly #taken = new Set<string>();

  /** The `typeSecret` step of a secret line typed at the screen `before`, the `lineOfRead`-th line of its read (from 0). */
  step(before: readonly string[], lineOfRead: number): Extract<TestStep, { kind: 'typeSecret' }> {
    const prompt =
      [...before]
        .reverse()
        .find((row) => row.trim() !== '')
        ?.trim() ?? '';
    const key = `${prompt}\n${lineOfRead}`;
    let variable = this.#byPrompt.get(key);
    if (variable === undefined) {
      const base = /passphrase/i.test(prompt) ? 'TMUX_SHOT_PASSPHRASE' : /passw(?:or)?d/i.test(prompt) ? 'TMUX_SHOT_PASSWORD' : 'TMUX_SHOT_SECRET';
      variable = base;
      for (let n = 2; this.#taken.has(variable); n++) variable = `${base}_${n}`;
      this.#taken.add(variable);
      this.#byPrompt.set(key, variable);
    }
    return { kind: 'typeSecret', variable, prompt };
  }
}

/** A cell as the comments name it: `(col, row)`, 0-based as `mouse.click` takes them. */
function cell(event: { col: number; row: number }): string {
  return `(${event.col}, ${event.row})`;
}

function isMotion(item: Timed | Mark | undefined): boolean {
  return item !== undefined && 'event' in item && item.event.kind === 'other' && item.event.what === MOUSE_MOTION;
}

function isReply(item: Timed | Mark | undefined): boolean {
  return item !== undefined && 'event' in item && item.event.kind === 'reply';
}

/**
 * A click at a cell: on the word under the pointer (`getByText(word, { exact: true })`) when it is
 * the only blank-bounded occurrence of that word on the screen, else at the cell.
 */
export function clickStep(col: number, row: number, button: 'left' | 'middle' | 'right', screen: readonly string[]): Action['step'] {
  const extra = button === 'left' ? {} : { button };
  const word = wordAt(screen[row] ?? '', col);
  if (word !== undefined && countBounded(screen, word) === 1) return { kind: 'click', text: word, ...extra };
  return { kind: 'mouseClick', col, row, ...extra };
}

/** The run of non-blank characters covering `col` of `line`, or undefined on a blank. */
function wordAt(line: string, col: number): string | undefined {
  const chars = [...line];
  if ((chars[col] ?? ' ') === ' ') return undefined;
  let start = col;
  let end = col + 1;
  while (start > 0 && chars[start - 1] !== ' ') start--;
  while (end < chars.length && chars[end] !== ' ') end++;
  return chars.slice(start, end).join('');
}

/** How many times `word` occurs on the screen bounded by blanks or the line's ends (getByText's `exact`). */
function countBounded(screen: readonly string[], word: string): number {
  let count = 0;
  for (const line of screen) {
    for (let at = line.indexOf(word); at !== -1; at = line.indexOf(word, at + 1)) {
      const end = at + word.length;
      if ((at === 0 || line[at - 1] === ' ') && (end === line.length || line[end] === ' ')) count++;
    }
  }
  return count;
}

/**
 * Whether `next` joins the run `run`: both typing or both keys, and the app answered the run's last
 * part with no text (for typing: or with text holding what was typed, its echo); keys never join a
 * lone Escape (its pause is kept).
 */
function canMerge(run: Action, next: Action): boolean {
  if (run.step.kind !== next.step.kind || (run.step.kind !== 'type' && run.step.kind !== 'press') || run.loneEscape) return false;
  const last = run.last ?? { before: run.before, text: run.step.kind === 'type' ? run.step.text : '' };
  const appeared = appearedText(last.before, next.before);
  return appeared === undefined || (run.step.kind === 'type' && appearedSource(appeared).includes(last.text.trim()));
}

/** What an appeared text reads as: the string, the pattern's source, the placed text's text. */
function appearedSource(appeared: string | RegExp | PlacedText): string {
  return typeof appeared === 'string' ? appeared : appeared instanceof RegExp ? appeared.source : appeared.text;
}

/** `run` with `next` appended (see {@link canMerge}). */
function merge(run: Action, next: Action): Action {
  if (run.step.kind === 'type' && next.step.kind === 'type') {
    return {
      step: { kind: 'type', text: run.step.text + next.step.text },
      before: run.before,
      at: next.at,
      last: { before: next.before, text: next.step.text },
    };
  }
  if (run.step.kind === 'press' && next.step.kind === 'press') {
    const keys = [...run.step.keys, ...next.step.keys];
    return {
      step: { kind: 'press', keys },
      before: run.before,
      at: next.at,
      last: { before: next.before, text: '' },
      ...(next.loneEscape ? { loneEscape: true } : {}),
    };
  }
  return next;
}
