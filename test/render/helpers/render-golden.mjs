// Renders the golden screen in a fresh Node process and prints {"sha256", "systemFamilies"}.
// TypeScript is loaded through Vite's module runner (Node 20 cannot import .ts by itself).
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { GlobalFonts } from '@napi-rs/canvas';
import { runnerImport } from 'vite';

// Fonts Skia found on the system before ours are registered: 0 where system fonts are hidden.
const systemFamilies = GlobalFonts.families.length;
const load = async (path) =>
  (await runnerImport(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), { configFile: false, logLevel: 'silent' })).module;
const { renderPng } = await load('src/render/index.ts');
const { goldenScreen } = await load('test/render/helpers/golden-screen.ts');
const sha256 = createHash('sha256').update(renderPng(goldenScreen())).digest('hex');
process.stdout.write(JSON.stringify({ sha256, systemFamilies }));
