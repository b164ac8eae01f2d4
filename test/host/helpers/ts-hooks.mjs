// Module hooks for register-ts.mjs: `./x.js` imports resolve to `./x.ts` when only that exists,
// and .ts files are transpiled (types stripped) with the project's TypeScript.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    if (!specifier.startsWith('.') || !specifier.endsWith('.js')) throw error;
    return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
  }
}

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.ts')) return nextLoad(url, context);
  const fileName = fileURLToPath(url);
  const { outputText } = ts.transpileModule(await readFile(fileName, 'utf8'), {
    fileName,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
  });
  return { format: 'module', source: outputText, shortCircuit: true };
}
