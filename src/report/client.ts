/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The report's script: it runs in the browser, compiled at build time (scripts/report-client.mjs,
 * into client-script.ts) and inlined into the page, calling `reportClient()`; so it is one
 * function that uses nothing from outside itself (only types are imported). It reads the
 * page's `<script type="application/json" id="report-data">` ({@link ClientData}) and enhances
 * what the HTML already shows: the cell inspector, the screenshot slider / onion skin / blink and
 * zoom, the copy buttons, and the recordings' player. Timing uses `requestAnimationFrame`'s
 * timestamps (no timers).
 */
import type { ClientCell, ClientData, ClientShot } from './client-data.js';

/** Enhances the page it runs in (see the file's comment). */
export function reportClient(): void {
  const data = JSON.parse(document.getElementById('report-data')!.textContent!) as ClientData;
  const panel = document.getElementById('inspector')!;
  const decoded = new Map<number, (readonly [string, number, number])[]>();

  function rowCells(index: number): (readonly [string, number, number])[] {
    let cells = decoded.get(index);
    if (!cells) {
      let style = 0;
      cells = (data.rows[index] ?? []).map((cell: ClientCell) => {
        if (typeof cell === 'string') return [cell, 1, style] as const;
        style = cell[2];
        return cell;
      });
      decoded.set(index, cells);
    }
    return cells;
  }

  function codePoints(chars: string): string {
    return [...chars].map((ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');
  }

  function line(list: HTMLElement, term: string, value: string, colour?: string): void {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    if (colour) {
      const swatch = document.createElement('span');
      swatch.className = 'swatch';
      swatch.style.background = colour;
      dd.append(swatch);
    }
    dd.append(value);
    list.append(dt, dd);
  }

  /** The outline over the inspected cell, placed in page coordinates. */
  const mark = document.createElement('span');
  mark.id = 'cell-mark';
  mark.hidden = true;
  document.body.append(mark);

  function hide(): void {
    if (panel.hasAttribute('data-pinned')) return;
    panel.hidden = true;
    mark.hidden = true;
  }

  function cursorState(screen: (typeof data.screens)[number], col: number, row: number): string {
    const [cursorCol, cursorRow, visible] = screen.cursor;
    const where = cursorCol === col && cursorRow === row ? 'here' : `at row ${cursorRow}, col ${cursorCol}`;
    return visible === 1 ? where : `hidden (DECTCEM), ${where}`;
  }

  function inspect(screenIndex: number, col: number, row: number, shot: ClientShot | undefined, where: string): void {
    const screen = data.screens[screenIndex]!;
    const cell = rowCells(screen.r[row]!)[col]!;
    const style = data.styles[cell[2]] ?? ['', '', '', '', '', ''];
    const invisible = style[5].split(', ').includes('invisible');
    const list = document.createElement('dl');
    line(list, 'cell', `row ${row}, col ${col} (${where})`);
    line(list, 'chars', cell[0] === '' ? (cell[1] === 0 ? 'right half of a wide character' : 'blank') : `'${cell[0]}' ${codePoints(cell[0])}`);
    line(list, 'width', String(cell[1]));
    if (invisible) line(list, 'fg', `${style[0]} → not painted (invisible)`);
    else line(list, 'fg', `${style[0]} → drawn ${style[3]}`, style[3]);
    line(list, 'bg', `${style[1]} → drawn ${style[4]}`, style[4]);
    line(list, 'underline', style[2]);
    line(list, 'attributes', style[5] || 'none');
    line(list, 'cursor', cursorState(screen, col, row));
    if (shot) line(list, 'changed', shot.changes[`${row},${col}`] ?? 'no (same pixels)');
    panel.replaceChildren(list);
    panel.hidden = false;
  }

  /** The screen a point of `target` shows: the compare view shows the reference left of the split (or while it blinks on), else the actual. */
  function screenAt(target: HTMLElement, fraction: number): { screen: number; where: string } | undefined {
    const own = target.dataset.screen;
    if (target.dataset.referenceScreen === undefined) return own === undefined ? undefined : { screen: Number(own), where: target.dataset.role ?? '' };
    const reference = fraction * 100 < Number(target.dataset.referenceLeftOf);
    const screen = reference ? target.dataset.referenceScreen : own;
    return screen === '' || screen === undefined ? undefined : { screen: Number(screen), where: `compare: ${reference ? 'reference' : 'actual'}` };
  }

  /** Inspects the cell under the pointer on `target`, outlines it, and says when there is none (outside the grid, no cell data). */
  function inspectAt(target: HTMLElement, event: MouseEvent): boolean {
    const box = target.getBoundingClientRect();
    if (box.width === 0) return false;
    const scale = Number(target.dataset.w ?? target.getAttribute('width')) / box.width;
    const found = screenAt(target, (event.clientX - box.left) / box.width);
    const screen = found && data.screens[found.screen];
    if (!found || !screen) {
      const reason = target.dataset.noCells;
      if (!reason || panel.hasAttribute('data-pinned')) return false;
      const list = document.createElement('dl');
      line(list, target.dataset.role ?? 'image', reason);
      panel.replaceChildren(list);
      panel.hidden = false;
      mark.hidden = true;
      return false;
    }
    const [xPx, yPx, cellWidthPx, cellHeightPx] = screen.grid;
    const col = Math.floor(((event.clientX - box.left) * scale - xPx) / cellWidthPx);
    const row = Math.floor(((event.clientY - box.top) * scale - yPx) / cellHeightPx);
    if (col < 0 || row < 0 || col >= screen.cols || row >= screen.rows) return false;
    const shot = target.dataset.shot === undefined ? undefined : data.shots[Number(target.dataset.shot)];
    inspect(found.screen, col, row, shot, found.where);
    Object.assign(mark.style, {
      left: `${box.left + window.scrollX + (xPx + col * cellWidthPx) / scale}px`,
      top: `${box.top + window.scrollY + (yPx + row * cellHeightPx) / scale}px`,
      width: `${cellWidthPx / scale}px`,
      height: `${cellHeightPx / scale}px`,
    });
    mark.hidden = false;
    return true;
  }

  const INSPECTABLE = '[data-screen],[data-no-cells]';
  document.addEventListener('mousemove', (event) => {
    if (panel.hasAttribute('data-pinned')) return;
    const target = (event.target as Element).closest<HTMLElement>(INSPECTABLE);
    if (!target || !inspectAt(target, event)) {
      if (!target?.dataset.noCells) hide();
    }
  });
  document.documentElement.addEventListener('mouseleave', hide);
  document.addEventListener('click', (event) => {
    const target = (event.target as Element).closest<HTMLElement>(INSPECTABLE);
    if (!target) return;
    if (panel.hasAttribute('data-pinned')) {
      panel.removeAttribute('data-pinned');
      if (!inspectAt(target, event)) hide();
    } else if (inspectAt(target, event) && target.dataset.noCells === undefined) panel.setAttribute('data-pinned', '');
  });

  for (const button of document.querySelectorAll<HTMLButtonElement>('button.copy')) {
    button.hidden = false;
    button.addEventListener('click', () => {
      const text = document.getElementById(button.dataset.copy!)!.textContent ?? '';
      navigator.clipboard.writeText(text).then(
        () => (button.textContent = 'Copied'),
        () => window.getSelection()?.selectAllChildren(document.getElementById(button.dataset.copy!)!),
      );
    });
  }

  function enhanceShot(article: HTMLElement): void {
    const reference = article.querySelector<HTMLImageElement>('img.reference');
    const actual = article.querySelector<HTMLImageElement>('img.actual')!;
    const controls = document.createElement('div');
    controls.className = 'controls';
    const modes = reference
      ? '<label><input type="radio" value="slider" checked> slider</label><label><input type="radio" value="onion"> onion skin</label>' +
        '<label><input type="radio" value="blink"> blink</label><label>split <input type="range" class="split-at" min="0" max="100" value="50"></label>' +
        '<label>opacity <input type="range" class="opacity" min="0" max="100" value="50"></label>'
      : '';
    controls.innerHTML = `${modes}<label>zoom <select class="zoom"><option>1</option><option>2</option><option>4</option><option>8</option></select>×</label>`;
    for (const radio of controls.querySelectorAll<HTMLInputElement>('input[type=radio]')) radio.name = `${article.id}-mode`;
    article.querySelector('.views')!.before(controls);
    const zoom = controls.querySelector<HTMLSelectElement>('.zoom')!;
    zoom.addEventListener('change', () => {
      // The outline was placed at the old size.
      mark.hidden = true;
      for (const img of article.querySelectorAll<HTMLImageElement>('img')) {
        img.style.width = `${Number(img.getAttribute('width')) * Number(zoom.value)}px`;
        img.style.height = `${Number(img.getAttribute('height')) * Number(zoom.value)}px`;
      }
    });
    if (!reference) return;
    const stage = document.createElement('div');
    stage.className = 'stage';
    const shotData = data.shots[Number(actual.dataset.shot)];
    Object.assign(stage.dataset, {
      screen: actual.dataset.screen ?? '',
      referenceScreen: String(shotData?.reference ?? ''),
      shot: actual.dataset.shot,
      w: actual.getAttribute('width'),
    });
    const base = actual.cloneNode() as HTMLImageElement;
    const over = reference.cloneNode() as HTMLImageElement;
    for (const img of [base, over]) img.removeAttribute('id');
    over.className = 'over reference';
    const split = document.createElement('span');
    split.className = 'split';
    const boxes = [...actual.parentElement!.querySelectorAll('.hl')].map((box) => box.cloneNode());
    stage.append(base, over, ...boxes, split);
    for (const node of stage.querySelectorAll<HTMLElement>('[data-screen],[data-no-cells]')) {
      delete node.dataset.screen;
      delete node.dataset.noCells;
    }
    controls.after(stage);
    const splitAt = controls.querySelector<HTMLInputElement>('.split-at')!;
    const opacity = controls.querySelector<HTMLInputElement>('.opacity')!;
    let blinking = false;
    const blink = (ms: number): void => {
      if (!blinking) return;
      const showReference = Math.floor(ms / 500) % 2 === 0;
      over.style.opacity = showReference ? '1' : '0';
      stage.dataset.referenceLeftOf = showReference ? '100' : '0';
      stage.dataset.showing = showReference ? 'reference' : 'actual';
      requestAnimationFrame(blink);
    };
    const apply = (): void => {
      const mode = controls.querySelector<HTMLInputElement>('input[type=radio]:checked')!.value;
      blinking = mode === 'blink';
      split.hidden = mode !== 'slider';
      over.style.clipPath = mode === 'slider' ? `inset(0 ${100 - Number(splitAt.value)}% 0 0)` : 'none';
      split.style.left = `${splitAt.value}%`;
      over.style.opacity = mode === 'onion' ? String(Number(opacity.value) / 100) : '1';
      stage.dataset.referenceLeftOf = mode === 'slider' ? splitAt.value : mode === 'blink' ? '100' : '0';
      stage.dataset.showing =
        mode === 'slider' ? `reference left of ${splitAt.value}%` : mode === 'onion' ? `reference at ${opacity.value}% over actual` : 'reference';
      if (blinking) requestAnimationFrame(blink);
    };
    controls.addEventListener('input', apply);
    apply();
  }

  function enhanceRecording(article: HTMLElement): void {
    const frames = data.recordings[Number(article.dataset.recording)] ?? [];
    if (frames.length === 0) return;
    const images = frames.map((frame) => document.getElementById(frame.img) as HTMLImageElement);
    const canvas = article.querySelector<HTMLCanvasElement>('canvas.screen')!;
    const context = canvas.getContext('2d')!;
    const scrub = article.querySelector<HTMLInputElement>('.scrub')!;
    const time = article.querySelector<HTMLElement>('.time')!;
    const play = article.querySelector<HTMLButtonElement>('.play')!;
    let current = frames.length - 1;
    let playing = false;
    const show = (index: number): void => {
      current = Math.max(0, Math.min(frames.length - 1, index));
      let key = current;
      while (key > 0 && !frames[key]!.key) key--;
      const { w, h } = frames[key]!;
      if (canvas.width !== w || canvas.height !== h) Object.assign(canvas, { width: w, height: h });
      for (let at = key; at <= current; at++) context.drawImage(images[at]!, frames[at]!.x, frames[at]!.y);
      const frame = frames[current]!;
      const label = `frame ${current + 1}/${frames.length}`;
      Object.assign(canvas.dataset, { screen: String(frame.screen), frame: String(current), role: label });
      scrub.value = String(current);
      time.textContent = `${label} · ${frame.time}`;
      for (const step of article.querySelectorAll<HTMLElement>('.steps li')) {
        step.classList.toggle('current', step.querySelector<HTMLElement>('.jump')!.dataset.frame === String(current));
      }
    };
    const tick = (startMs: number, fromAtMs: number) => (ms: number) => {
      if (!playing) return;
      let next = current;
      while (next + 1 < frames.length && frames[next + 1]!.atMs - fromAtMs <= ms - startMs) next++;
      if (next !== current) show(next);
      if (current === frames.length - 1) {
        playing = false;
        play.textContent = '▶ play';
      } else requestAnimationFrame(tick(startMs, fromAtMs));
    };
    play.addEventListener('click', () => {
      playing = !playing;
      play.textContent = playing ? '⏸ pause' : '▶ play';
      if (!playing) return;
      if (current === frames.length - 1) show(0);
      requestAnimationFrame((ms) => tick(ms, frames[current]!.atMs)(ms));
    });
    article.querySelector('.prev')!.addEventListener('click', () => show(current - 1));
    article.querySelector('.next')!.addEventListener('click', () => show(current + 1));
    scrub.addEventListener('input', () => show(Number(scrub.value)));
    for (const jump of article.querySelectorAll<HTMLElement>('.jump')) jump.addEventListener('click', () => show(Number(jump.dataset.frame)));
    Promise.all(images.map((img) => img.decode().catch(() => undefined))).then(() => {
      article.querySelector<HTMLElement>('.frames')!.hidden = true;
      article.querySelector<HTMLElement>('.player')!.hidden = false;
      canvas.hidden = false;
      show(current);
      article.dataset.ready = 'true';
    });
  }

  for (const article of document.querySelectorAll<HTMLElement>('article.shot')) enhanceShot(article);
  for (const article of document.querySelectorAll<HTMLElement>('article.recording')) enhanceRecording(article);
  document.body.dataset.ready = 'true';
}
