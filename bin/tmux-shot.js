#!/usr/bin/env node
// The CLI is compiled to dist/ by the package's `prepare` script (it runs on `npm install`).
import { main } from '../dist/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
