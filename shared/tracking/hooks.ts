import type { LocationRecord, StoredAsset } from './model';

// The seams where monitors (issue #8) plug into tracking: the upload path and asset deletion.
// Listeners run after an upload's points are stored and the latest location
// has moved, before the upload is answered, in registration order. A listener
// that throws fails the request (500); the upload itself is idempotent, so a
// retried request re-stores nothing and re-runs the listeners with empty
// `stored`/`forward` lists unless the first attempt failed before storing.

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

/** An asset and its history are gone; listeners drop what they keep about it (monitor state, events). */
export interface AssetDeleted {
  space: string;
  assetId: string;
}

type Listener<E> = (event: E) => Promise<void>;

/** A list of listeners run one after another, so a failure stops the chain and fails the request. */
function hook<E>() {
  const listeners: Listener<E>[] = [];
  return {
    /** Registers a listener; returns a function that removes it. */
    on(listener: Listener<E>): () => void {
      listeners.push(listener);
      return () => {
        const i = listeners.indexOf(listener);
        if (i >= 0) listeners.splice(i, 1);
      };
    },
    async emit(event: E): Promise<void> {
      for (const listener of [...listeners]) await listener(event);
    },
  };
}

const trackAccepted = hook<TrackAccepted>();
const assetDeleted = hook<AssetDeleted>();

export type TrackListener = Listener<TrackAccepted>;
export const onTrackAccepted = trackAccepted.on;
export const emitTrackAccepted = trackAccepted.emit;
export const onAssetDeleted = assetDeleted.on;
export const emitAssetDeleted = assetDeleted.emit;
