// The translated examples of docs/guide/migrating.md run in test/examples/migrating-*.test.ts: each
// file is its block as written, but for its two-line header and the import of tmux-shot/vitest,
// which a checkout takes from src/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { codeBlocks, DOCS, REPO } from './markdown.js';

const blocks = codeBlocks(readFileSync(join(DOCS, 'guide/migrating.md'), 'utf8')).filter((block) => block.lang === 'ts');

it('the page has one example per peer', () => {
  expect(blocks).toHaveLength(3);
});

it.each([
  ['tui-test', 0],
  ['tuistory', 1],
  ['termless', 2],
])('test/examples/migrating-%s.test.ts is the example of that peer, as written', (peer, index) => {
  const copy = readFileSync(join(REPO, `test/examples/migrating-${peer}.test.ts`), 'utf8')
    .split('\n')
    .slice(2)
    .join('\n');
  expect(copy.replace("from '../../src/vitest/index.js'", "from 'tmux-shot/vitest'")).toBe(blocks[index]?.code);
});
