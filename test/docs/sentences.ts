/**
 * The sentences of a page's prose, for the docs test that keeps the guides readable: code blocks,
 * tables, headings, HTML and container fences left out; inline code, links and emphasis reduced to
 * the words a reader reads. Pure: text in, sentences out.
 */

/** A sentence of a page: its text as written (inline code kept), its word count and the 1-based line it starts on. */
export interface Sentence {
  text: string;
  words: number;
  line: number;
}

/** Words a sentence may end with that do not end it (the period is part of the word). */
const ABBREVIATIONS = new Set(['e.g.', 'i.e.', 'etc.', 'vs.', 'cf.', 'approx.', 'no.', 'fig.']);

/** A run of prose (a paragraph or a list item) with the line it starts on. */
interface Block {
  text: string;
  line: number;
}

/** Inline code is one word, whatever it holds: while a block is split it stands as `⟦n⟧`. */
const CODE = /⟦(\d+)⟧/g;

/** Inline Markdown reduced to what a reader reads: links to their text, emphasis and HTML tags dropped. */
export function plainInline(line: string): string {
  return line
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/\*\*|__/g, '')
    .replace(/(^|[\s(])\*(?=\S)/g, '$1')
    .replace(/(\S)\*(?=[\s.,;:!?)]|$)/g, '$1');
}

/** The page's prose blocks: paragraphs and list items, each one block, with the line each starts on. */
export function proseBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | undefined;
  let fence = false;
  let frontMatter = false;
  const end = (): void => {
    if (current && current.text.trim() !== '') blocks.push(current);
    current = undefined;
  };
  markdown.split('\n').forEach((raw, n) => {
    if (n === 0 && raw === '---') frontMatter = true;
    else if (frontMatter) frontMatter = raw !== '---';
    const line = raw.trim();
    if (/^```/.test(line)) fence = !fence;
    if (frontMatter || fence || /^```/.test(line) || line === '' || /^(#{1,6} |\||:::|<|<!--)/.test(line) || /^-{3,}$/.test(line)) {
      end();
      return;
    }
    const item = /^(?:[-*+]|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      end();
      current = { text: item[1] as string, line: n + 1 };
    } else if (current) current.text += ` ${line}`;
    else current = { text: line.replace(/^>\s*/, ''), line: n + 1 };
  });
  end();
  return blocks.map((block) => ({ text: plainInline(block.text), line: block.line }));
}

/** Inline code spans replaced by `⟦n⟧`, so that their dots and spaces neither end nor lengthen a sentence. */
function protectCode(text: string): { text: string; spans: string[] } {
  const spans: string[] = [];
  return { text: text.replace(/`[^`]*`/g, (span) => `⟦${spans.push(span) - 1}⟧`), spans };
}

/** A block's sentences: split after `.`, `!` or `?` (closing quotes and brackets kept) before a space, abbreviations excepted. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  const words = text.split(/\s+/).filter((word) => word !== '');
  let current: string[] = [];
  for (const word of words) {
    current.push(word);
    const ends = /[.!?]["'”’)\]]*$/.test(word) && !ABBREVIATIONS.has(word.toLowerCase().replace(/^[("'“‘]+/, ''));
    if (ends) {
      sentences.push(current.join(' '));
      current = [];
    }
  }
  if (current.length > 0) sentences.push(current.join(' '));
  return sentences;
}

/** The number of words of a sentence: runs of text holding a letter or a digit (a lone dash is not a word). */
export function wordCount(sentence: string): number {
  return sentence.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Every sentence of a page's prose, in order. */
export function sentences(markdown: string): Sentence[] {
  return proseBlocks(markdown).flatMap((block) => {
    const { text, spans } = protectCode(block.text);
    return splitSentences(text)
      .map((sentence) => ({ text: sentence.replace(CODE, (_, n: string) => spans[Number(n)] as string), words: wordCount(sentence), line: block.line }))
      .filter((sentence) => sentence.words > 0);
  });
}

/** A page's measures: sentences, prose words, average words per sentence and its longest sentence. */
export function measure(markdown: string): { sentences: number; words: number; average: number; longest: Sentence } {
  const all = sentences(markdown);
  const words = all.reduce((sum, sentence) => sum + sentence.words, 0);
  const longest = all.reduce<Sentence>((a, b) => (b.words > a.words ? b : a), { text: '', words: 0, line: 0 });
  return { sentences: all.length, words, average: all.length === 0 ? 0 : words / all.length, longest };
}
