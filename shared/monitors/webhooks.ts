import { createHash, randomUUID } from 'node:crypto';
import { attempt, DEFAULT_TIMEOUT_SECONDS, emitWebhook, webhookQueueUrl, type DeliveryDeps } from '../webhooks/delivery';
import type { Notifier } from './evaluate';
import { eventId, type EventRecord } from './model';
import type { WebhookConfig } from './store';

// Event webhooks of monitors, through the one webhook delivery module (shared/webhooks).

/** Webhook id of an event: the same on every attempt (and for every URL). */
export function webhookId(space: string, assetId: string, eventKey: string): string {
  return `evt_${createHash('sha256').update(`${space}\u0000${assetId}\u0000${eventKey}`).digest('hex').slice(0, 32)}`;
}

/**
 * Every event goes to every configured URL (signed, retried with backoff). With a queue that
 * is one SQS send per delivery; without one (a bare process) delivery runs in the background
 * so the upload is not held up.
 */
export function webhookNotifier(deps: () => DeliveryDeps): Notifier {
  return async (space, events, config) => {
    const sends = events.flatMap((e) =>
      config.urls.map((url) =>
        emitWebhook(
          {
            id: webhookId(space, e.asset_id, eventId(e)),
            event: `monitor.${e.event_type}`,
            url,
            payload: { event: e.event_type, data: e },
            space,
            keyHash: config.keyHash,
          },
          deps(),
        ),
      ),
    );
    if (webhookQueueUrl()) await Promise.all(sends);
    else void Promise.all(sends);
  };
}

/** The event a test delivery carries: an `enter` of a made-up asset, fence and monitor at `now`. */
export function sampleEvent(now: number): EventRecord {
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

export interface TestDeliveryResult {
  url: string;
  /** Delivered: the endpoint answered 2xx. */
  ok: boolean;
  /** The HTTP status the endpoint answered, when it answered. */
  status?: number;
}

/**
 * One signed POST of a sample event to every configured URL, right away, answering whether
 * each was delivered and the HTTP status if one came back. Why a send failed (refused target,
 * timeout, connection error) is logged, never answered: the answer would tell a caller which
 * hosts and ports exist where the service runs. No retries: this is for checking an endpoint
 * while setting it up.
 */
export async function testWebhooks(
  space: string,
  config: WebhookConfig | undefined,
  deps: DeliveryDeps,
  now = Date.now(),
): Promise<TestDeliveryResult[]> {
  const urls = config?.urls ?? [];
  // The client's type promises "Ok" whatever is configured: with no URL there is simply nothing to try.
  if (!config || !urls.length) return [];
  const body = JSON.stringify({ event: 'test', data: sampleEvent(now) });
  return Promise.all(
    urls.map(async (url) => {
      const r = await attempt(
        {
          id: `evt_test_${randomUUID().replace(/-/g, '')}`,
          url,
          body,
          timeout: DEFAULT_TIMEOUT_SECONDS,
          space,
          key_hash: config.keyHash,
          attempt: 1,
          event: 'monitor.test',
        },
        deps,
      );
      return { url, ok: r.ok, ...(r.status !== undefined ? { status: r.status } : {}) };
    }),
  );
}
