/**
 * The MCP tools' descriptions and argument shapes (zod raw shapes, as the SDK's `registerTool`
 * takes them). Where a tool is also one of the agent's (`send_keys`, `type_text`, `read_text`,
 * `screenshot`), its arguments are the agent's own zod fields (`TOOLS` in agent/tools.ts) plus
 * the session id: one definition, not two.
 */
import { z } from 'zod';
import { TOOLS } from '../agent/index.js';
import { TERMINAL, WAIT } from '../defaults.js';
import { MOUSE_BUTTONS } from '../host/index.js';

const session = z.string().describe('The session id that start returned, e.g. "s1"');
const timeout = z.number().int().min(0).optional().describe(`Longest wait, in ms (default ${WAIT.timeout})`);
const pattern = 'literal text, or a regular expression written /…/ (no flags)';

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
      timeout: z.number().int().min(0).optional().describe(`Longest wait for the app to be ready, in ms (default ${WAIT.timeout})`),
    },
  },
  send_keys: { description: TOOLS.send_keys.description, inputSchema: { session, ...TOOLS.send_keys.schema.shape } },
  type_text: { description: TOOLS.type_text.description, inputSchema: { session, ...TOOLS.type_text.schema.shape } },
  click: {
    description:
      `Click the mouse: on text (${pattern}; it must match exactly one place on the screen) or on a cell ` +
      '(col and row, 0-based from the top-left). The app must have turned mouse reporting on.',
    inputSchema: {
      session,
      text: z.string().min(1).optional().describe(`What to click: ${pattern}`),
      col: z.number().int().min(0).optional().describe('Column of the cell to click, 0-based'),
      row: z.number().int().min(0).optional().describe('Row of the cell to click, 0-based'),
      button: z.enum(MOUSE_BUTTONS).optional().describe('Mouse button (default left)'),
    },
  },
  read_text: { description: TOOLS.read_text.description, inputSchema: { session, ...TOOLS.read_text.schema.shape } },
  screenshot: {
    description: 'A PNG screenshot of the screen as it is now (exact, drawn from the cells), with its text.',
    // The agent's screenshot takes a label naming the file it saves; this one saves no file.
    inputSchema: { session },
  },
  wait_for_text: {
    description: `Wait until text (${pattern}) is on the screen; fails at the timeout or when the app exits without showing it.`,
    inputSchema: { session, text: z.string().min(1).describe(`What to wait for: ${pattern}`), timeout },
  },
  wait_for_stable: {
    description: 'Wait until the app has been quiet (no output, no input) for quietMs; says whether it settled before the timeout.',
    inputSchema: {
      session,
      quietMs: z.number().int().min(0).optional().describe(`Silence that counts as settled, in ms (default ${WAIT.quietMs})`),
      timeout,
    },
  },
  resize: {
    description: 'Resize the terminal, in cells; the app gets SIGWINCH and redraws.',
    inputSchema: { session, cols: z.number().int().describe('Columns, in cells'), rows: z.number().int().describe('Rows, in cells') },
  },
  gif: {
    description:
      'Write a GIF of the session so far (from its start until now) and return its path: to path when given ' +
      '(a new file, or one this server wrote: never over another file, nor through a symbolic link), else to a new file in the temp folder.',
    inputSchema: { session, path: z.string().min(1).optional().describe("Where to write the GIF; relative to the server's folder") },
  },
  close: {
    description: 'End a session: its app and every process it started.',
    inputSchema: { session },
  },
} as const;
