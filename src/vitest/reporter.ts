/**
 * `tmux-shot/reporter`: the Vitest reporter that prints the agent's one-line cost summary at the
 * end of a run (model calls, tokens, cassette hits, misses, stale). A separate entry because a
 * Vitest config must not import `tmux-shot/vitest` (test-side code).
 * @example
 *   // vitest.config.ts
 *   export default defineConfig({ test: { reporters: ['default', 'tmux-shot/reporter'] } });
 */
import { AgentCostReporter } from './cost-summary.js';

export { AgentCostReporter };
export default AgentCostReporter;
