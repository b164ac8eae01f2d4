#!/usr/bin/env node
/** The `tmux-shot` executable (package.json `bin`). */
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2));
