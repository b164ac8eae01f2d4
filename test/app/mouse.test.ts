// The mouse on a real app: fixtures/mouse-log.mjs turns on the DECSET modes it is given and logs
// every report it receives as hex and decoded, so these tests read the exact bytes off its screen.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, MouseNotEnabledError } from '../../src/errors.js';
import { TmuxServer } from '../../src/host/index.js';
import { TmuxApp } from '../../src/app/tmux-app.js';
import type { MouseEncoding, MouseTracking } from '../../src/snapshot.js';
import { createProject } from '../vitest/run-vitest.js';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures');
const TRACKING_MODES: Record<Exclude<MouseTracking, 'none'>, string> = { x10: '9', normal: '1000', button: '1002', any: '1003' };
const ENCODING_MODES: Record<MouseEncoding, string[]> = { default: [], utf8: ['1005'], sgr: ['1006'], urxvt: ['1015'] };

let server: TmuxServer;
beforeAll(async () => void (server = await TmuxServer.create()));
afterAll(() => server.dispose());

/** mouse-log.mjs with `modes` turned on, started once it has printed `ready`. */
function startLog(modes: string[], size: { cols?: number; rows?: number } = {}): Promise<TmuxApp> {
  return TmuxApp.start({ command: ['node', 'mouse-log.mjs', ...modes], cwd: FIXTURES, server, ready: { text: 'ready' }, cols: 100, rows: 30, ...size });
}

/**
 * Every report the app logged, once it has also logged the key `k` typed after them: input
 * arrives in order, so nothing sent before is still on its way (and no report means none was sent).
 */
async function loggedReports(app: TmuxApp): Promise<string[]> {
  await app.type('k');
  await app.waitForText('key 6b');
  return app
    .text()
    .split('\n')
    .flatMap((line) => /^\d+: (.*)$/.exec(line)?.[1] ?? []);
}

/** A report line as the fixture logs it: the bytes of `text` in hex, ` = `, the decoded form. */
function line(text: string, decoded: string): string {
  return `${[...Buffer.from(text, 'latin1')].map((byte) => byte.toString(16).padStart(2, '0')).join(' ')} = ${decoded}`;
}

/**
 * One report written as ctlseqs writes it: `b` the button code without the 32, `x`/`y` 1-based.
 * `release` ends an SGR report with `m`; the other encodings send code 3 (+ modifiers) instead,
 * given as `releaseCode`.
 */
function report(encoding: MouseEncoding, b: number, x: number, y: number, release?: { releaseCode: number }): string {
  const code = release && encoding !== 'sgr' ? release.releaseCode : b;
  switch (encoding) {
    case 'default':
    case 'utf8':
      return line(`\x1b[M${String.fromCharCode(32 + code, 32 + x, 32 + y)}`, `b=${code} x=${x} y=${y} M`);
    case 'sgr':
      return line(`\x1b[<${code};${x};${y}${release ? 'm' : 'M'}`, `b=${code} x=${x} y=${y} ${release ? 'm' : 'M'}`);
    case 'urxvt':
      return line(`\x1b[${32 + code};${x};${y}M`, `b=${code} x=${x} y=${y} M`);
  }
}

/**
 * The script every mode × encoding runs, and the reports xterm sends for it in any-event mode
 * (ctlseqs "Mouse Tracking": 0/1/2 buttons, 3 release, +4 Shift, +8 Meta, +16 Control, +32
 * motion, 64/65 wheel), tagged with the event kind that decides whether other modes send them.
 */
async function runScript(app: TmuxApp): Promise<void> {
  await app.mouse.move(4, 2); // motion without a button
  await app.mouse.down({ button: 'right', modifiers: ['Shift'] });
  await app.mouse.move(6, 3, { modifiers: ['Shift'] }); // motion with the right button held
  await app.mouse.up({ button: 'right', modifiers: ['Shift'] });
  await app.mouse.click(1, 1, { modifiers: ['Control'] }); // a move, then press and release
  await app.mouse.wheel(-1);
  await app.mouse.wheel(1, { modifiers: ['Alt'] });
}

type Kind = 'free-motion' | 'drag-motion' | 'press' | 'release' | 'wheel';
function expectedReports(encoding: MouseEncoding): [Kind, string][] {
  return [
    ['free-motion', report(encoding, 32 + 3, 5, 3)],
    ['press', report(encoding, 2 + 4, 5, 3)],
    ['drag-motion', report(encoding, 32 + 2 + 4, 7, 4)],
    ['release', report(encoding, 2 + 4, 7, 4, { releaseCode: 3 + 4 })],
    ['free-motion', report(encoding, 32 + 3 + 16, 2, 2)],
    ['press', report(encoding, 0 + 16, 2, 2)],
    ['release', report(encoding, 0 + 16, 2, 2, { releaseCode: 3 + 16 })],
    ['wheel', report(encoding, 64, 2, 2)],
    ['wheel', report(encoding, 65 + 8, 2, 2)],
  ];
}

/** What each tracking mode reports of the script (ctlseqs: X10 presses only, without modifiers). */
const REPORTED: Record<Exclude<MouseTracking, 'none' | 'x10'>, Kind[]> = {
  normal: ['press', 'release', 'wheel'],
  button: ['press', 'release', 'wheel', 'drag-motion'],
  any: ['press', 'release', 'wheel', 'drag-motion', 'free-motion'],
};

describe('mouse reports, exact bytes, in every tracking mode × encoding', () => {
  const cases = (['normal', 'button', 'any'] as const).flatMap((tracking) =>
    (['default', 'utf8', 'sgr', 'urxvt'] as const).map((encoding) => [tracking, encoding] as const),
  );
  it.each(cases)('%s tracking, %s encoding', async (tracking, encoding) => {
    await using app = await startLog([TRACKING_MODES[tracking], ...ENCODING_MODES[encoding]]);
    expect(app.screen().cells.length).toBe(30);
    await runScript(app);
    const expected = expectedReports(encoding).flatMap(([kind, bytes]) => (REPORTED[tracking].includes(kind) ? [bytes] : []));
    expect(await loggedReports(app)).toEqual(expected);
  });

  it.each(['default', 'utf8', 'sgr', 'urxvt'] as const)('x10 tracking, %s encoding: presses only, without modifiers', async (encoding) => {
    await using app = await startLog([TRACKING_MODES.x10, ...ENCODING_MODES[encoding]]);
    await runScript(app);
    expect(await loggedReports(app)).toEqual([report(encoding, 2, 5, 3), report(encoding, 0, 2, 2)]);
  });
});

describe('positions past the byte limits', () => {
  it('default encoding: column 222 is 0xff, and every column from 223 on is 0x00 (xterm’s past-end marker)', async () => {
    await using app = await startLog(['1000'], { cols: 240, rows: 10 });
    await app.mouse.click(222, 0);
    await app.mouse.click(223, 1);
    await app.mouse.click(239, 2);
    expect(await loggedReports(app)).toEqual([
      '1b 5b 4d 20 ff 21 = b=0 x=223 y=1 M',
      '1b 5b 4d 23 ff 21 = b=3 x=223 y=1 M',
      '1b 5b 4d 20 00 22 = b=0 x=end y=2 M',
      '1b 5b 4d 23 00 22 = b=3 x=end y=2 M',
      '1b 5b 4d 20 00 23 = b=0 x=end y=3 M',
      '1b 5b 4d 23 00 23 = b=3 x=end y=3 M',
    ]);
  });

  it('UTF-8 (1005): columns from 95 on as two bytes, past 223 too', async () => {
    await using app = await startLog(['1000', '1005'], { cols: 300, rows: 10 });
    await app.mouse.click(94, 0);
    await app.mouse.click(95, 1);
    await app.mouse.click(250, 2);
    const reports = await loggedReports(app);
    expect(reports.filter((_, n) => n % 2 === 0)).toEqual([
      '1b 5b 4d 20 7f 21 = b=0 x=95 y=1 M',
      '1b 5b 4d 20 c2 80 22 = b=0 x=96 y=2 M',
      '1b 5b 4d 20 c4 9b 23 = b=0 x=251 y=3 M',
    ]);
  });

  it('SGR (1006): decimal positions, no limit', async () => {
    await using app = await startLog(['1002', '1006'], { cols: 300, rows: 5 });
    await app.mouse.click(299, 4, { button: 'middle' });
    expect(await loggedReports(app)).toEqual([line('\x1b[<1;300;5M', 'b=1 x=300 y=5 M'), line('\x1b[<1;300;5m', 'b=1 x=300 y=5 m')]);
  });
});

describe('actions', () => {
  it('move in steps reports each new cell once; drag presses, moves and releases with the button held', async () => {
    await using app = await startLog(['1003', '1006']);
    await app.mouse.move(4, 0, { steps: 2 });
    await app.mouse.move(4, 0); // the same cell: a terminal reports nothing
    await app.mouse.drag({ col: 1, row: 1 }, { col: 4, row: 1 }, { steps: 3 });
    expect(await loggedReports(app)).toEqual([
      line('\x1b[<35;3;1M', 'b=35 x=3 y=1 M'),
      line('\x1b[<35;5;1M', 'b=35 x=5 y=1 M'),
      line('\x1b[<35;2;2M', 'b=35 x=2 y=2 M'),
      line('\x1b[<0;2;2M', 'b=0 x=2 y=2 M'),
      line('\x1b[<32;3;2M', 'b=32 x=3 y=2 M'),
      line('\x1b[<32;4;2M', 'b=32 x=4 y=2 M'),
      line('\x1b[<32;5;2M', 'b=32 x=5 y=2 M'),
      line('\x1b[<0;5;2m', 'b=0 x=5 y=2 m'),
    ]);
  });

  it('dblclick and clickCount send that many press-release pairs; wheel(3) sends three notches', async () => {
    await using app = await startLog(['1000', '1006']);
    await app.mouse.dblclick(2, 0, { button: 'right' });
    await app.mouse.click(2, 0, { clickCount: 3 });
    await app.mouse.wheel(3);
    const right = [line('\x1b[<2;3;1M', 'b=2 x=3 y=1 M'), line('\x1b[<2;3;1m', 'b=2 x=3 y=1 m')];
    const left = [line('\x1b[<0;3;1M', 'b=0 x=3 y=1 M'), line('\x1b[<0;3;1m', 'b=0 x=3 y=1 m')];
    const notch = line('\x1b[<65;3;1M', 'b=65 x=3 y=1 M');
    expect(await loggedReports(app)).toEqual([...right, ...right, ...left, ...left, ...left, notch, notch, notch]);
  });

  it('waits for the app to turn reporting on, then sends in the mode it turned on', async () => {
    await using app = await TmuxApp.start({
      command: 'echo starting; sleep 0.5; exec node mouse-log.mjs 1000 1015',
      cwd: FIXTURES,
      server,
      ready: { text: 'starting' },
    });
    expect(app.screen().cells[1]?.[0]?.chars).toBe('');
    await app.mouse.click(0, 0);
    expect(await loggedReports(app)).toEqual([line('\x1b[32;1;1M', 'b=0 x=1 y=1 M'), line('\x1b[35;1;1M', 'b=3 x=1 y=1 M')]);
  });

  it('force: sends at once as normal tracking in the encoding the app set, even with tracking off', async () => {
    await using plain = await startLog([]);
    await plain.mouse.click(3, 1, { force: true, modifiers: ['Alt'] });
    expect(await loggedReports(plain)).toEqual(['1b 5b 4d 28 24 22 = b=8 x=4 y=2 M', '1b 5b 4d 2b 24 22 = b=11 x=4 y=2 M']);
    await using sgr = await startLog(['1006']);
    await sgr.mouse.click(3, 1, { force: true });
    expect(await loggedReports(sgr)).toEqual([line('\x1b[<0;4;2M', 'b=0 x=4 y=2 M'), line('\x1b[<0;4;2m', 'b=0 x=4 y=2 m')]);
  });

  it('an app that leaves reporting off: MouseNotEnabledError after the timeout, with the screen, and nothing sent', async () => {
    await using app = await startLog([], { cols: 40, rows: 3 });
    const error = await app.mouse.click(3, 1, { timeout: 300 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MouseNotEnabledError);
    expect(error).toMatchObject({ timeout: 300, screenText: 'ready\n\n' });
    expect((error as Error).message).toBe(
      "mouse.click() sent nothing: 'node mouse-log.mjs' did not turn mouse reporting on within 300 ms, so a terminal would not report the mouse to it. " +
        'An app turns it on with DECSET: CSI ? 1000 h (presses and releases), CSI ? 1002 h (and drags), CSI ? 1003 h (and all motion) or CSI ? 9 h (X10 presses), ' +
        'often with CSI ? 1006 h (SGR coordinates). Turn the app’s mouse support on (vim: :set mouse=a; less: --mouse), ' +
        'wait for the screen where it is on, or pass { force: true } to send the report anyway.\n\n' +
        'Screen:\n  0 │ ready\n      (rows 1-2 blank)',
    );
    expect((error as Error).stack).toContain('mouse.test.ts');
    expect(await loggedReports(app)).toEqual([]);
  });
});

describe('bad input: a ConfigError, and nothing sent', () => {
  it.each<[string, (app: TmuxApp) => Promise<void>, string]>([
    [
      'a column past the screen',
      (app) => app.mouse.click(80, 0),
      'mouse.click(): col 80, row 0 is not a cell of the 80×24 screen; cells are whole numbers counted from 0 (col 0–79, row 0–23).',
    ],
    [
      'a negative row',
      (app) => app.mouse.move(0, -1),
      'mouse.move(): col 0, row -1 is not a cell of the 80×24 screen; cells are whole numbers counted from 0 (col 0–79, row 0–23).',
    ],
    [
      'a fraction of a cell',
      (app) => app.mouse.dblclick(1.5, 0),
      'mouse.dblclick(): col 1.5, row 0 is not a cell of the 80×24 screen; cells are whole numbers counted from 0 (col 0–79, row 0–23).',
    ],
    [
      'a drag target outside',
      (app) => app.mouse.drag({ col: 0, row: 0 }, { col: 0, row: 24 }),
      'mouse.drag(): col 0, row 24 is not a cell of the 80×24 screen; cells are whole numbers counted from 0 (col 0–79, row 0–23).',
    ],
    [
      'an unknown button',
      (app) => app.mouse.click(0, 0, { button: 'back' as 'left' }),
      "mouse.click(): button must be 'left', 'middle', 'right'; got the string 'back'.",
    ],
    [
      'an unknown modifier',
      (app) => app.mouse.click(0, 0, { modifiers: ['Meta' as 'Alt'] }),
      "mouse.click(): unknown modifier the string 'Meta' (xterm's Meta is 'Alt'); a mouse report carries only 'Shift', 'Alt', 'Control'.",
    ],
    [
      'modifiers not in an array',
      (app) => app.mouse.down({ modifiers: 'Shift' as unknown as ['Shift'] }),
      "mouse.down(): modifiers must be an array of 'Shift', 'Alt', 'Control'; got the string 'Shift'.",
    ],
    ['steps below 1', (app) => app.mouse.move(1, 1, { steps: 0 }), 'mouse.move(): steps must be a whole number ≥ 1; got 0.'],
    [
      'a fractional clickCount',
      (app) => app.mouse.click(1, 1, { clickCount: 1.5 }),
      'mouse.click(): clickCount must be a whole number from 1 to 1000; got 1.5.',
    ],
    [
      'a clickCount past 1000 (each pair is a tmux command)',
      (app) => app.mouse.click(1, 1, { clickCount: 100_000 }),
      'mouse.click(): clickCount must be a whole number from 1 to 1000; got 100000.',
    ],
    [
      'a wheel delta that is not whole',
      (app) => app.mouse.wheel(0.5),
      'mouse.wheel() takes a whole number of rows from -1000 to 1000 (positive scrolls down, one wheel notch each); got 0.5.',
    ],
    [
      'a wheel delta past 1000 notches',
      (app) => app.mouse.wheel(1e20),
      'mouse.wheel() takes a whole number of rows from -1000 to 1000 (positive scrolls down, one wheel notch each); got 100000000000000000000.',
    ],
    [
      'force that is not a boolean',
      (app) => app.mouse.up({ force: 'yes' as unknown as boolean }),
      "mouse.up(): force must be true or false; got the string 'yes'.",
    ],
    ['a negative timeout', (app) => app.mouse.wheel(1, { timeout: -1 }), 'mouse.wheel() timeout must be a number of ms, 0 or more; got -1.'],
    [
      'options that are not an object',
      (app) => app.mouse.up('left' as never),
      "mouse.up() takes an options object { modifiers, force, timeout, button }; got the string 'left'.",
    ],
    [
      "Playwright's wheel(deltaX, deltaY)",
      (app) => app.mouse.wheel(0, 3 as never),
      'mouse.wheel() takes one delta, in wheel notches (wheel(3): three notches down, wheel(-3): three up), then its options; got the number 3 as options. ' +
        'Playwright’s wheel(deltaX, deltaY) is in pixels; a terminal reports notches, and there is no horizontal wheel here.',
    ],
    [
      'a cell given as an object',
      (app) => app.mouse.click({ col: 1, row: 1 } as never, undefined as never),
      'mouse.click() takes the cell as two numbers, col then row: mouse.click(3, 5); got an object as col.',
    ],
    [
      'a misspelt option',
      (app) => app.mouse.click(1, 1, { modifers: ['Shift'] } as never),
      "mouse.click() has no option 'modifers'; it takes modifiers, force, timeout, button, clickCount.",
    ],
  ])('%s', async (_, act, message) => {
    await using app = await startLog(['1000', '1006'], { cols: 80, rows: 24 });
    await expect(act(app)).rejects.toThrow(new ConfigError(message));
    expect(await loggedReports(app)).toEqual([]);
  });
});

describe('in a real Vitest run (test/app/projects/mouse)', () => {
  it('the tmuxApp fixture’s handle has the mouse, and the mouse guide’s example passes', { timeout: 60_000 }, async () => {
    const project = await createProject('mouse', { projectsDir: resolve(import.meta.dirname, 'projects') });
    try {
      const run = await project.run();
      expect([...run.tests].map(([id, test]) => [id, test.state, test.errors]).sort()).toEqual([
        ['mouse.test.js > clicks through tmuxApp.mouse', 'passed', []],
        ['readme-mouse.test.js > mc: a click selects a file, a click on File opens its menu', 'passed', []],
      ]);
      expect(run.exitCode).toBe(0);
    } finally {
      await project.dispose();
    }
  });

  it('readme-mouse.test.js is the example under "The mouse" in docs/guide/locators.md, as written', async () => {
    const readme = await readFile(resolve(import.meta.dirname, '../../docs/guide/locators.md'), 'utf8');
    const section = readme.slice(readme.indexOf('### The mouse'));
    const example = section.slice(section.indexOf('```js\n') + 6, section.indexOf('```\n', section.indexOf('```js\n') + 6));
    const copy = await readFile(resolve(import.meta.dirname, 'projects/mouse/readme-mouse.test.js'), 'utf8');
    expect(copy.split('\n').slice(1).join('\n')).toBe(example);
  });
});

describe('actions in a row and at once', () => {
  it('a move with a huge steps sends one report per cell crossed, at once', async () => {
    await using app = await startLog(['1003', '1006']);
    await app.mouse.move(3, 0, { steps: Number.MAX_SAFE_INTEGER });
    expect(await loggedReports(app)).toEqual([
      line('\x1b[<35;2;1M', 'b=35 x=2 y=1 M'),
      line('\x1b[<35;3;1M', 'b=35 x=3 y=1 M'),
      line('\x1b[<35;4;1M', 'b=35 x=4 y=1 M'),
    ]);
  });

  it('actions started together run one after another, in the order called', async () => {
    await using app = await startLog(['1002', '1006']);
    await Promise.all([app.mouse.click(5, 5), app.mouse.click(20, 8, { button: 'right' })]);
    expect(await loggedReports(app)).toEqual([
      line('\x1b[<0;6;6M', 'b=0 x=6 y=6 M'),
      line('\x1b[<0;6;6m', 'b=0 x=6 y=6 m'),
      line('\x1b[<2;21;9M', 'b=2 x=21 y=9 M'),
      line('\x1b[<2;21;9m', 'b=2 x=21 y=9 m'),
    ]);
  });
});
