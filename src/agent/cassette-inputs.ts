/**
 * Semantic inputs of an interaction and their comparison (pure apart from hashing). Only what
 * changes the model's task is hashed — goal, system prompt, tool schemas, terminal size, chunk
 * plan — never the library version, so a patch release does not invalidate cassettes.
 */
import { createHash } from 'node:crypto';
import type { SemanticInputs } from './cassette-format.js';
import type { ToolSpec } from './chat.js';

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
  terminal: { cols: number; rows: number };
  chunkPlan: SemanticInputs['chunkPlan'];
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
