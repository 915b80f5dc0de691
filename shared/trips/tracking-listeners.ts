import type { TrackingListeners } from '../tracking/hooks';
import type { TripService } from './service';

// How trips follow tracking, beside monitors: a deleted asset's active trip ends then, so the
// asset id (a custom_id may be reused) can start a new trip. The trip keeps its record.
export function tripListeners(trips: Pick<TripService, 'endActiveTripOf'>): TrackingListeners {
  return { assetDeleted: [(e) => trips.endActiveTripOf(e.space, e.assetId)] };
}
