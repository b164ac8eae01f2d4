// Every TypeScript and JavaScript block of README.md and the docs pages type-checks against the
// package's own source, as a user's test file would against the package: `tmux-shot`,
// `tmux-shot/vitest` and `tmux-shot/reporter` resolve to the entry points in src/. A block without
// imports is a fragment of a test: it gets the usual imports, and, unless it declares tests or a
// config of its own, the body of a test whose context has the fixtures. The runnable examples run
// in test/examples/ (each names the page it copies).
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { codeBlocks, markdownFiles, read, REPO, repoPath } from './markdown.js';

/** The names a block may use without importing them, and where they come from. */
const USUAL_IMPORTS: [string, string][] = [
  ['describe', 'tmux-shot/vitest'],
  ['expect', 'tmux-shot/vitest'],
  ['test', 'tmux-shot/vitest'],
  ['Shell', 'tmux-shot'],
  ['TmuxApp', 'tmux-shot'],
  ['scriptedModel', 'tmux-shot'],
  ['toolCall', 'tmux-shot'],
  ['defineConfig', 'vitest/config'],
];

/** The import lines for the usual names `code` does not import itself. */
function preamble(code: string): string {
  const imported = new Set(
    [...code.matchAll(/^import (?:type )?\{([^}]*)\}/gm)].flatMap((match) => (match[1] as string).split(',').map((name) => name.trim())),
  );
  return USUAL_IMPORTS.filter(([name]) => !imported.has(name))
    .map(([name, from]) => `import { ${name} } from '${from}';\n`)
    .join('');
}

/** A block as the source file a user would write. */
function asSourceFile(code: string): string {
  if (/^import |^(test|describe|it)(\.\w+)*\(|^export default /m.test(code)) return preamble(code) + code;
  return `${preamble(code)}test('example', async ({ tmuxApp, shell, launchApp, agent }) => {\n${code}});\n`;
}

interface Example {
  name: string;
  file: string;
  source: string;
}

const examples: Example[] = markdownFiles().flatMap((page) =>
  codeBlocks(read(page))
    .filter((block) => ['ts', 'js', 'typescript', 'javascript'].includes(block.lang))
    .map((block) => {
      const name = `${repoPath(page)}:${block.line}`;
      const file = join(REPO, 'test/docs/.examples', `${name.replace(/[/:.]/g, '_')}.ts`);
      return { name, file, source: asSourceFile(block.code) };
    }),
);

/** The type errors of every example, by example name, from one program over all of them. */
function typeErrors(): Map<string, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(join(REPO, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const options: ts.CompilerOptions = {
    ...config?.options,
    noEmit: true,
    // A fragment's imports may go unused; a user's test would not keep them.
    noUnusedLocals: false,
    paths: {
      'tmux-shot': [join(REPO, 'src/index.ts')],
      'tmux-shot/vitest': [join(REPO, 'src/vitest/index.ts')],
      'tmux-shot/reporter': [join(REPO, 'src/vitest/reporter.ts')],
    },
  };
  const sources = new Map(examples.map((example) => [example.file, example.source]));
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (file) => sources.get(file) ?? readFile(file);
  host.fileExists = (file) => sources.has(file) || fileExists(file);
  host.getSourceFile = (file, languageVersion) => {
    const text = host.readFile(file);
    return text === undefined ? undefined : ts.createSourceFile(file, text, languageVersion, true);
  };
  const program = ts.createProgram([...sources.keys()], options, host);
  const errors = new Map<string, string[]>(examples.map((example) => [example.name, []]));
  for (const example of examples) {
    const sourceFile = program.getSourceFile(example.file);
    for (const diagnostic of [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)]) {
      const line = diagnostic.start === undefined ? 0 : (sourceFile?.getLineAndCharacterOfPosition(diagnostic.start).line ?? 0) + 1;
      errors.get(example.name)?.push(`line ${line}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
    }
  }
  return errors;
}

describe('the examples of README.md and docs/', () => {
  const errors = typeErrors();

  it('are many (read, not empty)', () => {
    expect(examples.length).toBeGreaterThan(30);
    expect(dirname(examples[0]?.file ?? '')).toBe(join(REPO, 'test/docs/.examples'));
  });

  it.each(examples.map((example) => [example.name, example.source]))('%s type-checks', (name, source) => {
    expect(errors.get(name), source).toEqual([]);
  });
});

describe('a fragment', () => {
  const usual = preamble('');

  it('becomes the body of a test with the usual imports', () => {
    expect(asSourceFile("await tmuxApp.press('Enter');\n")).toBe(
      `${usual}test('example', async ({ tmuxApp, shell, launchApp, agent }) => {\nawait tmuxApp.press('Enter');\n});\n`,
    );
  });

  it('that declares tests or imports keeps its top level, and gets the usual names it does not import', () => {
    expect(asSourceFile('test.override({});\n')).toBe(`${usual}test.override({});\n`);
    expect(usual).toContain("import { test } from 'tmux-shot/vitest';\n");
    const own = preamble("import { expect, test } from 'tmux-shot/vitest';\n");
    expect([own.includes('import { expect }'), own.includes('import { test }'), own.includes('import { describe }')]).toEqual([false, false, true]);
  });
});
