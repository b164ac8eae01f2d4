/**
 * What a cassette notes about a request (pure): where the call sits in the run (chunk and turn,
 * read off the request itself) and what the model saw (normalized screen digest, image hashes).
 */
import { CASSETTE } from '../defaults.js';
import type { CassetteEntry } from './cassette-format.js';
import { sha256 } from './cassette-inputs.js';
import type { ChatRequest } from './chat.js';

/** The part of an entry known before the reply arrives. */
export type Observation = Pick<CassetteEntry, 'chunk' | 'turn' | 'screen' | 'images'>;

/**
 * Observes one request. A request offering `propose_plan` is chunk 0 (planning); otherwise the
 * turn is one more than the assistant messages in the history, and a turn-1 request opens the next
 * chunk after `previousChunk`.
 * @param screen The live screen text, already normalized.
 */
export function observeRequest(params: ChatRequest, screen: string, previousChunk: number): Observation {
  const planning = params.tools.some((tool) => tool.function.name === 'propose_plan');
  const turn = params.messages.filter((m) => m.role === 'assistant').length + 1;
  const chunk = planning ? 0 : turn === 1 ? previousChunk + 1 : Math.max(previousChunk, 1);
  const images = params.messages.flatMap((m) =>
    m.role === 'user' && Array.isArray(m.content)
      ? m.content.flatMap((part) => (part.type === 'image_url' ? [sha256(part.image_url.url)] : []))
      : [],
  );
  return { chunk, turn, screen: { digest: sha256(screen), text: screen.slice(0, CASSETTE.storedTextChars) }, images };
}
