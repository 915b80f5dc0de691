import type { TrackingListeners } from '../tracking/hooks';
import type { TripService } from './service';

// How trips follow tracking, beside monitors: a deleted asset's active trip ends then, so the
// asset id (a custom_id may be reused) can start a new trip. The trip keeps its record. Only a
// trip of the purged incarnation ends: a purge delivered again (or late) must leave a trip of
// the asset created again under the same id running.
export function tripListeners(trips: Pick<TripService, 'endActiveTripOf'>): TrackingListeners {
  return { assetDeleted: [async (e) => void (await trips.endActiveTripOf(e.space, e.assetId, (key) => key === e.assetKey))] };
}
