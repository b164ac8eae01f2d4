/**
 * What a cassette is valid for: the semantic inputs of each kind of interaction, hashed, and their
 * comparison (pure apart from hashing). Only what changes the model's task is hashed — goal, system
 * prompt, tool schemas, terminal size, chunk plan — never the library version, so a patch release
 * does not invalidate cassettes. A run hashes every tool it may offer (acting and planning) and the
 * chunk plan; `assert` and `query` hash their one tool — for a query, the caller's schema.
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { CASSETTE } from '../../defaults.js';
import type { Size } from '../../geometry.js';
import type { ToolSpec } from '../chat.js';
import { answerTool, verdictTool } from '../judge.js';
import { chunkPlan, type AgentRunnerOptions } from '../options.js';
import { assertSystemPrompt, querySystemPrompt, systemPrompt } from '../prompts.js';
import { ACTION_TOOLS, PLANNING_TOOLS, toolSpecs } from '../tools.js';
import type { Cassette, SemanticInputs } from './format.js';

/** sha256 of `text` (UTF-8), lowercase hex. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** What an interaction is run with, before hashing. */
export interface InteractionPlan {
  kind: SemanticInputs['kind'];
  goal: string;
  systemPrompt: string;
  /** Every tool the model may be offered in this interaction. */
  tools: readonly ToolSpec[];
  /** Terminal size when the interaction began, in cells. */
  terminal: Size;
  chunkPlan: SemanticInputs['chunkPlan'];
}

/** The plan of `run(goal)`; `duration` and `chunkSeconds` in seconds, as in `AgentRunnerOptions`. */
export function runPlan(goal: string, options: Pick<AgentRunnerOptions, 'duration' | 'chunkSeconds'>, terminal: Size): InteractionPlan {
  return {
    kind: 'run',
    goal,
    systemPrompt: systemPrompt(),
    tools: toolSpecs([...ACTION_TOOLS, ...PLANNING_TOOLS]),
    terminal,
    chunkPlan: chunkPlan(options),
  };
}

/** The plan of `assert(claim)`. */
export function assertPlan(claim: string, terminal: Size): InteractionPlan {
  return { kind: 'assert', goal: claim, systemPrompt: assertSystemPrompt(), tools: [verdictTool()], terminal, chunkPlan: { chunks: 1, chunkSeconds: 0 } };
}

/** The plan of `query(schema, question)`. */
export function queryPlan(schema: z.ZodType, question: string, terminal: Size): InteractionPlan {
  return {
    kind: 'query',
    goal: question,
    systemPrompt: querySystemPrompt(),
    tools: [answerTool(schema)],
    terminal,
    chunkPlan: { chunks: 1, chunkSeconds: 0 },
  };
}

/** Hashes a plan into the inputs stored in (and compared with) a cassette. */
export function semanticInputs(plan: InteractionPlan): SemanticInputs {
  return {
    kind: plan.kind,
    goal: plan.goal,
    goalHash: sha256(plan.goal),
    systemPromptHash: sha256(plan.systemPrompt),
    toolsHash: sha256(JSON.stringify(plan.tools)),
    terminal: { cols: plan.terminal.cols, rows: plan.terminal.rows },
    chunkPlan: { chunks: plan.chunkPlan.chunks, chunkSeconds: plan.chunkPlan.chunkSeconds },
  };
}

/**
 * What differs between the recorded and the current inputs, one phrase each
 * (`'tool schemas'`, `'terminal size 40x12 → 80x24'`); empty when the recording is valid.
 */
export function staleReasons(recorded: SemanticInputs, current: SemanticInputs): string[] {
  const reasons: string[] = [];
  if (recorded.kind !== current.kind) reasons.push(`kind ${recorded.kind} → ${current.kind}`);
  if (recorded.goalHash !== current.goalHash) reasons.push(`goal ${JSON.stringify(recorded.goal)} → ${JSON.stringify(current.goal)}`);
  if (recorded.systemPromptHash !== current.systemPromptHash) reasons.push('system prompt');
  if (recorded.toolsHash !== current.toolsHash) reasons.push('tool schemas');
  const size = (t: SemanticInputs['terminal']) => `${t.cols}x${t.rows}`;
  if (size(recorded.terminal) !== size(current.terminal)) {
    reasons.push(`terminal size ${size(recorded.terminal)} → ${size(current.terminal)}`);
  }
  const plan = (p: SemanticInputs['chunkPlan']) => `${p.chunks}×${p.chunkSeconds}s`;
  if (plan(recorded.chunkPlan) !== plan(current.chunkPlan)) {
    reasons.push(`chunk plan ${plan(recorded.chunkPlan)} → ${plan(current.chunkPlan)}`);
  }
  return reasons;
}

/**
 * Why `cassette` no longer fits this library, one phrase each; empty when it fits. Checks what can
 * be checked without running its test: the format version and the inputs the library itself
 * defines — system prompts and built-in tool schemas. Goals, terminal sizes and query schemas
 * belong to the test and are checked when it runs.
 */
export function libraryStaleness(cassette: Cassette): string[] {
  if (cassette.format !== CASSETTE.formatVersion) return [`format ${cassette.format} → ${CASSETTE.formatVersion}`];
  const size = { cols: 80, rows: 24 };
  const run = runPlan('', {}, size);
  const verdict = assertPlan('', size);
  const reasons = new Set<string>();
  for (const { inputs } of cassette.interactions) {
    const [prompt, tools] =
      inputs.kind === 'run'
        ? [run.systemPrompt, run.tools]
        : inputs.kind === 'assert'
          ? [verdict.systemPrompt, verdict.tools]
          : [querySystemPrompt(), undefined];
    if (inputs.systemPromptHash !== sha256(prompt)) reasons.add(`${inputs.kind} system prompt`);
    if (tools && inputs.toolsHash !== sha256(JSON.stringify(tools))) reasons.add(`${inputs.kind} tool schemas`);
  }
  return [...reasons];
}
