// TypeDoc plugin: names each entry point of the API reference as users import it
// (TypeDoc would name them by file: index, vitest, vitest/reporter).
import { Converter } from 'typedoc';

/** File-derived module name → the name on the API pages. */
const NAMES = {
  index: 'tmux-shot',
  vitest: 'tmux-shot/vitest',
  'vitest/reporter': 'tmux-shot/reporter',
  defaults: 'defaults',
};

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const module of context.project.children ?? []) module.name = NAMES[module.name] ?? module.name;
  });
}
