/** A fixed 40×10 screen touching every renderer feature; its PNG's SHA-256 is pinned in determinism.test.ts. */

import type { ScreenSnapshot } from '../../../src/snapshot.js';
import { palette, rgb, ScreenBuilder } from './screen-builder.js';

export function goldenScreen(): ScreenSnapshot {
  return new ScreenBuilder(40, 10)
    .text(0, 0, 'user@host:~$ ', { fg: palette(2), bold: true })
    .text(13, 0, 'ls --color', { fg: rgb(255, 170, 0) })
    .text(0, 1, 'bold', { bold: true })
    .text(5, 1, 'italic', { italic: true, fg: palette(12) })
    .text(12, 1, 'dim', { dim: true })
    .text(16, 1, 'inverse', { inverse: true, fg: palette(5) })
    .text(24, 1, 'strike', { strikethrough: true, overline: true })
    .text(0, 2, 'curly', { underline: 'curly', underlineColor: palette(9) })
    .text(6, 2, 'double', { underline: 'double' })
    .text(13, 2, 'dotted', { underline: 'dotted' })
    .text(20, 2, 'bg 196', { bg: palette(196), fg: palette(231) })
    .text(0, 3, '╭──┬──╮ ╔══╗ ┏━┓ ▁▂▃▄▅▆▇█ ░▒▓ ▚▞')
    .text(0, 4, '│  │  │ ║  ║ ┃ ┃')
    .text(0, 5, '╰──┴──╯ ╚══╝ ┗━┛ ╱╲╳ ┄┈╌')
    .text(0, 6, '中文 日本語 😀🚀 ❤️ λπΩЖ ✓')
    .text(0, 7, 'tofu: \u0378 \u{10fffd}', { fg: palette(3) })
    .text(16, 7, '한글 สวัสดี שלום नमस्ते \uf115\u4dc0')
    .text(0, 8, 'hidden', { invisible: true, underline: 'single' })
    .text(0, 9, '$ ')
    .cursorAt(2, 9)
    .build();
}
