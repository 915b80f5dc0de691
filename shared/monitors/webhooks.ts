import { createHash, randomUUID } from 'node:crypto';
import { attempt, DEFAULT_TIMEOUT_SECONDS, emitWebhook, sqsEnqueue, webhookQueueUrl, type DeliveryDeps } from '../webhooks/delivery';
import { eventId, type EventRecord } from './model';
import type { EventSender, WebhookConfig } from './store';

// Event webhooks of monitors, through the one webhook delivery module (shared/webhooks).

/** Webhook id of an event of an asset incarnation: the same on every attempt (and for every URL). */
export function webhookId(space: string, assetKey: string, eventKey: string): string {
  return `evt_${createHash('sha256').update(`${space}\u0000${assetKey}\u0000${eventKey}`).digest('hex').slice(0, 32)}`;
}

/**
 * Queues an event for every URL of its target (signed, retried with backoff by the delivery
 * worker); false when any of them could not be queued, so the outbox keeps the event and sends
 * it again later (the webhook id stays the same, receivers deduplicate on it). Without a queue
 * (a bare process) delivery runs in the background, so the upload is not held up.
 */
export function eventSender(deps: () => DeliveryDeps): EventSender {
  return async (space, assetKey, e, target) => {
    const delivery = deps();
    const sends = target.urls.map((url) =>
      emitWebhook(
        {
          id: webhookId(space, assetKey, eventId(e)),
          event: `monitor.${e.event_type}`,
          url,
          payload: { event: e.event_type, data: e },
          space,
          keyHash: target.keyHash,
        },
        delivery,
      ),
    );
    if (!webhookQueueUrl() && delivery.enqueue === sqsEnqueue) {
      void Promise.all(sends);
      return true;
    }
    return (await Promise.all(sends)).every(Boolean);
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
