/** A loopback OpenAI-compatible chat-completions server for tests: answers scripted replies in order. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The API key of every loopback-server test; no file any test writes may contain it. */
export const KEY = 'sk-test-loopback-0123456789';

/**
 * One scripted HTTP answer. Until the server closes: `hang` never answers; `stall` sends the
 * headers of a 200 and the start of its body, then nothing; `trickle` sends the headers, then a
 * space of the body every 100 ms.
 */
export type Answer = { status: number; body: string; headers?: Record<string, string> } | 'hang' | 'stall' | 'trickle';

/** A request as the server received it. */
export interface LoopbackRequest {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export interface Loopback {
  url: string;
  requests: LoopbackRequest[];
  close(): Promise<void>;
}

/** Answers `answers` in order (a 500 once they run out), or what `answers(request)` says for each request. */
export async function startServer(answers: Answer[] | ((request: LoopbackRequest) => Answer)): Promise<Loopback> {
  const requests: Loopback['requests'] = [];
  const hanging: ServerResponse[] = [];
  const timers: NodeJS.Timeout[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const request = { path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(raw) as Record<string, unknown> };
      requests.push(request);
      const answer =
        typeof answers === 'function' ? answers(request) : (answers.shift() ?? { status: 500, body: '{"error":{"message":"loopback script ran out"}}' });
      if (answer === 'hang' || answer === 'stall' || answer === 'trickle') hanging.push(res);
      if (answer === 'hang') return;
      if (answer === 'stall' || answer === 'trickle') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"id":"chatcmpl-1",');
        if (answer === 'trickle') timers.push(setInterval(() => res.write(' '), 100));
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearInterval(timer);
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A chat-completions body whose message calls one tool. */
export const reply = (name: string, args: object, id = `call_${name}`) => ({
  status: 200,
  body: JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 0,
    model: 'loop-model',
    choices: [
      {
        index: 0,
        finish_reason: 'tool_calls',
        message: { role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] },
      },
    ],
    usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 },
  }),
});

/**
 * An answer that echoes the request's credentials back, as a careless server or proxy might: the
 * key and the Authorization header in the error message, in other fields of the JSON body, and in
 * response headers.
 */
export function echoCredentials(status: number, request: LoopbackRequest): Answer {
  const authorization = request.authorization ?? '';
  const key = authorization.replace(/^Bearer /, '');
  return {
    status,
    body: JSON.stringify({
      error: {
        message: `Incorrect API key provided: ${key}. You sent Authorization: ${authorization}`,
        type: 'invalid_request_error',
        key,
        headers: { authorization },
      },
    }),
    headers: { 'x-echo-authorization': authorization, 'x-echo-key': key },
  };
}

/**
 * API keys in the formats users have: an OpenAI project key, a 40-hex-digit token, a JWT-like
 * bearer token, a short key of a local server, and keys with white space around them (pasted with
 * a trailing space; read from a .env file with CRLF line ends). Only the first has a shape
 * redaction could guess.
 */
export const KEY_FORMATS = [
  'sk-proj-Q2x7vLk9PzR4mN8tY1wE3uI6oA5sD0fG_hJ-kL2zX9cV7bN4mQ1w',
  '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b',
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ0bXV4LXNob3QtdGVzdCJ9.c2lnbmF0dXJlLW9mLXRoZS10ZXN0',
  'local-key',
  'pasted-key ',
  'dotenv-key\r',
] as const;

/**
 * The key as the server receives it after `Bearer `: fetch strips white space (HTTP's: tab, CR,
 * LF, space) from the ends of a header value, so trailing white space never arrives.
 */
export const sentKey = (key: string): string => key.replace(/[\t\n\r ]+$/, '');

/**
 * What must appear nowhere we print or write: the key without the white space around it, the part
 * every form of it a server can echo contains.
 */
export const bareKey = (key: string): string => key.trim();
