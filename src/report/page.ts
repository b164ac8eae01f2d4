/**
 * The page around the report's sections (pure): doctype, a Content-Security-Policy that allows
 * no request (images only as `data:` URLs, the one inline script by its SHA-256 hash), the style
 * sheet, the data for the script and the script itself.
 */
import { createHash } from 'node:crypto';
import { CLIENT_SCRIPT } from './client-script.js';
import { escapeHtml, jsonForScript } from './html.js';
import { REPORT_CSS } from './styles.js';

/** The inline script: client.ts compiled at build time (scripts/report-client.mjs), called. */
const SCRIPT = CLIENT_SCRIPT;

/** The policy: nothing is fetched; `data:` images, the inline style sheet and the one script by its hash run (no script without one). */
export function contentSecurityPolicy(script: string | undefined): string {
  const scripts = script === undefined ? "'none'" : `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  return `default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src ${scripts}; base-uri 'none'; form-action 'none'`;
}

/** A whole page: `title` in `<title>`, `body` as is (already escaped), `data` for the script (none: no script). */
export function page(title: string, body: string, data?: unknown): string {
  const script = data === undefined ? '' : `<script type="application/json" id="report-data">${jsonForScript(data)}</script><script>${SCRIPT}</script>`;
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy(data === undefined ? undefined : SCRIPT))}">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><style>${REPORT_CSS}</style></head><body>${body}${script}</body></html>\n`
  );
}
