/**
 * Staleness a cassette can be checked for without running its test (pure): the format version and
 * the inputs the library itself defines — system prompts and built-in tool schemas. Goals, terminal
 * sizes and query schemas belong to the test and are checked when it runs.
 */
import { CASSETTE } from '../defaults.js';
import type { Cassette } from './cassette-format.js';
import { sha256 } from './cassette-inputs.js';
import { assertPlan, runPlan } from './interaction-plans.js';
import { querySystemPrompt } from './prompts.js';

/** Why `cassette` no longer fits this library, one phrase each; empty when it fits. */
export function libraryStaleness(cassette: Cassette): string[] {
  if (cassette.format !== CASSETTE.formatVersion) return [`format ${cassette.format} → ${CASSETTE.formatVersion}`];
  const size = { cols: 80, rows: 24 };
  const run = runPlan('', {}, size);
  const verdict = assertPlan('', size);
  const reasons = new Set<string>();
  for (const { inputs } of cassette.interactions) {
    const [prompt, tools] =
      inputs.kind === 'run' ? [run.systemPrompt, run.tools] : inputs.kind === 'assert' ? [verdict.systemPrompt, verdict.tools] : [querySystemPrompt(), undefined];
    if (inputs.systemPromptHash !== sha256(prompt)) reasons.add(`${inputs.kind} system prompt`);
    if (tools && inputs.toolsHash !== sha256(JSON.stringify(tools))) reasons.add(`${inputs.kind} tool schemas`);
  }
  return [...reasons];
}
