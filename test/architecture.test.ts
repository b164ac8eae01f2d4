import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, dirname, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The import rules of shared/DESIGN.md, checked on every run. Imports are read with the TypeScript
// compiler API (every static import and re-export, `import()`, `require()`); type-only ones
// (`import type`, `export type`, `typeof import()`) are marked, and exempt.
const SRC = resolve(import.meta.dirname, '../src');
const BASE = ['errors', 'defaults', 'geometry', 'snapshot', 'wait', 'suggest'];

/** What every shell (vitest/, cli/, mcp/) may import: the stages, the entry point, the file writer and file names. */
const SHELL = [...BASE, 'term', 'host', 'screen', 'render', 'diff', 'record', 'agent', 'app', 'report', 'index', 'output-file', 'file-names'];

/** Which modules each module may import at runtime (besides itself). */
const ALLOWED: Record<string, string[]> = {
  errors: [],
  defaults: [],
  geometry: ['errors', 'defaults'],
  snapshot: [],
  suggest: [],
  // The terminal's input protocol (keys, mouse reports, paste, modes): pure, below every stage.
  term: BASE,
  wait: ['errors', 'defaults'],
  host: BASE,
  screen: [...BASE, 'term'],
  render: BASE,
  diff: BASE,
  record: [...BASE, 'screen', 'render'],
  agent: BASE,
  app: [...BASE, 'term', 'host', 'screen', 'render', 'record'],
  // Generated tests: steps → test source (pure; an agent run's evidence read by the agent's own
  // rule; the script relay's argv quoted by host/'s pure quoting). No file I/O: see test-file.
  codegen: [...BASE, 'term', 'host', 'agent'],
  // The shells' half of codegen: the generated test written through the one writer and formatted
  // by the project's formatter, run through host/.
  'test-file': [...BASE, 'codegen', 'host', 'output-file'],
  // The failure report: plain data in (types from the stages), one HTML string out.
  report: BASE,
  // Shared by the two shells that write files: the one writer, and how names become file names.
  'output-file': ['errors', 'wait'],
  'file-names': [],
  // The package's AgentRunner: the agent's runner with `outDir` saved through the one writer.
  'agent-runner': [...BASE, 'agent', 'output-file', 'file-names'],
  vitest: [...SHELL, 'codegen', 'test-file', 'agent-runner'],
  cli: [...SHELL, 'codegen', 'test-file', 'mcp', 'agent-runner'],
  // The MCP server: a shell like cli/ (which loads it only in `tmux-shot mcp`).
  mcp: SHELL,
  index: [...BASE, 'term', 'host', 'screen', 'render', 'diff', 'record', 'agent', 'app', 'agent-runner'],
};

/** Outside packages (and Node built-ins) that may enter only through the named files (relative to src/). */
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
  // cli/ never loads vitest: `cassettes check` runs the project's own Vitest in a child process.
  vitest: (f) => f.startsWith('vitest/'),
  'write-file-atomic': (f) => f === 'output-file.ts',
  json5: (f) => f === 'agent/json-text.ts',
  // Processes start in one place: host/ (tmux and child processes).
  'node:child_process': (f) => f.startsWith('host/'),
  // Files are read and written by host/ (FIFOs, /proc), render/ (the bundled fonts), the one writer
  // and the shells (vitest/, cli/, mcp/, test-file/); the stages between them do no file I/O.
  'node:fs': (f) => FILE_IO.some((folder) => f === folder || f.startsWith(`${folder}/`)),
};

/** Where node:fs may be imported (folders, or files relative to src/). */
const FILE_IO = ['host', 'render/fonts.ts', 'output-file.ts', 'vitest', 'cli', 'mcp', 'test-file'];

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

/** One import of a source file, as the compiler reads it. */
interface ImportRef {
  /** The module specifier; undefined for an `import()` or `require()` of a computed one. */
  spec: string | undefined;
  /** How: `import`/`export … from` statements, `import x = require()`, `import()` calls, `require()` calls, `typeof import()` types. */
  how: 'import' | 'export' | 'import =' | 'import()' | 'require()' | 'import type';
  /**
   * True when nothing of it is left at runtime: `import type`, `export type`, `typeof import()`.
   * `import { type A } from` is not: under verbatimModuleSyntax it stays as `import {} from`, which loads the module.
   */
  typeOnly: boolean;
  /** 1-based line. */
  line: number;
}

/** Every import of `code` (a TypeScript file), in source order. */
function importsOf(file: string, code: string): ImportRef[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: ImportRef[] = [];
  const add = (spec: ts.Node | undefined, how: ImportRef['how'], typeOnly: boolean, at: ts.Node): void => {
    const literal = spec && (ts.isStringLiteral(spec) || ts.isNoSubstitutionTemplateLiteral(spec)) ? spec.text : undefined;
    found.push({ spec: literal, how, typeOnly, line: source.getLineAndCharacterOfPosition(at.getStart(source)).line + 1 });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, 'import', node.importClause?.isTypeOnly ?? false, node);
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier) add(node.moduleSpecifier, 'export', node.isTypeOnly, node);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node.moduleReference.expression, 'import =', node.isTypeOnly, node);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal, 'import type', true, node);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0], 'import()', false, node);
    else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'require')
      add(node.arguments[0], 'require()', false, node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The package (or `node:` built-in) a bare specifier names: `@scope/name`, `name`, `node:fs` (also for `fs/promises`, `node:fs/promises`). */
function packageOf(spec: string): string {
  if (spec.startsWith('@')) return spec.split('/').slice(0, 2).join('/');
  const name = spec.replace(/^node:/, '').split('/')[0]!;
  return NODE_BUILTINS.has(name) ? `node:${name}` : name;
}

const NODE_BUILTINS = new Set([
  'child_process',
  'fs',
  'net',
  'http',
  'https',
  'worker_threads',
  'path',
  'url',
  'os',
  'util',
  'crypto',
  'module',
  'buffer',
  'stream',
  'events',
  'timers',
  'perf_hooks',
  'readline',
  'tty',
  'zlib',
  'dgram',
  'tls',
]);

function violations(files: { file: string; code: string }[]): string[] {
  const out: string[] = [];
  for (const { file, code } of files) {
    const rel = relative(SRC, file);
    const from = moduleOf(file);
    for (const { spec, how, typeOnly, line } of importsOf(file, code)) {
      if (typeOnly) continue;
      if (spec === undefined) {
        out.push(`${rel}:${line}: ${how} of a computed specifier (the rules cannot see what it loads)`);
      } else if (spec.startsWith('.')) {
        const target = resolve(dirname(file), spec);
        const to = moduleOf(target);
        if (to === from) continue;
        if (!(ALLOWED[from] ?? []).includes(to)) out.push(`${rel}: ${from}/ may not import ${to} ('${spec}')`);
        const targetRel = relative(SRC, target);
        if (targetRel.includes('/') && !targetRel.endsWith('/index.js')) {
          out.push(`${rel}: cross-folder import must go through ${to}/index.ts ('${spec}')`);
        }
      } else {
        const pkg = packageOf(spec);
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

  it('reads every import the compiler sees, and no text that only looks like one', () => {
    const code = [
      `import {`,
      `  type A,`,
      `  b,`,
      `} from '../report/index.js';`,
      `export * from '../vitest/index.js';`,
      `export type { C } from '../app/index.js';`,
      `import { type D } from '../record/index.js';`,
      `type Z = typeof import('../screen/index.js');`,
      `const zod = await import('zod');`,
      `const mod = await import(name);`,
      `const script = \`const { spawn } = require('node:child_process'); await import('vitest/node');\`;`,
      `// import { y } from '../mcp/index.js';`,
      `const { execFile } = await import('child_process');`,
      `import { readFile } from 'node:fs/promises';`,
    ].join('\n');
    expect(violations([{ file: join(SRC, 'codegen/x.ts'), code }])).toEqual([
      `codegen/x.ts: codegen/ may not import report ('../report/index.js')`,
      `codegen/x.ts: codegen/ may not import vitest ('../vitest/index.js')`,
      // verbatimModuleSyntax keeps it as \`import {} from\`, which loads the module.
      `codegen/x.ts: codegen/ may not import record ('../record/index.js')`,
      `codegen/x.ts: 'zod' may only be imported by its gateway module`,
      `codegen/x.ts:10: import() of a computed specifier (the rules cannot see what it loads)`,
      `codegen/x.ts: 'node:child_process' may only be imported by its gateway module`,
      `codegen/x.ts: 'node:fs' may only be imported by its gateway module`,
    ]);
  });
});
