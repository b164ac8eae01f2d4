// What importing each entry point and running `tmux-shot --help` load (the built files: run `npm
// run build` first), watched in a child process by a module hook and the require cache: heavy
// dependencies load on first use (shared/DESIGN.md) — no zod or openai before an agent runs, no
// canvas, pngjs or font code before a screenshot, no report code before a failure, no command's
// module before that command runs. test/bench/import-cost.perf.ts times them.
import { describe, expect, it } from 'vitest';
import { importing, loadedBy } from './module-watch.js';

/** tmux-shot's own top-level folders and files among `own`. */
const areas = (own: string[]): string[] => [...new Set(own.map((file) => file.split('/')[0]!))].sort();

/** The built code that has no business loading before its feature is used. */
const HEAVY_PACKAGES = ['zod', 'openai', 'json5', '@napi-rs/canvas', 'fontkit', 'pngjs', '@modelcontextprotocol/sdk', '@xterm/headless'];

describe('import cost', () => {
  it("import('tmux-shot') loads no zod, openai, canvas, pngjs, xterm or report code, and the one writer's packages", async () => {
    const { packages, own } = await loadedBy(importing('tmux-shot'));
    expect(packages).toEqual(['gifenc', 'imurmurhash', 'signal-exit', 'write-file-atomic']);
    expect(areas(own).filter((area) => ['report', 'codegen', 'test-file', 'cli', 'mcp', 'vitest'].includes(area))).toEqual([]);
    expect(
      own.filter((file) => /^agent\/(tools|tool-kit|schemas|judge|repair)\.js$|^agent\/cassette\/(agent|session|format|inputs|clients)\.js$/.test(file)),
    ).toEqual([]);
  });

  it('loads xterm with the first screen model and zod with the first agent turn (the watch sees them)', async () => {
    const screen = await loadedBy(importing('tmux-shot', 'new m.ScreenModel({ cols: 2, rows: 2 });'));
    expect(screen.packages.filter((name) => HEAVY_PACKAGES.includes(name))).toEqual(['@xterm/headless']);
    const driver = "{ text: () => '', size: () => ({ cols: 2, rows: 2 }) }";
    const client = "m.scriptedModel([{ content: 'done' }])";
    const agent = await loadedBy(
      importing(
        'tmux-shot',
        `await new m.AgentRunner(${driver}, ${client}, { model: 'm', saveScreenshot: async () => '', log: () => {} }).run('g').catch(() => {});`,
      ),
    );
    expect(agent.packages.filter((name) => HEAVY_PACKAGES.includes(name))).toEqual(['zod']);
    expect(agent.own).toContain('agent/tool-kit.js');
  });

  it("import('tmux-shot/vitest') adds to Vitest's own modules no zod, openai, canvas, pngjs, xterm or report code", async () => {
    const vitest = await loadedBy(importing('vitest'));
    const plugin = await loadedBy(importing('tmux-shot/vitest'), true);
    expect(plugin.packages.filter((name) => !vitest.packages.includes(name))).toEqual([
      'gifenc',
      'imurmurhash',
      'pixelmatch',
      'signal-exit',
      'write-file-atomic',
    ]);
    expect(areas(plugin.own).filter((area) => ['report', 'codegen', 'test-file', 'cli', 'mcp'].includes(area))).toEqual([]);
    expect(plugin.own.filter((file) => /^vitest\/report-file\.js$|^agent\/(tools|tool-kit|schemas)\.js$/.test(file))).toEqual([]);
  });

  it("import('tmux-shot/reporter') loads no outside package", async () => {
    expect((await loadedBy(importing('tmux-shot/reporter'))).packages).toEqual([]);
  });

  it('tmux-shot --help loads no command module and no stage, only the one writer for its output', async () => {
    const { packages, own } = await loadedBy(['dist/cli/bin.js', '--help']);
    expect(packages).toEqual(['imurmurhash', 'signal-exit', 'write-file-atomic']);
    expect(own.filter((file) => file.startsWith('cli/'))).toEqual(['cli/args.js', 'cli/bin.js', 'cli/io.js', 'cli/main.js', 'cli/usage-error.js']);
    expect(
      areas(own).filter((area) => ['agent', 'app', 'diff', 'host', 'mcp', 'record', 'render', 'report', 'screen', 'codegen', 'test-file'].includes(area)),
    ).toEqual([]);
  });
});
