// The report's browser script is built from its own TypeScript module (src/report/client.ts) by
// scripts/report-client.mjs at build time; the page inlines that build, never a function's text.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { buildClientScript, CLIENT_SCRIPT_FILE, CLIENT_SOURCE, clientScriptModule } from '../../scripts/report-client.mjs';
import { CLIENT_SCRIPT } from '../../src/report/client-script.js';
import { page } from '../../src/report/page.js';

describe('the report client script', () => {
  it("is the build of today's client.ts, written as the generator writes it (run npm run build after editing client.ts)", () => {
    const built = buildClientScript(readFileSync(CLIENT_SOURCE, 'utf8'));
    expect(CLIENT_SCRIPT).toBe(built);
    expect(readFileSync(CLIENT_SCRIPT_FILE, 'utf8')).toBe(clientScriptModule(built));
  });

  it('is a classic script without types, imports or exports, calling reportClient once', () => {
    expect(() => new Function(CLIENT_SCRIPT)).not.toThrow();
    expect(CLIENT_SCRIPT.startsWith('(() => {\nfunction reportClient() {\n')).toBe(true);
    expect(CLIENT_SCRIPT.endsWith('\n}\nreportClient();\n})();')).toBe(true);
    expect(CLIENT_SCRIPT.match(/^\s*(import|export)\b|\bas (HTMLElement|ClientData)\b/gm)).toBeNull();
  });

  it('is what the page inlines, after its data', () => {
    const html = page('t', '<p>x</p>', { rows: [] });
    expect(html).toContain(`<script type="application/json" id="report-data">{"rows":[]}</script><script>${CLIENT_SCRIPT}</script>`);
  });

  it('refuses a client.ts that imports or exports anything else at runtime', () => {
    expect(() => buildClientScript("import { x } from './x.js';\nexport function reportClient(): void { x(); }")).toThrow(
      'src/report/client.ts must be one function that imports nothing at runtime and exports only reportClient',
    );
    expect(buildClientScript("import type { T } from './t.js';\nexport function reportClient(): void { const t: T | undefined = undefined; }")).toBe(
      '(() => {\nfunction reportClient() { const t = undefined; }\nreportClient();\n})();',
    );
  });
});
