// `tmux-shot codegen` end to end, driven as a user would: the command runs in one of our own
// TmuxApps (the built bin, dist/cli/bin.js: run `npm run build` first), whose keys and mouse reach
// codegen's attach client; the test it writes is run twice by a child Vitest (with -u, then without).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { TmuxApp } from '../../src/app/index.js';
import { greeting } from '../../src/cli/codegen.js';
import { main } from '../../src/cli/main.js';
import { createProject, type FixtureProject } from '../vitest/run-vitest.js';

const root = resolve(import.meta.dirname, '../..');
const bin = join(root, 'dist/cli/bin.js');
const dir = mkdtempSync(join(tmpdir(), 'tmux-shot-codegen-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The TMPDIR of each codegen run: its private tmux server's folder (socket, input log) goes there. */
const tmp = new Map<TmuxApp, string>();

/**
 * Starts `tmux-shot codegen … -- app` in a terminal of ours, once the app shows `ready` and codegen
 * has shown its greeting (inside our tmux: the doubled prefix). Both are waited for from the start:
 * the greeting stays `CODEGEN_CLI.messageMs` on screen and may come before the app has drawn
 * (under load, a Node app can take longer than that to show `ready`). An app that exits at once
 * may end the session before any greeting: pass `greets` false.
 */
async function startCodegen(out: string, app: readonly string[], ready: string, size = ['--cols', '40', '--rows', '12'], greets = true): Promise<TmuxApp> {
  const tmpdir = mkdtempSync(join(dir, 'tmp-'));
  const command = [process.execPath, bin, 'codegen', ...size, '--out', out, '--', ...app];
  const outer = await TmuxApp.start({ command, cols: 100, rows: 30, cwd: root, env: { TMPDIR: tmpdir } });
  tmp.set(outer, tmpdir);
  await Promise.all([outer.waitForText(ready, { timeout: 15_000 }), greets && outer.waitForText(greeting(true), { timeout: 15_000 })]);
  return outer;
}

/** Waits for codegen to print the path and exit 0, its tmux server and app gone (its folder removed, no process naming it left). */
async function ends(outer: TmuxApp, out: string): Promise<void> {
  expect(await outer.waitForExit({ timeout: 15_000 })).toEqual({ exitCode: 0, signal: null });
  expect(outer.text()).toContain(out);
  const tmpdir = tmp.get(outer) ?? '';
  expect(readdirSync(tmpdir)).toEqual([]);
  const left = await promisify(execFile)('pgrep', ['-f', tmpdir]).catch((error: { code?: number }) => ({ stdout: `status ${error.code}` }));
  expect(left.stdout).toBe('status 1');
}

/** A child Vitest project whose root has the repository's fixtures and node_modules (so Biome, with its default settings). */
async function codegenProject(): Promise<FixtureProject> {
  const projects = mkdtempSync(join(dir, 'projects-'));
  mkdirSync(join(projects, 'codegen'));
  // The written tests wait on apps, not on a CPU: all at once (Vitest's default on 2 cores is one at a time).
  const project = await createProject('codegen', { projectsDir: projects, testConfig: "include: ['**/*.test.ts'], maxWorkers: 4" });
  symlinkSync(join(root, 'fixtures'), join(project.dir, 'fixtures'));
  return project;
}

/**
 * The one project every written test is run in, by the last test of this file: a child Vitest
 * costs seconds to start, so the tests share its runs instead of starting two or three each.
 */
let shared: Promise<FixtureProject> | undefined;
const sharedProject = () => (shared ??= codegenProject());
afterAll(async () => (await shared)?.dispose());

/** The written tests, by file name in the shared project, with how many runs each must pass (the first with -u). */
const written = new Map<string, number>();

/** Has the written `file` run in the shared project, with -u then without (`runs` times in all): it must pass every time. */
async function passesTwice(file: string, runs = 2): Promise<void> {
  const project = await sharedProject();
  const name = basename(file);
  if (join(project.dir, name) !== file) writeFileSync(join(project.dir, name), readFileSync(file));
  written.set(name, runs);
}
/**
 * mc's argv over two files with fixed times, and a HOME whose ini hides what changes from run to
 * run (the hint bar, the free space) and quits on F10 without asking.
 */
function mcCommand(): { mc: string[]; home: string; files: string } {
  const base = mkdtempSync(join(dir, 'mc-'));
  const home = join(base, 'home');
  const files = join(base, 'top', 'files');
  mkdirSync(join(home, '.config', 'mc'), { recursive: true });
  mkdirSync(files, { recursive: true });
  writeFileSync(join(home, '.config', 'mc', 'ini'), '[Midnight-Commander]\nconfirm_exit=false\nfree_space=false\n[Layout]\nmessage_visible=false\n');
  const time = new Date('2024-01-02T03:04:05Z');
  for (const name of ['alpha.txt', 'beta.txt']) writeFileSync(join(files, name), name);
  for (const path of [join(files, 'alpha.txt'), join(files, 'beta.txt'), files, join(base, 'top')]) utimesSync(path, time, time);
  return { mc: ['env', `HOME=${home}`, `TMPDIR=${home}`, 'mc', '--nosubshell', files, files], home, files };
}

describe('tmux-shot codegen', () => {
  it('writes the menu session (keys, each with what it changed; a marked screenshot) as a test that passes at once and again', async () => {
    const out = join(dir, 'menu.test.ts');
    await using outer = await startCodegen(out, ['node', 'fixtures/menu.mjs'], 'Menu');
    await outer.press('Down');
    await outer.waitForText('> Save');
    await outer.press('Down');
    await outer.waitForText('> Settings');
    await outer.press('Enter');
    await outer.waitForText('Selected: Settings');
    await outer.press('C-b', 's');
    await outer.waitForText('tmux-shot codegen: screenshot screen-1 marked');
    await outer.press('Up');
    await outer.waitForText('> Save');
    await outer.press('C-b', 'd');
    await ends(outer, out);
    expect(readFileSync(out, 'utf8')).toBe(`// Generated by tmux-shot codegen.

import { expect, test } from 'tmux-shot/vitest';

test.override({ tmuxOptions: { command: ['node', 'fixtures/menu.mjs'], cols: 40, rows: 12 } });

test('node fixtures/menu.mjs', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('Use arrows, Enter to choose, q to quit');
  await tmuxApp.press('Down');
  await expect(tmuxApp).toShowText('> Save');
  await tmuxApp.press('Down');
  await expect(tmuxApp).toShowText('> Settings');
  await tmuxApp.press('Enter');
  await expect(tmuxApp).toShowText('Selected: Settings');
  await expect(tmuxApp).toMatchScreenshot('screen-1');
  await tmuxApp.press('Up');
  await expect(tmuxApp).toShowText('> Save');
  await expect(tmuxApp).toMatchScreenshot('final');
});
`);
    await passesTwice(out);
  });
  it("inside the user's own tmux (TMUX and TMUX_PANE point at a live server): C-b C-b d detaches and the test is written", async () => {
    // A real outer tmux with a client attached, as a user runs it: its pane gives codegen TMUX and TMUX_PANE=%0.
    const user = mkdtempSync(join(dir, 'user-'));
    const socket = join(user, 'tmux.sock');
    const out = join(dir, 'nested.test.ts');
    const tmpdir = mkdtempSync(join(dir, 'tmp-'));
    const codegen = `TMPDIR=${tmpdir} ${process.execPath} ${bin} codegen --cols 40 --rows 12 --out ${out} -- node fixtures/menu.mjs; echo "codegen exit status $?"; read line`;
    const tmux = ['env', '-u', 'TMUX', 'tmux', '-S', socket, '-f', '/dev/null', 'new-session', codegen];
    await using outer = await TmuxApp.start({ command: tmux, cols: 100, rows: 30, cwd: root, env: { TMPDIR: user } });
    try {
      await outer.waitForText('tmux-shot codegen: C-b C-b s screenshot, C-b C-b d stop and write the test', { timeout: 15_000 });
      // A person's pause: codegen's screen model may lag this terminal under load (two tmux servers
      // between here and the app), and a key sent before it has the menu is written before the menu's assertion.
      await outer.waitForStable();
      await outer.press('Down');
      await outer.waitForText('> Save');
      await outer.press('C-b', 'C-b', 'd');
      await outer.waitForText('codegen exit status', { timeout: 15_000 });
      expect(outer.text()).toContain(`[detached (from session 1)]\nwrote ${out} (no package.json in its folder or above`);
      expect(outer.text()).toContain('as written)\ncodegen exit status 0\n');
      expect(readFileSync(out, 'utf8')).toContain("  await tmuxApp.press('Down');\n  await expect(tmuxApp).toShowText('> Save');\n");
      expect(readdirSync(tmpdir)).toEqual([]);
    } finally {
      await promisify(execFile)('tmux', ['-S', socket, 'kill-server']).catch(() => undefined);
    }
  });
});

describe('tmux-shot codegen on real apps', () => {
  it('vim: typing, Escape and :q! (the app exits, which ends the session), written into a project and formatted by its Biome', async () => {
    const project = await sharedProject();
    const out = join(project.dir, 'vim.test.ts');
    const vim = ['vim', '-u', 'NONE', '-i', 'NONE', '-N', '-n', 'notes.txt'];
    await using outer = await startCodegen(out, vim, '"notes.txt" [New]', ['--cols', '40', '--rows', '8']);
    // Keys are typed one at a time (each once the app has read the one before), so vim's mode line
    // can show between 'i' and 'h': a person waits for it, and the test splits there.
    await outer.type('i');
    await outer.waitForText('-- INSERT --');
    await outer.waitForStable(); // a person's pause: codegen's screen model may lag this terminal under load
    await outer.type('hello world');
    await outer.waitForText('hello world');
    await outer.waitForStable();
    await outer.press('Escape');
    await outer.getByText('-- INSERT --').waitFor({ state: 'hidden' });
    await outer.type(':q!');
    await outer.waitForText(':q!');
    await outer.press('Enter');
    await ends(outer, out);
    expect(outer.text().replaceAll('\n', '')).toContain(`wrote ${out} (formatted with ${project.dir}/node_modules/.bin/biome)`); // the line wraps at the terminal's width
    // Biome with its defaults (the project has no config): tabs, double quotes where they need no escape.
    // The pause after Escape is this test's own (how long its waitFor took): kept, whatever it was.
    expect(readFileSync(out, 'utf8').replace(/quietMs: \d+/, 'quietMs: N')).toBe(`// Generated by tmux-shot codegen.

import { expect, test } from "tmux-shot/vitest";

test.override({
\ttmuxOptions: {
\t\tcommand: ["vim", "-u", "NONE", "-i", "NONE", "-N", "-n", "notes.txt"],
\t\tcols: 40,
\t\trows: 8,
\t},
});

test("vim -u NONE -i NONE -N -n notes.txt", async ({ tmuxApp }) => {
\tawait expect(tmuxApp).toShowText('"notes.txt" [New]');
\tawait tmuxApp.type("i");
\tawait expect(tmuxApp).toShowText("-- INSERT --");
\tawait tmuxApp.type("hello world");
\tawait expect(tmuxApp).toShowText("hello world");
\tawait tmuxApp.press("Escape");
\tawait tmuxApp.waitForStable({ quietMs: N });
\tawait tmuxApp.type(":q!");
\tawait expect(tmuxApp).toShowText(":q!");
\tawait tmuxApp.press("Enter");
\texpect(await tmuxApp.waitForExit()).toEqual({ exitCode: 0, signal: null });
});
`);
    await passesTwice(out);
  }, 60_000); // a session typed a key at a time

  it("vim: u's message, then :q! typed over it: the typing is split there, so the assertion stands where its text is shown", async () => {
    const project = await sharedProject();
    const notes = join(mkdtempSync(join(dir, 'undo-')), 'notes.txt');
    // Lines with digits, so that u's message (longer) is the text that appeared.
    writeFileSync(notes, 'x1\nx2\nx3\n');
    const out = join(project.dir, 'undo.test.ts');
    const vim = ['vim', '-u', 'NONE', '-i', 'NONE', '-N', '-n', notes];
    await using outer = await startCodegen(out, vim, 'x3', ['--cols', '50', '--rows', '8']);
    await outer.type('dd');
    await outer.getByText('x1').waitFor({ state: 'hidden' });
    await outer.press('C-r');
    // Once (1 CI run in ~30) vim's session ended between 'dd' and C-r (exit 0, no error shown): if
    // it happens again, the written test says what vim read and how it exited.
    await outer.waitForText('Already at newest change').catch((error: Error) => {
      throw new Error(`${error.message}\n\nThe test codegen wrote:\n${existsSync(out) ? readFileSync(out, 'utf8') : '(none)'}`, { cause: error });
    });
    await outer.type('u');
    await outer.waitForText('1 more line; before #1');
    // A person's pause: codegen's own screen model may lag this terminal by a moment under load, and
    // the split needs the message to be in it when ':' arrives.
    await outer.waitForStable();
    await outer.type(':q!');
    await outer.waitForText(':q!');
    await outer.press('Enter');
    await ends(outer, out);
    // Not type('u:q!') with an assertion on the message that :q! overwrites. (What comes before
    // varies: the first assertion names the file, whose path varies, and under load the screen
    // codegen reads can lag the one the user sees by a moment, so C-r's message may be missed.)
    expect(readFileSync(out, 'utf8')).toContain(`
\tawait tmuxApp.type("u");
\tawait expect(tmuxApp).toShowText("1 more line; before #1");
\tawait tmuxApp.type(":q!");
\tawait expect(tmuxApp).toShowText(":q!");
\tawait tmuxApp.press("Enter");
\texpect(await tmuxApp.waitForExit()).toEqual({ exitCode: 0, signal: null });
});
`);
    await passesTwice(out);
  }, 60_000); // a session typed a key at a time

  // The prompt comes 0.5 s after the output (PROMPT_COMMAND): replayed without a wait on it, `exit`
  // was typed in that gap, and the terminal echoed it before the prompt (`exitbash-5.2# exit`; in
  // CI, with no PROMPT_COMMAND, `ebash-5.2# exit` once, against a reference without it).
  it('bash: a command that takes 6 s, then exit: a whole-row wait on its output with a timeout, then on the prompt, the test its own, ending on the exit status', async () => {
    const out = join(dir, 'slow.test.ts');
    const bash = ['env', 'PROMPT_COMMAND=sleep 0.5', 'bash', '--norc', '--noprofile'];
    await using outer = await startCodegen(out, bash, 'bash-5.2#', ['--cols', '50', '--rows', '8']);
    // As a person types: the command line, then Enter on its own (the line's echo is on the screen before Enter).
    await outer.type('sleep 6; echo build-finished');
    await outer.waitForText('# sleep 6; echo build-finished');
    await outer.waitForStable(); // a person's pause: codegen's screen model may lag this terminal under load
    await outer.press('Enter');
    await outer.waitForText(/^build-finished/m, { timeout: 10_000 });
    await outer.waitForText(/^bash-5\.2# +│/m); // the prompt, 0.5 s after the output (the frame of codegen's view follows)
    await outer.waitForStable();
    await outer.type('exit');
    await outer.waitForText('# exit');
    await outer.waitForStable();
    await outer.press('Enter');
    await ends(outer, out);
    const source = readFileSync(out, 'utf8');
    // The wait: twice what was observed, in whole seconds (at least 12 s for the 6 s command); the test: that plus 5 s.
    const timeouts = [...source.matchAll(/timeout: (\d+)/g)].map((match) => Number(match[1]));
    expect(timeouts.map((timeout) => timeout >= 12_000 && timeout <= 30_000)).toEqual([true, true]);
    expect(source.replace(/timeout: \d+/g, 'timeout: N')).toBe(`// Generated by tmux-shot codegen.

import { expect, test } from 'tmux-shot/vitest';

test.override({ tmuxOptions: { command: ['env', 'PROMPT_COMMAND=sleep 0.5', 'bash', '--norc', '--noprofile'], cols: 50, rows: 8 } });

test('env PROMPT_COMMAND=sleep 0.5 bash --norc --noprofile', { timeout: N }, async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('bash-5.2#');
  await tmuxApp.type('sleep 6; echo build-finished');
  await expect(tmuxApp).toShowText('bash-5.2# sleep 6; echo build-finished');
  await tmuxApp.press('Enter');
  await expect(tmuxApp).toShowText(/^build-finished$/, { timeout: N });
  await expect(tmuxApp.region({ row: 2, col: 0, rows: 1, cols: 9 })).toHaveText('bash-5.2#');
  await tmuxApp.type('exit');
  await expect(tmuxApp).toShowText('bash-5.2# exit');
  await tmuxApp.press('Enter');
  await expect(tmuxApp).toShowText(/^exit$/);
  expect(await tmuxApp.waitForExit()).toEqual({ exitCode: 0, signal: null });
  await expect(tmuxApp).toMatchScreenshot('final');
});
`);
    await passesTwice(out);
  }, 60_000); // a 6 s command, typed a key at a time (its two replays run with the others, below)

  // Issue 28.9: `echo one` and its Enter came in one read, and the test waited for the echoed line
  // ('sh> echo one'), shown before the output: the replay typed the next command too early.
  it('sh: a command line pasted with its Enter (one read) is followed by a wait on its output, not on its echo', async () => {
    const out = join(dir, 'paste.test.ts');
    await using outer = await startCodegen(out, ['env', 'PS1=sh> ', 'sh'], 'sh>', ['--cols', '40', '--rows', '8']);
    await outer.waitForText('tmux-shot codegen: C-b C-b s screenshot');
    await outer.paste('echo one\n'); // sh asks for no bracketed paste: the line and its CR reach it as one write
    await outer.waitForText(/^one /m);
    await outer.waitForStable(); // a person's pause: codegen's screen model may lag this terminal under load
    await outer.type('exit');
    await outer.waitForText('sh> exit');
    await outer.waitForStable();
    await outer.press('Enter');
    await ends(outer, out);
    expect(readFileSync(out, 'utf8')).toBe(`// Generated by tmux-shot codegen.

import { expect, test } from 'tmux-shot/vitest';

test.override({ tmuxOptions: { command: ['env', 'PS1=sh> ', 'sh'], cols: 40, rows: 8 } });

test('env PS1=sh>  sh', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('sh>');
  await tmuxApp.type('echo one');
  await tmuxApp.press('Enter');
  await expect(tmuxApp).toShowText(/^one$/);
  await expect(tmuxApp.region({ row: 2, col: 0, rows: 1, cols: 3 })).toHaveText('sh>');
  await tmuxApp.type('exit');
  await expect(tmuxApp).toShowText('sh> exit');
  await tmuxApp.press('Enter');
  expect(await tmuxApp.waitForExit()).toEqual({ exitCode: 0, signal: null });
  await expect(tmuxApp).toMatchScreenshot('final');
});
`);
    await passesTwice(out);
  }, 90_000); // a session typed a key at a time, then two child Vitest runs

  // Issue 28.8: what was typed at a no-echo prompt (read -s, sudo, ssh, passwd) was written into the test.
  it('bash read -s: the password typed and the PIN pasted with its Enter are in no file; the test types $TMUX_SHOT_PASSWORD and $TMUX_SHOT_SECRET (passes with them set, fails naming one when not)', async () => {
    const project = await codegenProject();
    try {
      const out = join(project.dir, 'secret.test.ts');
      const script = "read -s -p 'Password: ' pw; echo; read -s -p 'PIN: ' pin; echo; echo got ${#pw}; read -p 'Name: ' name; echo hi $name";
      await using outer = await startCodegen(out, ['bash', '-c', script], 'Password:', ['--cols', '40', '--rows', '8']);
      await outer.waitForText('tmux-shot codegen: C-b C-b s screenshot');
      await outer.type('hunter2'); // a key a read
      await outer.press('Enter');
      await outer.waitForText('PIN:');
      await outer.waitForStable(); // a person's pause
      await outer.paste('4711\n'); // one read with its Enter: only the mode sampled before it can tell
      await outer.waitForText('Name:');
      await outer.waitForStable(); // a person's pause: codegen's screen model may lag this terminal under load
      await outer.type('Ann');
      await outer.waitForText('Name: Ann');
      await outer.waitForStable();
      await outer.press('Enter');
      await ends(outer, out);
      const source = readFileSync(out, 'utf8');
      expect(source).not.toMatch(/hunter2|4711/);
      expect(source).toBe(`// Generated by tmux-shot codegen.

import { expect, test } from "tmux-shot/vitest";

test.override({
\ttmuxOptions: {
\t\tcommand: [
\t\t\t"bash",
\t\t\t"-c",
\t\t\t"read -s -p 'Password: ' pw; echo; read -s -p 'PIN: ' pin; echo; echo got \${#pw}; read -p 'Name: ' name; echo hi $name",
\t\t],
\t\tcols: 40,
\t\trows: 8,
\t},
});

test("bash -c read -s -p 'Password: ' pw; echo; read -s -p 'PIN: ' pin; echo; echo got \${#pw}; read -p 'Name: ' name; echo hi $name", async ({
\ttmuxApp,
}) => {
\tawait expect(tmuxApp).toShowText("Password:");
\t// typed at the no-echo prompt 'Password:' (ECHO off), not written here: set TMUX_SHOT_PASSWORD to replay it
\tawait tmuxApp.type(secret("TMUX_SHOT_PASSWORD"));
\tawait tmuxApp.press("Enter");
\tawait expect(tmuxApp).toShowText("PIN:");
\t// typed at the no-echo prompt 'PIN:' (ECHO off), not written here: set TMUX_SHOT_SECRET to replay it
\tawait tmuxApp.type(secret("TMUX_SHOT_SECRET"));
\tawait tmuxApp.press("Enter");
\tawait expect(tmuxApp).toShowText("Name:");
\tawait tmuxApp.type("Ann");
\tawait expect(tmuxApp).toShowText("Name: Ann");
\tawait tmuxApp.press("Enter");
\tawait expect(tmuxApp).toShowText("hi Ann");
\texpect(await tmuxApp.waitForExit()).toEqual({ exitCode: 0, signal: null });
\tawait expect(tmuxApp).toMatchScreenshot("final");
});

/** What was typed at a no-echo prompt, from the environment variable \`name\`: codegen does not write it into the test. */
function secret(name: string): string {
\tconst value = process.env[name];
\tif (value === undefined)
\t\tthrow new Error(
\t\t\t\`\${name} is not set: set it to what was typed at the no-echo prompt to replay this test\`,
\t\t);
\treturn value;
}
`);
      for (const args of [['secret.test.ts', '-u'], ['secret.test.ts']]) {
        const result = await project.run(args, { TMUX_SHOT_PASSWORD: 'hunter2', TMUX_SHOT_SECRET: '4711' });
        expect(
          [...result.tests.values()].map((test) => [test.state, test.errors]),
          result.output,
        ).toEqual([['passed', []]]);
      }
      const unset = await project.run(['secret.test.ts'], { TMUX_SHOT_PASSWORD: 'hunter2' });
      expect([...unset.tests.values()].map((test) => test.state)).toEqual(['failed']);
      expect(unset.output).toContain('TMUX_SHOT_SECRET is not set: set it to what was typed at the no-echo prompt to replay this test');
    } finally {
      await project.dispose();
    }
  }, 90_000); // a session typed a key at a time, then three child Vitest runs

  it("mc: a mouse click on the menu bar's File becomes a locator click", async () => {
    const { mc, home, files } = mcCommand();
    const out = join(dir, 'mc.test.ts');
    await using outer = await startCodegen(out, mc, 'beta.txt', ['--cols', '80', '--rows', '20']);
    await outer.region({ rows: 1 }).getByText('File').click();
    await outer.waitForText('Filtered view');
    await outer.press('C-b', 'd');
    await ends(outer, out);
    const command = `['env', 'HOME=${home}', 'TMPDIR=${home}', 'mc', '--nosubshell', '${files}', '${files}']`;
    expect(readFileSync(out, 'utf8')).toBe(`// Generated by tmux-shot codegen.

import { expect, test } from 'tmux-shot/vitest';

test.override({ tmuxOptions: { command: ${command}, cols: 80, rows: 20 } });

test('${mc.join(' ')}', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('Command');
  await tmuxApp.getByText('File', { exact: true }).click();
  await expect(tmuxApp).toShowText('Relative symlink');
  await expect(tmuxApp).toMatchScreenshot('final', { mask: [/\\d+(?:\\.\\d+)?\\s?%/, /\\b\\d+(?:[.,]\\d+)?\\s?[KMGTPE]i?B?\\b/] });
});
`);
    await passesTwice(out);
  });

  // Recorded before: press('Escape', 'F10') with no assertion after the click, and the test failed 3
  // of 3 runs (mc read ESC then F10's bytes within its 1 s ESC timeout as an Alt sequence: `[21~`).
  it('mc: a click on a file, asserted where the mini-status names it; Escape, then F10 2 s later, kept apart with the pause: passes 3 of 3', async () => {
    const { mc, home, files } = mcCommand();
    const out = join(dir, 'mc-escape.test.ts');
    await using outer = await startCodegen(out, mc, 'beta.txt', ['--cols', '80', '--rows', '20']);
    await outer.getByText('beta.txt').first().click();
    await outer.waitForText(/│ beta\.txt +││UP--DIR/);
    await outer.waitForStable(); // a person's pause: codegen's screen model may lag this terminal under load
    await outer.press('Escape');
    await outer.waitForStable({ quietMs: 2000 }); // the person's pause: longer than mc's ESC timeout (1 s)
    await outer.press('F10');
    await ends(outer, out);
    const source = readFileSync(out, 'utf8');
    const pause = Number(/quietMs: (\d+)/.exec(source)?.[1]);
    // The pause codegen saw: 2000 ms, less or more by how late the loaded machine relayed each key.
    expect(pause >= 1500 && pause <= 3000, `pause ${pause}`).toBe(true);
    const command = `['env', 'HOME=${home}', 'TMPDIR=${home}', 'mc', '--nosubshell', '${files}', '${files}']`;
    expect(source.replace(/quietMs: \d+/, 'quietMs: N')).toBe(`// Generated by tmux-shot codegen.

import { expect, test } from 'tmux-shot/vitest';

test.override({ tmuxOptions: { command: ${command}, cols: 80, rows: 20 } });

test('${mc.join(' ')}', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('Command');
  await tmuxApp.mouse.click(5, 5);
  await expect(tmuxApp.region({ row: 16, col: 2, rows: 1, cols: 8 })).toHaveText('beta.txt');
  await tmuxApp.press('Escape');
  await tmuxApp.waitForStable({ quietMs: N });
  await tmuxApp.press('F10');
  expect(await tmuxApp.waitForExit()).toEqual({ exitCode: 0, signal: null });
});
`);
    await passesTwice(out, 3);
  });

  it('each written test passes at once and again, in shared child Vitest runs (with -u, then without; the mc Escape test a third time)', async () => {
    const project = await sharedProject();
    expect([...written.keys()].sort()).toEqual([
      'mc-escape.test.ts',
      'mc.test.ts',
      'menu.test.ts',
      'paste.test.ts',
      'slow.test.ts',
      'undo.test.ts',
      'vim.test.ts',
    ]);
    const most = Math.max(...written.values());
    for (let run = 0; run < most; run++) {
      const names = [...written].filter(([, runs]) => runs > run).map(([name]) => name);
      const result = await project.run(run === 0 ? [...names, '-u'] : names);
      for (const name of names) {
        expect(
          { name, run, tests: [...result.tests.values()].filter((test) => test.id.startsWith(`${name} > `)).map((test) => [test.state, test.errors]) },
          result.output,
        ).toEqual({ name, run, tests: [['passed', []]] });
      }
    }
  }, 180_000); // three child Vitest runs: six files, then six, then one (the 6 s command in the first two)
});

describe('tmux-shot codegen failures', () => {
  it('an app that fails before any input: its status and whole output (scrollback included), exit status 1, no file', async () => {
    const out = join(dir, 'fails.test.ts');
    const script = 'echo Cannot find module x; seq 8; exit 3';
    await using outer = await startCodegen(out, ['sh', '-c', script], '8', ['--cols', '40', '--rows', '5'], false);
    expect(await outer.waitForExit({ timeout: 15_000 })).toEqual({ exitCode: 1, signal: null });
    // The whole buffer, not only the last 5 rows (the screen) that hid the first line.
    const status = `tmux-shot codegen: 'sh -c "${script}"' exited (status 3) before any input:`;
    expect(outer.text()).toContain(`${status.slice(0, 100)}\n${status.slice(100)}\nCannot find module x\n1\n2\n3\n4\n5\n6\n7\n8\n`);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(tmp.get(outer) ?? '')).toEqual([]);
  });

  it('not in a terminal: says so, exit status 1, before starting anything', async () => {
    const run = promisify(execFile)(process.execPath, [bin, 'codegen', '--out', join(dir, 'no-tty.test.ts'), '--', 'true']);
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: 'tmux-shot codegen: it attaches your terminal to the app, and its stdin or stdout is not a terminal: run it in one, without redirections.\n',
    });
  });
});

describe('tmux-shot codegen usage', () => {
  it('greets within 80 columns, with the outer prefix twice inside tmux', () => {
    expect([greeting(false), greeting(true)]).toEqual([
      'tmux-shot codegen: C-b s screenshot, C-b d stop and write the test',
      'tmux-shot codegen: C-b C-b s screenshot, C-b C-b d stop and write the test',
    ]);
    expect(greeting(true).length).toBeLessThanOrEqual(80);
  });

  it('needs a command after --, exit status 2', async () => {
    const err: string[] = [];
    expect(await main(['codegen'], { stdout: () => undefined, stderr: (text) => err.push(text) })).toBe(2);
    expect(err.join('\n')).toBe(
      "tmux-shot: codegen needs a command after --, e.g. tmux-shot codegen -- vim notes.txt\nRun 'tmux-shot codegen --help' for usage.",
    );
  });

  it.each([
    ['codegen', ['codegen', '-o', '', '--', 'true']],
    ['codegen', ['codegen', '--out=', '--', 'true']],
    ['shot', ['shot', '-o', '', '--', 'true']],
    ['record', ['record', '--out', '', '--', 'true']],
  ])('an empty -o/--out is a usage error naming the flag (%s), exit status 2', async (command, args) => {
    const err: string[] = [];
    expect(await main(args, { stdout: () => undefined, stderr: (text) => err.push(text) })).toBe(2);
    expect(err.join('\n')).toBe(
      `tmux-shot: -o/--out is empty: name the file to write (a shell variable that is not set gives '').\nRun 'tmux-shot ${command} --help' for usage.`,
    );
  });

  it('refuses to replace a file at the default name it was not given, before starting anything', async () => {
    const cwd = process.cwd();
    const folder = mkdtempSync(join(dir, 'default-'));
    writeFileSync(join(folder, 'codegen.test.ts'), 'mine');
    process.chdir(folder);
    try {
      const err: string[] = [];
      expect(await main(['codegen', '--', 'true'], { stdout: () => undefined, stderr: (text) => err.push(text) })).toBe(2);
      expect(err.join('\n')).toBe(
        `tmux-shot: codegen writes ${join(folder, 'codegen.test.ts')} when -o is not given, and that file exists: name it with -o to replace it, or choose another name.\nRun 'tmux-shot codegen --help' for usage.`,
      );
      expect(readFileSync(join(folder, 'codegen.test.ts'), 'utf8')).toBe('mine');
      expect(existsSync(join(folder, 'input.log'))).toBe(false);
    } finally {
      process.chdir(cwd);
    }
  });
});
