// The pure parts of cassettes: modes, staleness, the screen diff, evidence, observation, tallies, parsing.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseCassette, pendingPath } from '../../src/agent/cassette/format.js';
import { libraryStaleness, queryPlan, runPlan, semanticInputs, sha256, staleReasons } from '../../src/agent/cassette/inputs.js';
import { decideCassetteAction, resolveCassetteMode } from '../../src/agent/cassette/mode.js';
import { unifiedDiff } from '../../src/agent/cassette/screen-diff.js';
import { addTallies, formatTally } from '../../src/agent/cassette/tally.js';
import { missingEvidence } from '../../src/agent/driver.js';
import { observeRequest } from '../../src/agent/cassette/clients.js';
import { CassetteMismatchError, ConfigError } from '../../src/errors.js';

const SIZE = { cols: 40, rows: 12 };

describe('resolveCassetteMode', () => {
  it.each([
    [undefined, {}, 'auto'],
    [undefined, { CI: 'true' }, 'replay'],
    [undefined, { CI: '1' }, 'replay'],
    [undefined, { CI: 'false' }, 'auto'],
    [undefined, { CI: '0' }, 'auto'],
    [undefined, { CI: 'true', TMUX_SHOT_CASSETTES: 'record' }, 'record'],
    [undefined, { TMUX_SHOT_CASSETTES: 'live' }, 'live'],
    ['record', { CI: 'true', TMUX_SHOT_CASSETTES: 'replay' }, 'record'],
  ] as const)('requested %s with %o is %s', (requested, env, mode) => {
    expect(resolveCassetteMode(requested, env)).toBe(mode);
  });

  it("is live for a test with its own model (the fixture's agentModel), unless the test asks for a mode", () => {
    expect(resolveCassetteMode(undefined, { CI: 'true', TMUX_SHOT_CASSETTES: 'record' }, true)).toBe('live');
    expect(resolveCassetteMode('replay', {}, true)).toBe('replay');
  });

  it('refuses an unknown mode name', () => {
    expect(() => resolveCassetteMode(undefined, { TMUX_SHOT_CASSETTES: 'update' })).toThrow(
      new ConfigError("TMUX_SHOT_CASSETTES='update' is not a cassette mode: use one of auto, replay, record, live."),
    );
  });
});

describe('decideCassetteAction', () => {
  it.each([
    ['auto', true, 'replay'],
    ['auto', false, 'record'],
    ['replay', true, 'replay'],
    ['replay', false, 'missing'],
    ['record', true, 'record'],
    ['live', true, 'live'],
  ] as const)('%s with a cassette: %s → %s', (mode, exists, action) => {
    expect(decideCassetteAction(mode, exists)).toBe(action);
  });
});

describe('semanticInputs', () => {
  it('holds the goal, the hashes of goal, system prompt and tools, the terminal size and the chunk plan: no library version', () => {
    const plan = runPlan('open settings', {}, SIZE);
    const inputs = semanticInputs(plan);
    expect(Object.keys(inputs)).toEqual(['kind', 'goal', 'goalHash', 'systemPromptHash', 'toolsHash', 'terminal', 'chunkPlan']);
    expect(inputs).toStrictEqual({
      kind: 'run',
      goal: 'open settings',
      goalHash: '57f0e5744c11a87174fa2c70a47aca28e503ab6ce94a4b8f76311aae885b3edd', // sha256 of the goal's UTF-8
      systemPromptHash: sha256(plan.systemPrompt),
      toolsHash: sha256(JSON.stringify(plan.tools)),
      terminal: { cols: 40, rows: 12 },
      chunkPlan: { chunks: 1, chunkSeconds: 60 },
    });
  });
});

describe('staleReasons', () => {
  const base = semanticInputs(runPlan('open settings', {}, SIZE));

  it('names each semantic input that changed', () => {
    const changed = semanticInputs(runPlan('open help', { duration: 120, chunkSeconds: 60 }, { cols: 80, rows: 24 }));
    expect(staleReasons(base, changed)).toEqual(['goal "open settings" → "open help"', 'terminal size 40x12 → 80x24', 'chunk plan 1×60s → 2×60s']);
  });

  it('names a changed tool schema', () => {
    const a = semanticInputs(queryPlan(z.object({ items: z.array(z.string()) }), 'q', SIZE));
    const b = semanticInputs(queryPlan(z.object({ items: z.array(z.number()) }), 'q', SIZE));
    expect(staleReasons(a, b)).toEqual(['tool schemas']);
  });
});

describe('unifiedDiff', () => {
  it('is empty for equal texts', () => {
    expect(unifiedDiff('a\nb', 'a\nb')).toBe('');
  });

  it('shows removals before additions, with two lines of context and separate hunks', () => {
    const recorded = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'x'].join('\n');
    const live = ['1', 'two', '3', '4', '5', '6', '7', '8', '9', 'y'].join('\n');
    expect(unifiedDiff(recorded, live).split('\n')).toEqual([
      '--- recorded',
      '+++ live',
      '@@ -1,4 +1,4 @@',
      ' 1',
      '-2',
      '+two',
      ' 3',
      ' 4',
      '@@ -8,3 +8,3 @@',
      ' 8',
      ' 9',
      '-x',
      '+y',
    ]);
  });

  it('counts added lines in the live side only', () => {
    expect(unifiedDiff('a\nb', 'a\nnew\nb', 0)).toBe('--- recorded\n+++ live\n@@ -2,0 +2,1 @@\n+new');
  });
});

describe('missingEvidence', () => {
  const screen = 'Menu\nSelected: Settings\n';
  it.each([
    [['Selected: Settings'], []],
    [['Selected: Help', 'Menu'], ['Selected: Help']],
    [['/Selected: S\\w+/'], []],
    [['/^Selected: H/'], ['/^Selected: H/']],
    [['/'], ['/']],
    [['//'], ['//']],
    [['/[unclosed/'], ['/[unclosed/']],
  ])('%o is missing %o', (evidence, missing) => {
    expect(missingEvidence(evidence, screen)).toEqual(missing);
  });
});

describe('observeRequest', () => {
  const tools = runPlan('g', {}, SIZE).tools;
  const action = tools.filter((t) => t.function.name !== 'propose_plan');
  const planning = tools.filter((t) => t.function.name === 'propose_plan');
  const image = { role: 'user' as const, content: [{ type: 'image_url' as const, image_url: { url: 'data:image/png;base64,AAAA' } }] };

  it('numbers chunks and turns from the request, planning as chunk 0, and hashes images', () => {
    const first = { model: 'm', tools: action, messages: [{ role: 'user' as const, content: 'goal' }] };
    const later = { ...first, messages: [...first.messages, { role: 'assistant' as const, content: null }, image] };
    expect(observeRequest({ model: 'm', tools: planning, messages: [] }, 'S', 0)).toMatchObject({ chunk: 0, turn: 1 });
    expect(observeRequest(first, 'S', 0)).toEqual({ chunk: 1, turn: 1, screen: { digest: sha256('S'), text: 'S' }, images: [] });
    expect(observeRequest(first, 'S', 1)).toMatchObject({ chunk: 2, turn: 1 });
    expect(observeRequest(later, 'S', 2)).toMatchObject({ chunk: 2, turn: 2, images: [sha256('data:image/png;base64,AAAA')] });
  });

  it('keeps 4000 characters of the screen text but digests all of it', () => {
    const long = 'x'.repeat(5000);
    const seen = observeRequest({ model: 'm', tools: action, messages: [] }, long, 0);
    expect([seen.screen.text.length, seen.screen.digest]).toEqual([4000, sha256(long)]);
  });
});

describe('tallies', () => {
  it('sums and formats one line', () => {
    const sum = addTallies([
      { calls: 1, tokens: 10, hits: 0, misses: 1, stale: 0 },
      { calls: 0, tokens: 0, hits: 2, misses: 0, stale: 1 },
    ]);
    expect(formatTally(sum)).toBe('tmux-shot agent: 1 model call, 10 tokens; cassettes: 2 hits, 1 miss, 1 stale');
    expect(formatTally(addTallies([]))).toBe('tmux-shot agent: 0 model calls, 0 tokens; cassettes: 0 hits, 0 misses, 0 stale');
  });
});

describe('parseCassette', () => {
  it('names the file and the problem', () => {
    expect(() => parseCassette('{', '/c.json')).toThrow(CassetteMismatchError);
    expect(() => parseCassette('{"format": 1}', '/c.json')).toThrow(
      new CassetteMismatchError('Cassette /c.json is not a tmux-shot cassette: test: Invalid input: expected string, received undefined'),
    );
  });
});

describe('libraryStaleness', () => {
  const cassette = (systemPromptHash: string, toolsHash: string, format = 1) => ({
    format,
    test: 't',
    model: 'm',
    baseHost: '',
    sampling: {},
    interactions: [{ inputs: { ...semanticInputs(runPlan('g', {}, SIZE)), systemPromptHash, toolsHash }, entries: [] }],
  });
  const current = semanticInputs(runPlan('g', {}, SIZE));

  it('accepts a cassette of the current prompts and tools, and names what changed otherwise', () => {
    expect(libraryStaleness(cassette(current.systemPromptHash, current.toolsHash))).toEqual([]);
    expect(libraryStaleness(cassette('old', 'old'))).toEqual(['run system prompt', 'run tool schemas']);
    expect(libraryStaleness(cassette(current.systemPromptHash, current.toolsHash, 0))).toEqual(['format 0 → 1']);
  });
});

it('puts the pending cassette beside the cassette', () => {
  expect(pendingPath('/t/__cassettes__/a.test.ts/opens.json')).toBe('/t/__cassettes__/a.test.ts/opens.pending.json');
});
