/**
 * Real data for the report tests: screens parsed from bytes by the screen model, drawn by render/,
 * compared by diff/; frames as keyframes plus hand-made patches (cut from the rendered screen);
 * hand-built steps and an agent transcript carrying XSS strings.
 */
import type { AgentTranscript } from '../../src/agent/transcript.js';
import type { AppStep } from '../../src/app/steps.js';
import { comparePixels, cropImage } from '../../src/diff/compare-pixels.js';
import { diffCells } from '../../src/diff/index.js';
import type { RgbaImage } from '../../src/geometry.js';
import type { RecordedFrame } from '../../src/record/report-frames.js';
import { cellMetrics, encodePng, renderPng, renderScreen, resolveCellColors, resolveRenderOptions } from '../../src/render/index.js';
import type { InspectedScreen, InspectedStyle } from '../../src/render/inspect.js';
import type { ReportImage, ReportInput } from '../../src/report/data.js';
import { ScreenModel } from '../../src/screen/index.js';
import type { Cell, Color, ScreenSnapshot } from '../../src/snapshot.js';

/** Strings that must stay text wherever they appear. */
export const XSS = `</script><img src=x onerror="window.__xss=1"><!--`;

/** The snapshot of a `cols`×`rows` screen model after `text` (UTF-8). */
export function screenAfter(text: string, cols = 24, rows = 6): ScreenSnapshot {
  const model = new ScreenModel({ cols, rows });
  try {
    model.write(new TextEncoder().encode(text));
    return model.snapshot();
  } finally {
    model.dispose();
  }
}

const hex = (n: number): string => n.toString(16).padStart(2, '0');
const rgbHex = ({ r, g, b }: { r: number; g: number; b: number }): string => `#${hex(r)}${hex(g)}${hex(b)}`;

function stored(color: Color): string {
  if (color.kind === 'default') return 'default';
  return color.kind === 'palette' ? `palette ${color.index}` : rgbHex(color);
}

function attributes(cell: Cell): string[] {
  const flags = (['bold', 'dim', 'italic'] as const).filter((flag) => cell[flag]) as string[];
  if (cell.underline !== 'none') flags.push(cell.underline === 'single' ? 'underline' : `underline ${cell.underline}`);
  for (const flag of ['blink', 'inverse', 'invisible', 'strikethrough', 'overline'] as const) if (cell[flag]) flags.push(flag);
  return flags;
}

/**
 * The inspector's view of a snapshot drawn with default render options (the test's stand-in until
 * render/'s own inspector data lands; it follows render/inspect.ts's documented shape).
 */
export function inspected(snapshot: ScreenSnapshot): InspectedScreen {
  const options = resolveRenderOptions();
  const metrics = cellMetrics();
  const styles: InspectedStyle[] = [];
  const keys = new Map<string, number>();
  const cells = snapshot.cells.map((row) =>
    row.map((cell) => {
      const drawn = resolveCellColors(cell, options.theme, options.boldIsBright);
      const style: InspectedStyle = {
        fg: stored(cell.fg),
        bg: stored(cell.bg),
        underlineColor: stored(cell.underlineColor),
        fgDrawn: rgbHex(drawn.fg),
        bgDrawn: rgbHex(drawn.bg),
        attributes: attributes(cell),
      };
      const key = JSON.stringify(style);
      if (!keys.has(key)) keys.set(key, styles.push(style) - 1);
      return [cell.chars, cell.width, keys.get(key)!] as const;
    }),
  );
  return {
    cols: snapshot.cols,
    rows: snapshot.rows,
    grid: { xPx: metrics.paddingPx, yPx: metrics.paddingPx, cellWidthPx: metrics.cellWidthPx, cellHeightPx: metrics.cellHeightPx },
    cursor: { col: snapshot.cursor.col, row: snapshot.cursor.row, visible: snapshot.cursor.visible },
    styles,
    cells,
  };
}

/** A report image of `snapshot`: its PNG from render/ and its cells. */
export function imageOf(snapshot: ScreenSnapshot): ReportImage & { rgba: RgbaImage } {
  const rgba = renderScreen(snapshot);
  return { png: new Uint8Array(renderPng(snapshot)), widthPx: rgba.widthPx, heightPx: rgba.heightPx, cells: inspected(snapshot), rgba };
}

/** The menu as the baseline has it, and as the test saw it: row 2's `Save` became a red `Savé`. */
export const REFERENCE_BYTES = '\x1b[1mMenu\x1b[0m\r\n\x1b[7m> Open  \x1b[0m\r\n  Save\r\n  Quit';
export const ACTUAL_BYTES = '\x1b[1mMenu\x1b[0m\r\n\x1b[7m> Open  \x1b[0m\r\n  Sav\x1b[31mé\x1b[0m\r\n  Quit';

/** Frames of a shell session: keyframes of whole screens, two patches cut from the screen they lead to. */
export function sessionFrames(): { frames: RecordedFrame[]; screens: ScreenSnapshot[] } {
  const texts = ['$ ', '$ ls\r\n', '$ ls\r\nmenu.py  notes.txt\r\n$ ', '$ ls\r\nmenu.py  notes.txt\r\n$ cat', '\x1b[2J\x1b[H$ clear\r\n$ '];
  const times = [0, 120, 400, 900, 1600];
  const keyframes = [true, true, false, false, true];
  const screens = texts.map((text) => screenAfter(text));
  const frames = screens.map((screen, at): RecordedFrame => {
    const image = imageOf(screen);
    const whole = { png: image.png, xPx: 0, yPx: 0, widthPx: image.widthPx, heightPx: image.heightPx };
    if (keyframes[at]) return { atMs: times[at]!, keyframe: true, image: whole, cells: image.cells! };
    // The rows that changed, whole width: rows 1–2 for frame 2, row 2 for frame 3.
    const { cellHeightPx, paddingPx } = cellMetrics();
    const fromRow = at === 2 ? 1 : 2;
    const rect = { xPx: 0, yPx: paddingPx + fromRow * cellHeightPx, widthPx: image.widthPx, heightPx: (3 - fromRow) * cellHeightPx };
    const patch = { png: new Uint8Array(encodePng(cropImage(image.rgba, rect))), ...rect };
    return { atMs: times[at]!, keyframe: false, image: patch, cells: image.cells! };
  });
  return { frames, screens };
}

export const STEPS: AppStep[] = [
  { kind: 'start', title: 'start(bash)', atMs: 0, durationMs: 80 },
  { kind: 'type', title: "type('ls')", atMs: 100, durationMs: 0 },
  { kind: 'press', title: "press('Enter')", atMs: 130, durationMs: 0 },
  { kind: 'wait', title: `waitForText('${XSS}')`, atMs: 300, durationMs: 700, error: `Timed out after 700 ms waiting for text ${XSS}` },
  { kind: 'expect', title: "expect(tmuxApp).toMatchScreenshot('menu')", atMs: 1500, durationMs: 60, error: 'Screenshot menu differs in 1 cell' },
];

export function transcript(shot: Uint8Array): AgentTranscript {
  return {
    kind: 'run',
    prompt: 'Open the menu and save the file',
    turns: [
      {
        label: 'step 1',
        text: `I will press Down. ${XSS}`,
        reasoning: 'The cursor is on Open.',
        toolCalls: [
          { id: 'call_1', name: 'press', arguments: '{"keys":["Down"]}', repaired: 'stripped the functions. prefix', result: `ok\n${XSS}`, ok: true },
          { id: 'call_2', name: 'wait_for_text', arguments: '{"text":"Saved"}', result: 'Timed out after 500 ms', ok: false },
        ],
        shots: [{ label: 'screen after step 1', png: shot }],
        retries: 1,
        source: 'diverged',
      },
      {
        label: 'step 2',
        toolCalls: [{ id: 'call_3', name: 'finish', arguments: '{"summary":"Saved"}', result: 'finished', ok: true }],
        shots: [],
        retries: 0,
        source: 'live',
      },
    ],
    outcome: 'finished',
    summary: 'The file was saved.',
    evidence: ['Saved notes.txt'],
  };
}

/** diff/'s diff image of two rendered screens, as a report image. */
function diffImage(reference: RgbaImage, actual: RgbaImage): ReportImage {
  const { diff } = comparePixels(reference, actual);
  return { png: new Uint8Array(encodePng(diff)), widthPx: diff.widthPx, heightPx: diff.heightPx };
}

/** A whole failing test's report input. */
export function failingReport(): ReportInput {
  const referenceSnap = screenAfter(REFERENCE_BYTES);
  const actualSnap = screenAfter(ACTUAL_BYTES);
  const reference = imageOf(referenceSnap);
  const actual = imageOf(actualSnap);
  const { frames } = sessionFrames();
  const strip = ({ rgba: _, ...image }: ReportImage & { rgba: RgbaImage }): ReportImage => image;
  return {
    title: `menu > opens ${XSS}`,
    location: 'test/menu.test.ts:12',
    status: 'failed',
    errors: [{ name: 'Error', message: `Screenshot menu differs in 1 cell ${XSS}`, stack: `Error: Screenshot menu differs\n    at test/menu.test.ts:14:5` }],
    screenshots: [
      {
        name: 'menu',
        baseline: 'test/__screenshots__/menu.test.ts/menu.png',
        kind: 'mismatch',
        message: "Screenshot 'menu' differs: 1 cell\nrow 2 col 5: 'e' -> 'é', fg default -> palette 1",
        reference: strip(reference),
        actual: strip(actual),
        diff: diffImage(reference.rgba, actual.rgba),
        changedCells: diffCells(referenceSnap, actualSnap).map(({ row, col }) => ({ row, col })),
        acceptCommand: "npx vitest run test/menu.test.ts -t '^menu opens$' -u",
      },
    ],
    recordings: [{ name: 'tmuxApp', frames: { frames, startMs: 0, endMs: 1700, truncated: false }, steps: STEPS }],
    agent: [transcript(actual.png)],
    links: [
      { label: 'menu-actual.png', href: 'menu-actual.png' },
      { label: 'recording.gif', href: 'recording.gif' },
    ],
  };
}
