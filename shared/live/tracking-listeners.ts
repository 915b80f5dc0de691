import type { TrackingListeners } from '../tracking/hooks';
import { assetStorageKey } from '../tracking/model';
import type { LivePublisher } from './publish';

// How the live channel follows tracking: every point an upload stored is pushed to the asset's
// (and its active trip's) subscribers before the upload is answered. A retried upload stores
// nothing new, so it pushes nothing again.
export function liveListeners(publisher: LivePublisher): TrackingListeners {
  return {
    trackAccepted: [(e) => publisher.positions(e.space, e.asset.id, assetStorageKey(e.asset), e.stored)],
  };
}
