// agent/ does no I/O of its own: files, processes and sockets belong to the shells (the CLI and the
// Vitest fixture pass in `saveScreenshot` and the cassette store) and to host/.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const AGENT = resolve(import.meta.dirname, '../../src/agent');
const IO_MODULES = /^(node:)?(fs|fs\/promises|child_process|net|http|https|dgram|tls|worker_threads)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('agent/', () => {
  it('imports no module that reads or writes files, starts processes or opens sockets', () => {
    const found = sourceFiles(AGENT).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\(\s*)['"]([^'"]+)['"]/g)]
        .map((m) => m[1]!)
        .filter((spec) => IO_MODULES.test(spec))
        .map((spec) => `${relative(AGENT, file)}: ${spec}`),
    );
    expect(found).toEqual([]);
  });
});
