import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  BACKOFF_SECONDS,
  MAX_ATTEMPTS,
  emitWebhook,
  failureClass,
  processDelivery,
  type DeliveryDeps,
  type WebhookDelivery,
} from '../../../shared/webhooks/delivery';
import { guardedPost, SendError } from '../../../shared/webhooks/send';
import { newWebhookSecret, sign, signedHeaders, verify } from '../../../shared/webhooks/sign';
import { localSelfHosts, webhookUrlProblem } from '../../../shared/webhooks/url';

describe('Standard Webhooks signatures', () => {
  it('matches the reference vector of the Standard Webhooks libraries', () => {
    // From github.com/standard-webhooks/standard-webhooks (libraries' shared test vector).
    expect(sign('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('verifies its own headers and rejects tampering, wrong secrets and stale timestamps', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const body = '{"event":"JOB_COMPLETED","request_id":"r1","timestamp":1}';
    const now = 1_700_000_000;
    const headers = signedHeaders(secret, 'msg_1', now, body);
    expect(verify(secret, { ...headers }, body, now)).toBe(true);
    expect(verify(secret, { ...headers }, body.replace('r1', 'r2'), now)).toBe(false);
    expect(verify(newWebhookSecret(), { ...headers }, body, now)).toBe(false);
    expect(verify(secret, { ...headers }, body, now + 301)).toBe(false);
    expect(verify(secret, { ...headers, 'webhook-id': 'msg_2' }, body, now)).toBe(false);
    // Several signatures (secret rotation): one matching is enough.
    expect(verify(secret, { ...headers, 'webhook-signature': `v1,AAAA ${headers['webhook-signature']}` }, body, now)).toBe(true);
  });
});

describe('Standard Webhooks signatures, checked by the standardwebhooks package', () => {
  const bodies = ['{}', '{"event":"JOB_COMPLETED","request_id":"r1","timestamp":1}', '{"data":{"name":"Göteborg ✓"}}'];

  it('our headers pass its Webhook.verify, which hands back the payload', () => {
    const now = Math.floor(Date.now() / 1000);
    for (const body of bodies) {
      const secret = newWebhookSecret();
      expect(new Webhook(secret).verify(body, { ...signedHeaders(secret, 'msg_1', now, body) })).toEqual(JSON.parse(body));
    }
  });

  it('its Webhook.verify rejects what ours rejects: tampered body, other id, other secret, stale timestamp', () => {
    const secret = newWebhookSecret();
    const now = Math.floor(Date.now() / 1000);
    const body = bodies[1];
    const headers = signedHeaders(secret, 'msg_1', now, body);
    const hook = new Webhook(secret);
    expect(() => hook.verify(body.replace('r1', 'r2'), { ...headers })).toThrow(/signature/);
    expect(() => hook.verify(body, { ...headers, 'webhook-id': 'msg_2' })).toThrow(/signature/);
    expect(() => new Webhook(newWebhookSecret()).verify(body, { ...headers })).toThrow(/signature/);
    const stale = signedHeaders(secret, 'msg_1', now - 301, body);
    expect(() => hook.verify(body, { ...stale })).toThrow(/too old/);
  });

  it('signs exactly as its Webhook.sign does, and our verify accepts its signatures', () => {
    const now = Math.floor(Date.now() / 1000);
    for (const [i, body] of bodies.entries()) {
      const secret = newWebhookSecret();
      const theirs = new Webhook(secret).sign(`msg_${i}`, new Date(now * 1000), body);
      expect(sign(secret, `msg_${i}`, now, body)).toBe(theirs);
      const headers = { 'webhook-id': `msg_${i}`, 'webhook-timestamp': String(now), 'webhook-signature': theirs };
      expect(verify(secret, headers, body, now)).toBe(true);
    }
  });
});

describe('webhook URLs (private targets allowed, as on the local stack)', () => {
  const self = ['api.waymark.example', ...localSelfHosts()];
  const cases: [string, string | null][] = [
    ['https://hooks.example.com/x', null],
    ['http://127.0.0.1:8080/hook', null],
    ['http://localhost:3001/hook', null],
    ['ftp://hooks.example.com/x', 'must be an http or https URL'],
    ['javascript:alert(1)', 'must be an http or https URL'],
    ['hooks.example.com/x', 'must be an absolute http(s) URL'],
    ['https://user:pw@hooks.example.com/', 'must not carry credentials'],
    ['https://api.waymark.example/optimization/v2', 'must not point at this service'],
    ['http://api.waymark.example:80/x', 'must not point at this service'],
    ['http://localhost:3000/health', 'must not point at this service'],
    ['http://127.0.0.1:3000/x', 'must not point at this service'],
    ['http://[::1]:3000/x', 'must not point at this service'],
    ['http://0.0.0.0:3000/x', 'must not point at this service'],
  ];
  for (const [url, problem] of cases) it(`${url} -> ${problem ?? 'ok'}`, () => expect(webhookUrlProblem(url, self, true)).toBe(problem));

  it('follows WAYMARK_PORT for the local stack', () => {
    const before = process.env.WAYMARK_PORT;
    process.env.WAYMARK_PORT = '4555';
    try {
      expect(webhookUrlProblem('http://localhost:4555/x', localSelfHosts(), true)).toBe('must not point at this service');
      expect(webhookUrlProblem('http://localhost:3000/x', localSelfHosts(), true)).toBeNull();
    } finally {
      if (before === undefined) delete process.env.WAYMARK_PORT;
      else process.env.WAYMARK_PORT = before;
    }
  });
});

function fakeDeps(statuses: (number | 'timeout' | 'network')[]) {
  const calls: { url: string; headers: Record<string, string>; body: string }[] = [];
  const queued: { delivery: WebhookDelivery; delay: number }[] = [];
  const deps: DeliveryDeps = {
    post: async (url, init) => {
      calls.push({ url, headers: init.headers, body: init.body });
      const s = statuses.shift() ?? 200;
      if (s === 'timeout') throw new SendError('timeout', 'no answer');
      if (s === 'network') throw new SendError('network', 'ECONNREFUSED');
      return { status: s };
    },
    secretsOf: async () => ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
    enqueue: async (delivery, delay) => void queued.push({ delivery, delay }),
    now: () => Math.floor(Date.now() / 1000),
  };
  return { deps, calls, queued };
}

const delivery = (attempt = 1): WebhookDelivery => ({
  id: 'msg_job1_JOB_COMPLETED',
  url: 'https://hooks.example.com/x',
  body: '{"event":"JOB_COMPLETED","request_id":"job1","timestamp":1}',
  timeout: 2,
  space: 'org|',
  key_hash: 'abc',
  attempt,
  event: 'JOB_COMPLETED',
});

/** Runs a delivery and its queued retries to the end, as the webhook worker would. */
async function runAll(statuses: (number | 'timeout' | 'network')[]) {
  const f = fakeDeps(statuses);
  let next: WebhookDelivery | undefined = delivery();
  while (next) {
    const before = f.queued.length;
    await processDelivery(next, f.deps);
    next = f.queued.length > before ? f.queued[f.queued.length - 1].delivery : undefined;
  }
  return f;
}

describe('webhook delivery', () => {
  it('POSTs the signed body once on a 2xx', async () => {
    const f = await runAll([204]);
    expect(f.calls).toHaveLength(1);
    const { headers, body } = f.calls[0];
    expect(headers['content-type']).toBe('application/json');
    expect(verify('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', headers, body)).toBe(true);
    expect(f.queued).toHaveLength(0);
  });

  it('retries non-2xx, timeouts and network errors with backoff, keeping the event id', async () => {
    const f = await runAll([500, 'timeout', 'network', 200]);
    expect(f.calls).toHaveLength(4);
    expect(new Set(f.calls.map((c) => c.headers['webhook-id']))).toEqual(new Set(['msg_job1_JOB_COMPLETED']));
    expect(f.queued.map((q) => q.delay)).toEqual([BACKOFF_SECONDS[1], BACKOFF_SECONDS[2], BACKOFF_SECONDS[3]]);
    expect(f.queued.map((q) => q.delivery.attempt)).toEqual([2, 3, 4]);
    expect(BACKOFF_SECONDS.slice(1).every((d, i) => d > BACKOFF_SECONDS[i])).toBe(true);
  });

  it('gives up after MAX_ATTEMPTS (at least 3 retries)', async () => {
    expect(MAX_ATTEMPTS).toBeGreaterThanOrEqual(4);
    const f = await runAll(Array(20).fill(503));
    expect(f.calls).toHaveLength(MAX_ATTEMPTS);
  });

  it('classes a failed attempt by its status class or by what kept it from answering', () => {
    expect(failureClass({ ok: true, status: 204 })).toBe('none');
    expect(failureClass({ ok: false, status: 302 })).toBe('http_3xx');
    expect(failureClass({ ok: false, status: 404 })).toBe('http_4xx');
    expect(failureClass({ ok: false, status: 503 })).toBe('http_5xx');
    for (const e of ['timeout', 'network', 'refused'] as const) expect(failureClass({ ok: false, error: e })).toBe(e);
  });

  it('counts each attempt with its outcome, retry and failure class in the metrics registry', async () => {
    const { localRegistry } = await import('../../../shared/platform/metrics');
    const before = localRegistry().render();
    const value = (text: string, line: string) =>
      Number(
        text
          .split('\n')
          .find((l) => l.startsWith(line + ' '))
          ?.split(' ')[1] ?? 0,
      );
    await runAll([500, 200]);
    const after = localRegistry().render();
    const retrying = 'waymark_webhook_attempts_total{source="optimization",outcome="retrying",failure_class="http_5xx"}';
    const delivered = 'waymark_webhook_retries_total{source="optimization",outcome="delivered",failure_class="none"}';
    expect(value(after, retrying) - value(before, retrying)).toBe(1);
    expect(value(after, delivered) - value(before, delivered)).toBe(1);
  });

  it('treats a redirect as a failure (never followed)', async () => {
    const f = await runAll([302, 200]);
    expect(f.calls).toHaveLength(2);
  });

  it('times out a receiver that does not answer', async () => {
    const server = createServer(() => undefined); // never answers
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as AddressInfo;
    const f = fakeDeps([]);
    f.deps.post = guardedPost({ allowPrivate: () => true });
    // A 1 s timeout that was not honoured would hang past the test's own time limit.
    const result = await processDelivery({ ...delivery(), url: `http://127.0.0.1:${port}/`, timeout: 1 }, f.deps);
    expect(result).toMatchObject({ ok: false, error: 'timeout' });
    expect(f.queued).toHaveLength(1);
    server.closeAllConnections();
    server.close();
  });

  it('emitting never throws, even when nothing can be queued', async () => {
    const f = fakeDeps([]);
    f.deps.enqueue = async () => {
      throw new Error('queue down');
    };
    await expect(
      emitWebhook({ id: 'msg_x', event: 'JOB_CREATED', url: 'https://h.example/x', payload: {}, space: 's', keyHash: 'k' }, f.deps),
    ).resolves.toBe(false);
  });
});
