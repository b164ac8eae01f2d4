import { describe, expect, it } from 'vitest';
import { normalizePlan, plannedChunkCount, readPlan, splitRunOnChunk } from '../../src/agent/chunks.js';
import { toolCall } from '../../src/agent/scripted-model.js';

describe('splitRunOnChunk', () => {
  it('splits bundled numbered items', () => {
    const bundled =
      '1. Open vim in a new terminal and create a file. ' +
      '2. Use fzf to search project files and jump to a definition. ' +
      '3. Duplicate a heading with a macro and save.';
    const parts = splitRunOnChunk(bundled);
    expect(parts).toHaveLength(3);
    expect(parts[0]!.startsWith('Open vim')).toBe(true);
    expect(parts[1]!.startsWith('Use fzf')).toBe(true);
    expect(parts[2]!.startsWith('Duplicate a heading')).toBe(true);
    expect(parts).toEqual([
      'Open vim in a new terminal and create a file.',
      'Use fzf to search project files and jump to a definition.',
      'Duplicate a heading with a macro and save.',
    ]);
  });

  it('leaves ordinary text alone', () => {
    expect(splitRunOnChunk('create a macro with qa and replay it with 5@a')).toEqual(['create a macro with qa and replay it with 5@a']);
  });

  it.each([
    ['a list that does not start with 1', 'Step 2. go 3. stop'],
    ['a single numbered item', '1. Open vim'],
    ['a number inside the text', 'replay the macro 2. times'],
    ['numbers glued to words', '1.Open 2.Close'],
  ])('leaves %s alone', (_what, text) => {
    expect(splitRunOnChunk(text)).toEqual([text]);
  });

  it('splits 1) style markers and newline-separated lists, keeping out-of-order numbers in the text', () => {
    expect(splitRunOnChunk('1) open\n2) replay it 5. times\n3) quit')).toEqual(['open', 'replay it 5. times', 'quit']);
    expect(splitRunOnChunk('  1. a 2. b')).toEqual(['a', 'b']);
  });
});

describe('normalizePlan', () => {
  it('splits a bundled plan and says so', () => {
    expect(normalizePlan(['1. Open vim and create a file. 2. Record a macro and replay it 5 times. 3. Open a vertical split.'])).toEqual({
      chunks: ['Open vim and create a file.', 'Record a macro and replay it 5 times.', 'Open a vertical split.'],
      split: true,
    });
  });

  it('keeps a proper plan, stripping lone numbers and empty elements', () => {
    expect(normalizePlan(['1. show text objects', ' show macros ', '', '3) show marks'])).toEqual({
      chunks: ['show text objects', 'show macros', 'show marks'],
      split: false,
    });
  });
});

describe('plannedChunkCount', () => {
  it.each([
    [6, 2, 3],
    [1.2, 60, 1],
    [100, 60, 2],
    [89, 60, 1],
    [600, 60, 10],
  ])('%d s in chunks of %d s → %d', (duration, chunk, count) => {
    expect(plannedChunkCount(duration, chunk)).toBe(count);
  });
});

describe('readPlan', () => {
  it('reads, repairs and normalizes the first propose_plan call', () => {
    expect(readPlan({ tool_calls: [toolCall('functions.propose_plan<|channel|>x', { chunks: ['1. a 2. b', 'c'] })] })).toEqual({
      chunks: ['a', 'b', 'c'],
      split: true,
    });
  });

  it.each([
    [{ content: 'Here is my plan: …' }, 'propose_plan was not called'],
    [{ tool_calls: [toolCall('propose_plan', '{}')] }, "error: missing required argument 'chunks'"],
    [{ tool_calls: [toolCall('send_keys', { keys: 'q' })] }, "error: tool 'send_keys' is not available now; valid tools: propose_plan"],
    [{ tool_calls: [toolCall('propose_plan', { chunks: ['1.  '] })] }, 'the plan has no chunks'],
  ])('says why there is no plan in %j', (message, problem) => {
    expect(readPlan(message)).toEqual({ problem });
  });
});
