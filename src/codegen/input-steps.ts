/**
 * A recorded session → the steps of a test: what the app received (input-events.ts) grouped into
 * `type`, `press` and click steps, each followed by a `toShowText` assertion on a line that
 * appeared (appeared-text.ts), and screenshots where the user marked them and at the end. Pure: the
 * screens come with the input, taken by `tmux-shot codegen` as it watched.
 */
import { appearedText } from './appeared-text.js';
import { decodeInput, type InputEvent } from './input-events.js';
import type { TestStep } from './test-steps.js';

/** What was observed, in order: input as it arrived, and the user's screenshot marks. */
export type Observation =
  /** Bytes the app received together, and the screen's lines just before they arrived. */
  | { kind: 'input'; bytes: Uint8Array; before: readonly string[] }
  /** The user asked for a screenshot here (the codegen key chord), and the screen's lines then. */
  | { kind: 'screenshot'; screen: readonly string[] };

/** The steps, and what the input held that no step says (a drag, the wheel), one phrase each. */
export interface InferredSteps {
  steps: TestStep[];
  leftOut: string[];
}

/** An action of the test and the screen it started from. */
interface Action {
  step: Extract<TestStep, { kind: 'type' | 'press' | 'click' | 'mouseClick' }>;
  before: readonly string[];
}

/** Name of the screenshot at the end; marked ones are `screen-1`, `screen-2`… */
const FINAL_SCREENSHOT = 'final';

/**
 * The steps of a session: first an assertion on a line of the first screen (so the test starts
 * acting once the app shows it), then runs of typing merged into one `type`, runs of keys into one
 * `press`, each mouse press and release on one cell as a click, each followed by an assertion on
 * a line that appeared by the time the next action began (none when nothing stable appeared);
 * `screen-N` screenshots at the marks, and `final` at the end (unless a mark is the last step).
 * @param final - the screen's lines when the session ended.
 */
export function inferSteps(observations: readonly Observation[], final: readonly string[]): InferredSteps {
  const steps: TestStep[] = [];
  const leftOut: string[] = [];
  let pending: Action | undefined;
  let shots = 0;
  const assertAfter = (before: readonly string[], after: readonly string[]) => {
    const text = before.join('\n') === after.join('\n') ? undefined : appearedText(before, after);
    if (text !== undefined) steps.push({ kind: 'expectText', text });
  };
  const close = (after: readonly string[]) => {
    if (!pending) return;
    steps.push(pending.step);
    assertAfter(pending.before, after);
    pending = undefined;
  };
  const firstInput = observations.find((observation) => observation.kind === 'input');
  assertAfter([], firstInput?.before ?? final);
  for (const item of actionsOf(observations, leftOut)) {
    if ('screen' in item) {
      close(item.screen);
      steps.push({ kind: 'screenshot', name: `screen-${++shots}` });
    } else if (pending && canMerge(pending.step, item.step)) pending.step = merge(pending.step, item.step);
    else {
      close(item.before);
      pending = item;
    }
  }
  close(final);
  if (steps.at(-1)?.kind !== 'screenshot') steps.push({ kind: 'screenshot', name: FINAL_SCREENSHOT });
  return { steps, leftOut };
}

/** One decoded event and the screen before the input that held it. */
type Timed = { event: InputEvent; before: readonly string[] };

/**
 * The actions of the observations' events in order, and their marks (as `{ screen }`). A mouse press
 * pairs with a release on the same cell that comes next, in the same input or a later one (tmux
 * writes each report on its own); terminal replies are dropped.
 */
function actionsOf(observations: readonly Observation[], leftOut: string[]): (Action | { screen: readonly string[] })[] {
  const items = observations.flatMap((observation): (Timed | { screen: readonly string[] })[] =>
    observation.kind === 'screenshot'
      ? [{ screen: observation.screen }]
      : decodeInput(observation.bytes).map((event) => ({ event, before: observation.before })),
  );
  const actions: (Action | { screen: readonly string[] })[] = [];
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as Timed | { screen: readonly string[] };
    if ('screen' in item) {
      actions.push(item);
      continue;
    }
    const { event, before } = item;
    if (event.kind === 'text') actions.push({ step: { kind: 'type', text: event.text }, before });
    else if (event.kind === 'key') actions.push({ step: { kind: 'press', keys: [event.key] }, before });
    else if (event.kind === 'other') leftOut.push(event.what);
    else if (event.kind === 'reply') continue;
    else if (event.action === 'release') leftOut.push('a mouse release without its press');
    else {
      let next = index + 1;
      while (isReply(items[next])) next++;
      const found = items[next];
      const release = found && 'event' in found ? found.event : undefined;
      if (release?.kind === 'mouse' && release.action === 'release' && release.col === event.col && release.row === event.row) {
        actions.push({ step: clickStep(event.col, event.row, event.button ?? 'left', before), before });
        index = next;
      } else leftOut.push('a mouse press without a release on the same cell (a drag)');
    }
  }
  return actions;
}

function isReply(item: Timed | { screen: readonly string[] } | undefined): boolean {
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

function canMerge(a: Action['step'], b: Action['step']): boolean {
  return (a.kind === 'type' && b.kind === 'type') || (a.kind === 'press' && b.kind === 'press');
}

function merge(a: Action['step'], b: Action['step']): Action['step'] {
  if (a.kind === 'type' && b.kind === 'type') return { kind: 'type', text: a.text + b.text };
  if (a.kind === 'press' && b.kind === 'press') return { kind: 'press', keys: [...a.keys, ...b.keys] };
  return b;
}
