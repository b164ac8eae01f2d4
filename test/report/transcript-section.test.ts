import { describe, expect, it } from 'vitest';
import type { AgentTranscript } from '../../src/agent/transcript.js';
import { transcriptSection } from '../../src/report/transcript-section.js';

const finish = (id: string, summary: string) => ({
  id,
  name: 'finish',
  arguments: JSON.stringify({ summary, evidence: ['Selected: Help'] }),
  result: 'error: finish rejected: evidence not visible on the screen',
  ok: false,
});

/** An `agent.run` whose `finish` was rejected twice: the runner's summary is why, with the screen. */
const UNVERIFIED: AgentTranscript = {
  kind: 'run',
  prompt: 'select the Help item',
  turns: [
    { label: 'step 1', toolCalls: [finish('call_1', 'selected Help')], shots: [], retries: 0, source: 'live' },
    { label: 'step 2', toolCalls: [finish('call_2', 'selected Help <b>really</b>')], shots: [], retries: 0, source: 'live', droppedShots: 2 },
  ],
  outcome: 'unverified',
  summary: 'finish evidence not on the screen: "Selected: Help"\nScreen:\nStatus: Selected: Settings',
};

/** The outcome block: from "Outcome:" to the end of the article. */
const outcome = (html: string): string => html.slice(html.indexOf('<p>Outcome:'));

describe('transcriptSection', () => {
  it("shows the agent's own summary beside the outcome's when they differ (the last finish call's)", () => {
    expect(outcome(transcriptSection(UNVERIFIED))).toBe(
      '<p>Outcome: <span class="outcome">unverified</span></p><p class="claimed">The agent&#39;s summary: <q>selected Help &lt;b&gt;really&lt;/b&gt;</q></p>' +
        '<pre class="summary">finish evidence not on the screen: &quot;Selected: Help&quot;\nScreen:\nStatus: Selected: Settings</pre></article>',
    );
  });

  it('shows the summary once when the finish call gave it', () => {
    const finished: AgentTranscript = { ...UNVERIFIED, outcome: 'finished', summary: 'selected Help <b>really</b>', evidence: ['Selected: Help'] };
    expect(outcome(transcriptSection(finished))).toBe(
      '<p>Outcome: <span class="outcome">finished</span></p><pre class="summary">selected Help &lt;b&gt;really&lt;/b&gt;</pre>' +
        '<ul class="evidence"><li><code>Selected: Help</code></li></ul></article>',
    );
  });

  it('says how many screenshots of a turn were left out', () => {
    const html = transcriptSection(UNVERIFIED);
    expect(html.match(/<p class="muted dropped">[^<]*<\/p>/g)).toEqual([
      '<p class="muted dropped">2 older screenshots of this turn left out (the transcript keeps the newest).</p>',
    ]);
    const one = transcriptSection({ ...UNVERIFIED, turns: [{ ...UNVERIFIED.turns[0]!, droppedShots: 1 }] });
    expect(one).toContain('<p class="muted dropped">1 older screenshot of this turn left out (the transcript keeps the newest).</p>');
  });
});
