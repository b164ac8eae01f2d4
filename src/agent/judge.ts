/**
 * `agent.assert` and `agent.query`: one question about the screen text, answered through a
 * dedicated tool (`verdict {pass, reason}`, or `answer {answer}` whose schema is the caller's).
 */
import { z } from 'zod';
import type { ToolSpec } from './chat.js';
import { askTool, type Answer, type AskContext, type Checked } from './ask-tool.js';
import { assertPrompt, assertSystemPrompt, queryPrompt, querySystemPrompt } from './prompts.js';

/** The verdict of `agent.assert`. */
export interface Verdict {
  pass: boolean;
  /** The model's reason, quoting the screen. */
  reason: string;
}

const verdictSchema = z.object({
  pass: z.boolean().describe('True only if the screen shows the claim is true'),
  reason: z.string().min(1).describe('One sentence quoting the screen text that decides it'),
});

/** The `verdict` tool. */
export function verdictTool(): ToolSpec {
  return spec('verdict', 'Give the verdict on the claim.', verdictSchema);
}

/** The `answer` tool of a query whose answer must match `schema`. */
export function answerTool(schema: z.ZodType): ToolSpec {
  return spec('answer', 'Give the answer to the question.', z.object({ answer: schema }));
}

function spec(name: string, description: string, schema: z.ZodType): ToolSpec {
  const { $schema: _ignored, ...parameters } = z.toJSONSchema(schema, { target: 'draft-7' });
  return { type: 'function', function: { name, description, parameters } };
}

function checker<T>(schema: z.ZodType<T>): (args: Record<string, unknown>) => Checked<T> {
  return (args) => {
    const result = schema.safeParse(args);
    if (result.success) return { ok: true, value: result.data };
    const issues = result.error.issues.map((i) => `${i.path.map(String).join('.') || '(arguments)'}: ${i.message}`);
    return { ok: false, error: `error: the answer does not match the schema: ${issues.join('; ')}` };
  };
}

/**
 * Asks the model whether `claim` holds on `screen` (the screen text).
 * @throws TmuxShotError when no valid verdict came back after one retry; ModelApiError (see `askTool`).
 */
export function judgeClaim(ctx: AskContext, claim: string, screen: string): Promise<Answer<Verdict>> {
  const messages = [
    { role: 'system' as const, content: assertSystemPrompt() },
    { role: 'user' as const, content: assertPrompt(claim, screen) },
  ];
  return askTool(ctx, `agent.assert(${JSON.stringify(claim)})`, messages, verdictTool(), checker(verdictSchema));
}

/**
 * Asks `question` about `screen` and validates the answer with `schema`.
 * @returns The parsed answer (zod's output type).
 * @throws TmuxShotError when the answer failed validation twice; ModelApiError (see `askTool`).
 */
export async function queryScreen<S extends z.ZodType>(ctx: AskContext, schema: S, question: string, screen: string): Promise<Answer<z.output<S>>> {
  const messages = [
    { role: 'system' as const, content: querySystemPrompt() },
    { role: 'user' as const, content: queryPrompt(question, screen) },
  ];
  const wrapped = z.object({ answer: schema }) as unknown as z.ZodType<{ answer: z.output<S> }>;
  const answer = await askTool(ctx, `agent.query(${JSON.stringify(question)})`, messages, answerTool(schema), checker(wrapped));
  return { ...answer, value: answer.value.answer };
}
