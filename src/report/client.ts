/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The report's script: it runs in the browser, inlined into the page as `(${reportClient})()`, so
 * it is one function that uses nothing from outside itself (only types are imported). It reads the
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

  function inspect(screenIndex: number, col: number, row: number, shot: ClientShot | undefined, where: string): void {
    const screen = data.screens[screenIndex];
    const rowIndex = screen?.r[row];
    const cell = rowIndex === undefined ? undefined : rowCells(rowIndex)[col];
    if (!screen || !cell) return;
    const style = data.styles[cell[2]] ?? ['', '', '', '', '', ''];
    const list = document.createElement('dl');
    line(list, 'cell', `row ${row}, col ${col} (${where})`);
    line(list, 'chars', cell[0] === '' ? (cell[1] === 0 ? 'right half of a wide character' : 'blank') : `'${cell[0]}' ${codePoints(cell[0])}`);
    line(list, 'width', String(cell[1]));
    line(list, 'fg', `${style[0]} → drawn ${style[3]}`, style[3]);
    line(list, 'bg', `${style[1]} → drawn ${style[4]}`, style[4]);
    line(list, 'underline', style[2]);
    line(list, 'attributes', style[5] || 'none');
    if (screen.cursor[2] === 1 && screen.cursor[0] === col && screen.cursor[1] === row) line(list, 'cursor', 'here');
    if (shot) line(list, 'changed', shot.changes[`${row},${col}`] ?? 'no (same pixels)');
    panel.replaceChildren(list);
    panel.hidden = false;
  }

  function inspectAt(target: HTMLElement, event: MouseEvent): void {
    const box = target.getBoundingClientRect();
    const widthPx = Number(target.dataset.w ?? target.getAttribute('width'));
    const screen = data.screens[Number(target.dataset.screen)];
    if (!screen || box.width === 0) return;
    const scale = widthPx / box.width;
    const [xPx, yPx, cellWidthPx, cellHeightPx] = screen.grid;
    const col = Math.floor(((event.clientX - box.left) * scale - xPx) / cellWidthPx);
    const row = Math.floor(((event.clientY - box.top) * scale - yPx) / cellHeightPx);
    if (col < 0 || row < 0 || col >= screen.cols || row >= screen.rows) return;
    const shot = target.dataset.shot === undefined ? undefined : data.shots[Number(target.dataset.shot)];
    inspect(Number(target.dataset.screen), col, row, shot, target.dataset.role ?? target.tagName.toLowerCase());
  }

  document.addEventListener('mousemove', (event) => {
    const target = (event.target as Element).closest<HTMLElement>('[data-screen]');
    if (target && !panel.hasAttribute('data-pinned')) inspectAt(target, event);
  });
  document.addEventListener('click', (event) => {
    const target = (event.target as Element).closest<HTMLElement>('[data-screen]');
    if (!target) return;
    panel.toggleAttribute('data-pinned', !panel.hasAttribute('data-pinned'));
    inspectAt(target, event);
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
      for (const img of article.querySelectorAll<HTMLImageElement>('img')) {
        img.style.width = `${Number(img.getAttribute('width')) * Number(zoom.value)}px`;
        img.style.height = `${Number(img.getAttribute('height')) * Number(zoom.value)}px`;
      }
    });
    if (!reference) return;
    const stage = document.createElement('div');
    stage.className = 'stage';
    Object.assign(stage.dataset, { screen: actual.dataset.screen, shot: actual.dataset.shot, role: 'compare', w: actual.getAttribute('width') });
    const base = actual.cloneNode() as HTMLImageElement;
    const over = reference.cloneNode() as HTMLImageElement;
    for (const img of [base, over]) img.removeAttribute('id');
    over.className = 'over reference';
    const split = document.createElement('span');
    split.className = 'split';
    const boxes = [...actual.parentElement!.querySelectorAll('.hl')].map((box) => box.cloneNode());
    stage.append(base, over, ...boxes, split);
    for (const node of stage.querySelectorAll<HTMLElement>('[data-screen]')) delete node.dataset.screen;
    controls.after(stage);
    const splitAt = controls.querySelector<HTMLInputElement>('.split-at')!;
    const opacity = controls.querySelector<HTMLInputElement>('.opacity')!;
    let blinking = false;
    const blink = (ms: number): void => {
      if (!blinking) return;
      const showReference = Math.floor(ms / 500) % 2 === 0;
      over.style.opacity = showReference ? '1' : '0';
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
      Object.assign(canvas.dataset, { screen: String(frame.screen), frame: String(current), role: `frame ${current}` });
      scrub.value = String(current);
      time.textContent = `frame ${current + 1}/${frames.length} · ${frame.atMs} ms`;
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
