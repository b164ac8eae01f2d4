/** Generated tests (pure): the step model, the test-source writer, the assertion text of a step, an agent run's steps. Writing and formatting the file is the shells' (test-file/). */
export { type GeneratedTest, observedTimeout, type TestStep, testTimeout } from './test-steps.js';
export { writeTest } from './write-test.js';
export { appearedText, volatileMasks } from './appeared-text.js';
export { agentRunTest, notFinishedReason, type AgentApp } from './agent-steps.js';
export { inferSteps, type InferredSteps, type Observation, type SessionEnd } from './input-steps.js';
export { inputSpan, scriptCommand } from './script-log.js';
