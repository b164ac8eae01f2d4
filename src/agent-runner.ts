/**
 * The package's `AgentRunner`: the agent's runner (agent/, which writes no files) with the original
 * spec's `outDir` made a `saveScreenshot` that writes `<outDir>/<stem>.png` through the one writer
 * (output-file.ts) — composed here, at the entry, as the CLI and the Vitest fixture compose theirs.
 */
import { AgentRunner as AgentLoop, type AgentRunnerOptions, type ChatClient, type Driver } from './agent/index.js';
import { screenshotFileStem } from './file-names.js';
import { writeNewOutputFile } from './output-file.js';

/**
 * Saves an agent's screenshots in `dir` (relative to the working directory; created on the first
 * one): `<dir>/<stem>.png` with the stem the label made a file name (`screenshotFileStem`), or
 * `<stem>-2.png`… when taken, never replacing a file. Resolves to the path written.
 * @throws {TmuxShotError} when the folder cannot be created or the file cannot be written.
 */
export function screenshotsIn(dir: string): (label: string, png: Uint8Array) => Promise<string> {
  return (label, png) => writeNewOutputFile(dir, screenshotFileStem(label), '.png', png, 'screenshot');
}

/**
 * Drives an app from a natural-language goal: asks the model for tool calls, carries them out on
 * the app and feeds the results back until the model finishes (see `run`). Screenshots go to
 * `outDir` as files, or to `saveScreenshot` for other storage; `shots` lists where they went.
 * @example
 * const runner = new AgentRunner(app, client, { model: 'gpt-4.1-mini', outDir: 'out/agent' });
 * const result = await runner.run('open the settings menu');
 * // result.outcome === 'finished'; runner.shots lists the PNGs saved under out/agent
 */
export class AgentRunner extends AgentLoop {
  /** @throws {ConfigError} for invalid options (neither or both of `outDir` and `saveScreenshot`, an empty model…). */
  constructor(driver: Driver, client: ChatClient, options: AgentRunnerOptions) {
    const { outDir, ...rest } = options;
    const inFolder = outDir !== undefined && outDir !== '' && rest.saveScreenshot === undefined;
    super(driver, client, inFolder ? { ...rest, saveScreenshot: screenshotsIn(outDir) } : options);
  }
}
