/**
 * What a child node process loads, watched by a module resolve hook and the require cache (which
 * Node 20's hooks do not see): for test/import-cost.test.ts and test/bench/import-cost.perf.ts.
 * Runs the built files (`npm run build` first).
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

/** The repository: where the child runs, so `tmux-shot` resolves to the built package. */
export const root = resolve(import.meta.dirname, '..');

/** Registers a resolve hook printing each module resolved, and prints the CommonJS modules required (which Node 20's hooks do not see) at exit. */
const WATCH = `import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';
register('data:text/javascript,' + encodeURIComponent(\`export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  process.stdout.write('loaded ' + result.url + '\\\\n');
  return result;
}\`));
const cache = createRequire(pathToFileURL(process.cwd() + '/').href).cache;
process.on('exit', () => { for (const file of Object.keys(cache)) process.stdout.write('loaded ' + pathToFileURL(file).href + '\\n'); });`;

/** What a child node loads: outside packages (by name) and tmux-shot's own built modules (relative to dist/), each sorted, once. */
export interface Loaded {
  packages: string[];
  own: string[];
  /** How many modules it loaded from node_modules. */
  modules: number;
}

/** Runs node with `args` in the repository, watched; `tolerate` lets it fail (an entry point that throws when evaluated outside Vitest). */
export async function loadedBy(args: string[], tolerate = false): Promise<Loaded> {
  const watch = `data:text/javascript,${encodeURIComponent(WATCH)}`;
  const run = promisify(execFile)(process.execPath, ['--import', watch, ...args], { cwd: root });
  const { stdout } = tolerate ? await run.catch((error: { stdout: string }) => error) : await run;
  const urls = stdout.split('\n').flatMap((line) => (line.startsWith('loaded file://') ? [line.slice('loaded file://'.length)] : []));
  const packages = urls.flatMap((url) => {
    const inModules = url.split('/node_modules/')[1];
    if (inModules === undefined) return [];
    const parts = inModules.split('/');
    return [parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!];
  });
  const own = urls.flatMap((url) => (url.startsWith(`${root}/dist/`) ? [url.slice(`${root}/dist/`.length)] : []));
  const modules = new Set(urls.filter((url) => url.includes('/node_modules/'))).size;
  return { packages: [...new Set(packages)].sort(), own: [...new Set(own)].sort(), modules };
}

/** Loads `specifier` (a package entry point, resolved from the repository) as a user's code would, then runs `then`. */
export function importing(specifier: string, then = ''): string[] {
  return ['--input-type=module', '-e', `await import(${JSON.stringify(specifier)}).then(async (m) => { ${then} }, () => undefined);`];
}
