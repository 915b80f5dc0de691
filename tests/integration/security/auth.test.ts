import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as createGeofence } from '../../../functions/geofence/create';
import { handler as createKey } from '../../../functions/platform/create-namespaced-key';
import { handler as deleteKey } from '../../../functions/platform/delete-namespaced-key';
import { rotateHandler } from '../../../functions/webhooks/secret';
import { webhookDelivery } from '../../../functions/webhooks/deps';
import { DynamoKeyStore } from '../../../shared/auth/dynamo-store';
import { hashApiKey } from '../../../shared/auth/keys';
import { spaceOf } from '../../../shared/auth/model';
import { processDelivery } from '../../../shared/webhooks/delivery';
import { invoke } from '../support/invoke';
import { newOrgKey } from '../support/keys';
import { verifyDelivery, webhookSecret } from '../support/webhooks';

// Unauthenticated traffic and key hygiene through the real handlers on DynamoDB Local.

const made = () => `wm_${randomBytes(20).toString('hex')}`;
const fence = { type: 'circle', circle: { center: { lat: 57.7, lon: 11.97 }, radius: 100 } };
const post = (key: string, sourceIp: string, rawBody = JSON.stringify(fence)) =>
  invoke(createGeofence, { method: 'POST', path: '/geofence', query: { key }, rawBody, sourceIp });

function withEnv(name: string, value: string): () => void {
  const before = process.env[name];
  process.env[name] = value;
  return () => {
    if (before === undefined) delete process.env[name];
    else process.env[name] = before;
  };
}

describe('unknown keys', () => {
  it('past the per-source limit an address is answered 429 without a lookup; other addresses are not', async () => {
    const restore = withEnv('WAYMARK_UNKNOWN_KEYS_PER_MINUTE', '5');
    const reads = vi.spyOn(DynamoKeyStore.prototype, 'findByHash');
    try {
      const { key } = await newOrgKey();
      const attacker = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
      for (let i = 0; i < 5; i++) expect((await post(made(), attacker)).status).toBe(401);
      const lookups = reads.mock.calls.length;
      expect(lookups).toBe(5);
      for (let i = 0; i < 20; i++) {
        const res = await post(made(), attacker);
        expect(res.status).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.body.message).toMatch(/too many unknown API keys from this address/);
      }
      // A real key this instance has not seen waits too: nothing is looked up until the window ends.
      expect((await post(key, attacker)).status).toBe(429);
      expect(reads.mock.calls.length).toBe(lookups);
      expect((await post(key, '203.0.113.9')).status).toBe(200);
      // Once the instance holds it (warm), a caller sharing the address gets through, still at no read.
      const warm = reads.mock.calls.length;
      expect((await post(key, attacker)).status).toBe(200);
      expect(reads.mock.calls.length).toBe(warm);
    } finally {
      reads.mockRestore();
      restore();
    }
  });

  it('the same made-up key sent again is read once (cached as missing)', async () => {
    const reads = vi.spyOn(DynamoKeyStore.prototype, 'findByHash');
    try {
      const key = made();
      for (let i = 0; i < 4; i++) expect((await post(key, '192.0.2.44')).status).toBe(401);
      expect(reads.mock.calls.filter(([hash]) => hash === hashApiKey(key))).toHaveLength(1);
    } finally {
      reads.mockRestore();
    }
  });

  it('the key is checked before the body is parsed: a bad key with a broken or oversized body is 401', async () => {
    const huge = JSON.stringify({ pad: 'x'.repeat(7 * 1024 * 1024) }); // over the 6 MB default limit
    expect((await post(made(), '192.0.2.50', '{not json')).status).toBe(401);
    expect((await post(made(), '192.0.2.50', huge)).status).toBe(401);
    expect((await post('', '192.0.2.50', '{not json')).status).toBe(401);
    const { key } = await newOrgKey();
    expect((await post(key, '192.0.2.50', '{not json')).body).toMatchObject({ status: 400, field: 'body' });
    expect((await post(key, '192.0.2.50', huge)).status).toBe(413);
  });
});

describe('namespaced keys per organisation', () => {
  const create = (key: string, namespace: string) =>
    invoke(createKey, { method: 'POST', path: '/namespaced-apikeys', query: { key, namespace } });

  it('are capped exactly under concurrency, with the limit in the refusal; a deletion frees a slot', async () => {
    const restore = withEnv('WAYMARK_MAX_NAMESPACED_KEYS', '3');
    try {
      const { key } = await newOrgKey({ quotas: { keys: { perSecond: 1000, perMinute: 100_000 } } });
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => create(key, `ns-${i}`)));
      const made = results.filter((r) => r.status === 200);
      expect(made).toHaveLength(3);
      for (const refused of results.filter((r) => r.status !== 200)) {
        expect(refused.status).toBe(409);
        expect(refused.body.message).toMatch(/maximum of 3 namespaced keys/);
        expect(refused.headers['x-should-retry']).toBe('false');
      }
      const victim = made[0].body.result;
      const deleted = await invoke(deleteKey, {
        method: 'DELETE',
        path: '/namespaced-apikeys',
        query: { key, namespace: victim.namespace, key_to_delete: victim.apikey },
      });
      expect(deleted.status).toBe(200);
      expect((await create(key, 'again')).status).toBe(200);
      expect((await create(key, 'one-more')).status).toBe(409);
    } finally {
      restore();
    }
  });
});

describe('webhook secret rotation', () => {
  let server: Server;
  let url: string;
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });

  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('after a rotation deliveries verify with the old secret and with the new one', async () => {
    const { org, key } = await newOrgKey();
    const old = await webhookSecret(key);
    const rotated = await invoke(rotateHandler, { method: 'POST', path: '/webhooks/secret/rotate', query: { key } });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.data.secret as string;
    expect(fresh).not.toBe(old);
    const validUntil = rotated.body.data.previous_secret_valid_until as number;
    expect(validUntil - Math.floor(Date.now() / 1000)).toBeGreaterThan(24 * 3600 - 60);
    expect(JSON.stringify(rotated.body)).not.toContain(old);

    const result = await processDelivery(
      {
        id: 'evt_rotation',
        url,
        body: '{"event":"test"}',
        timeout: 5,
        space: spaceOf(org, null),
        key_hash: hashApiKey(key),
        attempt: 1,
        event: 'monitor.test',
      },
      webhookDelivery(),
    );
    expect(result).toEqual({ ok: true, status: 204 });
    const delivery = received.at(-1)!;
    expect(String(delivery.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifyDelivery(old, delivery)).toEqual({ event: 'test' });
    expect(verifyDelivery(fresh, delivery)).toEqual({ event: 'test' });
  });
});
