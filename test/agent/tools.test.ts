import { describe, expect, it } from 'vitest';
import { ACTION_TOOLS, PLANNING_TOOLS, TOOLS, toolSpecs } from '../../src/agent/tools.js';

const SEND_KEYS =
  'Press keys by name, in order. Names are tmux key names or Playwright aliases: Up Down Left Right Enter ' +
  'Escape Tab BSpace Space Home End PageUp PageDown F1..F12, C-c (Ctrl+C), M-x (Alt+x), single characters ' +
  'like q or 5. For words or sentences use type_text.';

describe('toolSpecs', () => {
  it('converts the zod schemas to JSON Schema function tools', () => {
    const [sendKeys] = toolSpecs(['send_keys']);
    expect(sendKeys).toEqual({
      type: 'function',
      function: {
        name: 'send_keys',
        description: SEND_KEYS,
        parameters: {
          type: 'object',
          properties: {
            keys: { type: 'string', minLength: 1, description: 'Space-separated key names, e.g. "Down Down" or "C-c"' },
            enter: { type: 'boolean', description: 'Press Enter after the keys' },
          },
          required: ['keys'],
          additionalProperties: false,
        },
      },
    });
  });

  it('offers the acting tools and, separately, the planning tool', () => {
    expect(toolSpecs(ACTION_TOOLS).map((t) => t.function.name)).toEqual(['send_keys', 'type_text', 'screenshot', 'read_text', 'wait', 'finish']);
    expect(toolSpecs(PLANNING_TOOLS)).toEqual([
      {
        type: 'function',
        function: {
          name: 'propose_plan',
          description: 'Propose the plan of a long session: one array element per chunk, in order.',
          parameters: {
            type: 'object',
            properties: {
              chunks: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 }, description: 'One short task per element, without numbering' },
            },
            required: ['chunks'],
            additionalProperties: false,
          },
        },
      },
    ]);
  });

  it('tells the model how keys and literal text differ', () => {
    expect(TOOLS.send_keys.description).toBe(SEND_KEYS);
    expect(TOOLS.type_text.description).toBe('Type literal text exactly as given (no key names are interpreted). A newline is sent as Enter.');
  });
});
