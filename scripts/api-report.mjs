/**
 * The public API reports: for each entry point of package.json's `exports`, the declarations a
 * user can import, as API Extractor writes them (`api/<report>.api.md`), checked in. `npm run api`
 * (part of `npm test`, after the build) compares the built `.d.ts` with the committed report and
 * fails with the difference when the public surface changed; `npm run api -- --local` (also
 * `npm run api:update`) writes the new report, to commit with the change that made it.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');

/** Each entry point's report name and its built declarations. */
const ENTRY_POINTS = [
  { report: 'tmux-shot', types: 'dist/index.d.ts' },
  { report: 'tmux-shot-vitest', types: 'dist/vitest/index.d.ts' },
  { report: 'tmux-shot-reporter', types: 'dist/vitest/reporter.d.ts' },
];

/** Messages go into the report (where a reviewer sees them) instead of failing or printing. */
const IN_REPORT = { logLevel: 'none', addToApiReportFile: true };

/** API Extractor's configuration for one entry point; the report compared with `api/<report>.api.md`. */
function extractorConfig(entry, tempFolder) {
  return ExtractorConfig.prepare({
    configObjectFullPath: join(ROOT, 'api-extractor.json'), // not read: names the folder paths resolve from
    packageJsonFullPath: join(ROOT, 'package.json'),
    configObject: {
      projectFolder: ROOT,
      mainEntryPointFilePath: join(ROOT, entry.types),
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: 'ES2022',
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            lib: ['ES2023'],
            types: ['node'],
            strict: true,
            skipLibCheck: true,
          },
          files: [join(ROOT, entry.types)],
        },
      },
      apiReport: { enabled: true, reportFileName: entry.report, reportFolder: join(ROOT, 'api'), reportTempFolder: tempFolder, includeForgottenExports: true },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        // The TSDoc of this project uses tags TSDoc does not know (`@throws {Error}`, `@default` prose).
        tsdocMessageReporting: { default: { logLevel: 'none' } },
        extractorMessageReporting: {
          default: IN_REPORT,
          'ae-missing-release-tag': { logLevel: 'none' },
          // {@link} targets TSDoc cannot resolve across files: documentation, not surface.
          'ae-unresolved-link': { logLevel: 'none' },
          // Listed with .d.ts line numbers, which move with every comment edited above them; the types a
          // user meets but cannot import by name are in the report anyway (includeForgottenExports).
          'ae-undocumented': { logLevel: 'none' },
          'ae-forgotten-export': { logLevel: 'none' },
        },
        compilerMessageReporting: { default: { logLevel: 'error' } },
      },
    },
  });
}

/** Checks (or with `local`, writes) every report. @returns The names of the reports that differ. */
function checkReports(local) {
  const tempFolder = mkdtempSync(join(tmpdir(), 'tmux-shot-api-'));
  if (local) mkdirSync(join(ROOT, 'api'), { recursive: true });
  try {
    const changed = [];
    for (const entry of ENTRY_POINTS) {
      const result = Extractor.invoke(extractorConfig(entry, tempFolder), { localBuild: local, printApiReportDiff: !local, messageCallback: quiet });
      if (result.errorCount > 0) throw new Error(`API Extractor failed on ${entry.types} with ${result.errorCount} errors (see above)`);
      if (result.apiReportChanged) changed.push(`api/${entry.report}.api.md`);
    }
    return changed;
  } finally {
    rmSync(tempFolder, { recursive: true, force: true });
  }
}

/** API Extractor's own advice, which names its temporary folder (removed) or repeats ours. */
const REPLACED = new Set(['console-api-report-not-copied', 'console-api-report-copied', 'console-api-report-created']);

/** Drops API Extractor's progress lines and advice; keeps errors and the report's diff. */
function quiet(message) {
  if (message.logLevel === 'info' || message.logLevel === 'verbose' || REPLACED.has(message.messageId)) message.handled = true;
}

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--local' && arg !== '--update');
if (unknown.length > 0) {
  console.error(`Unknown argument ${unknown[0]}: npm run api checks the reports, npm run api -- --local (or npm run api:update) rewrites them.`);
  process.exit(2);
}
const local = args.length > 0;
const changed = checkReports(local);
if (local) {
  console.log(changed.length === 0 ? 'API reports: unchanged' : `API reports updated: ${changed.join(', ')} (commit them with the change)`);
} else if (changed.length > 0) {
  console.error(
    `The public API changed: ${changed.join(', ')} differ from the build or are missing (diff above). If the change is meant, ` +
      'run `npm run build && npm run api:update` and commit the reports with it; else undo the change.',
  );
  process.exit(1);
} else {
  console.log(`API reports: ${ENTRY_POINTS.length} entry points match api/`);
}
