import { describe, expect, it } from 'vitest';
import { PendingRequests } from '../../src/mcp/requests.js';

const call = (id: string | number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'read_text', arguments: { session: 's1' } } });
const result = (id: string | number) => ({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'ok' }] } });
const error = (id: string | number) => ({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } });
const cancelled = (requestId: string | number) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'user' } });

describe('PendingRequests', () => {
  it.each([
    ['a request', 1, [call(1)], []],
    ['a request and its result', 0, [call(1)], [result(1)]],
    ['a request and its error', 0, [call(1)], [error(1)]],
    ['a request and its cancellation', 0, [call(1), cancelled(1)], []],
    ['requests with the ids 1 and "1", one answered', 1, [call(1), call('1')], [result('1')]],
    ['two requests, one answered', 1, [call(1), call(2)], [result(2)]],
    ['a notification', 0, [{ jsonrpc: '2.0', method: 'notifications/initialized' }], []],
    ['an answer to a request of the server', 0, [{ jsonrpc: '2.0', id: 0, result: {} }], []],
    ['a request of the server', 1, [call(1)], [{ jsonrpc: '2.0', id: 1, method: 'roots/list' }]],
    ['a notification of the server', 1, [call(1)], [{ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1 } }]],
    ['a cancellation of nothing', 0, [cancelled(7)], []],
    ['no JSON-RPC at all', 0, [null, 'x', 3, { id: 1 }], [null, 'x']],
  ])('%s: %i outstanding', (_name, size, received: unknown[], sent: unknown[]) => {
    const pending = new PendingRequests();
    for (const message of received) pending.received(message);
    for (const message of sent) pending.sent(message);
    expect(pending.size).toBe(size);
  });

  it('is idle at once with no request, and once the last outstanding request is answered', async () => {
    const pending = new PendingRequests();
    await pending.idle();
    pending.received(call(1));
    pending.received(call(2));
    const order: string[] = [];
    const idle = pending.idle().then(() => order.push('idle'));
    pending.sent(result(1));
    await Promise.resolve();
    order.push('one answered');
    pending.sent(error(2));
    await idle;
    expect(order).toEqual(['one answered', 'idle']);
  });
});
