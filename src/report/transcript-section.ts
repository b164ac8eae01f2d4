/**
 * One agent transcript in HTML: the goal, each model turn (source, retries, text, reasoning, tool
 * calls with their repaired arguments and results, screenshots inline), and the outcome with its
 * summary and evidence. Model output is untrusted: every string is escaped.
 */
import type { AgentTranscript, TranscriptToolCall, TranscriptTurn } from '../agent/transcript.js';
import { escapeHtml as e, pngDataUrl } from './html.js';

function toolCall(call: TranscriptToolCall): string {
  const repaired = call.repaired ? `<p class="muted">repaired: ${e(call.repaired)}</p>` : '';
  return (
    `<div class="call ${call.ok ? 'ok' : 'failed'}"><p><code class="call-name">${e(call.name)}</code> <span class="muted mono">${e(call.id)}</span>` +
    `${call.ok ? '' : ' <span class="error-text">failed</span>'}</p><pre class="args">${e(call.arguments)}</pre>${repaired}` +
    `<pre class="result">${e(call.result)}</pre></div>`
  );
}

function turn(t: TranscriptTurn): string {
  const retries = t.retries > 0 ? `<span class="badge">${t.retries} ${t.retries === 1 ? 'retry' : 'retries'}</span>` : '';
  const text = t.text ? `<pre class="text">${e(t.text)}</pre>` : '';
  const reasoning = t.reasoning ? `<details><summary>reasoning</summary><pre>${e(t.reasoning)}</pre></details>` : '';
  const dropped = t.droppedShots
    ? `<p class="muted dropped">${t.droppedShots} older screenshot${t.droppedShots === 1 ? '' : 's'} of this turn left out (the transcript keeps the newest).</p>`
    : '';
  const error = t.error ? `<p class="error-text">${e(t.error)}</p>` : '';
  const shots = t.shots
    .map((shot) => `<figure><img class="agent-shot" alt="${e(shot.label)}" src="${pngDataUrl(shot.png)}"><figcaption>${e(shot.label)}</figcaption></figure>`)
    .join('');
  return (
    `<li><p><b>${e(t.label)}</b><span class="badge source">${e(t.source)}</span>${retries}</p>${error}${text}${reasoning}` +
    `${t.toolCalls.map(toolCall).join('')}${dropped}${shots ? `<div class="views">${shots}</div>` : ''}</li>`
  );
}

/** The `summary` the agent gave in its last `finish` call, when it gave one. */
export function finishSummary(transcript: AgentTranscript): string | undefined {
  const last = transcript.turns
    .flatMap((t) => t.toolCalls)
    .filter((call) => call.name === 'finish')
    .at(-1);
  if (!last) return undefined;
  try {
    const { summary } = JSON.parse(last.arguments) as { summary?: unknown };
    return typeof summary === 'string' ? summary : undefined;
  } catch {
    return undefined;
  }
}

/** The HTML of one `agent.run`, `agent.assert` or `agent.query`. */
export function transcriptSection(transcript: AgentTranscript): string {
  const evidence = transcript.evidence?.length
    ? `<ul class="evidence">${transcript.evidence.map((line) => `<li><code>${e(line)}</code></li>`).join('')}</ul>`
    : '';
  const claimed = finishSummary(transcript);
  const agentSummary = claimed !== undefined && claimed !== transcript.summary ? `<p class="claimed">The agent&#39;s summary: <q>${e(claimed)}</q></p>` : '';
  return (
    `<article class="transcript"><h3>agent.${e(transcript.kind)}</h3><pre class="prompt">${e(transcript.prompt)}</pre>` +
    `<ol class="turns">${transcript.turns.map(turn).join('')}</ol>` +
    `<p>Outcome: <span class="outcome">${e(transcript.outcome)}</span></p>${agentSummary}<pre class="summary">${e(transcript.summary)}</pre>${evidence}</article>`
  );
}
