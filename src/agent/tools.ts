/**
 * The tool table: each tool's zod 4 schema, description, and JSON Schema for the API (converted
 * natively with `z.toJSONSchema`). Keys versus text: `send_keys` takes key *names* (tmux names or
 * Playwright aliases), `type_text` takes *literal* text — "hello" typed with send_keys would be
 * rejected as an unknown key name.
 */
import { z } from 'zod';
import { AGENT_LOOP } from '../defaults.js';
import type { ToolSpec } from './chat.js';

/** Every tool: its description (what the model reads) and the schema its arguments must match. */
export const TOOLS = {
  send_keys: {
    description:
      'Press keys by name, in order. Names are tmux key names or Playwright aliases: Up Down Left Right Enter ' +
      'Escape Tab BSpace Space Home End PageUp PageDown F1..F12, C-c (Ctrl+C), M-x (Alt+x), single characters ' +
      'like q or 5. For words or sentences use type_text.',
    schema: z.object({
      keys: z.string().min(1).describe('Space-separated key names, e.g. "Down Down" or "C-c"'),
      enter: z.boolean().optional().describe('Press Enter after the keys'),
    }),
  },
  type_text: {
    description: 'Type literal text exactly as given (no key names are interpreted). A newline is sent as Enter.',
    schema: z.object({
      text: z.string().describe('The literal text to type'),
      enter: z.boolean().optional().describe('Press Enter after the text'),
    }),
  },
  screenshot: {
    description: 'Save a PNG screenshot of the screen; the image is shown to you in the next message.',
    schema: z.object({ label: z.string().describe('Short name for the screenshot file, e.g. "settings-open"') }),
  },
  read_text: {
    description: 'Read the visible screen as text.',
    schema: z.object({}),
  },
  wait: {
    description: `Let time pass while the app works (at most ${AGENT_LOOP.maxWaitSeconds} seconds per call).`,
    schema: z.object({ seconds: z.number().min(0).describe('How long to wait, in seconds') }),
  },
  finish: {
    description:
      'Declare the goal done (or impossible) and end the session. Give evidence: short texts that are visible on ' +
      'the screen now and prove the result; they are checked against the screen.',
    schema: z.object({
      summary: z.string().describe('One sentence: what was done and what was seen'),
      evidence: z.array(z.string().min(1)).optional().describe('Texts visible on the screen now that prove the result; "/…/" is a regular expression'),
    }),
  },
  propose_plan: {
    description: 'Propose the plan of a long session: one array element per chunk, in order.',
    schema: z.object({
      chunks: z.array(z.string().min(1)).min(1).describe('One short task per element, without numbering'),
    }),
  },
} as const;

/** A tool name. */
export type ToolName = keyof typeof TOOLS;

/** A validated call of one tool: its name and parsed arguments. */
export type ToolCallArgs = { [N in ToolName]: { name: N; args: z.infer<(typeof TOOLS)[N]['schema']> } }[ToolName];

/** Tools offered while acting on the app. */
export const ACTION_TOOLS: readonly ToolName[] = ['send_keys', 'type_text', 'screenshot', 'read_text', 'wait', 'finish'];

/** Tools offered in the planning request of a long timed run. */
export const PLANNING_TOOLS: readonly ToolName[] = ['propose_plan'];

/** The API's `tools` array for the given tools, parameters as JSON Schema draft-07 objects. */
export function toolSpecs(names: readonly ToolName[]): ToolSpec[] {
  return names.map((name) => functionTool(name, TOOLS[name].description, TOOLS[name].schema));
}

/** One function tool for the API: its arguments' zod schema as a JSON Schema draft-07 object. */
export function functionTool(name: string, description: string, schema: z.ZodType): ToolSpec {
  const { $schema: _ignored, ...parameters } = z.toJSONSchema(schema, { target: 'draft-7' });
  return { type: 'function', function: { name, description, parameters } };
}
