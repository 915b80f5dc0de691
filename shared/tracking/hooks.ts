import type { LocationRecord, StoredAsset } from './model';

// The seam where monitor evaluation (issue #8) plugs into the upload path.
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

export type TrackListener = (event: TrackAccepted) => Promise<void>;

const listeners: TrackListener[] = [];

/** Registers a listener (monitor evaluation); returns a function that removes it. */
export function onTrackAccepted(listener: TrackListener): () => void {
  listeners.push(listener);
  return () => {
    const i = listeners.indexOf(listener);
    if (i >= 0) listeners.splice(i, 1);
  };
}

export async function emitTrackAccepted(event: TrackAccepted): Promise<void> {
  for (const listener of [...listeners]) await listener(event);
}
