import type { EventRecord } from '../../shared/monitors/model';
import type { TrackingListeners } from '../../shared/tracking/hooks';
import type { TrackingContext } from '../../shared/tracking/service';
import { DynamoTrackingStore } from '../../shared/tracking/dynamo-store';
import { purgeQueueUrl, queuePurge } from '../../shared/tracking/purge-queue';
import { monitorListeners, type RoamingWiring } from '../../shared/monitors/tracking-listeners';
import { DynamoRoamingPairs } from '../../shared/monitors/dynamo-roaming';
import { assetStorageKey } from '../../shared/tracking/model';
import { activeEntriesIn } from '../../shared/tracking/search';
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
    listeners: withLive(
      withTrips(monitorListeners(monitorEvaluator(), monitorStores().evaluation, monitorEventSender, announce, roaming())),
    ),
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

/** Roaming monitors read the position index around the mover (the disk cover: radii up to 1 km). */
function roaming(): RoamingWiring {
  return {
    pairs: new DynamoRoamingPairs(),
    nearby: async (space, center, radius) =>
      (await activeEntriesIn(trackingContext(), space, { type: 'circle', center, radius }, {}, undefined, 'radius', true)).map((n) => ({
        id: assetStorageKey(n.asset),
        attributes: n.asset.attributes,
        tags: n.asset.tags,
        at: { lat: n.lat, lon: n.lon },
        ts: n.ts,
      })),
  };
}
