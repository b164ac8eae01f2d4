import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The import rules of shared/DESIGN.md, checked on every run. `import type` is exempt.
const SRC = resolve(import.meta.dirname, '../src');
const BASE = ['errors', 'defaults', 'geometry', 'snapshot', 'wait'];

/** Which modules each module may import at runtime (besides itself). */
const ALLOWED: Record<string, string[]> = {
  errors: [],
  defaults: [],
  geometry: ['errors', 'defaults'],
  snapshot: [],
  wait: ['errors', 'defaults'],
  host: BASE,
  screen: BASE,
  render: BASE,
  diff: BASE,
  record: [...BASE, 'screen', 'render'],
  agent: BASE,
  app: [...BASE, 'host', 'screen', 'render', 'record'],
  // Generated tests: steps → test source (pure; an agent run's evidence read by the agent's own rule); the file written through the one writer and formatted by the project's formatter, run through host/.
  codegen: [...BASE, 'host', 'agent', 'output-file'],
  // The failure report: plain data in (types from the stages), one HTML string out.
  report: BASE,
  // Shared by the two shells that write files: the one writer, and how names become file names.
  'output-file': ['errors', 'wait'],
  'file-names': [],
  vitest: [...BASE, 'host', 'screen', 'render', 'diff', 'record', 'agent', 'app', 'report', 'index', 'output-file', 'file-names', 'codegen'],
  cli: [...BASE, 'host', 'screen', 'render', 'diff', 'record', 'agent', 'app', 'report', 'index', 'output-file', 'file-names', 'codegen', 'mcp'],
  // The MCP server: a shell like cli/ (which loads it only in `tmux-shot mcp`).
  mcp: [...BASE, 'host', 'screen', 'render', 'diff', 'record', 'agent', 'app', 'report', 'index', 'output-file', 'file-names'],
  index: [...BASE, 'host', 'screen', 'render', 'diff', 'record', 'agent', 'app'],
};

/** Outside packages that may enter only through the named files (relative to src/). */
const GATEWAYS: Record<string, (file: string) => boolean> = {
  '@xterm/headless': (f) => f === 'screen/terminal.ts',
  '@xterm/addon-unicode11': (f) => f === 'screen/terminal.ts',
  pixelmatch: (f) => f === 'diff/compare-pixels.ts',
  pngjs: (f) => f === 'diff/decode-png.ts',
  openai: (f) => f === 'agent/openai-client.ts',
  // mcp/tools.ts: the SDK's registerTool takes zod shapes (the agent's own fields where tools overlap).
  zod: (f) => f.startsWith('agent/') || f === 'mcp/tools.ts',
  '@modelcontextprotocol/sdk': (f) => f === 'mcp/server.ts',
  gifenc: (f) => f === 'record/gif.ts',
  // Loaded on first use with require(), so that importing an entry point stays cheap.
  '@napi-rs/canvas': (f) => f === 'render/fonts.ts',
  fontkit: (f) => f === 'render/fonts.ts',
  execa: (f) => f.startsWith('host/'),
  // cli/collect-tests.ts holds the script `cassettes check` runs in a child process with the
  // project's own Vitest (its node API collects the test names); cli/ never loads vitest itself.
  vitest: (f) => f.startsWith('vitest/') || f === 'cli/collect-tests.ts',
  'write-file-atomic': (f) => f === 'output-file.ts',
  json5: (f) => f === 'agent/json-text.ts',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

function moduleOf(file: string): string {
  const rel = relative(SRC, file);
  const first = rel.split('/')[0]!;
  return first.replace(/\.(ts|js)$/, '');
}

/** Runtime import specifiers of a file: imports, re-exports, `import()` and `require()` (type-only imports and `export type` are skipped). */
function runtimeImports(code: string): string[] {
  const specs: string[] = [];
  const re = /^\s*(import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/gm;
  for (const m of code.matchAll(re)) specs.push((m[2] ?? m[3])!);
  return specs;
}

function violations(files: { file: string; code: string }[]): string[] {
  const out: string[] = [];
  for (const { file, code } of files) {
    const rel = relative(SRC, file);
    const from = moduleOf(file);
    for (const spec of runtimeImports(code)) {
      if (spec.startsWith('.')) {
        const target = resolve(dirname(file), spec);
        const to = moduleOf(target);
        if (to === from) continue;
        if (!(ALLOWED[from] ?? []).includes(to)) out.push(`${rel}: ${from}/ may not import ${to} ('${spec}')`);
        const targetRel = relative(SRC, target);
        if (targetRel.includes('/') && !targetRel.endsWith('/index.js')) {
          out.push(`${rel}: cross-folder import must go through ${to}/index.ts ('${spec}')`);
        }
      } else {
        const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
        const gate = GATEWAYS[pkg];
        if (gate && !gate(rel)) out.push(`${rel}: '${pkg}' may only be imported by its gateway module`);
      }
    }
  }
  return out;
}

/**
 * Time enters through wait.ts: its `systemClock` holds Node's timers and clock as they were when
 * it loaded, so a test on fake timers (`vi.useFakeTimers()`) does not stop the library's waits.
 * cli/ is exempt: a command runs in a process of its own, where no test fakes time.
 */
const TIME_GLOBALS =
  /\b(?:setTimeout|setInterval|setImmediate)\s*\(|\bperformance\.now\b|\bDate\.now\b|\bnew Date\(\s*\)|['"](?:node:)?(?:timers|timers\/promises|perf_hooks)['"]/;

/** One line per use of a global timer or clock outside wait.ts (comments and string contents skipped). */
function timeViolations(files: { file: string; code: string }[]): string[] {
  const out: string[] = [];
  for (const { file, code } of files) {
    const rel = relative(SRC, file);
    if (rel === 'wait.ts' || rel.startsWith('cli/')) continue;
    code.split('\n').forEach((line, index) => {
      if (/^\s*(\*|\/\/|\/\*)/.test(line)) return;
      const imported = /^\s*import\b/.test(line) && TIME_GLOBALS.test(line);
      if (imported || TIME_GLOBALS.test(line.replace(/(['"`])(?:\\.|(?!\1).)*\1/g, "''"))) out.push(`${rel}:${index + 1}: ${line.trim()}`);
    });
  }
  return out;
}

describe('architecture (shared/DESIGN.md)', () => {
  it('imports flow one way, through each folder index, with each outside package behind one module', () => {
    const files = sourceFiles(SRC).map((file) => ({ file, code: readFileSync(file, 'utf8') }));
    expect(violations(files)).toEqual([]);
  });

  it('reads time only through wait.ts (systemClock), so fake timers in a test do not stop it', () => {
    const files = sourceFiles(SRC).map((file) => ({ file, code: readFileSync(file, 'utf8') }));
    expect(timeViolations(files)).toEqual([]);
    const code = [
      "import { setTimeout as sleep } from 'node:timers/promises';",
      'const t = performance.now();',
      "throw new Error('on the performance.now() clock');",
      '// setTimeout(f)',
      'const today = new Date();',
      "import { setImmediate } from 'timers';",
      'const epoch = new Date(0);',
    ].join('\n');
    expect(timeViolations([{ file: join(SRC, 'app/x.ts'), code }])).toEqual([
      "app/x.ts:1: import { setTimeout as sleep } from 'node:timers/promises';",
      'app/x.ts:2: const t = performance.now();',
      'app/x.ts:5: const today = new Date();',
      "app/x.ts:6: import { setImmediate } from 'timers';",
    ]);
  });

  it('reports each kind of violation on its own line, and exempts import type', () => {
    const code = [
      `import { x } from '../host/session.js';`,
      `import type { Y } from '../vitest/index.js';`,
      `import OpenAI from 'openai';`,
      `const canvas = require('@napi-rs/canvas');`,
    ].join('\n');
    expect(violations([{ file: join(SRC, 'agent/runner.ts'), code }])).toEqual([
      `agent/runner.ts: agent/ may not import host ('../host/session.js')`,
      `agent/runner.ts: cross-folder import must go through host/index.ts ('../host/session.js')`,
      `agent/runner.ts: 'openai' may only be imported by its gateway module`,
      `agent/runner.ts: '@napi-rs/canvas' may only be imported by its gateway module`,
    ]);
  });
});
