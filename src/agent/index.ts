/** The agent: drives an app from natural-language goals through a {@link Driver} and a chat model. */
export { AgentRunner } from './runner.js';
export type { AgentRunnerOptions } from './options.js';
export type { AgentOutcome, AgentResult, StepResult } from './result.js';
export type { Driver } from './driver.js';
export type { ChatClient, ChatMessage, ChatReply, ChatRequest, ToolCall, Usage } from './chat.js';
export { scriptedModel, toolCall, type ScriptedModel, type ScriptedReply } from './scripted-model.js';
export { createClient, type CreateClientOptions, type ModelConnection } from './openai-client.js';
export { splitRunOnChunk, normalizePlan } from './chunks.js';
export { repairToolCall, repairToolName } from './repair.js';
export { TOOLS, toolSpecs, type ToolName } from './tools.js';
export type { RetryPolicy } from './retry.js';
