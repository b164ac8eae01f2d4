/**
 * The agent: drives an app from natural-language goals through a {@link Driver} and a chat model,
 * with cassettes of its model calls (cassette/). Exports what vitest/, cli/ and the package entry
 * use; tests import the files they test. Nothing exported here loads zod or openai: the parts built
 * on zod schemas come from `loadAgentSchemas()`, the runner loads its tool schemas on its first
 * request, and `createClient` loads openai when it creates a client.
 */
export { AgentRunner, type AgentResult } from './runner.js';
export { AGENT, MODEL_CLIENT } from './options.js';
export type { AgentRunnerOptions } from './options.js';
export type { Driver } from './driver.js';
export type { ChatClient } from './chat.js';
export { createClient, type ModelConnection } from './openai-client.js';
export { redactingClient } from './redacting-client.js';
export { scriptedModel, toolCall } from './scripted-model.js';
export type { Verdict } from './judge.js';
export type { AgentTranscript, TranscriptScreens, TranscriptShot, TranscriptToolCall, TranscriptTurn } from './transcript.js';
export type { CassetteAgent, CassetteRunResult, SizedDriver } from './cassette/agent.js';
export type { CassetteSession } from './cassette/session.js';
export { resolveCassetteMode, type CassetteMode } from './cassette/mode.js';
export type { CassetteStore } from './cassette/format.js';
export { addTallies, emptyTally, formatTally, type CassetteTally } from './cassette/tally.js';
export type { Divergence, ModelBudget } from './cassette/clients.js';
export { truncateText } from './prompts.js';
export { dispatchTool, evidencePattern, type ActionCall, type DispatchContext } from './driver.js';

/**
 * Loads the agent's parts built on zod schemas (schemas.ts): `TOOLS`, `parseCassette`,
 * `libraryStaleness`, `CassetteSession` and `CassetteAgent`. Resolves to that module.
 */
export const loadAgentSchemas = async (): Promise<typeof import('./schemas.js')> => import('./schemas.js');
