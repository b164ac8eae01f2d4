/**
 * The report's browser script, built from its own TypeScript module: `src/report/client.ts` (one
 * function, `reportClient`, that uses nothing from outside itself) compiled to JavaScript by the
 * TypeScript compiler and called, written as a string to `src/report/client-script.ts`, which the
 * page inlines. `npm run build` runs this before tsc; test/report/client-script.test.ts checks that
 * the file written is the build of today's client.ts. No `Function.prototype.toString()`: code
 * coverage or any other transform of the running code cannot change the script.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
export const CLIENT_SOURCE = resolve(ROOT, 'src/report/client.ts');
export const CLIENT_SCRIPT_FILE = resolve(ROOT, 'src/report/client-script.ts');

/**
 * The inline script for client.ts's source: its JavaScript (types, comments and the export removed), in a function called at once.
 * @param {string} source
 * @returns {string}
 */
export function buildClientScript(source) {
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, removeComments: true, verbatimModuleSyntax: false },
    fileName: 'client.ts',
  });
  const code = outputText
    .replace(/^export function reportClient\(/m, 'function reportClient(')
    .replace(/^export \{\};\n/m, '')
    .trim();
  if (/^\s*(import|export)\b/m.test(code))
    throw new Error('src/report/client.ts must be one function that imports nothing at runtime and exports only reportClient');
  return `(() => {\n${code}\nreportClient();\n})();`;
}

/**
 * The TypeScript module holding `script` as a string, as it is written to `src/report/client-script.ts`.
 * @param {string} script
 * @returns {string}
 */
export function clientScriptModule(script) {
  return [
    '// Generated from client.ts by scripts/report-client.mjs (npm run build): do not edit.',
    '',
    "/** The report's browser script: client.ts compiled to JavaScript, calling `reportClient()` at once. */",
    `export const CLIENT_SCRIPT = ${JSON.stringify(script)};`,
    '',
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const module = clientScriptModule(buildClientScript(readFileSync(CLIENT_SOURCE, 'utf8')));
  const before = (() => {
    try {
      return readFileSync(CLIENT_SCRIPT_FILE, 'utf8');
    } catch {
      return undefined;
    }
  })();
  if (before !== module) writeFileSync(CLIENT_SCRIPT_FILE, module);
}
