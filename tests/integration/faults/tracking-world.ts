import { randomUUID } from 'node:crypto';
import { DynamoGeofenceStore } from '../../../shared/geofence/dynamo-store';
import { MonitorEvaluator } from '../../../shared/monitors/evaluate';
import { DynamoMonitorStateStore } from '../../../shared/monitors/dynamo-state';
import { DynamoMonitorStore } from '../../../shared/monitors/dynamo-store';
import { eventId, type EventRecord } from '../../../shared/monitors/model';
import { MonitorService } from '../../../shared/monitors/service';
import type { EventSender } from '../../../shared/monitors/store';
import { monitorListeners } from '../../../shared/monitors/tracking-listeners';
import { webhookId } from '../../../shared/monitors/webhooks';
import { bindDevice, createAsset } from '../../../shared/tracking/assets';
import { DynamoTrackingStore } from '../../../shared/tracking/dynamo-store';
import { assetStorageKey } from '../../../shared/tracking/model';
import type { TrackingContext } from '../../../shared/tracking/service';
import { uploadTrack } from '../../../shared/tracking/track';
import { trackBody, type TrackBody } from '../../../shared/tracking/schemas';
import { createMonitorBody } from '../../../shared/monitors/schemas';

// A tracking service with monitors on DynamoDB Local, wired as functions/tracking/deps.ts wires
// the real one, except that event webhooks are recorded (by webhook id) instead of queued, and
// the queue can be made to refuse them.

export const SPEED_LIMIT = 10;

export interface World {
  space: string;
  ctx: TrackingContext;
  evaluator: MonitorEvaluator;
  monitors: MonitorService;
  /** Webhook ids handed to the queue, in order (repeats are redeliveries). */
  sent: string[];
  /** While true the webhook queue refuses every event. */
  queueDown: { value: boolean };
}

/** A fresh space with one speeding monitor (limit 10 m/s, no tolerance) and a webhook URL. */
export async function world(options: { longTags?: boolean } = {}): Promise<World> {
  const space = `faults-${randomUUID().slice(0, 8)}|`;
  const sent: string[] = [];
  const queueDown = { value: false };
  const send: EventSender = async (s, key, e) => {
    if (queueDown.value) return false;
    sent.push(webhookId(s, key, eventId(e)));
    return true;
  };
  const store = new DynamoMonitorStore();
  const tracking = new DynamoTrackingStore();
  const evaluation = new DynamoMonitorStateStore();
  const evaluator = new MonitorEvaluator({
    monitors: store,
    config: store,
    geofences: new DynamoGeofenceStore(),
    evaluation,
    send,
    history: (s, key, from, to) => tracking.readHistory(s, key, from + 1, to),
  });
  const ctx: TrackingContext = { store: tracking, now: () => Date.now(), listeners: monitorListeners(evaluator, evaluation, send) };
  const monitors = new MonitorService({
    monitors: store,
    config: store,
    geofences: new DynamoGeofenceStore(),
    evaluation,
    assetKey: async (s, id) => {
      const a = await tracking.getAsset(s, id);
      return a ? assetStorageKey(a) : undefined;
    },
    relay: (s, key) => evaluator.relay(s, key),
    changed: (s) => evaluator.invalidate(s),
  });
  await monitors.create(
    space,
    createMonitorBody.parse({
      type: 'speeding',
      custom_id: 'speed',
      // The longest tags a monitor may have, on every event: 100 of 256 characters.
      tags: options.longTags ? Array.from({ length: 100 }, (_, i) => `${i}:`.padEnd(256, 'x')) : ['t'],
      speeding_config: { customer_speed_limit: SPEED_LIMIT, time_tolerance: 0 },
    }),
  );
  await monitors.putWebhooks(space, 'key-hash', ['https://receiver.example/hook'], []);
  return { space, ctx, evaluator, monitors, sent, queueDown };
}

/** An hour ago, on a minute boundary: a short upload from T0 writes one history bucket, always the same writes. */
export const T0 = Math.floor((Date.now() - 3600_000) / 60_000) * 60_000;

/** `n` points one second apart from `start`, alternating 20 and 5 m/s: one speeding event per two points. */
export function alternating(n: number, start = T0): TrackBody {
  return trackBody.parse({
    device_id: 'd',
    locations: Array.from({ length: n }, (_, i) => ({
      location: { lat: 57.7, lon: 11.97 + i * 1e-4 },
      timestamp: start + i * 1000,
      speed: i % 2 === 0 ? 20 : 5,
    })),
  });
}

export async function newAsset(w: World, id: string): Promise<void> {
  await createAsset(w.ctx, w.space, { custom_id: id });
  await bindDevice(w.ctx, w.space, id, 'd');
}

/** The client: sends the upload again until it is answered 200 (a fault may also fail a retry). */
export async function uploadUntilOk(w: World, id: string, body: TrackBody, attempts = 4): Promise<void> {
  for (let i = 1; ; i++) {
    try {
      await uploadTrack(w.ctx, w.space, id, body);
      return;
    } catch (error) {
      if (i >= attempts) throw error;
    }
  }
}

export async function events(w: World, id: string): Promise<EventRecord[]> {
  return (await w.monitors.events(w.space, id, { ps: 500 })).list;
}

export async function keyOf(w: World, id: string): Promise<string> {
  return assetStorageKey((await w.ctx.store.getAsset(w.space, id))!);
}

/** The webhook ids the events of an asset must be delivered under. */
export async function expectedWebhooks(w: World, id: string): Promise<string[]> {
  const key = await keyOf(w, id);
  return (await events(w, id)).map((e) => webhookId(w.space, key, eventId(e)));
}

/** Events as `<type>@<seconds after T0>`. */
export const shape = (list: readonly EventRecord[]) => list.map((e) => `${e.event_type}@${(e.triggered_timestamp - T0) / 1000}`);
