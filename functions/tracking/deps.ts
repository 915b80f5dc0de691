import type { TrackingListeners } from '../../shared/tracking/hooks';
import type { TrackingContext } from '../../shared/tracking/service';
import { DynamoTrackingStore } from '../../shared/tracking/dynamo-store';
import { purgeQueueUrl, queuePurge } from '../../shared/tracking/purge-queue';
import { monitorListeners } from '../../shared/monitors/tracking-listeners';
import { tripListeners } from '../../shared/trips/tracking-listeners';
import { monitorEvaluator, monitorEventSender, monitorStores } from '../monitors/deps';
import { trips } from '../trips/deps';

// The tracking service's dependencies, built once per process after env is set. Monitors
// follow every accepted upload and asset deletion; deleted assets are purged from the queue;
// trips follow asset deletion.
let ctx: TrackingContext | undefined;

export function trackingContext(): TrackingContext {
  return (ctx ??= {
    store: new DynamoTrackingStore(),
    now: () => Date.now(),
    listeners: withTrips(monitorListeners(monitorEvaluator(), monitorStores().evaluation, monitorEventSender)),
    ...(purgeQueueUrl() ? { queuePurge } : {}),
  });
}

function withTrips(listeners: TrackingListeners): TrackingListeners {
  return { ...listeners, assetDeleted: [...(listeners.assetDeleted ?? []), ...(tripListeners(trips()).assetDeleted ?? [])] };
}
