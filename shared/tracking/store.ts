import type { H3Range } from '../geo';
import type { Page } from '../platform/paging';
import type { IndexEntry, IndexKey, LocationRecord, PositionEntry, StoredAsset, Tombstone } from './model';

// What the tracking domain needs from storage. The DynamoDB adapter is
// shared/tracking/dynamo-store.ts; every method takes the caller's
// space, which the adapter puts into every partition key. History methods take the asset
// incarnation's storage key (assetStorageKey), not its bare id.

export interface AssetWrite {
  /** The asset after the write (its version already incremented). */
  asset: StoredAsset;
  /** Version the stored asset must still have; null for a create (the id must be free). */
  expectedVersion: number | null;
  /**
   * Index entry to place, before the asset is written (null: none; the asset's entry stands where
   * it is, or it has none). The asset's `index_key` names the entry it has after the write.
   */
  index: IndexEntry | null;
  /**
   * The asset's previous entry, removed after the asset is written when it is not where `index`
   * places the new one (conditional on `v`, the version that placed it).
   */
  removeIndex?: IndexKey;
  /**
   * Only moves the latest location forward: the write also requires the stored
   * latest location to be absent or older than this timestamp (ms).
   */
  latestBefore?: number;
}

export type WriteOutcome = 'ok' | 'conflict' | 'exists' | 'missing';

/** The orders the asset list can be read in from storage. */
export type AssetSortField = 'id' | 'created_at' | 'updated_at' | 'name';

export interface TrackingStore {
  getAsset(space: string, id: string): Promise<StoredAsset | null>;
  /** The assets of these ids that exist, in the order asked (one consistent batch read per 100). */
  getAssets(space: string, ids: readonly string[]): Promise<StoredAsset[]>;
  /** Every asset of the space, in id order (reads the whole space: tests and tools only). */
  listAssets(space: string): Promise<StoredAsset[]>;
  /** The space's assets in id order, read page by page as the caller consumes them. */
  assetPages(space: string, descending: boolean): AsyncIterable<StoredAsset[]>;
  /**
   * The space's asset ids in the order of `field` (ties by id), in batches, read from a sorted
   * index only as far as the caller consumes them.
   */
  assetIds(space: string, field: AssetSortField, descending: boolean): AsyncIterable<string[]>;
  /**
   * Ids of the assets bound to a device (at most a few: one unless the device was bound twice),
   * read from an eventually consistent index.
   */
  assetsOfDevice(space: string, deviceId: string): Promise<string[]>;
  /**
   * The asset item (conditional), after placing `index` and before removing `removeIndex`. A refused
   * or interrupted write can leave an entry the asset does not name: readIndex ignores those.
   */
  writeAsset(space: string, write: AssetWrite): Promise<WriteOutcome>;
  /**
   * Deletes the asset item (if still at its version), its index entry and puts its tombstone, in
   * one transaction: from then on the purge of what the incarnation left is due (purgeDue ms).
   */
  deleteAsset(space: string, asset: StoredAsset, tombstone: Tombstone, purgeDue: number): Promise<WriteOutcome>;
  /** The most recent tombstone of an asset id still kept at nowMs (see Tombstone.done). */
  findTombstone(space: string, assetId: string, nowMs: number): Promise<Tombstone | undefined>;
  /** Marks a tombstone's purge finished: off the sweeper's list, kept until keepUntilMs. */
  finishPurge(space: string, key: string, keepUntilMs: number): Promise<void>;

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
  /** Page `pn` of the points in [from, to] in timestamp order, reading as pageFrom does. */
  pageHistory(
    space: string,
    assetId: string,
    q: { from: number; to: number; pn: number; ps: number },
  ): Promise<{ list: LocationRecord[]; page: Page }>;

  /**
   * The assets whose current entry (the asset's `index_key`) falls in one of the ranges, as stored
   * now: one Query per range, then the assets behind the entries.
   */
  readIndex(space: string, ranges: readonly H3Range[]): Promise<PositionEntry[]>;
}
