import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handler as submitHandler } from '../../../functions/optimization/submit';
import { webhookDelivery } from '../../../functions/webhooks/deps';
import { hashApiKey } from '../../../shared/auth/keys';
import { spaceOf } from '../../../shared/auth/model';
import { processDelivery } from '../../../shared/webhooks/delivery';
import { MAX_RESPONSE_BYTES } from '../../../shared/webhooks/send';
import { monitorApi } from '../monitors/api';
import { invoke } from '../support/invoke';
import { newOrgKey } from '../support/keys';

// Webhooks as an attacker with an ordinary key would aim them: at the machine the service runs
// on, its private network and the cloud metadata address. With WAYMARK_WEBHOOK_ALLOW_PRIVATE=0
// (the deployed default) every spelling is refused when configured, and a URL configured while
// it was allowed reaches nothing once it is not. The receiver listens on 127.0.0.1 only.

const ALLOW = 'WAYMARK_WEBHOOK_ALLOW_PRIVATE';
let server: Server;
let port: number;
const received: string[] = [];
let endlessClosedAfter = -1;

/** Every way of writing an address that is not public; `{port}` is the receiver's. */
const spellings = (p: number) => [
  `http://127.0.0.1:${p}/hook`,
  `http://127.1:${p}/hook`,
  `http://2130706433:${p}/hook`,
  `http://0x7f000001:${p}/hook`,
  `http://localhost:${p}/hook`,
  `http://localhost.:${p}/hook`,
  `http://[::1]:${p}/hook`,
  `http://[::ffff:127.0.0.1]:${p}/hook`,
  `http://0.0.0.0:${p}/hook`,
  'http://169.254.169.254/latest/meta-data/',
  'http://10.0.0.1/hook',
  'http://172.16.0.1/hook',
  'http://192.168.1.1/hook',
  'http://100.64.0.1/hook',
  'http://[fc00::1]/hook',
  'http://[fd12:3456::1]/hook',
  'http://[fe80::1]/hook',
];

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(req.url ?? '');
    req.resume();
    if (req.url === '/endless') {
      res.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 97);
      let sent = 0;
      res.on('close', () => (endlessClosedAfter = sent));
      const pump = () => {
        while (!res.destroyed && sent < 1024 ** 3) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
      };
      return pump();
    }
    res.writeHead(204).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});

afterEach(() => {
  process.env[ALLOW] = '1'; // what the rest of the integration suite runs with
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('webhook targets with private targets refused', () => {
  it('PUT /skynet/config refuses every spelling with 400 naming the entry and the reason', async () => {
    process.env[ALLOW] = '0';
    const api = monitorApi((await newOrgKey()).key);
    for (const url of spellings(port)) {
      const res = await api.putConfig({ webhook: ['https://hooks.example.com/ok', url] });
      expect(res.status, url).toBe(400);
      expect(res.body.field, url).toBe('webhook[1]');
      expect(res.body.message, url).toMatch(
        /^webhook\[1\]: must not point at a [A-Za-z() -]+ address \(.+\); webhooks reach public addresses only$/,
      );
    }
    expect((await api.getConfig()).body.data.webhook).toEqual([]);
    expect(received).toEqual([]);
  });

  it('POST /optimization/v2 refuses every spelling in options.webhook.url before anything is queued', async () => {
    process.env[ALLOW] = '0';
    const { key } = await newOrgKey({ quotas: { optimization: { perSecond: 1000, perMinute: 100_000 } } });
    for (const url of spellings(port)) {
      const res = await invoke(submitHandler, {
        method: 'POST',
        path: '/optimization/v2',
        query: { key },
        body: {
          locations: { location: ['57.70,11.97', '57.71,11.98'] },
          vehicles: [{ id: 1, start_index: 0 }],
          jobs: [{ id: 1, location_index: 1 }],
          options: { webhook: { url, events: ['JOB_COMPLETED'] } },
        },
      });
      expect(res.status, url).toBe(400);
      expect(res.body.field, url).toBe('options.webhook.url');
      expect(res.body.message, url).toMatch(/must not point at a .* address/);
    }
    expect(received).toEqual([]);
  });

  it('URLs configured while allowed reach nothing once refused: test webhook and queued deliveries', async () => {
    process.env[ALLOW] = '1';
    const { key } = await newOrgKey();
    const api = monitorApi(key);
    const local = spellings(port).filter((u) => u.includes(`:${port}/`) && !u.includes('localhost.'));
    expect((await api.putConfig({ webhook: local })).status).toBe(200);

    process.env[ALLOW] = '0';
    const tested = await api.testWebhook();
    expect(tested.status).toBe(200);
    // Only delivered or not: no status (nothing answered) and no transport error text.
    expect(tested.body.data.results).toEqual(local.map((url) => ({ url, ok: false })));

    for (const url of local) {
      const result = await processDelivery(
        {
          id: 'evt_security',
          url,
          body: '{}',
          timeout: 2,
          space: spaceOf('x', null),
          key_hash: hashApiKey(key),
          attempt: 1,
          event: 'monitor.enter',
        },
        { ...webhookDelivery(), enqueue: async () => expect.fail('a refused target is not retried') },
      );
      expect(result, url).toEqual({ ok: false, error: 'refused' });
    }
    expect(received).toEqual([]);
  });
});

describe('test webhook answers with private targets allowed (the local stack)', () => {
  it('tells delivered with the status, a closed port only "not delivered", and reads a few KB of an endless answer', async () => {
    process.env[ALLOW] = '1';
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));

    const api = monitorApi((await newOrgKey()).key);
    const urls = [`http://127.0.0.1:${port}/ok`, `http://127.0.0.1:${closedPort}/nothing`, `http://127.0.0.1:${port}/endless`];
    expect((await api.putConfig({ webhook: urls })).status).toBe(200);
    const res = await api.testWebhook();
    expect(res.body.data.results).toEqual([
      { url: urls[0], ok: true, status: 204 },
      { url: urls[1], ok: false },
      { url: urls[2], ok: true, status: 200 },
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/ECONNREFUSED|timeout|refused|error/i);
    for (let i = 0; i < 100 && endlessClosedAfter < 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(endlessClosedAfter).toBeGreaterThan(MAX_RESPONSE_BYTES);
    expect(endlessClosedAfter).toBeLessThan(64 * 1024 * 1024);
  });
});
