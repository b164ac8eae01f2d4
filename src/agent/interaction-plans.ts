/**
 * The semantic inputs of each kind of interaction (pure): what a cassette is valid for. A run
 * hashes every tool it may offer (acting and planning) and the chunk plan; `assert` and `query`
 * hash their one tool — for a query, the caller's schema.
 */
import type { z } from 'zod';
import { AGENT } from '../defaults.js';
import type { InteractionPlan } from './cassette-inputs.js';
import { plannedChunkCount } from './chunks.js';
import { answerTool, verdictTool } from './judge.js';
import { assertSystemPrompt, querySystemPrompt, systemPrompt } from './prompts.js';
import { ACTION_TOOLS, PLANNING_TOOLS, toolSpecs } from './tools.js';

/** Terminal size in cells. */
export interface TerminalSize {
  cols: number;
  rows: number;
}

/** The plan of `run(goal)`; `duration` and `chunkSeconds` in seconds, as in `AgentRunnerOptions`. */
export function runPlan(goal: string, options: { duration?: number; chunkSeconds?: number }, terminal: TerminalSize): InteractionPlan {
  const chunkSeconds = options.chunkSeconds ?? AGENT.chunkSeconds;
  const chunks = options.duration === undefined ? 1 : plannedChunkCount(options.duration, chunkSeconds);
  return {
    kind: 'run',
    goal,
    systemPrompt: systemPrompt(),
    tools: toolSpecs([...ACTION_TOOLS, ...PLANNING_TOOLS]),
    terminal,
    chunkPlan: { chunks, chunkSeconds },
  };
}

/** The plan of `assert(claim)`. */
export function assertPlan(claim: string, terminal: TerminalSize): InteractionPlan {
  return { kind: 'assert', goal: claim, systemPrompt: assertSystemPrompt(), tools: [verdictTool()], terminal, chunkPlan: { chunks: 1, chunkSeconds: 0 } };
}

/** The plan of `query(schema, question)`. */
export function queryPlan(schema: z.ZodType, question: string, terminal: TerminalSize): InteractionPlan {
  return {
    kind: 'query',
    goal: question,
    systemPrompt: querySystemPrompt(),
    tools: [answerTool(schema)],
    terminal,
    chunkPlan: { chunks: 1, chunkSeconds: 0 },
  };
}
