/** Generated tests: the step model, the test-source writer, the assertion text of a step, and the formatter run. */
export type { GeneratedTest, TestStep } from './test-steps.js';
export { writeTest } from './write-test.js';
export { appearedText } from './appeared-text.js';
export { formatFile, type FormatResult } from './format-file.js';
export { inferSteps, type InferredSteps, type Observation } from './input-steps.js';
export { inputSpan, scriptCommand } from './script-log.js';
