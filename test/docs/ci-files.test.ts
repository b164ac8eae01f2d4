// The CI files of docs/guide/ci.md parse as YAML and hold what the page says they do: tmux
// installed, the shards, the attachments kept as artifacts, the merge of the shards' reports.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { codeBlocks, DOCS, read } from './markdown.js';

const blocks = codeBlocks(read(join(DOCS, 'guide/ci.md'))).filter((block) => block.lang === 'yaml');

/** The YAML block whose first line names `file`, parsed (strict: duplicate keys and bad syntax throw). */
function ciFile(file: string): Record<string, unknown> {
  const block = blocks.find((candidate) => candidate.code.startsWith(`# ${file}\n`));
  expect(block, `a yaml block starting with '# ${file}'`).toBeDefined();
  return parse(block?.code ?? '', { strict: true, uniqueKeys: true }) as Record<string, unknown>;
}

type Step = { uses?: string; run?: string; with?: Record<string, unknown> };
type Job = { needs?: string | string[]; steps?: Step[]; script?: string[]; stage?: string; artifacts?: { paths?: string[] } };

describe('the GitHub Actions workflow', () => {
  const workflow = ciFile('.github/workflows/test.yml') as { on: unknown; jobs: Record<string, Job & { strategy?: { matrix?: { shard?: number[] } } }> };
  const { test, report } = workflow.jobs;
  const runs = (job: Job | undefined) => (job?.steps ?? []).flatMap((step) => (step.run ? [step.run] : []));
  const uploads = (job: Job | undefined) => (job?.steps ?? []).filter((step) => step.uses?.startsWith('actions/upload-artifact@'));

  it('installs tmux and the dependencies, then runs its shard with the blob reporter', () => {
    expect(workflow.on).toEqual(['push', 'pull_request']);
    expect(test?.strategy?.matrix?.shard).toEqual([1, 2]);
    expect(runs(test)).toEqual([
      'sudo apt-get update && sudo apt-get install -y tmux',
      'npm ci',
      'npx vitest run --shard=${{ matrix.shard }}/2 --reporter=default --reporter=blob',
    ]);
  });

  it('uploads the blob and .vitest-attachments/ with hidden files, then merges them in the report job', () => {
    expect(uploads(test).map((step) => [step.with?.['path'], step.with?.['include-hidden-files']])).toEqual([
      ['.vitest-reports/', true],
      ['.vitest-attachments/', true],
    ]);
    expect(report?.needs).toBe('test');
    expect(runs(report)).toEqual(['npm ci', 'npx vitest run --merge-reports']);
    expect(uploads(report).map((step) => step.with?.['path'])).toEqual(['.vitest-attachments/']);
  });
});

describe('the GitLab CI file', () => {
  const pipeline = ciFile('.gitlab-ci.yml') as { stages: string[]; default: { before_script: string[] }; test: Job & { parallel: number }; report: Job };

  it('installs tmux before every job and runs two shards', () => {
    expect(pipeline.default.before_script).toEqual(['apt-get update && apt-get install -y tmux', 'npm ci --cache .npm --prefer-offline']);
    expect(pipeline.test.parallel).toBe(2);
    expect(pipeline.test.script).toEqual(['npx vitest run --shard=$CI_NODE_INDEX/$CI_NODE_TOTAL --reporter=default --reporter=blob']);
  });

  it('keeps the attachments and merges the shards in a later stage', () => {
    expect(pipeline.stages).toEqual(['test', 'report']);
    expect(pipeline.test.artifacts?.paths).toEqual(['.vitest-reports/', '.vitest-attachments/']);
    expect([pipeline.report.stage, pipeline.report.needs, pipeline.report.script]).toEqual(['report', ['test'], ['npx vitest run --merge-reports']]);
    expect(pipeline.report.artifacts?.paths).toEqual(['.vitest-attachments/']);
  });
});

it('the page has exactly these two CI files', () => {
  expect(blocks.map((block) => block.code.split('\n')[0])).toEqual(['# .github/workflows/test.yml', '# .gitlab-ci.yml']);
});
