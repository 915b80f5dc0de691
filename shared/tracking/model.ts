// Live tracking domain types. Wire shapes: schemas.ts (requests) and responses.ts.

/** An asset is active while its latest location is at most this old (7 days). */
export const ACTIVE_WINDOW_MS = 7 * 24 * 3600 * 1000;

/**
 * History is stored per asset in buckets of one minute: one item per (asset,
 * minute) holding a map from the exact timestamp to the point, so a batch of
 * points is a few item writes and "one point per (asset, timestamp)" is an
 * atomic if_not_exists per key. See shared/tracking/README.md#storage-design.
 */
export const HISTORY_BUCKET_MS = 60_000;
/** Most points an asset keeps per minute (20 Hz; keeps a bucket item far below DynamoDB's 400 KB). */
export const MAX_POINTS_PER_BUCKET = 1200;

export interface LatLonValue {
  lat: number;
  lon: number;
}

/** One location record as uploaded, stored and returned. `timestamp` is Unix ms. */
export interface LocationRecord {
  location: LatLonValue;
  timestamp: number;
  accuracy?: number;
  speed?: number;
  bearing?: number;
  altitude?: number;
  battery_level?: number;
  meta_data?: Record<string, unknown>;
  /** The client's free-form tracking mode of the device, kept as sent. */
  tracking_mode?: string;
}

/**
 * Resolution of the position index's partition cell (about 5.2 km2): a city fleet spreads over
 * hundreds of keys instead of one or two resolution-4 cells (shared/tracking/README.md#storage-design).
 */
export const POSITION_PARTITION_RES = 7;

/**
 * Resolution of the cell an index entry names (about 0.1 km2, 350 m across): an asset at 11 m/s
 * uploading every 5 s leaves it on about one upload in six, where resolution-10 cells (130 m)
 * made every second upload write the index. The entry's sort key is still a resolution-10 cell
 * (the cell's centre child), so entries placed at resolution 10 by older versions stay in the
 * same key ranges and are found until their asset's next upload moves them.
 */
export const POSITION_CELL_RES = 9;

/** Key of an asset's entry in the H3 position index. */
export interface IndexKey {
  coarse: string;
  fine: string;
  /**
   * Asset version that placed the entry: a delete of a moved-away entry is conditional on it, so a
   * late delete never removes the entry an asset that came back to the cell placed again.
   * Absent on entries placed before entries were kept across uploads.
   */
  v?: number;
  /** Location timestamp (ms) the entry was placed at: its TTL runs from it, so it is placed again a day later. */
  at?: number;
}

/**
 * An index entry is placed again when the asset stays in its cell this long (ms), so DynamoDB TTL
 * (7 days after placement) never drops the entry of an asset still reporting.
 */
export const INDEX_REFRESH_MS = 24 * 3600 * 1000;

/** The asset item as stored (one per asset, in the caller's space). */
export interface StoredAsset {
  id: string;
  name: string;
  description: string;
  attributes: Record<string, string>;
  meta_data?: Record<string, unknown>;
  /** Deprecated by the commercial API, still sent by its client. */
  tags?: string[];
  device_id?: string;
  /** Unix seconds. */
  created_at: number;
  /** Unix seconds. */
  updated_at: number;
  latest_location?: LocationRecord;
  /** Current entry in the position index, when the asset is indexed. */
  index_key?: IndexKey;
  /** Incremented by every write; writes are conditional on it. */
  version: number;
  /**
   * Incarnation: a random id given at create. The asset's history, monitor state and events are
   * kept under its storage key (assetStorageKey), so an asset deleted and created again with the
   * same id never sees what the earlier one left. Absent on assets created before incarnations.
   */
  inc?: string;
  /**
   * Unix ms the incarnation was created: a DELETE only deletes an incarnation that existed when
   * the request arrived. Absent on older assets (created_at stands in).
   */
  inc_at?: number;
}

/** When an asset's incarnation was created (ms); older assets only know their creation second. */
export function incarnatedAt(asset: Pick<StoredAsset, 'inc_at' | 'created_at'>): number {
  return asset.inc_at ?? asset.created_at * 1000;
}

/** Separates id and incarnation in a storage key: asset ids never contain control characters. */
const INCARNATION_SEPARATOR = '\u001f';

/** The key an asset incarnation's history, monitor state and events are stored under. */
export function assetStorageKey(asset: Pick<StoredAsset, 'id' | 'inc'>): string {
  return asset.inc ? `${asset.id}${INCARNATION_SEPARATOR}${asset.inc}` : asset.id;
}

/** The asset id of a storage key. */
export function assetIdOfKey(key: string): string {
  const cut = key.indexOf(INCARNATION_SEPARATOR);
  return cut < 0 ? key : key.slice(0, cut);
}

/** A deleted asset whose stored data is purged in the background. */
export interface Tombstone {
  assetId: string;
  /** assetStorageKey of the deleted incarnation. */
  key: string;
  /** Unix ms. */
  deletedAt: number;
  /** The purge has finished (the tombstone stays a day so a retried delete still answers 200). */
  done: boolean;
}

/** The asset as the API returns it. */
export interface AssetView {
  id: string;
  device_id: string;
  state: 'active' | 'inactive';
  name: string;
  description: string;
  attributes: Record<string, string>;
  meta_data: Record<string, unknown>;
  tags: string[];
  created_at: number;
  updated_at: number;
  /** Unix seconds of the latest location's timestamp; 0 before the first upload. */
  tracked_at: number;
  latest_location: LocationRecord | null;
}

/**
 * An asset found through the position index, as an area search reads it: the asset as stored now
 * (read after its entry, without its index key) at its latest location.
 */
export interface PositionEntry {
  assetId: string;
  lat: number;
  lon: number;
  /** Timestamp (ms) of the location. */
  ts: number;
  asset: StoredAsset;
}

/** What the index should hold for an asset after a write. */
export interface IndexEntry extends IndexKey {
  lat: number;
  lon: number;
  ts: number;
  /** Unix seconds: when DynamoDB TTL may drop the entry (timestamp + 7 days). */
  expiresAt: number;
}

export function isActive(asset: Pick<StoredAsset, 'latest_location'>, nowMs: number): boolean {
  const ts = asset.latest_location?.timestamp;
  return ts !== undefined && ts >= nowMs - ACTIVE_WINDOW_MS;
}

export function assetView(asset: StoredAsset, nowMs: number): AssetView {
  return {
    id: asset.id,
    device_id: asset.device_id ?? '',
    state: isActive(asset, nowMs) ? 'active' : 'inactive',
    name: asset.name,
    description: asset.description,
    attributes: asset.attributes,
    meta_data: asset.meta_data ?? {},
    tags: asset.tags ?? [],
    created_at: asset.created_at,
    updated_at: asset.updated_at,
    tracked_at: asset.latest_location ? Math.floor(asset.latest_location.timestamp / 1000) : 0,
    latest_location: asset.latest_location ?? null,
  };
}
