/**
 * The runner's half that needs the tool schemas (zod): the tool table and its JSON specs, reading
 * calls from a reply or a plan, and tool-call repair. runner.ts loads it on its first request, so
 * that importing the agent (and the package) does not load zod.
 */
import { ACTION_TOOLS, PLANNING_TOOLS, toolSpecs } from './tools.js';

export { readPlan } from './chunks.js';
export { describeRepair, repairToolCall } from './repair.js';
export { readReplyCalls, wrapperResult } from './reply-calls.js';
export { ACTION_TOOLS, PLANNING_TOOLS };

/** The action tools as the API takes them. */
export const ACTION_SPECS = toolSpecs(ACTION_TOOLS);
/** The planning tool as the API takes it. */
export const PLANNING_SPECS = toolSpecs(PLANNING_TOOLS);
