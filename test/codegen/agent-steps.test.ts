import { describe, expect, it } from 'vitest';
import type { AgentTranscript, TranscriptToolCall } from '../../src/agent/transcript.js';
import { evidencePattern, missingEvidence } from '../../src/agent/driver.js';
import { agentRunSteps, agentRunTest } from '../../src/codegen/agent-steps.js';
import type { TestStep } from '../../src/codegen/test-steps.js';

const MENU = (selected: number, status = 'Use arrows') =>
  ['Open', 'Save', 'Settings']
    .map((item, i) => `│ ${i === selected ? '>' : ' '} ${item}     │`)
    .concat(status)
    .join('\n');

function call(name: string, args: object, extra: Partial<TranscriptToolCall> = {}): TranscriptToolCall {
  return { id: 'x', name, arguments: JSON.stringify(args), result: 'ok', ok: true, ...extra };
}

function run(calls: TranscriptToolCall[], evidence?: string[]): AgentTranscript {
  return {
    kind: 'run',
    prompt: 'select Save',
    turns: [{ label: 'step 1', toolCalls: calls, shots: [], retries: 0, source: 'live' }],
    outcome: 'finished',
    summary: 'done',
    ...(evidence ? { evidence } : {}),
  };
}

describe('agentRunSteps', () => {
  it.each<[string, TranscriptToolCall[], string[] | undefined, TestStep[]]>([
    [
      'send_keys → press, then the text it made appear',
      [call('send_keys', { keys: 'Down' }, { screens: { before: MENU(0), after: MENU(1) } })],
      undefined,
      [
        { kind: 'press', keys: ['Down'] },
        { kind: 'expectText', text: '> Save' },
        { kind: 'screenshot', name: 'finished' },
      ],
    ],
    [
      'send_keys with enter → press then Enter; several blanks between keys',
      [call('send_keys', { keys: ' Down   Down', enter: true }, { screens: { before: MENU(0), after: MENU(2, 'Selected: Settings') } })],
      undefined,
      [
        { kind: 'press', keys: ['Down', 'Down'] },
        { kind: 'press', keys: ['Enter'] },
        { kind: 'expectText', text: 'Selected: Settings' },
        { kind: 'screenshot', name: 'finished' },
      ],
    ],
    [
      'type_text → type (+ Enter); no assertion when nothing appeared',
      [call('type_text', { text: 'hi;\n', enter: true }, { screens: { before: MENU(0), after: MENU(0) } })],
      undefined,
      [
        { kind: 'type', text: 'hi;\n' },
        { kind: 'press', keys: ['Enter'] },
        { kind: 'screenshot', name: 'finished' },
      ],
    ],
    [
      'wait before any keys → a text wait on what appeared from its start, or nothing (never a sleep)',
      [call('wait', { seconds: 2 }, { screens: { before: MENU(0, 'Loading'), after: MENU(0, 'Loaded 3 files') } })],
      undefined,
      [
        { kind: 'waitForText', text: 'Loaded 3 files' },
        { kind: 'screenshot', name: 'finished' },
      ],
    ],
    [
      'a wait that saw nothing appear → nothing',
      [call('wait', { seconds: 1 }, { screens: { before: MENU(0), after: MENU(0) } })],
      undefined,
      [{ kind: 'screenshot', name: 'finished' }],
    ],
    [
      // The model reads the screen and thinks for seconds between calls: the screen the keys settled on
      // is not the last one before the next keys.
      'keys whose effect came after the screen settled: asserted from the screen before the next keys (before: no wait, and Enter raced the app)',
      [
        call('send_keys', { keys: 'Down' }, { screens: { before: MENU(0), after: MENU(0) } }),
        call('send_keys', { keys: 'Enter' }, { screens: { before: MENU(1), after: MENU(1, 'Selected: Save') } }),
      ],
      undefined,
      [
        { kind: 'press', keys: ['Down'] },
        { kind: 'expectText', text: '> Save' },
        { kind: 'press', keys: ['Enter'] },
        { kind: 'expectText', text: 'Selected: Save' },
        { kind: 'screenshot', name: 'finished' },
      ],
    ],
    [
      'a wait after keys waits on what the keys made appear, also when it was there before the wait began (before: nothing, as nothing appeared during the wait)',
      [
        call('type_text', { text: 'make', enter: true }, { screens: { before: '$', after: '$ make' } }),
        call('wait', { seconds: 2 }, { screens: { before: '$ make\nBuild finished\n$', after: '$ make\nBuild finished\n$' } }),
        call('type_text', { text: 'exit', enter: true }, { screens: { before: '$ make\nBuild finished\n$', after: '$ make\nBuild finished\n$ exit' } }),
      ],
      undefined,
      [
        { kind: 'type', text: 'make' },
        { kind: 'press', keys: ['Enter'] },
        { kind: 'waitForText', text: 'Build finished' },
        { kind: 'expectRegionText', row: 2, col: 0, text: '$' }, // the prompt is back: the next keys reach the shell, not the terminal's echo
        { kind: 'type', text: 'exit' },
        { kind: 'press', keys: ['Enter'] },
        // Not '$ exit' (issue 28.9): the echo of a line typed with its Enter shows before what the Enter does.
        { kind: 'screenshot', name: 'finished' },
      ],
    ],
    [
      'type_text with enter: the wait is on what the command printed, not on the echo of its line',
      [
        call('type_text', { text: 'echo one', enter: true }, { screens: { before: '$', after: '$ echo one\none\n$' } }),
        call('type_text', { text: 'echo two' }, { screens: { before: '$ echo one\none\n$', after: '$ echo one\none\n$ echo two' } }),
      ],
      undefined,
      [
        { kind: 'type', text: 'echo one' },
        { kind: 'press', keys: ['Enter'] },
        { kind: 'expectText', text: /^one$/ },
        { kind: 'expectRegionText', row: 2, col: 0, text: '$' }, // the prompt is back: the next keys reach the shell, not the terminal's echo
        { kind: 'type', text: 'echo two' },
        { kind: 'expectText', text: '$ echo two' },
        { kind: 'screenshot', name: 'finished' },
      ],
    ],
    [
      'never text that was on the screen before the keys, though the keys took it away and the wait saw it come back (before: a wait on it)',
      [
        call('send_keys', { keys: 'C-l' }, { screens: { before: '$ ls\nnotes.txt\n$', after: '$' } }),
        call('wait', { seconds: 1 }, { screens: { before: '$', after: '$\nnotes.txt' } }),
      ],
      undefined,
      [
        { kind: 'press', keys: ['C-l'] },
        { kind: 'screenshot', name: 'finished' },
      ],
    ],
    [
      'calls that failed, screenshots and reads are left out',
      [call('send_keys', { keys: 'Bogus' }, { ok: false, result: 'error: unknown key' }), call('screenshot', { label: 'look' }), call('read_text', {})],
      undefined,
      [{ kind: 'screenshot', name: 'finished' }],
    ],
    [
      'finish evidence → assertions, a /…/ entry as a RegExp, one equal to the step before skipped',
      [call('send_keys', { keys: 'Down' }, { screens: { before: MENU(0), after: MENU(1) } }), call('finish', { summary: 'ok', evidence: ['> Save'] })],
      ['> Save', '/Sav(e|ed)/', 'Use arrows'],
      [
        { kind: 'press', keys: ['Down'] },
        { kind: 'expectText', text: '> Save' },
        { kind: 'expectText', text: /Sav(e|ed)/ },
        { kind: 'expectText', text: 'Use arrows' },
        { kind: 'screenshot', name: 'finished' },
      ],
    ],
    [
      'a long wait → a text wait with a timeout of twice it; evidence equal to that wait is not repeated',
      [call('wait', { seconds: 9 }, { screens: { before: 'Loading profile…', after: 'Profile ready: ada' } })],
      ['Profile ready: ada'],
      [
        { kind: 'waitForText', text: 'Profile ready: ada', timeout: 18000 },
        { kind: 'screenshot', name: 'finished' },
      ],
    ],
    [
      'the final screenshot masks the volatile text of the last screen seen (a time, a percentage)',
      [
        call('send_keys', { keys: 'Down' }, { screens: { before: MENU(0), after: MENU(1) } }),
        call('wait', { seconds: 1 }, { screens: { before: MENU(1), after: MENU(1, 'Saved at 12:30, 86% done') } }),
      ],
      undefined,
      [
        { kind: 'press', keys: ['Down'] },
        { kind: 'waitForText', text: '> Save' },
        { kind: 'screenshot', name: 'finished', mask: [/\b\d{1,2}:\d{2}\b/, /\d+(?:\.\d+)?\s?%/] },
      ],
    ],
  ])('%s', (_name, calls, evidence, steps) => {
    expect(agentRunSteps(run(calls, evidence))).toEqual(steps);
  });

  it.each([
    ['no wait: none', [], undefined],
    ['waits of 1 s and 3.5 s (within a wait’s default together): none', [1, 3.5], undefined],
    ['waits of 1 s and 4.5 s, one after the other: 5.5 s, so 11 s + 5 s', [1, 4.5], 16000],
    ['a 9 s wait (18 s with headroom): that plus Vitest’s default for the other steps', [9], 23000],
    ['waits of 6 s and 7 s, one after the other: 26 s + 5 s', [6, 7], 31000],
  ])('the test’s timeout from the long waits: %s', (_name, waits, timeout) => {
    const calls = waits.map((seconds, i) => call('wait', { seconds }, { screens: { before: 'Loading', after: `Step ${'ABCD'[i]} ready` } }));
    expect(agentRunTest(run(calls), { command: ['app'], cols: 80, rows: 24 }).timeout).toBe(timeout);
  });

  it('makes the test: the goal as title, the app as given, a comment saying where it came from', () => {
    const test = agentRunTest(run([]), { command: ['node', 'menu.mjs'], cols: 40, rows: 12, cwd: 'sub' });
    expect(test).toEqual({
      title: 'select Save',
      comment: ['Written by tmux-shot from an agent run: the actions the model took, without the model.'],
      command: ['node', 'menu.mjs'],
      cols: 40,
      rows: 12,
      cwd: 'sub',
      steps: [{ kind: 'screenshot', name: 'finished' }],
    });
  });
});

describe('evidencePattern (the agent’s check, and the emitted assertion)', () => {
  const screen = 'Saved 3 files\n/tmp/x/ ok';
  it.each<[string, string | RegExp]>([
    ['Saved', 'Saved'],
    ['/Saved \\d+/', /Saved \d+/],
    ['//', '//'],
    ['/(/', '/(/'],
    ['/x/', /x/],
    ['/tmp/x/', /tmp\/x/],
  ])('%s → %s, as the agent checked it', (entry, text) => {
    expect(evidencePattern(entry)).toEqual(text);
    // the same reading as the agent's own check of the evidence (driver.ts)
    const shown = typeof text === 'string' ? screen.includes(text) : text.test(screen);
    expect(missingEvidence([entry], screen)).toEqual(shown ? [] : [entry]);
  });
});
