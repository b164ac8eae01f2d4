/**
 * Reading the documentation's Markdown for the docs tests: its pages, code blocks, links and
 * heading anchors (made as VitePress makes them, so an anchor that passes here works on the site).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const REPO = resolve(import.meta.dirname, '../..');
export const DOCS = join(REPO, 'docs');

/** README.md and every written page of docs/ (not the generated API pages, not .vitepress/), as absolute paths. */
export function markdownFiles(): string[] {
  const pages: string[] = [join(REPO, 'README.md')];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'api' && !entry.name.startsWith('.')) walk(path);
      else if (entry.isFile() && entry.name.endsWith('.md')) pages.push(path);
    }
  };
  walk(DOCS);
  return pages.sort();
}

/** A page's path from the repository root, for test names and messages. */
export function repoPath(file: string): string {
  return relative(REPO, file);
}

/** A fenced code block: its language, its text and the 1-based line of its opening fence. */
export interface CodeBlock {
  lang: string;
  code: string;
  line: number;
}

/** The fenced code blocks of a page, indented ones (inside list items) included, indent removed. */
export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split('\n');
  for (let n = 0; n < lines.length; n++) {
    const open = /^( *)```(\S*)/.exec(lines[n] as string);
    if (!open) continue;
    const indent = (open[1] as string).length;
    const body: string[] = [];
    let end = n + 1;
    while (end < lines.length && !/^ *```\s*$/.test(lines[end] as string)) body.push((lines[end++] as string).slice(indent));
    blocks.push({ lang: open[2] as string, code: `${body.join('\n')}\n`, line: n + 1 });
    n = end;
  }
  return blocks;
}

/** The page's prose: code blocks blanked (line numbers kept) and inline code removed, or only its backticks. */
export function prose(markdown: string, inlineCode: 'remove' | 'keep text' = 'remove'): string {
  let inFence = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^ *```/.test(line)) {
        inFence = !inFence;
        return '';
      }
      return inFence ? '' : line.replace(/`([^`]*)`/g, inlineCode === 'remove' ? '' : '$1');
    })
    .join('\n');
}

/** VitePress's heading slug (vitepress/dist/node: `slugify`), for the text a heading renders. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u0000-\u001f]/g, '')
    .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase();
}

/** The anchors of a page's headings, as VitePress makes them (a repeated one gets `-1`, `-2`…). */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const line of prose(markdown, 'keep text').split('\n')) {
    const heading = /^#{1,6} (.+)$/.exec(line);
    if (!heading) continue;
    const text = (heading[1] as string).replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\*\*/g, '');
    const slug = slugify(text);
    const count = seen.get(slug);
    seen.set(slug, (count ?? -1) + 1);
    found.add(count === undefined ? slug : `${slug}-${count + 1}`);
  }
  return found;
}

/** Every Markdown link and image target of a page's prose, with its 1-based line. */
export function links(markdown: string): { target: string; line: number }[] {
  const found: { target: string; line: number }[] = [];
  prose(markdown)
    .split('\n')
    .forEach((line, n) => {
      for (const match of line.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)) found.push({ target: match[1] as string, line: n + 1 });
    });
  return found;
}

/** Reads a page as UTF-8, with VitePress's `<!--@include: path{from,to}-->` lines expanded. */
export function read(file: string): string {
  return readFileSync(file, 'utf8').replace(/<!--@include: ([^{}]+?)(?:\{(\d*),(\d*)\})?-->/g, (_, path: string, from?: string, to?: string) => {
    const lines = read(resolve(dirname(file), path)).split('\n');
    return lines.slice(from ? Number(from) - 1 : 0, to ? Number(to) : undefined).join('\n');
  });
}
