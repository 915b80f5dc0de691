import type { LocationRecord, StoredAsset } from './model';

// What tracking tells the features that follow it (monitors): an upload was accepted, an asset
// was deleted. The listeners come in the tracking context, wired by whoever builds it
// (functions/tracking/deps.ts). They run one after another before the request is answered; a
// listener that throws fails the request (500). The upload itself is idempotent, so a retried
// request re-stores nothing and re-runs the listeners with empty `stored`/`forward` lists
// unless the first attempt failed before storing.

export interface TrackAccepted {
  space: string;
  /** The asset after the upload (latest_location already moved when `forward` is not empty). */
  asset: StoredAsset;
  /** The latest location before this upload (undefined for a first upload). */
  previousLatest?: LocationRecord;
  /** Points of this upload that were new to the history, in timestamp order. */
  stored: LocationRecord[];
  /**
   * The subset of `stored` newer than `previousLatest`, in timestamp order: the
   * points that advance the asset. Late points (older than the previous latest)
   * are history only and must not trigger events.
   */
  forward: LocationRecord[];
  /** Server time of the upload, ms. */
  now: number;
}

/**
 * An asset incarnation was deleted and its history purged; listeners drop what they keep about it
 * (monitor state, events). Runs again when a purge is resumed: listeners must be idempotent.
 */
export interface AssetDeleted {
  space: string;
  assetId: string;
  /** assetStorageKey of the deleted incarnation. */
  assetKey: string;
}

export type Listener<E> = (event: E) => Promise<void>;

export interface TrackingListeners {
  /** After an upload's points are stored and the latest location has moved. */
  trackAccepted?: readonly Listener<TrackAccepted>[];
  /** While a deleted asset incarnation is purged, after its history (shared/tracking/purge.ts). */
  assetDeleted?: readonly Listener<AssetDeleted>[];
}

/** Runs the listeners in order, so a failure stops the chain and fails the request. */
export async function tell<E>(listeners: readonly Listener<E>[] | undefined, event: E): Promise<void> {
  for (const listener of listeners ?? []) await listener(event);
}
