/**
 * The agent: drives an app from natural-language goals through a {@link Driver} and a chat model,
 * with cassettes of its model calls (cassette/). Exports what vitest/, cli/ and the package entry
 * use; tests import the files they test.
 */
export { AgentRunner, type AgentResult } from './runner.js';
export type { AgentRunnerOptions } from './options.js';
export type { Driver } from './driver.js';
export type { ChatClient } from './chat.js';
export { createClient, type ModelConnection } from './openai-client.js';
export { redactingClient } from './redact.js';
export { scriptedModel, toolCall } from './scripted-model.js';
export type { Verdict } from './judge.js';
export type { AgentTranscript, TranscriptScreens, TranscriptShot, TranscriptToolCall, TranscriptTurn } from './transcript.js';
export { CassetteAgent, type CassetteRunResult, type SizedDriver } from './cassette/agent.js';
export { CassetteSession } from './cassette/session.js';
export { resolveCassetteMode, type CassetteMode } from './cassette/mode.js';
export { parseCassette, type CassetteStore } from './cassette/format.js';
export { libraryStaleness } from './cassette/inputs.js';
export { addTallies, emptyTally, formatTally, type CassetteTally } from './cassette/tally.js';
export type { Divergence, ModelBudget } from './cassette/clients.js';
// The MCP server (mcp/) offers the agent's input and reading tools with these same schemas and
// carries them out with the same dispatch (key names, KeyNameError messages, the settle wait).
export { TOOLS } from './tools.js';
export { dispatchTool, evidencePattern, type ActionCall, type DispatchContext } from './driver.js';
