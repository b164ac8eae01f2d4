import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src/report/html.js';
import { buildIndex, buildReport } from '../../src/report/index.js';
import { failingReport, XSS } from './report-data.js';

/** The attribute-free text of the page's inline scripts. */
function scripts(html: string): string[] {
  return [...html.matchAll(/<script>([^]*?)<\/script>/g)].map((m) => m[1]!);
}

describe('buildReport', () => {
  const input = failingReport();
  const html = buildReport(input);

  it('gives the same bytes for the same input', () => {
    expect(buildReport(failingReport())).toBe(html);
  });

  it('allows no request: data: images only, the one script by its hash', () => {
    const [script] = scripts(html);
    const hash = createHash('sha256').update(script!).digest('base64');
    const policy = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/)![1]!.replaceAll('&#39;', "'");
    expect(policy).toBe(`default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'`);
    expect(scripts(html)).toHaveLength(1);
    const sources = [...html.matchAll(/\ssrc="([^"]*)"/g)].map((m) => m[1]!.slice(0, 22));
    expect(new Set(sources)).toEqual(new Set(['data:image/png;base64,']));
    // 3 screenshot images, 5 frames, 1 agent shot.
    expect(sources).toHaveLength(9);
  });

  it('keeps every string of the input as text', () => {
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('</script><img');
    expect(html.split(XSS.replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')).length - 1).toBe(7);
  });

  it('lists each changed cell with what changed', () => {
    expect(html).toContain(
      '<tr data-cell="2,5"><td>2</td><td>5</td><td class="mono">&#39;e&#39; U+0065 → &#39;é&#39; U+00E9; fg default → palette 1; fg drawn #ffffff → #cc0000</td></tr>',
    );
  });

  it('shows the last frame of a recording without script: its keyframe and the patches after it', () => {
    const last = failingReport().recordings[0]!.frames.frames.length - 1;
    const frames = [...html.matchAll(/<img id="rec-0-f(\d)"[^>]*?( hidden)?>/g)].map((m) => [Number(m[1]), m[2] === ' hidden']);
    expect(frames).toEqual([
      [0, true],
      [1, true],
      [2, true],
      [3, true],
      [last, false],
    ]);
  });

  it('shows each error once: the message, then the stack without the lines repeating it', () => {
    const errors = html.slice(html.indexOf('<section id="errors">'), html.indexOf('<section id="screenshots">'));
    expect(errors).toBe(
      '<section id="errors"><h2>Errors</h2><div class="error" id="error-1"><pre class="error-message"><b>Error</b>: Screenshot menu differs in 1 cell ' +
        `${XSS.replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')}</pre><pre class="stack">    at test/menu.test.ts:14:5</pre></div></section>`,
    );
  });

  it('does not repeat a screenshot message that is one of the errors: it links to it', () => {
    const base = failingReport();
    const shot = base.screenshots[0]!;
    const other = { name: 'Error', message: 'first' };
    const same = buildReport({ ...base, errors: [other, { name: 'Error', message: shot.message, stack: `Error: ${shot.message}\n    at t.ts:1:1` }] });
    expect(same).not.toContain('<pre class="message">');
    expect(same).toContain('<p class="message muted">The failure message is <a href="#error-2">error 2</a> above.</p>');
    expect(html).toContain(`<pre class="message">${escapeHtml(shot.message)}</pre>`);
  });

  it('names the attempt of a retried test in the header', () => {
    const retried = buildReport({ ...failingReport(), attempt: 1 });
    expect(retried).toContain('<span class="status failed">failed</span> <span class="attempt">· retry 1</span> <code>test/menu.test.ts:12</code>');
    expect(html).toContain('<span class="status failed">failed</span> <code>test/menu.test.ts:12</code>');
  });

  it('shows times as whole ms, or seconds past 10 s', () => {
    const base = failingReport();
    const recording = base.recordings[0]!;
    const frames = recording.frames.frames.map((frame, at) => ({ ...frame, atMs: at === 4 ? 12_063.529122666654 : frame.atMs + 0.33333333333 }));
    const steps = recording.steps.map((step) => ({ ...step, atMs: step.atMs + 0.8771459999998, durationMs: step.durationMs + 0.333333333333336 }));
    const timed = buildReport({ ...base, recordings: [{ ...recording, frames: { ...recording.frames, frames }, steps }] });
    expect(timed).toContain('<p class="muted">Last frame: 12.1 s</p>');
    expect([...timed.matchAll(/<button type="button" class="jump" data-frame="\d">([^<]*)<\/button>/g)].map((m) => m[1])).toEqual([
      '1 ms',
      '101 ms',
      '131 ms',
      '301 ms',
      '1501 ms',
    ]);
    const list = timed.slice(timed.indexOf('<ol class="steps">'), timed.indexOf('</ol>', timed.indexOf('<ol class="steps">')));
    // Inputs take 0.33 ms: no duration shown.
    expect([...list.matchAll(/<span class="muted">([^<]*)<\/span>/g)].map((m) => m[1])).toEqual(['80 ms', '700 ms', '60 ms']);
    expect(timed).not.toMatch(/\d\.\d{3,} ms/);
  });

  it('says how many steps and frames were left out', () => {
    const base = failingReport();
    const recording = base.recordings[0]!;
    const cut = buildReport({ ...base, recordings: [{ ...recording, droppedSteps: 8000, frames: { ...recording.frames, truncated: true } }] });
    expect(cut).toContain('<h4>Steps (5 of 8005: the oldest 8000 left out)</h4>');
    expect(cut).toContain('<p class="muted">Frames from 0 ms to 1600 ms; older frames were left out (the recording&#39;s size budget).</p>');
    expect(html).toContain('<h4>Steps (5)</h4>');
    expect(html).toContain('<p class="muted">Last frame: 1600 ms</p>');
  });

  it("shows a recording's note, escaped", () => {
    const base = failingReport();
    const note = `tmuxRecording is 'off': the last screen only ${XSS}`;
    const page = buildReport({ ...base, recordings: [{ ...base.recordings[0]!, note }] });
    expect(page).toContain(`<p class="note">${escapeHtml(note)}</p><p class="muted">Last frame: 1600 ms</p>`);
    expect(html).not.toContain('<p class="note">');
  });

  it('is small for a typical failing test', () => {
    // Measured: the figure the README and the closing note quote.
    expect(Buffer.byteLength(html)).toBeLessThan(48_000);
  });
});

describe('buildIndex', () => {
  const entries = [
    { title: 'menu > closes', file: 'test/menu.test.ts', status: 'passed' as const, href: 'menu-closes/tmux-shot-report.html' },
    {
      title: `menu > opens ${XSS}`,
      file: 'test/menu.test.ts',
      status: 'failed' as const,
      reason: 'Screenshot menu differs in 1 cell',
      href: 'menu-opens/tmux-shot-report.html',
    },
    { title: 'vim > saves', file: 'test/vim.test.ts', status: 'failed' as const, reason: 'Timed out after 5000 ms', href: 'vim-saves/tmux-shot-report.html' },
  ];

  it('lists failing tests first, with their reasons and links, escaped', () => {
    const html = buildIndex(entries);
    const rows = [...html.matchAll(/<tr class="(\w+)">.*?<a href="([^"]*)">(.*?)<\/a>.*?<td class="mono">(.*?)<\/td><\/tr>/g)].map((m) => m.slice(1));
    expect(rows).toEqual([
      [
        'failed',
        'menu-opens/tmux-shot-report.html',
        'menu &gt; opens &lt;/script&gt;&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;&lt;!--',
        'Screenshot menu differs in 1 cell',
      ],
      ['failed', 'vim-saves/tmux-shot-report.html', 'vim &gt; saves', 'Timed out after 5000 ms'],
      ['passed', 'menu-closes/tmux-shot-report.html', 'menu &gt; closes', ''],
    ]);
    expect(html).toContain('<title>tmux-shot reports</title>');
    expect(html).toContain('<p>2 failed, 1 passed</p>');
    expect(html).not.toContain('<script');
    expect(html).toContain(
      `content="default-src &#39;none&#39;; img-src data:; style-src &#39;unsafe-inline&#39;; script-src &#39;none&#39;; base-uri &#39;none&#39;; form-action &#39;none&#39;"`,
    );
  });

  it('lists flaky tests with their own badge, after the failed and before the passed', () => {
    const flaky = {
      title: 'less > pages',
      file: 'test/less.test.ts',
      status: 'flaky' as const,
      reason: 'Timed out after 700 ms',
      href: 'less-pages/tmux-shot-report.html',
    };
    const html = buildIndex([flaky, ...entries]);
    expect(
      [...html.matchAll(/<tr class="(\w+)"><td><span class="status (\w+)">(\w+)<\/span><\/td><td><a href="[^"]*">([^<]*)</g)].map((m) => m.slice(1)),
    ).toEqual([
      ['failed', 'failed', 'failed', 'menu &gt; opens &lt;/script&gt;&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;&lt;!--'],
      ['failed', 'failed', 'failed', 'vim &gt; saves'],
      ['flaky', 'flaky', 'flaky', 'less &gt; pages'],
      ['passed', 'passed', 'passed', 'menu &gt; closes'],
    ]);
    expect(html).toContain('<p>2 failed, 1 flaky, 1 passed</p>');
  });

  it('says so when no test failed', () => {
    const html = buildIndex([]);
    expect(html).toContain('<header><h1>tmux-shot reports</h1><p>No failing tests in this run.</p></header>');
    expect(html).not.toContain('<table');
  });

  it('takes a title', () => {
    expect(buildIndex([], { title: 'Run <1>' })).toContain('<h1>Run &lt;1&gt;</h1><p>No failing tests in this run.</p>');
  });
});
