import { describe, expect, it } from 'vitest';
import { eventSender, sampleEvent, testWebhooks, webhookId } from '../../../shared/monitors/webhooks';
import { eventId } from '../../../shared/monitors/model';
import type { DeliveryDeps, WebhookDelivery } from '../../../shared/webhooks/delivery';
import { verify } from '../../../shared/webhooks/sign';
import { MemoryWebhookSecretStore } from '../../fixtures/memory/webhook-secrets';

const config = { urls: ['https://a.example/hook', 'https://b.example/hook'], keyHash: 'kh', updated_at: 0 };

function fakes(statusOf: (url: string) => number = () => 200) {
  const secrets = new MemoryWebhookSecretStore();
  const queued: WebhookDelivery[] = [];
  const posted: { url: string; headers: Record<string, string>; body: string }[] = [];
  const deps: DeliveryDeps = {
    post: async (url, init) => {
      posted.push({ url, headers: init.headers, body: init.body });
      return { status: statusOf(url) };
    },
    secretsOf: async (space, keyHash) => [(await secrets.getOrCreate(space, keyHash)).secret],
    enqueue: async (d) => void queued.push(d),
    now: () => 1_700_000_000,
  };
  return { secrets, queued, posted, deps };
}

describe('monitor event webhooks', () => {
  it('queue every event to every URL under an id that is the same for every attempt', async () => {
    const f = fakes();
    const events = [sampleEvent(1_000), { ...sampleEvent(2_000), event_type: 'exit' as const }];
    const send = eventSender(() => f.deps);
    for (const e of events) expect(await send('org|', 'test-asset', e, config)).toBe(true);
    expect(f.queued.map((d) => [d.url, d.event])).toEqual([
      ['https://a.example/hook', 'monitor.enter'],
      ['https://b.example/hook', 'monitor.enter'],
      ['https://a.example/hook', 'monitor.exit'],
      ['https://b.example/hook', 'monitor.exit'],
    ]);
    expect(f.queued[0].id).toBe(webhookId('org|', 'test-asset', eventId(events[0])));
    expect(f.queued[0].id).toBe(f.queued[1].id);
    expect(f.queued[0].id).not.toBe(f.queued[2].id);
    expect(webhookId('other|', 'test-asset', eventId(events[0]))).not.toBe(f.queued[0].id);
    expect(JSON.parse(f.queued[2].body)).toEqual({ event: 'exit', data: events[1] });
  });

  it('test delivery posts a signed sample event to each URL and reports what each answered', async () => {
    const f = fakes((url) => (url.startsWith('https://b.') ? 500 : 204));
    const results = await testWebhooks('org|', config, f.deps, 5_000);
    expect(results).toEqual([
      { url: 'https://a.example/hook', ok: true, status: 204 },
      { url: 'https://b.example/hook', ok: false, status: 500 },
    ]);
    expect(f.queued).toEqual([]);
    const { secret } = (await f.secrets.get('org|', 'kh'))!;
    for (const p of f.posted) {
      expect(JSON.parse(p.body)).toEqual({ event: 'test', data: sampleEvent(5_000) });
      expect(p.headers['webhook-id']).toMatch(/^evt_test_[0-9a-f]{32}$/);
      expect(verify(secret, p.headers, p.body, 1_700_000_000)).toBe(true);
    }
  });

  it('test delivery without a configured URL tries nothing and reports no result', async () => {
    for (const none of [undefined, { ...config, urls: [] }]) {
      const f = fakes();
      expect(await testWebhooks('org|', none, f.deps)).toEqual([]);
      expect(f.posted).toEqual([]);
    }
  });
});
