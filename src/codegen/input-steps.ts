/**
 * A recorded session → the steps of a test: what the app received (input-events.ts) grouped into
 * `type`, `press` and click steps, each followed by a `toShowText` assertion on a line that
 * appeared (appeared-text.ts), and screenshots where the user marked them and at the end. Pure: the
 * screens come with the input, taken by `tmux-shot codegen` as it watched.
 */
import { WAIT } from '../defaults.js';
import { appearedText, volatileMasks } from './appeared-text.js';
import { decodeInput, type InputEvent, MOUSE_MOTION } from './input-events.js';
import { observedTimeout, type TestStep } from './test-steps.js';

/** What was observed, in order: input as it arrived, and the user's screenshot marks. `at`: when, in ms on any one clock (without it, no wait gets a timeout of its own). */
export type Observation =
  /** Bytes the app received together, and the screen's lines just before they arrived. */
  | { kind: 'input'; bytes: Uint8Array; before: readonly string[]; at?: number }
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

/** An action of the test, the screen it started from, and (for merged typing) the last part's screen and text. */
interface Action {
  step: Extract<TestStep, { kind: 'type' | 'paste' | 'press' | 'click' | 'mouseClick' }>;
  before: readonly string[];
  at: number | undefined;
  last?: { before: readonly string[]; text: string };
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
 * a line that appeared by the time the next action began (none when nothing stable appeared).
 * Typing is not merged across a change the app made that is not the echo of what was typed (vim's
 * `u` shows `1 line less`, then `:q!` overwrites it): the run is split there, so that the assertion
 * names text on the screen at that point. An assertion gets `{ timeout }` (see `observedTimeout`)
 * when more than a wait's default (`WAIT.timeout`) passed from its step (or the earliest step
 * since the last assertion, whose effect it may wait for too: `sleep 6` Enter, then `exit`) to
 * the next input.
 * `screen-N` screenshots at the marks; at the end, when the app exited, an assertion of its exit
 * status and a `final` screenshot only when its last screen shows anything, else `final` (unless a
 * mark is the last step). Screenshots mask the volatile text of their screen (`volatileMasks`).
 * What cannot be replayed yet becomes a `// codegen: left out here: …` comment where it happened.
 */
export function inferSteps(observations: readonly Observation[], end: SessionEnd): InferredSteps {
  const steps: TestStep[] = [];
  const leftOut = new Set<string>();
  let pending: Action | undefined;
  let shots = 0;
  /** When the earliest step not yet followed by an assertion arrived: the next assertion waits for its effect too. */
  let unasserted: number | undefined;
  const assertAfter = (before: readonly string[], after: readonly string[], timeout?: number): boolean => {
    const text = before.join('\n') === after.join('\n') ? undefined : appearedText(before, after);
    if (text !== undefined) steps.push(timeout === undefined ? { kind: 'expectText', text } : { kind: 'expectText', text, timeout });
    return text !== undefined;
  };
  const close = (after: readonly string[], at: number | undefined) => {
    if (!pending) return;
    steps.push(pending.step);
    const since = unasserted ?? pending.at;
    const took = at !== undefined && since !== undefined ? at - since : 0;
    unasserted = assertAfter(pending.before, after, observedTimeout(took, WAIT.timeout)) ? undefined : since;
    pending = undefined;
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
      close(item.before, item.at);
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

/** Whether the comments right before this point (since the last step) already say `leftOut`. */
function commentedHere(steps: readonly TestStep[], leftOut: string): boolean {
  for (let index = steps.length - 1; index >= 0; index--) {
    const step = steps[index] as TestStep;
    if (step.kind !== 'comment') return false;
    if (step.text.endsWith(`: ${leftOut}`)) return true;
  }
  return false;
}

/** One decoded event, the screen before the input that held it, and when that input arrived. */
type Timed = { event: InputEvent; before: readonly string[]; at: number | undefined };

/**
 * The actions of the observations' events in order, what they left out, and the marks. A mouse
 * press pairs with the next release (in the same input or a later one: tmux writes each report on
 * its own), past terminal replies and motion reports: on the same cell a click, elsewhere a drag
 * (left out); terminal replies are dropped.
 */
function actionsOf(observations: readonly Observation[]): (Action | LeftOut | Mark)[] {
  const items = observations.flatMap((observation): (Timed | Mark)[] =>
    observation.kind === 'screenshot'
      ? [{ screen: observation.screen, at: observation.at }]
      : decodeInput(observation.bytes).map((event) => ({ event, before: observation.before, at: observation.at })),
  );
  const actions: (Action | LeftOut | Mark)[] = [];
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as Timed | Mark;
    if ('screen' in item) {
      actions.push(item);
      continue;
    }
    const { event, before, at } = item;
    const leaveOut = (leftOut: string) => actions.push({ leftOut, before, at });
    if (event.kind === 'text') actions.push({ step: { kind: 'type', text: event.text }, before, at });
    else if (event.kind === 'paste') actions.push({ step: { kind: 'paste', text: event.text.replace(/\r\n?/g, '\n') }, before, at });
    else if (event.kind === 'key') actions.push({ step: { kind: 'press', keys: [event.key] }, before, at });
    else if (event.kind === 'other') leaveOut(event.what);
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
 * Whether `next` joins the run `run`: both typing or both keys, and for typing, the app answered
 * the run's last part with nothing but its echo (no text appeared, or the text that appeared holds
 * what was typed).
 */
function canMerge(run: Action, next: Action): boolean {
  if (run.step.kind === 'press' && next.step.kind === 'press') return true;
  if (run.step.kind !== 'type' || next.step.kind !== 'type') return false;
  const last = run.last ?? { before: run.before, text: run.step.text };
  const appeared = appearedText(last.before, next.before);
  return appeared === undefined || (typeof appeared === 'string' ? appeared : appeared.source).includes(last.text.trim());
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
  if (run.step.kind === 'press' && next.step.kind === 'press')
    return { step: { kind: 'press', keys: [...run.step.keys, ...next.step.keys] }, before: run.before, at: next.at };
  return next;
}
