// `node --import ./register-ts.mjs script.ts` runs our TypeScript sources in a child process
// (Node 20 cannot strip types): tests of what happens when a process exits use it.
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
