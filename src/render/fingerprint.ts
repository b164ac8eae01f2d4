/** The renderer fingerprint: everything besides the snapshot that decides a screenshot's pixels. */

import { createHash } from 'node:crypto';
import { rendererPackages } from './fonts.js';
import { cellMetricsFor } from './metrics.js';
import type { ResolvedRenderOptions } from './options.js';
import { THEMES, type Theme } from './theme.js';

/**
 * Version of the compositing code (geometry, blending, decorations, PNG encoding). Bump it in
 * any change that alters the pixels or bytes of a screenshot, so stored baselines show why they
 * stopped matching.
 */
export const RENDERER_VERSION = 2;

/** The PNG tEXt keyword under which {@link rendererFingerprint} is stored. */
export const RENDERER_TEXT_KEY = 'tmux-shot:renderer';

/** `dark`/`light` for the built-in themes, else `custom`, plus a hash of the colours. */
function describeTheme(theme: Theme): string {
  const name = Object.entries(THEMES).find(([, t]) => t === theme)?.[0] ?? 'custom';
  const colors = [theme.background, theme.foreground, theme.cursor, ...theme.palette].map((c) => [c.r, c.g, c.b]);
  return `${name}:${createHash('sha256').update(JSON.stringify(colors)).digest('hex').slice(0, 12)}`;
}

/**
 * One line naming the renderer version, the font and rasterizer packages with their versions,
 * and every resolved option (cell size included), e.g.
 * `tmux-shot-render/2 @fontsource/dejavu-mono@5.3.0 … theme=dark:… font=15px cell=9x18 scale=1 padding=4 cursor=show/block boldIsBright=true`.
 * Two screenshots with equal fingerprints were drawn the same way.
 */
export function fingerprintOf(options: ResolvedRenderOptions): string {
  const m = cellMetricsFor(options);
  return [
    `tmux-shot-render/${RENDERER_VERSION}`,
    ...rendererPackages(),
    `theme=${describeTheme(options.theme)}`,
    `font=${options.fontSizePx}px`,
    `cell=${m.cellWidthPx / m.scale}x${m.cellHeightPx / m.scale}`,
    `scale=${options.scale}`,
    `padding=${options.paddingPx}`,
    `cursor=${options.cursor}/${options.cursorStyle}`,
    `boldIsBright=${String(options.boldIsBright)}`,
  ].join(' ');
}
