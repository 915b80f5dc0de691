import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootStack, type BootedStack } from '../support/stack';

// The real `npm start` run the way a deployed stage is configured: WAYMARK_WEBHOOK_ALLOW_PRIVATE=0
// set by the caller wins over the local default, and made-up keys over HTTP meet the per-source
// limit (serverless-offline reports the caller's address as API Gateway does).

describe('npm start with WAYMARK_WEBHOOK_ALLOW_PRIVATE=0', () => {
  let stack: BootedStack;
  let receiver: Server;
  let port: number;
  const received: string[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      received.push(req.url ?? '');
      req.resume();
      res.writeHead(204).end();
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    port = (receiver.address() as AddressInfo).port;
    stack = await bootStack({ WAYMARK_WEBHOOK_ALLOW_PRIVATE: '0', WAYMARK_UNKNOWN_KEYS_PER_MINUTE: '5' });
  }, 600_000);

  afterAll(async () => {
    receiver?.closeAllConnections();
    receiver?.close();
    await stack?.stop();
  }, 60_000);

  const call = (method: string, path: string, key: string, body?: unknown) =>
    fetch(`${stack.baseUrl}${path}?key=${key}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });

  it('refuses a loopback receiver at configuration, and nothing reaches it', async () => {
    for (const host of ['127.0.0.1', '127.1', 'localhost', '[::ffff:127.0.0.1]']) {
      const res = await call('PUT', '/skynet/config', stack.apiKey, { webhook: [`http://${host}:${port}/hook`] });
      expect(res.status, host).toBe(400);
      expect(((await res.json()) as { message: string }).message, host).toMatch(/must not point at a loopback address/);
    }
    const tested = await call('POST', '/skynet/config/testwebhook', stack.apiKey, {});
    expect(((await tested.json()) as { data: { results: unknown[] } }).data.results).toEqual([]);
    expect(received).toEqual([]);
  });

  it('answers 429 to an address past its unknown-key limit, still serving the warm real key', async () => {
    expect((await call('GET', '/geofence/list', stack.apiKey)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await call('GET', '/geofence/list', `wm_${'0'.repeat(39)}${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    expect((await call('GET', '/geofence/list', stack.apiKey)).status).toBe(200);
  });
});
