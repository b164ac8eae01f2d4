// Usage: node declared-imports.mjs <installed package dir>
// Lists every module an installed package's declarations (.d.ts) import that the package does not
// declare: not itself, not a dependency or peer dependency, not a Node built-in (node:…). Such an
// import types as `any` where the module is missing — Vitest 5, for one, installs no @vitest/* —
// and is an error for projects without skipLibCheck. Exits 1 and names each file and module.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';

const root = process.argv[2];
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const declared = new Set([manifest.name, ...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);

/** The package name of a bare module specifier (`@scope/name/sub` → `@scope/name`); undefined for a relative path. */
function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function isBuiltin(name) {
  return name.startsWith('node:') || builtinModules.includes(name);
}

const undeclared = new Set();
for (const file of readdirSync(join(root, 'dist'), { recursive: true, encoding: 'utf8' })) {
  if (!file.endsWith('.d.ts')) continue;
  const text = readFileSync(join(root, 'dist', file), 'utf8');
  // `from '…'` of import/export statements, `import('…')` types, and `declare module '…'`.
  for (const match of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bdeclare\s+module\s+|^import\s+)(['"])([^'"]+)\1/gm)) {
    const name = packageOf(match[2]);
    if (name !== undefined && !declared.has(name) && !isBuiltin(name)) undeclared.add(`  ${relative(root, join(root, 'dist', file))}: ${match[2]}`);
  }
}
if (undeclared.size > 0) {
  console.error(`declarations import modules the package does not declare (dependencies, peerDependencies, node:):\n${[...undeclared].join('\n')}`);
  process.exit(1);
}
