// test/package/project/pass/ runs the README's first test and its scripted-agent test in a project
// that installed the package (npm run test:package): they must be the README's code as written.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');
const readme = readFileSync(join(repo, 'README.md'), 'utf8');

/** The first ```ts block after `heading`. */
function codeAfter(heading: string): string {
  const rest = readme.slice(readme.indexOf(heading));
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
  ['## A test', 'readme-menu.test.js'],
  ['## Agents', 'readme-agent.test.js'],
])('the code under %s is %s', (heading, name) => {
  expect(copy(name)).toBe(codeAfter(heading).replace(/^\/\/ menu\.test\.ts\n/, ''));
});
