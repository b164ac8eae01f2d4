// npm publish runs this first (prepublishOnly): it refuses to publish while package.json's
// repository, homepage or bugs still hold the placeholder host example.invalid (RFC 2606: it
// never resolves), which stands in until the project has a public home. A dry run
// (npm publish --dry-run, npm run check:package) only says so. A real publish also type-checks the
// checkout first: the build (prepack) only emits (`tsc --noCheck`), and `npm test` checks the types.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const fields = { repository: manifest.repository?.url, homepage: manifest.homepage, bugs: manifest.bugs?.url };
const placeholders = Object.entries(fields).filter(([, url]) => typeof url !== 'string' || url.includes('example.invalid'));
if (placeholders.length > 0) {
  const names = placeholders.map(([name]) => name).join(', ');
  const message = `package.json's ${names} still point at the placeholder example.invalid: set the project's public URLs before publishing.`;
  if (process.env.npm_config_dry_run === 'true') {
    console.log(`publish guard (dry run): ${message}`);
  } else {
    console.error(`publish guard: ${message}`);
    process.exit(1);
  }
}
if (process.env.npm_config_dry_run !== 'true') {
  const typecheck = spawnSync('npm', ['run', 'typecheck'], { stdio: 'inherit' });
  if (typecheck.status !== 0) {
    console.error('publish guard: the type check failed (npm run typecheck): fix it before publishing.');
    process.exit(1);
  }
}
