// Every link of README.md and the docs pages leads somewhere: a file that exists and, for a link
// with an anchor, a heading that makes that anchor (as VitePress makes it). The sidebar and nav of
// the site's config link to pages that exist. The API pages are generated, so links into them
// (/api/…) are checked by the build (test/docs/site.browser.test.ts opens it).
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, DOCS, links, markdownFiles, read, REPO, repoPath } from './markdown.js';

/** A link's file (absolute) and anchor, or undefined for a link off the site (http, mailto) or into the API pages. */
function resolveLink(from: string, target: string): { file: string; anchor: string } | undefined {
  if (/^[a-z]+:/i.test(target)) return undefined;
  const [path = '', anchor = ''] = target.split('#');
  if (path.startsWith('/api/') || path === '/api') return undefined;
  if (path === '') return { file: from, anchor };
  const file = path.startsWith('/') ? join(DOCS, path) : resolve(dirname(from), path);
  const page = path.startsWith('/') && !/\.\w+$/.test(path) ? (path.endsWith('/') ? join(file, 'index.md') : `${file}.md`) : file;
  return { file: page, anchor };
}

/** Why a link is broken, or undefined when it is not. */
function brokenBecause(from: string, target: string): string | undefined {
  const link = resolveLink(from, target);
  if (link === undefined) return undefined;
  if (!existsSync(link.file)) return `${relative(REPO, link.file)} does not exist`;
  if (from.startsWith(DOCS) && link.file.endsWith('.md') && !link.file.startsWith(DOCS)) return 'a page of the site links to Markdown outside docs/';
  if (link.anchor !== '' && !anchors(read(link.file)).has(link.anchor)) return `${relative(REPO, link.file)} has no heading #${link.anchor}`;
  return undefined;
}

describe.each(markdownFiles().map((file) => [repoPath(file), file]))('%s', (_, file) => {
  it('has only links that lead to a file and a heading', () => {
    const markdown = read(file);
    const broken = links(markdown).flatMap(({ target, line }) => {
      const why = brokenBecause(file, target);
      return why === undefined ? [] : [`line ${line}: ${target}: ${why}`];
    });
    expect(broken).toEqual([]);
  });
});

describe('the link checker', () => {
  const page = join(DOCS, 'guide/getting-started.md');

  it.each([
    ['./writing-tests.md#the-app', undefined],
    ['./writing-tests.md#the-ap', 'docs/guide/writing-tests.md has no heading #the-ap'],
    ['./nowhere.md', 'docs/guide/nowhere.md does not exist'],
    ['#your-first-run', undefined],
    ['#nothing-here', 'docs/guide/getting-started.md has no heading #nothing-here'],
    ['/guide/ci#github-actions', undefined],
    ['../../README.md', 'a page of the site links to Markdown outside docs/'],
    ['https://example.invalid/x', undefined],
  ])('judges %s: %s', (target, why) => {
    expect(brokenBecause(page, target)).toBe(why);
  });

  it('makes anchors as VitePress does', () => {
    expect([...anchors('# Bold text: `boldIsBright`\n## Keys\n## Keys\n```sh\n# not a heading\n```\n### 3 things\n')]).toEqual([
      'bold-text-boldisbright',
      'keys',
      'keys-1',
      '_3-things',
    ]);
  });
});

describe('the site config', () => {
  const config = read(join(DOCS, '.vitepress/config.ts'));
  const targets = [...config.matchAll(/link: '(\/[^']*)'/g)].map((match) => match[1] as string);

  it('links its nav and sidebar to pages that exist', () => {
    expect(targets.length).toBeGreaterThan(20);
    expect(targets.filter((target) => brokenBecause(join(DOCS, 'index.md'), target) !== undefined)).toEqual([]);
  });
});
