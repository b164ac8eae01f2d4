// Only type-checked (tsconfig.json, checkJs): the reporter entry's declarations exist and its
// default export is a Vitest reporter. The tests import the other two entries; vitest.config.js
// loads this one by name at run time, as users do.
import AgentCostReporter from 'tmux-shot/reporter';

/** @type {import('vitest/node').Reporter} */
export const reporter = new AgentCostReporter();
