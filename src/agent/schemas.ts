/**
 * The agent's parts built on zod schemas — the tool table, the cassette format and inputs, the
 * cassette session and agent (with the judge) — which index.ts hands out through
 * `loadAgentSchemas()`, so that importing the agent (and the package) does not load zod.
 */
export { CassetteAgent } from './cassette/agent.js';
export { CassetteSession } from './cassette/session.js';
export { parseCassette } from './cassette/format.js';
export { libraryStaleness } from './cassette/inputs.js';
// The MCP server (mcp/) offers the agent's input and reading tools with these same schemas and
// carries them out with the same dispatch (key names, KeyNameError messages, the settle wait).
export { TOOLS } from './tools.js';
