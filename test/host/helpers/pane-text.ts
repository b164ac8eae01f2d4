/** Collects a session's output as text and waits, event-driven, for what a test expects in it. */
import type { TmuxSession } from '../../../src/host/index.js';

export interface CollectedOutput {
  /** Everything received so far, as raw bytes. */
  bytes(): Buffer;
  /** Resolves with the output once `predicate` accepts it; rejects after `timeout` ms. */
  until(predicate: (text: string) => boolean, timeout?: number): Promise<string>;
}

export function collectOutput(session: TmuxSession): CollectedOutput {
  const chunks: Buffer[] = [];
  const waiters = new Set<() => void>();
  session.onOutput((bytes) => {
    chunks.push(bytes);
    for (const check of waiters) check();
  });
  const bytes = () => Buffer.concat(chunks);
  return {
    bytes,
    until: (predicate, timeout = 5000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`output never matched within ${timeout} ms; got ${JSON.stringify(bytes().toString())}`));
        }, timeout);
        const check = () => {
          const text = bytes().toString();
          if (!predicate(text)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(text);
        };
        waiters.add(check);
        check();
      }),
  };
}
