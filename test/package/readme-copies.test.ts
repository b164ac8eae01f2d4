// test/package/project/pass/ runs the README's first test and the agents guide's scripted-agent
// test in a project that installed the package (npm run test:package): they must be that code as
// written, in the README and in the docs pages that show it too.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');

/** The first ```ts block after `heading` in the Markdown file at `page` (relative to the repository). */
function codeAfter(page: string, heading: string): string {
  const text = readFileSync(join(repo, page), 'utf8');
  expect(text.includes(heading), `${page} has ${heading}`).toBe(true);
  const rest = text.slice(text.indexOf(heading));
  const start = rest.indexOf('```ts\n') + '```ts\n'.length;
  return rest.slice(start, rest.indexOf('```', start));
}

/** A copy in the package project, without its two-line header comment. */
function copy(name: string): string {
  return readFileSync(join(import.meta.dirname, 'project/pass', name), 'utf8')
    .split('\n')
    .slice(2)
    .join('\n');
}

it.each([
  ['README.md', '## A test', 'readme-menu.test.js'],
  ['docs/guide/getting-started.md', '## A test', 'readme-menu.test.js'],
  ['docs/guide/agents.md', '## Agents', 'readme-agent.test.js'],
])('the code under %s %s is %s', (page, heading, name) => {
  expect(copy(name)).toBe(codeAfter(page, heading).replace(/^\/\/ menu\.test\.ts\n/, ''));
});
