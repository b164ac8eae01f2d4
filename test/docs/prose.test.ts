// The guides are written for someone who has five minutes: short sentences. For each page of
// docs/guide/ and README.md, the prose (outside code blocks, tables and headings) has sentences of
// at most LONGEST words and at most AVERAGE words on average. The rewrite of issue 31 left every
// page at 8–12 words a sentence on average and 27 at most. A failure names the page and quotes
// each sentence that is too long, with its line.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS, read, REPO, repoPath } from './markdown.js';
import { measure, proseBlocks, sentences, splitSentences, wordCount } from './sentences.js';

const AVERAGE = 15;
const LONGEST = 30;

const pages = [
  ...readdirSync(join(DOCS, 'guide'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => join(DOCS, 'guide', name)),
  join(REPO, 'README.md'),
];

describe.each(pages.map((page) => [repoPath(page), page]))('%s', (_, page) => {
  const markdown = read(page);

  it(`has sentences of at most ${LONGEST} words`, () => {
    const tooLong = sentences(markdown)
      .filter((sentence) => sentence.words > LONGEST)
      .map((sentence) => `line ${sentence.line} (${sentence.words} words): ${sentence.text}`);
    expect(tooLong).toEqual([]);
  });

  it(`has sentences of at most ${AVERAGE} words on average`, () => {
    const { average, sentences: count, words } = measure(markdown);
    expect(count, 'the page has prose').toBeGreaterThan(10);
    expect(Math.round(average * 10) / 10, `${words} words in ${count} sentences`).toBeLessThanOrEqual(AVERAGE);
  });
});

describe('the sentence splitter', () => {
  it.each([
    ['One. Two.', ['One.', 'Two.']],
    ['Ends without a stop', ['Ends without a stop']],
    ['Is it? Yes! Good.', ['Is it?', 'Yes!', 'Good.']],
    ['Use e.g. a mask, i.e. a RegExp. Then go.', ['Use e.g. a mask, i.e. a RegExp.', 'Then go.']],
    ['Open vitest.config.ts and a.ts now. Done.', ['Open vitest.config.ts and a.ts now.', 'Done.']],
    ['It is 1.5 MiB, version 0.0.2. Next.', ['It is 1.5 MiB, version 0.0.2.', 'Next.']],
    ['(A whole aside.) After it.', ['(A whole aside.)', 'After it.']],
    ['He said "stop." Then left.', ['He said "stop."', 'Then left.']],
    ['Apples, pears, etc. are fruit.', ['Apples, pears, etc. are fruit.']],
  ])('splits %j', (text, expected) => {
    expect(splitSentences(text)).toEqual(expected);
  });
});

describe('the prose of a page', () => {
  it('is paragraphs and list items, without code blocks, tables, headings, HTML or containers', () => {
    const markdown = [
      '# A heading. With a stop.',
      '',
      'A paragraph that goes',
      'over two lines.',
      '',
      '```ts',
      'const notProse = 1; // Not. Prose.',
      '```',
      '',
      '| a table | row. |',
      '|---|---|',
      '',
      '- an item.',
      '- another item.',
      '',
      '::: tip A tip',
      'Inside a container.',
      ':::',
      '<img src="x.png">',
    ].join('\n');
    expect(proseBlocks(markdown)).toEqual([
      { text: 'A paragraph that goes over two lines.', line: 3 },
      { text: 'an item.', line: 13 },
      { text: 'another item.', line: 14 },
      { text: 'Inside a container.', line: 17 },
    ]);
  });

  it('reads links and emphasis as their text', () => {
    const [block] = proseBlocks('See [the guide](./x.md#y). It is **exact**, *really*.');
    expect(block?.text).toBe('See the guide. It is exact, really.');
  });

  it('counts inline code as one word, whatever its dots and spaces, and quotes it as written', () => {
    expect(sentences('Run `npx vitest run a.test.ts -u. Now` now. It is **exact**.')).toEqual([
      { text: 'Run `npx vitest run a.test.ts -u. Now` now.', words: 3, line: 1 },
      { text: 'It is exact.', words: 3, line: 1 },
    ]);
  });

  it('counts words that hold a letter or a digit, not dashes or arrows', () => {
    expect(wordCount('A — B → C 42 ms')).toBe(5);
  });

  it('measures the average and the longest sentence', () => {
    const { sentences: count, words, average, longest } = measure('One two. One two three four.\n\n- Five words are in here.\n');
    expect({ count, words, average, longest }).toEqual({
      count: 3,
      words: 11,
      average: 11 / 3,
      longest: { text: 'Five words are in here.', words: 5, line: 3 },
    });
  });
});
