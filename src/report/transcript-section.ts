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
  const error = t.error ? `<p class="error-text">${e(t.error)}</p>` : '';
  const shots = t.shots
    .map((shot) => `<figure><img class="agent-shot" alt="${e(shot.label)}" src="${pngDataUrl(shot.png)}"><figcaption>${e(shot.label)}</figcaption></figure>`)
    .join('');
  return (
    `<li><p><b>${e(t.label)}</b><span class="badge source">${e(t.source)}</span>${retries}</p>${error}${text}${reasoning}` +
    `${t.toolCalls.map(toolCall).join('')}${shots ? `<div class="views">${shots}</div>` : ''}</li>`
  );
}

/** The HTML of one `agent.run`, `agent.assert` or `agent.query`. */
export function transcriptSection(transcript: AgentTranscript): string {
  const evidence = transcript.evidence?.length
    ? `<ul class="evidence">${transcript.evidence.map((line) => `<li><code>${e(line)}</code></li>`).join('')}</ul>`
    : '';
  return (
    `<article class="transcript"><h3>agent.${e(transcript.kind)}</h3><pre class="prompt">${e(transcript.prompt)}</pre>` +
    `<ol class="turns">${transcript.turns.map(turn).join('')}</ol>` +
    `<p>Outcome: <span class="outcome">${e(transcript.outcome)}</span></p><pre class="summary">${e(transcript.summary)}</pre>${evidence}</article>`
  );
}
