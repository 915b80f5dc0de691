import { randomUUID } from 'node:crypto';
import type { EventRecord } from '../../shared/monitors/model';
import { keyQuery } from '../../shared/monitors/schemas';
import { testWebhookResponse } from '../../shared/monitors/responses';
import { attempt, defaultDeps, DEFAULT_TIMEOUT_SECONDS } from '../../shared/webhooks/delivery';
import { httpHandler } from '../lib/http-handler';
import { monitors } from './deps';

// POST /config/testwebhook: one signed POST of a sample event to every
// configured URL, right away, answering what each endpoint said (no retries:
// this is for checking an endpoint while setting it up).

function sample(now: number): EventRecord {
  const at = { location: { lat: 52.52, lon: 13.405 }, timestamp: now, speed: 0 };
  return {
    asset_id: 'test-asset',
    geofence_id: 'test-geofence',
    monitor_id: 'test-monitor',
    monitor_tags: [],
    event_type: 'enter',
    timestamp: now,
    triggered_timestamp: now,
    triggered_location: at,
    prev_location: { ...at, timestamp: now - 1000 },
    extra: {},
  };
}

export const handler = httpHandler({
  name: 'monitors.testWebhook',
  response: testWebhookResponse,
  service: 'tracking',
  query: keyQuery,
  run: async ({ principal }) => {
    const config = await monitors().webhookConfig(principal.space);
    const webhook = config?.urls ?? [];
    // The client's type promises "Ok" whatever is configured: with no URL there is simply nothing to try.
    if (!config || !webhook.length) return { status: 'Ok', data: { results: [] } };
    const deps = defaultDeps();
    const now = Date.now();
    const results = await Promise.all(
      webhook.map(async (url) => {
        const r = await attempt(
          {
            id: `evt_test_${randomUUID().replace(/-/g, '')}`,
            url,
            body: JSON.stringify({ event: 'test', data: sample(now) }),
            timeout: DEFAULT_TIMEOUT_SECONDS,
            space: principal.space,
            key_hash: config.keyHash,
            attempt: 1,
            event: 'monitor.test',
          },
          deps,
        );
        return { url, ok: r.ok, ...(r.status !== undefined ? { status: r.status } : {}), ...(r.error ? { error: r.error } : {}) };
      }),
    );
    return { status: 'Ok', data: { results } };
  },
});
