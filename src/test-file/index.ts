/**
 * A generated test written to its file and formatted with the project's formatter: the I/O half of
 * codegen, shared by the shells that write generated tests (`tmux-shot codegen`, `tmux-shot agent`
 * and the agent fixture's `emit`).
 */
export { formatFile, type FormatResult } from './format-file.js';
export { describeWrittenTest, writeTestFile, type WrittenTest } from './write-test-file.js';
