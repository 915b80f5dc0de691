import type { H3Range } from '../geo';
import type { IndexEntry, IndexKey, LocationRecord, PositionEntry, StoredAsset } from './model';

// What the tracking domain needs from storage. The DynamoDB adapter is
// shared/tracking/dynamo-store.ts; every method takes the caller's
// space, which the adapter puts into every partition key.

export interface AssetWrite {
  /** The asset after the write (its version already incremented). */
  asset: StoredAsset;
  /** Version the stored asset must still have; null for a create (the id must be free). */
  expectedVersion: number | null;
  /** Index entry to write (null: the asset must not be indexed). */
  index: IndexEntry | null;
  /** Index entry to remove (the asset's previous one), when it differs from `index`. */
  removeIndex?: IndexKey;
  /**
   * Only moves the latest location forward: the write also requires the stored
   * latest location to be absent or older than this timestamp (ms).
   */
  latestBefore?: number;
}

export type WriteOutcome = 'ok' | 'conflict' | 'exists' | 'missing';

export interface TrackingStore {
  getAsset(space: string, id: string): Promise<StoredAsset | null>;
  /** Every asset of the space (list is filtered and sorted in memory; see README read cost). */
  listAssets(space: string): Promise<StoredAsset[]>;
  /** One transaction: the asset item (conditional) plus its index entry moves. */
  writeAsset(space: string, write: AssetWrite): Promise<WriteOutcome>;
  /** Deletes the asset item (if still at `expectedVersion`) and its index entry in one transaction. */
  deleteAsset(space: string, asset: StoredAsset): Promise<WriteOutcome>;

  /**
   * Stores the points whose (asset, timestamp) is not stored yet (first write
   * wins, atomically per timestamp) and returns those, in timestamp order.
   * `latestTs` (the asset's latest timestamp, ms) is a hint for the write path.
   */
  addHistory(space: string, assetId: string, points: LocationRecord[], latestTs: number): Promise<LocationRecord[]>;
  deleteHistory(space: string, assetId: string, timestamps: number[]): Promise<void>;
  /** Removes every history point of the asset. */
  purgeHistory(space: string, assetId: string): Promise<void>;
  /** Points in [from, to] (ms, inclusive) in timestamp order. */
  readHistory(space: string, assetId: string, from: number, to: number): Promise<LocationRecord[]>;

  /** Every index entry whose keys fall in one of the ranges (one Query per range). */
  readIndex(space: string, ranges: readonly H3Range[]): Promise<PositionEntry[]>;
}
