/** Generated tests: the step model, the test-source writer, the assertion text of a step, an agent run's steps, and writing and formatting the file. */
export { type GeneratedTest, observedTimeout, type TestStep, testTimeout } from './test-steps.js';
export { writeTest } from './write-test.js';
export { appearedText, volatileMasks } from './appeared-text.js';
export { agentRunTest, notFinishedReason, type AgentApp } from './agent-steps.js';
export { formatFile, type FormatResult } from './format-file.js';
export { inferSteps, type InferredSteps, type Observation, type SessionEnd } from './input-steps.js';
export { inputSpan, scriptCommand } from './script-log.js';
export { describeWrittenTest, writeTestFile, type WrittenTest } from './write-test-file.js';
