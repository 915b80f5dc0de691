import type { EventRecord } from '../../shared/monitors/model';
import type { TrackingListeners } from '../../shared/tracking/hooks';
import type { TrackingContext } from '../../shared/tracking/service';
import { DynamoTrackingStore } from '../../shared/tracking/dynamo-store';
import { purgeQueueUrl, queuePurge } from '../../shared/tracking/purge-queue';
import { monitorListeners } from '../../shared/monitors/tracking-listeners';
import { tripListeners } from '../../shared/trips/tracking-listeners';
import { monitorEvaluator, monitorEventSender, monitorStores } from '../monitors/deps';
import { trips } from '../trips/deps';
import { livePublisher } from '../live/deps';
import { liveListeners } from '../../shared/live/tracking-listeners';

// The tracking service's dependencies, built once per process after env is set. Monitors
// follow every accepted upload and asset deletion; deleted assets are purged from the queue;
// trips follow asset deletion.
let ctx: TrackingContext | undefined;

export function trackingContext(): TrackingContext {
  return (ctx ??= {
    store: new DynamoTrackingStore(),
    now: () => Date.now(),
    listeners: withLive(withTrips(monitorListeners(monitorEvaluator(), monitorStores().evaluation, monitorEventSender, announce))),
    ...(purgeQueueUrl() ? { queuePurge } : {}),
  });
}

function withTrips(listeners: TrackingListeners): TrackingListeners {
  return { ...listeners, assetDeleted: [...(listeners.assetDeleted ?? []), ...(tripListeners(trips()).assetDeleted ?? [])] };
}

/** The live channel pushes an upload's points first (before monitors evaluate it) and each committed event. */
const announce = (space: string, assetKey: string, events: EventRecord[]) =>
  livePublisher()?.events(space, assetKey, events) ?? Promise.resolve();

function withLive(listeners: TrackingListeners): TrackingListeners {
  const publisher = livePublisher();
  return publisher
    ? { ...listeners, trackAccepted: [...(liveListeners(publisher).trackAccepted ?? []), ...(listeners.trackAccepted ?? [])] }
    : listeners;
}
