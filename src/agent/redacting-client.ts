/** A chat client whose replies and errors carry no secret (see redact.ts). */
import type { ChatClient, ChatReply, ChatRequest, ChatRequestOptions } from './chat.js';
import { redactValue } from './redact.js';

/**
 * `inner` with every reply and every error passed through {@link redactValue}: nothing it returns
 * or throws (messages, causes, the SDK's `error`, `headers`…) carries `secrets`, so neither can any
 * message, cassette, log line or report built from them.
 */
export function redactingClient(inner: ChatClient, secrets: readonly string[]): ChatClient {
  const create = async (params: ChatRequest, options?: ChatRequestOptions): Promise<ChatReply> => {
    try {
      return redactValue(await inner.chat.completions.create(params, options), secrets);
    } catch (error) {
      throw redactValue(error, secrets);
    }
  };
  return { chat: { completions: { create } } };
}
