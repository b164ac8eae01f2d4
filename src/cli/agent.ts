/** `tmux-shot agent`: let a model drive an app towards a natural-language goal. */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { AGENT_CLI } from '../defaults.js';
import { AGENT, MODEL_CLIENT } from '../agent/index.js';
import { type AgentResult, createClient, type TranscriptToolCall } from '../agent/index.js';
import { AgentRunner } from '../agent-runner.js';
import { type AgentApp, agentRunTest, notFinishedReason } from '../codegen/index.js';
import { describeWrittenTest, writeTestFile } from '../test-file/index.js';
import { TmuxApp } from '../app/index.js';
import { intFlag, UsageError, type ParsedArgs } from './args.js';
import { SIZE_OPTIONS, SIZE_USAGE, sizeFlags } from './flags.js';
import { type CliIo, writeOutput } from './io.js';

/** Usage text of `tmux-shot agent`. */
export const AGENT_USAGE = `Usage: tmux-shot agent "goal" [options] -- command [args…]

Runs the command in a private tmux server and lets a model (any OpenAI-compatible chat
completions endpoint) drive it towards the goal with key presses, text, waits and screenshots.
Prints the agent's status lines (on stderr, one per tool call: name, arguments as run, what
repair changed, result), then the paths of the screenshots (and of session.gif with
--duration), then the outcome and the model's summary; what the model wrote is cut at
${AGENT_CLI.maxPrintedChars} characters a message. The endpoint comes from OPENAI_API_KEY / OPENAI_BASE_URL / TMUX_SHOT_MODEL or the
flags below; the key is never printed or written.

Options:
  --model NAME       model name (default $TMUX_SHOT_MODEL, else ${MODEL_CLIENT.model})
  --base-url URL     OpenAI-compatible base URL ending in /v1 (default $OPENAI_BASE_URL)
  --duration S       run for S seconds: screenshots every --interval, planned in --chunk
                     parts, and a GIF of the whole session (session.gif)
  --interval S       seconds between timed screenshots (default ${AGENT.screenshotInterval})
  --chunk S          seconds per planned part of a timed run (default ${AGENT.chunkSeconds})
  --max-steps N      most model turns (default ${AGENT.maxSteps})
  --request-timeout S
                     seconds to wait for one model answer; then the run fails naming
                     the endpoint, without retrying (default ${AGENT.requestTimeout / 1000})
${SIZE_USAGE}
  --out DIR          where screenshots go, created if missing (default tmux-shot-agent)
  --emit FILE        when the agent finishes, write its actions as a Vitest test to FILE
                     (relative to the current folder; replays without a model), formatted
                     with the project's biome or prettier when node_modules/.bin has one;
                     a run that does not finish writes no file and says so on stderr
  -h, --help         show this help

Exit status: 0 the agent finished or ran out its time; 1 it stopped otherwise (step cap,
model outage or timeout, no endpoint configured); 2 wrong usage.`;

/** util.parseArgs options of `tmux-shot agent`. */
export const AGENT_OPTIONS = {
  model: { type: 'string' },
  'base-url': { type: 'string' },
  duration: { type: 'string' },
  interval: { type: 'string' },
  chunk: { type: 'string' },
  'max-steps': { type: 'string' },
  'request-timeout': { type: 'string' },
  ...SIZE_OPTIONS,
  out: { type: 'string' },
  emit: { type: 'string' },
} as const;

/** Runs `tmux-shot agent`. @returns The exit status. */
export async function agentCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const v = args.values;
  const [goal, ...extra] = args.positionals;
  if (goal === undefined || goal.trim() === '' || extra.length > 0) throw new UsageError('agent takes one goal in quotes before --', 'agent');
  if (args.command.length === 0) throw new UsageError('agent needs a command after --, e.g. tmux-shot agent "open a file" -- vim', 'agent');
  const duration = seconds('duration', v.duration);
  const requestTimeout = seconds('request-timeout', v['request-timeout']);
  const outDir = resolve(String(v.out ?? 'tmux-shot-agent'));
  const { client, model } = await createClient({ model: str(v.model), baseURL: str(v['base-url']) });
  // Screenshots create it as they go, but session.gif must find it even when the model finished first.
  await mkdir(outDir, { recursive: true });
  await using app = await TmuxApp.start({
    command: args.command,
    ...sizeFlags('agent', v),
  });
  const runner = new AgentRunner(app, client, {
    model,
    outDir,
    duration,
    screenshotInterval: seconds('interval', v.interval),
    chunkSeconds: seconds('chunk', v.chunk),
    ...(v['max-steps'] === undefined ? {} : { maxSteps: intFlag('agent', 'max-steps', v['max-steps'], AGENT.maxSteps, 1, 10_000) }),
    ...(requestTimeout === undefined ? {} : { requestTimeout: requestTimeout * 1000 }),
    log: (line) => io.stdout(cutPrinted(line)),
    onToolCall: (call) => io.stderr(cutPrinted(callStatus(call))),
  });
  const result = await runner.run(goal);
  for (const shot of result.shots) io.stdout(shot);
  if (typeof v.emit === 'string') {
    const { cols, rows } = app.screen();
    await emitTest(v.emit, result, { command: args.command, cols, rows }, io);
  }
  if (duration !== undefined) {
    const gif = join(outDir, 'session.gif');
    await writeOutput(gif, await app.gif());
    io.stdout(gif);
  }
  const ok = result.outcome === 'finished' || result.outcome === 'duration-elapsed' || result.outcome === 'no-tool-calls';
  const line = cutPrinted(`${result.outcome}${result.summary ? `: ${result.summary}` : ''}`);
  if (ok) io.stdout(line);
  // The runner has already logged an outage with its cause; add what to check.
  else if (result.outcome === 'outage')
    io.stderr('tmux-shot agent: the model endpoint stayed unavailable: check OPENAI_BASE_URL / OPENAI_API_KEY (or --base-url) and that the server is up.');
  else io.stderr(`tmux-shot agent: ${line}`);
  return ok ? 0 : 1;
}

/**
 * With `--emit`: the test of a finished run written to `file` (relative to the current folder),
 * its path and formatting on stdout; for another outcome, why no test was written on stderr.
 */
async function emitTest(file: string, result: AgentResult, app: AgentApp, io: CliIo): Promise<void> {
  if (result.outcome !== 'finished') {
    io.stderr(`tmux-shot agent: no test written to ${file}: ${notFinishedReason(result.outcome)}.`);
    return;
  }
  io.stdout(describeWrittenTest(await writeTestFile(resolve(file), agentRunTest(result.transcript, app)), file));
}

/**
 * One status line for a tool call: `send_keys {"keys":"Down"} (read the call from the message
 * content (<tool_call> tags)) → ok: pressed Down`; a reply whose calls did not run shows as `(no call)`.
 */
export function callStatus(call: TranscriptToolCall): string {
  const result = call.result.split('\n')[0]!;
  const head = call.name === '' ? '(no call)' : `${call.name} ${call.arguments}`;
  return `${head}${call.repaired ? ` (${call.repaired})` : ''} → ${call.ok || result.startsWith('error:') ? result : `error: ${result}`}`;
}

/** `line` cut to `AGENT_CLI.maxPrintedChars`, saying so: what the model says may be megabytes long. */
function cutPrinted(line: string): string {
  const max = AGENT_CLI.maxPrintedChars;
  return line.length <= max ? line : `${line.slice(0, max)}… [cut: ${line.length} characters in all]`;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function seconds(name: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const s = Number(value);
  if (!Number.isFinite(s) || s <= 0) throw new UsageError(`--${name} takes a number of seconds above 0, not '${String(value)}'`, 'agent');
  return s;
}
