/** The text patterns of the MCP tools (pure): literal text, or a regular expression written `/…/`. */
import { ConfigError } from '../errors.js';

/**
 * A tool's text argument as a pattern: `/…/` (at least one character between the slashes, no
 * flags) is a regular expression, anything else is literal text — the rule of the agent's
 * `finish` evidence. Unlike evidence, a `/…/` that is not a valid regular expression is refused,
 * so a wait does not search for it literally until its timeout.
 * @throws {ConfigError} for an invalid regular expression, with JavaScript's reason.
 */
export function parsePattern(text: string): string | RegExp {
  if (text.length < 3 || !text.startsWith('/') || !text.endsWith('/')) return text;
  try {
    return new RegExp(text.slice(1, -1));
  } catch (error) {
    throw new ConfigError(
      `${text} is not a valid regular expression (${(error as Error).message}); fix it, or to search for the literal text leave off a slash.`,
    );
  }
}
