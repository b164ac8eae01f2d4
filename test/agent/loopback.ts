/** A loopback OpenAI-compatible chat-completions server for tests: answers scripted replies in order. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The API key of every loopback-server test; no file any test writes may contain it. */
export const KEY = 'sk-test-loopback-0123456789';

/** One scripted HTTP answer; `hang` never answers (until the server closes). */
export type Answer = { status: number; body: string; headers?: Record<string, string> } | 'hang';

export interface Loopback {
  url: string;
  requests: { path: string; authorization: string | undefined; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

export async function startServer(answers: Answer[]): Promise<Loopback> {
  const requests: Loopback['requests'] = [];
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(raw) as Record<string, unknown> });
      const answer = answers.shift() ?? { status: 500, body: '{"error":{"message":"loopback script ran out"}}' };
      if (answer === 'hang') return void hanging.push(res);
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
