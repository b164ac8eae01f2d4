/**
 * A scripted model for deterministic agent tests: a chat client whose replies are written in
 * advance. The only fake the tests allow is this model — the app and tmux stay real.
 */
import { TmuxShotError } from '../errors.js';
import type { ChatClient, ChatReply, ChatRequest, SentToolCall, ToolCall, Usage } from './chat.js';

/** One scripted reply: the assistant message's text and/or tool calls. */
export interface ScriptedReply {
  content?: string | null;
  tool_calls?: ToolCall[];
  /** Reasoning beside the content, as DeepSeek, vLLM and llama.cpp send it (not in the OpenAI API). */
  reasoning_content?: string;
  /** Token usage to report with this reply. */
  usage?: Usage;
}

/** A scripted chat client. */
export interface ScriptedModel extends ChatClient {
  /** A deep copy of every request, taken when it was made (the runner keeps appending to its list). */
  readonly requests: ChatRequest[];
  /** Items not yet used. */
  readonly remaining: number;
}

/**
 * A client whose `chat.completions.create` takes the script's items in order: a reply is
 * returned, an `Error` is thrown (e.g. an `openai` `InternalServerError` to test retries).
 * A request after the last item rejects with a TmuxShotError saying so.
 * @example
 * const model = scriptedModel([
 *   { tool_calls: [toolCall('send_keys', { keys: 'Down Down' })] },
 *   { tool_calls: [toolCall('finish', { summary: 'moved' })] },
 * ]);
 * await new AgentRunner(app, model, { model: 'fake', outDir: 'out/agent' }).run('move down twice');
 * expect(model.requests).toHaveLength(2);
 */
export function scriptedModel(script: ReadonlyArray<ScriptedReply | Error>): ScriptedModel {
  const queue = [...script];
  const requests: ChatRequest[] = [];
  const create = async (params: ChatRequest): Promise<ChatReply> => {
    requests.push(structuredClone(params));
    const item = queue.shift();
    if (item === undefined) {
      throw new TmuxShotError(
        `scriptedModel: the script ran out — request ${requests.length} has no reply (the script had ${script.length} items). ` +
          'Add replies to the script or lower maxSteps.',
      );
    }
    if (item instanceof Error) throw item;
    const calls = item.tool_calls ? { tool_calls: item.tool_calls } : {};
    const reasoning = item.reasoning_content === undefined ? {} : { reasoning_content: item.reasoning_content };
    const message = { role: 'assistant' as const, content: item.content ?? null, ...calls, ...reasoning };
    return { choices: [{ message }], ...(item.usage ? { usage: item.usage } : {}) };
  };
  return {
    chat: { completions: { create } },
    requests,
    get remaining() {
      return queue.length;
    },
  };
}

let nextId = 1;

/**
 * A tool call in the raw OpenAI shape. `args` is JSON-encoded, or used verbatim when it is a
 * string (to script malformed calls: `'not json'`, `''`). The id defaults to `call_<n>`.
 */
export function toolCall(name: string, args: Record<string, unknown> | string = {}, id = `call_${nextId++}`): SentToolCall {
  return { id, type: 'function', function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) } };
}
