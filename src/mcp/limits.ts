/** The bounds `tmux-shot mcp` puts on what a client may ask, so no call can hold the server. */
import { AGENT_LOOP } from '../defaults.js';

/** Fixed values of the MCP server; not options. */
export const MCP_LIMITS = {
  /**
   * Longest `timeout` (and `quietMs`) a tool takes, in ms: one minute, the MCP SDK client's own
   * default request timeout, past which such a client gives the call up anyway. A model that needs
   * longer calls the wait again; a longer value is refused with the tool's validation error.
   */
  timeout: 60_000,
  /**
   * Most characters of screen text in any result (`start`, `read_text`, `screenshot`), the rest cut
   * with a marker saying how many: the agent's own `read_text` limit (`AGENT_LOOP.maxTextChars`).
   */
  textChars: AGENT_LOOP.maxTextChars,
  /**
   * After stdin ends, how often the server writes a `ping` to stdout while it still finishes
   * requests, in ms: a write with nobody reading fails, which tells a killed client (gone) from
   * one that only closed its input (`printf … | tmux-shot mcp`).
   */
  readerCheckMs: 1_000,
  /**
   * Most cells a session may have had (at its largest) for `gif`: 20 000, such as 250×80. Drawing a
   * GIF holds the server's one thread: a short 250×80 session took 0.7 s here, a 1000×1000 one 14 s.
   */
  gifCells: 20_000,
  /**
   * Longest search of the screen for a client's `/regexp/` (wait_for_text, click), in ms, in a worker
   * thread that is then ended: a search of a 1000×1000 screen by a sound pattern took 1–30 ms here.
   */
  searchMs: 1_000,
} as const;
