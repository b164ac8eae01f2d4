/**
 * One screenshot failure in HTML: its message, the accept command, the reference / actual / diff
 * images with the changed cells highlighted (plain `<img>` elements, so the page shows them
 * without JavaScript; the script adds the slider, onion skin, blink and zoom), and the list of
 * changed cells.
 */
import type { CellPosition } from '../geometry.js';
import type { InspectedScreen } from '../render/inspect.js';
import { describeCellChange } from './cell-changes.js';
import type { ClientShot, ScreenPool } from './client-data.js';
import type { ReportError, ReportImage, ReportScreenshot } from './data.js';
import { escapeHtml as e, pngDataUrl } from './html.js';

/** Percent with at most 4 decimals (short, and the same on every machine). */
function pct(part: number, whole: number): string {
  return `${Math.round((part / whole) * 1e6) / 1e4}%`;
}

/** The changed cells as runs of neighbours on a row (pure): one box each, not a box per cell. Cells come row-major. */
export function cellRuns(cells: readonly CellPosition[]): { row: number; col: number; cols: number }[] {
  const runs: { row: number; col: number; cols: number }[] = [];
  for (const { row, col } of cells) {
    const last = runs.at(-1);
    if (last && last.row === row && last.col + last.cols === col) last.cols++;
    else runs.push({ row, col, cols: 1 });
  }
  return runs;
}

/** Boxes over `image` for the changed cells (a box per run, see {@link cellRuns}), placed by `grid` (the screen the cells belong to), in percent of the image so they follow zoom. */
export function highlights(cells: readonly CellPosition[], grid: InspectedScreen['grid'] | undefined, image: ReportImage): string {
  if (!grid) return '';
  const { xPx, yPx, cellWidthPx, cellHeightPx } = grid;
  return cellRuns(cells)
    .map(({ col, row, cols }) => {
      const left = pct(xPx + col * cellWidthPx, image.widthPx);
      const top = pct(yPx + row * cellHeightPx, image.heightPx);
      return `<span class="hl" style="left:${left};top:${top};width:${pct(cols * cellWidthPx, image.widthPx)};height:${pct(cellHeightPx, image.heightPx)}"></span>`;
    })
    .join('');
}

/** Why an image has no inspector: its PNG carries no screen tmux-shot can trust for its pixels. */
export const NO_CELLS = 'no cell data: its PNG carries no screen that matches its pixels (drawn with other render options, or not by tmux-shot)';

function figure(id: string, role: string, image: ReportImage, screen: number | undefined, shot: number, boxes: string): string {
  const data = screen === undefined ? ` data-no-cells="${e(NO_CELLS)}"` : ` data-screen="${screen}"`;
  return (
    `<figure><figcaption>${role} · ${image.widthPx}×${image.heightPx} px</figcaption><div class="pic">` +
    `<img id="${id}" class="${role}" alt="${role}" src="${pngDataUrl(image.png)}" width="${image.widthPx}" height="${image.heightPx}" data-shot="${shot}" data-role="${role}"${data}>` +
    `${boxes}</div></figure>`
  );
}

/**
 * The screen whose grid places cells on `image`: its own cells', else (a diff, or an image without
 * trusted cells) the actual's or the reference's when the image has that one's size in px, else none.
 */
export function screenFor(image: ReportImage, shot: ReportScreenshot): InspectedScreen | undefined {
  if (image.cells) return image.cells;
  const sameSize = (other: ReportImage | undefined) => other?.cells && other.widthPx === image.widthPx && other.heightPx === image.heightPx;
  if (sameSize(shot.actual)) return shot.actual.cells;
  return sameSize(shot.reference) ? shot.reference!.cells : undefined;
}

/** The message of `shot`, or, when one of `errors` already says it (Vitest's error of the matcher), a link to that error (`#error-N`, from 1). */
function message(shot: ReportScreenshot, errors: readonly ReportError[]): string {
  const at = errors.findIndex((err) => err.message.includes(shot.message));
  return at < 0
    ? `<pre class="message">${e(shot.message)}</pre>`
    : `<p class="message muted">The failure message is <a href="#error-${at + 1}">error ${at + 1}</a> above.</p>`;
}

/** The section's HTML and the script's data for one screenshot (`index` numbers it in the page); `errors` are the test's (a message one of them holds is not repeated). */
export function screenshotSection(
  shot: ReportScreenshot,
  index: number,
  pool: ScreenPool,
  errors: readonly ReportError[] = [],
): { html: string; data: ClientShot } {
  const reference = shot.reference?.cells ? pool.add(shot.reference.cells) : undefined;
  const actual = shot.actual.cells ? pool.add(shot.actual.cells) : undefined;
  const changes: Record<string, string> = {};
  for (const { row, col } of shot.changedCells) changes[`${row},${col}`] = describeCellChange(shot.reference?.cells, shot.actual.cells, row, col);
  const id = `shot-${index}`;
  /** An image's figure, its boxes and inspector on the grid of the screen {@link screenFor} gives it. */
  const view = (role: string, image: ReportImage): string => {
    const screen = screenFor(image, shot);
    const at = screen === shot.actual.cells ? actual : screen === shot.reference?.cells ? reference : undefined;
    return figure(`${id}-${role}`, role, image, at, index, highlights(shot.changedCells, screen?.grid, image));
  };
  const views = [shot.reference ? view('reference', shot.reference) : '', view('actual', shot.actual), shot.diff ? view('diff', shot.diff) : ''].join('');
  const accept = shot.acceptCommand
    ? `<p class="accept">Accept this baseline: <code id="${id}-accept">${e(shot.acceptCommand)}</code> <button type="button" class="copy" data-copy="${id}-accept" hidden>Copy</button></p>`
    : '';
  const rows = shot.changedCells
    .map(({ row, col }) => `<tr data-cell="${row},${col}"><td>${row}</td><td>${col}</td><td class="mono">${e(changes[`${row},${col}`]!)}</td></tr>`)
    .join('');
  const table =
    shot.changedCells.length > 0
      ? `<h4>Changed cells (${shot.changedCells.length})</h4><div class="changes-box"><table class="changes"><thead><tr><th>row</th><th>col</th><th>what changed</th></tr></thead><tbody>${rows}</tbody></table></div>`
      : '';
  const html =
    `<article class="shot" id="${id}" data-shot="${index}"><h3>${e(shot.name)}<span class="badge">${e(shot.kind)}</span></h3>` +
    `<p class="muted">baseline <code>${e(shot.baseline)}</code></p>${message(shot, errors)}${accept}` +
    `<div class="views">${views}</div>${table}</article>`;
  return { html, data: { reference: reference ?? null, actual: actual ?? null, changes } };
}
