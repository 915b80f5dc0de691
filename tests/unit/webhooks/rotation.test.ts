import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { processDelivery, type DeliveryDeps, type WebhookDelivery } from '../../../shared/webhooks/delivery';
import { describeSecret, verify } from '../../../shared/webhooks/sign';
import { PREVIOUS_SECRET_SECONDS, signingSecrets } from '../../../shared/webhooks/store';
import { MemoryWebhookSecretStore } from '../../fixtures/memory/webhook-secrets';

// After a rotation the replaced secret keeps signing, beside the new one, for 24 hours, so
// receivers can switch without losing a delivery.

// Close to the real clock, so the standardwebhooks package (which reads it) accepts the timestamps.
const T0 = Math.floor(Date.now() / 1000) - 100;

function harness() {
  const secrets = new MemoryWebhookSecretStore();
  let now = T0;
  const posted: { headers: Record<string, string>; body: string }[] = [];
  const deps: DeliveryDeps = {
    post: async (_url, init) => (posted.push({ headers: init.headers, body: init.body }), { status: 204 }),
    secretsOf: async (space, keyHash) => signingSecrets(await secrets.getOrCreate(space, keyHash, now), now),
    enqueue: async () => undefined,
    now: () => now,
  };
  const delivery: WebhookDelivery = {
    id: 'msg_1',
    url: 'https://hooks.example/x',
    body: '{"event":"JOB_COMPLETED"}',
    timeout: 5,
    space: 'org|',
    key_hash: 'kh',
    attempt: 1,
    event: 'JOB_COMPLETED',
  };
  return { secrets, posted, deps, delivery, setNow: (t: number) => void (now = t) };
}

describe('webhook secret rotation', () => {
  it('signs with the new and the old secret for 24 h, then with the new one only', async () => {
    const h = harness();
    const old = (await h.secrets.getOrCreate('org|', 'kh', T0)).secret;
    const rotated = await h.secrets.rotate('org|', 'kh', T0 + 10);
    expect(rotated.previous_secret).toBe(old);
    expect(describeSecret(rotated, T0 + 10)).toMatchObject({
      secret: rotated.secret,
      previous_secret_valid_until: T0 + 10 + PREVIOUS_SECRET_SECONDS,
    });
    expect(describeSecret(rotated, T0 + 10)).not.toHaveProperty('previous_secret');

    h.setNow(T0 + 20);
    await processDelivery(h.delivery, h.deps);
    const during = h.posted[0];
    expect(during.headers['webhook-signature'].split(' ')).toHaveLength(2);
    for (const secret of [old, rotated.secret]) {
      expect(verify(secret, during.headers, during.body, T0 + 20)).toBe(true);
      // The reference library accepts the several-signature header with either secret.
      expect(new Webhook(secret).verify(during.body, { ...during.headers })).toEqual({ event: 'JOB_COMPLETED' });
    }

    h.setNow(T0 + 10 + PREVIOUS_SECRET_SECONDS);
    await processDelivery(h.delivery, h.deps);
    const after = h.posted[1];
    expect(after.headers['webhook-signature'].split(' ')).toHaveLength(1);
    expect(verify(rotated.secret, after.headers, after.body, T0 + 10 + PREVIOUS_SECRET_SECONDS)).toBe(true);
    expect(verify(old, after.headers, after.body, T0 + 10 + PREVIOUS_SECRET_SECONDS)).toBe(false);
  });

  it('a second rotation keeps only the secret it replaced', async () => {
    const h = harness();
    await h.secrets.getOrCreate('org|', 'kh', T0);
    const first = await h.secrets.rotate('org|', 'kh', T0 + 1);
    const second = await h.secrets.rotate('org|', 'kh', T0 + 2);
    expect(signingSecrets(second, T0 + 3)).toEqual([second.secret, first.secret]);
  });
});
