/**
 * The real model: an `openai` SDK client for OpenAI or any OpenAI-compatible server (Ollama,
 * vLLM, llama.cpp). The only file that imports `openai`, loaded lazily so the rest of tmux-shot
 * never pays for it.
 */
import { ConfigError } from '../errors.js';
import { startTimer } from '../wait.js';
import type { ChatClient, ChatReply, ChatRequest, ChatRequestOptions } from './chat.js';
import { MODEL_CLIENT } from './options.js';
import type { CreateClientOptions } from './options.js';
import { redactingClient } from './redacting-client.js';

/** A client ready for `AgentRunner`, with the model name to use. */
export interface ModelConnection {
  client: ChatClient;
  model: string;
  /** The API base URL, when known (cassettes keep its host only). */
  baseURL?: string;
}

/**
 * Builds the client. The SDK's own retries are off (`maxRetries: 0`): `AgentRunner` owns the
 * retry policy, so a 429 with a huge Retry-After cannot stall a run and nothing retries twice.
 * A server without keys needs only `OPENAI_BASE_URL` (a placeholder key is sent). The key is
 * never printed or written: every reply and error passes through `redactingClient` with the key's
 * value, whatever its format, so a server that echoes it shows `[redacted]`. A request whose reply
 * (headers and body) has not all arrived within its timeout is aborted and fails with the SDK's
 * `APIConnectionTimeoutError` saying `no answer from <host> within <ms> ms`.
 * @throws {ConfigError} when neither an API key nor a base URL is configured.
 * @example
 * const { client, model } = await createClient(); // OPENAI_API_KEY=sk-… or OPENAI_BASE_URL=http://localhost:11434/v1
 * await new AgentRunner(app, client, { model, outDir: 'out/agent' }).run('open the settings menu');
 */
export async function createClient(options: CreateClientOptions = {}): Promise<ModelConnection> {
  const env = options.env ?? process.env;
  const apiKey = options.apiKey || env['OPENAI_API_KEY'] || undefined;
  const baseURL = options.baseURL || env['OPENAI_BASE_URL'] || undefined;
  if (apiKey === undefined && baseURL === undefined) {
    throw new ConfigError(
      'No model endpoint configured: set OPENAI_API_KEY (for api.openai.com) or OPENAI_BASE_URL ' +
        '(for an OpenAI-compatible server such as Ollama, vLLM or llama.cpp), and TMUX_SHOT_MODEL to the name of the model ' +
        `(without it, ${MODEL_CLIENT.model}: an OpenAI model); the CLI also takes --base-url and --model.`,
    );
  }
  const { default: OpenAI, APIConnectionTimeoutError } = await import('openai');
  const base = baseURL ?? MODEL_CLIENT.baseURL;
  const timeout = options.timeout ?? MODEL_CLIENT.timeout;
  const sdk = new OpenAI({ apiKey: apiKey ?? 'no-key', baseURL: base, maxRetries: 0, timeout });
  const host = new URL(base).host;
  // The SDK's own timeout ends when the headers arrive; the signal bounds the body as well, so a
  // server that sends headers and then stalls or trickles fails as one that never answers.
  const create = async (params: ChatRequest, request?: ChatRequestOptions): Promise<ChatReply> => {
    const ms = request?.timeout ?? timeout;
    const deadline = new AbortController();
    const cancel = startTimer(ms, () => deadline.abort());
    try {
      const options = { ...request, timeout: ms, signal: deadline.signal };
      return (await sdk.chat.completions.create(params as Parameters<typeof sdk.chat.completions.create>[0], options)) as ChatReply;
    } catch (error) {
      if (!(error instanceof APIConnectionTimeoutError) && !deadline.signal.aborted) throw error;
      throw new APIConnectionTimeoutError({ message: `no answer from ${host} within ${ms} ms` });
    } finally {
      cancel();
    }
  };
  const client = redactingClient({ chat: { completions: { create } } }, apiKey === undefined ? [] : [apiKey]);
  return { client, model: options.model || env['TMUX_SHOT_MODEL'] || MODEL_CLIENT.model, baseURL: base };
}
