/**
 * The MCP tools' descriptions, argument shapes and result shapes (zod raw shapes, as the SDK's
 * `registerTool` takes them: `inputSchema`, and `outputSchema` for the `structuredContent` each
 * result carries beside its text, as the MCP specification 2025-06-18 describes). Where a tool is
 * also one of the agent's (`send_keys`, `type_text`, `read_text`, `screenshot`), its arguments are
 * the agent's own zod fields (`TOOLS` in agent/tools.ts) plus the session id: one definition, not two.
 */
import { z } from 'zod';
import { loadAgentSchemas } from '../agent/index.js';
import { TERMINAL, WAIT } from '../defaults.js';
import { MOUSE_BUTTONS } from '../term/index.js';
import { MCP_LIMITS } from './limits.js';

// This module loads only when its command runs; zod comes with the schemas.
const { TOOLS } = await loadAgentSchemas();

const session = z.string().describe('The session id that start returned, e.g. "s1"');
/** A duration argument in ms, at most {@link MCP_LIMITS.timeout}. */
const duration = (what: string, fallback: number) =>
  z
    .number()
    .int()
    .min(0)
    .max(MCP_LIMITS.timeout, `at most ${MCP_LIMITS.timeout} ms (one minute) per call; to wait longer, call again`)
    .optional()
    .describe(`${what}, in ms (default ${fallback}, at most ${MCP_LIMITS.timeout})`);
const timeout = duration('Longest wait', WAIT.timeout);
const pattern = 'literal text, or a regular expression written /…/ (no flags)';
const settled = z.boolean().describe('Whether the screen settled after the input (false: it was still changing when the settle wait ended)');
const cells = { cols: z.number().int().describe('Columns, in cells'), rows: z.number().int().describe('Rows, in cells') };
const screenText = {
  text: z.string().describe(`The screen text, rows joined by newlines (at most ${MCP_LIMITS.textChars} characters)`),
  truncated: z.boolean().describe(`Whether the text was cut at ${MCP_LIMITS.textChars} characters`),
};

/** Every tool of `tmux-shot mcp`: what the client's model reads, and the shape of its arguments. */
export const MCP_TOOLS = {
  start: {
    description:
      'Start a terminal app in a private tmux server and return its session id (s1, s2…) and its first screen, ' +
      'once it has drawn and settled (or has exited: then it says so, with its exit status). Several sessions can run at once; close each with close.',
    inputSchema: {
      command: z.array(z.string()).min(1).describe('The argv to run, e.g. ["vim", "notes.txt"]: no shell, so no quoting'),
      cols: z.number().int().optional().describe(`Columns, in cells (default ${TERMINAL.cols})`),
      rows: z.number().int().optional().describe(`Rows, in cells (default ${TERMINAL.rows})`),
      env: z.record(z.string(), z.string()).optional().describe('Environment variables for the app, over a pinned environment'),
      cwd: z.string().optional().describe("Working directory (default: the server's)"),
      ready: z
        .enum(['output', 'none'])
        .optional()
        .describe("When start returns: 'output' (default) once the app has printed and settled; 'none' at once, for an app that prints nothing until typed to"),
      timeout: duration('Longest wait for the app to be ready', WAIT.timeout),
    },
    outputSchema: {
      session: z.string().describe('The new session id, for the other tools'),
      ...cells,
      exited: z.boolean().describe('Whether the app had already exited (its last screen stays readable until close)'),
      ...screenText,
    },
  },
  send_keys: { description: TOOLS.send_keys.description, inputSchema: { session, ...TOOLS.send_keys.schema.shape }, outputSchema: { settled } },
  type_text: { description: TOOLS.type_text.description, inputSchema: { session, ...TOOLS.type_text.schema.shape }, outputSchema: { settled } },
  click: {
    description:
      `Click the mouse: on text (${pattern}; it must match exactly one place on the screen) or on a cell ` +
      '(col and row, 0-based from the top-left). Only apps that turn mouse reporting on get clicks; in others use send_keys.',
    inputSchema: {
      session,
      text: z.string().min(1).optional().describe(`What to click: ${pattern}`),
      col: z.number().int().min(0).optional().describe('Column of the cell to click, 0-based'),
      row: z.number().int().min(0).optional().describe('Row of the cell to click, 0-based'),
      button: z.enum(MOUSE_BUTTONS).optional().describe('Mouse button (default left)'),
    },
    outputSchema: { settled },
  },
  read_text: { description: TOOLS.read_text.description, inputSchema: { session, ...TOOLS.read_text.schema.shape }, outputSchema: screenText },
  screenshot: {
    description: 'A PNG screenshot of the screen as it is now (exact, drawn from the cells), with its text.',
    // The agent's screenshot takes a label naming the file it saves; this one saves no file.
    inputSchema: { session },
    outputSchema: { ...cells, ...screenText },
  },
  wait_for_text: {
    description: `Wait until text (${pattern}) is on the screen; fails at the timeout or when the app exits without showing it.`,
    inputSchema: { session, text: z.string().min(1).describe(`What to wait for: ${pattern}`), timeout },
    outputSchema: {
      text: z.string().describe('The text matched'),
      row: z.number().int().describe('Row of its first character, 0-based from the top'),
      col: z.number().int().describe('Column of its first character, 0-based from the left'),
    },
  },
  wait_for_stable: {
    description: 'Wait until the app has been quiet (no output, no input) for quietMs; says whether it settled before the timeout.',
    inputSchema: { session, quietMs: duration('Silence that counts as settled', WAIT.quietMs), timeout },
    outputSchema: {
      settled: z.boolean().describe('Whether the screen was quiet for quietMs before the timeout'),
      afterMs: z.number().int().describe('How long the call waited, in ms'),
    },
  },
  resize: {
    description: 'Resize the terminal, in cells; the app gets SIGWINCH and redraws.',
    inputSchema: { session, ...cells },
    outputSchema: { ...cells, settled },
  },
  gif: {
    description:
      'Write a GIF of the session so far (from its start until now) and return its path: to path when given ' +
      '(a new file, or one this server wrote: never over another file, nor through a symbolic link), else to a new file in the temp folder.',
    inputSchema: { session, path: z.string().min(1).optional().describe("Where to write the GIF; relative to the server's folder") },
    outputSchema: { path: z.string().describe('The absolute path written'), bytes: z.number().int().describe('Its size, in bytes') },
  },
  close: {
    description: 'End a session: its app and every process it started.',
    inputSchema: { session },
    outputSchema: { exited: z.boolean().describe('Whether the app had exited by itself before the close') },
  },
} as const;
