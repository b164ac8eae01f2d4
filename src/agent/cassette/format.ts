/**
 * The cassette file (one per test, human-readable JSON): what a recorded model run holds, its
 * parsing, and the store it is read from and written to. A cassette lists the test's agent
 * interactions (`run`, `assert`, `query`) in call order; each carries the semantic inputs it was
 * recorded under and its model calls in order.
 */
import { z } from 'zod';
import { CassetteMismatchError } from '../../errors.js';

/** The semantic inputs of one interaction: what makes a recording valid. Hashes are sha256 hex. */
const semanticInputsSchema = z.object({
  /** What the interaction is: an agent run, a verdict, or a structured query. */
  kind: z.enum(['run', 'assert', 'query']),
  /** The goal, claim or question, verbatim (for readers; `goalHash` is what is compared). */
  goal: z.string(),
  goalHash: z.string(),
  systemPromptHash: z.string(),
  /** sha256 of the JSON of every tool schema the model may be offered. */
  toolsHash: z.string(),
  /** Terminal size when the interaction began, in cells. */
  terminal: z.object({ cols: z.number().int(), rows: z.number().int() }),
  /** Chunking of timed runs: planned chunk count (1 for untimed runs) and their target length in s. */
  chunkPlan: z.object({ chunks: z.number().int(), chunkSeconds: z.number() }),
});

/** The semantic inputs of one interaction. */
export type SemanticInputs = z.infer<typeof semanticInputsSchema>;

/** One model call: what the model saw and what it answered, exactly as received. */
const cassetteEntrySchema = z.object({
  /** 1-based position of the call in its interaction. */
  call: z.number().int(),
  /** Chunk of a planned run (0 is the planning request; 1 otherwise). */
  chunk: z.number().int(),
  /** Turn within the chunk's conversation, 1-based. */
  turn: z.number().int(),
  /** The normalized live screen when the call was made: sha256 and text (truncated). */
  screen: z.object({ digest: z.string(), text: z.string() }),
  /** sha256 of each image sent with the request (images are never stored inline). */
  images: z.array(z.string()),
  /** The reply's `choices[0].message` as received, before any repair. */
  message: z.record(z.string(), z.unknown()),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number(), total_tokens: z.number() }).nullable(),
  /** Time the successful attempt took, in ms. */
  latencyMs: z.number(),
  /** Failed attempts before the successful one (their responses are not stored). */
  retries: z.number().int(),
});

/** One model call of a cassette. */
export type CassetteEntry = z.infer<typeof cassetteEntrySchema>;

/** One interaction (an `agent.run`, `agent.assert` or `agent.query` call) and its calls. */
const interactionSchema = z.object({ inputs: semanticInputsSchema, entries: z.array(cassetteEntrySchema) });

/** One recorded interaction. */
export type Interaction = z.infer<typeof interactionSchema>;

/** A whole cassette file. */
const cassetteSchema = z.object({
  /** Format version (`CASSETTE.formatVersion` when written). */
  format: z.number().int(),
  /** The test's full name (`describe > test`), for readers and `tmux-shot cassettes check`. */
  test: z.string(),
  /** Model name used when recording (informational: not compared). */
  model: z.string(),
  /** Host of the API base URL (never a key, path or query). */
  baseHost: z.string(),
  /** Sampling parameters sent with each request (temperature…); `{}` when none. */
  sampling: z.record(z.string(), z.unknown()),
  interactions: z.array(interactionSchema),
});

/** A cassette file's content. */
export type Cassette = z.infer<typeof cassetteSchema>;

/**
 * Parses a cassette's JSON text.
 * @throws {CassetteMismatchError} naming `path` when the text is not JSON or not a cassette.
 */
export function parseCassette(text: string, path: string): Cassette {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CassetteMismatchError(`Cassette ${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  const result = cassetteSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.join('.') || '(root)';
    throw new CassetteMismatchError(`Cassette ${path} is not a tmux-shot cassette: ${where}: ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}

/** A cassette as the JSON text written to disk: 2-space indent, trailing newline. */
export function formatCassette(cassette: Cassette): string {
  return `${JSON.stringify(cassette, null, 2)}\n`;
}

/**
 * Reads and writes cassette files. Paths are absolute. Injected, so agent/ does no file I/O
 * (src/vitest/fixtures/cassette-files.ts implements it on disk).
 */
export interface CassetteStore {
  /** The file's text, or undefined when it does not exist. */
  read(path: string): Promise<string | undefined>;
  /** Writes `text` to `path` (atomically, creating folders). */
  write(path: string, text: string): Promise<void>;
}

/** The pending cassette written beside `path` when a `fallthrough` replay diverged: `<name>.pending.json`. */
export function pendingPath(path: string): string {
  return path.replace(/(\.json)?$/, '.pending.json');
}
