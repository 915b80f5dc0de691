import { randomUUID } from 'node:crypto';
import { conflict, notFound } from '../platform/errors';
import { isWriteConflict, retry, WriteConflict } from '../platform/retry';
import { cellToCenterChild, cellToParent, latLngToCell } from 'h3-js';
import { H3_FINE_RES } from '../geo';
import {
  ACTIVE_WINDOW_MS,
  INDEX_REFRESH_MS,
  isActive,
  POSITION_CELL_RES,
  POSITION_PARTITION_RES,
  type IndexEntry,
  type IndexKey,
  type LatLonValue,
  type StoredAsset,
} from './model';
import type { TrackingListeners } from './hooks';
import type { TrackingStore, WriteOutcome } from './store';

// Shared plumbing of the tracking operations: the store, the clock, and the
// one way an asset is changed (read, change, conditional transaction, retry).

export interface TrackingContext {
  store: TrackingStore;
  /** Unix milliseconds. */
  now: () => number;
  /** Features told about accepted uploads and deleted assets (monitors). */
  listeners?: TrackingListeners;
  /**
   * Queues the purge of a deleted asset incarnation (purge.ts); absent: the purge runs before
   * the delete answers.
   */
  queuePurge?: (request: PurgeRequest) => Promise<void>;
}

/** What the purge of a deleted asset incarnation needs to know. */
export interface PurgeRequest {
  space: string;
  /** assetStorageKey of the deleted incarnation. */
  key: string;
}

export function newAssetId(): string {
  return randomUUID();
}

export function newIncarnation(): string {
  return randomUUID().replace(/-/g, '').slice(0, 16);
}

/**
 * The position index keys of a location: its cell at POSITION_CELL_RES, named by that cell's
 * resolution-10 centre child (the searches' ranges are in resolution-10 terms), and the cell's
 * partition parent.
 */
export function positionCells(p: LatLonValue): IndexKey {
  const cell = latLngToCell(p.lat, p.lon, POSITION_CELL_RES);
  return { coarse: cellToParent(cell, POSITION_PARTITION_RES), fine: cellToCenterChild(cell, H3_FINE_RES) };
}

/** The index entry an asset should have now: its latest position while active, else none. */
export function indexEntryFor(asset: StoredAsset, nowMs: number): IndexEntry | null {
  const latest = asset.latest_location;
  if (!latest || !isActive(asset, nowMs)) return null;
  const { coarse, fine } = positionCells(latest.location);
  return {
    coarse,
    fine,
    lat: latest.location.lat,
    lon: latest.location.lon,
    ts: latest.timestamp,
    expiresAt: Math.ceil((latest.timestamp + ACTIVE_WINDOW_MS) / 1000),
  };
}

/** 409 once an asset kept changing under every attempt to write it. */
export function concurrentChange(id: string): Error {
  return conflict(`asset "${id}" is being changed concurrently; try again`);
}

export function assetNotFound(id: string): Error {
  return notFound(`asset "${id}" not found`);
}

export async function requireAsset(ctx: TrackingContext, space: string, id: string): Promise<StoredAsset> {
  const asset = await ctx.store.getAsset(space, id);
  if (!asset) throw assetNotFound(id);
  return asset;
}

/**
 * Whether the asset's current entry already stands where `index` would put it: the same cell,
 * placed by a version that recorded when (entries of older versions are placed once again), and
 * not yet due for its TTL refresh.
 */
function entryStands(old: IndexKey | undefined, index: IndexEntry): old is IndexKey {
  return (
    !!old &&
    old.coarse === index.coarse &&
    old.fine === index.fine &&
    old.v !== undefined &&
    old.at !== undefined &&
    index.ts - old.at < INDEX_REFRESH_MS
  );
}

/**
 * Writes `next` (derived from `current`, or a new asset when `current` is null). The position
 * index entry is written only when the asset's cell changes (or its TTL is due): a search reads
 * the asset behind each entry for its position, so an upload inside the cell writes the asset
 * item alone.
 */
export async function writeAsset(
  ctx: TrackingContext,
  space: string,
  current: StoredAsset | null,
  next: StoredAsset,
  options: { latestBefore?: number } = {},
): Promise<WriteOutcome> {
  const index = indexEntryFor(next, ctx.now());
  const old = current?.index_key;
  const stands = index !== null && entryStands(old, index);
  if (!index) delete next.index_key;
  else next.index_key = stands ? old : { coarse: index.coarse, fine: index.fine, v: next.version, at: index.ts };
  return ctx.store.writeAsset(space, {
    asset: next,
    expectedVersion: current ? current.version : null,
    index: stands ? null : index,
    removeIndex: old && !stands && !(index && old.coarse === index.coarse && old.fine === index.fine) ? old : undefined,
    latestBefore: options.latestBefore,
  });
}

/**
 * Read-modify-write of one asset, retried on a concurrent change. `change`
 * returns the new state (its version is bumped here), or null for "nothing to
 * write". 404 when the asset does not exist.
 */
export async function mutateAsset(
  ctx: TrackingContext,
  space: string,
  id: string,
  change: (asset: StoredAsset) => StoredAsset | null,
): Promise<StoredAsset> {
  return retry(
    async () => {
      const current = await requireAsset(ctx, space, id);
      const next = change(structuredClone(current));
      if (!next) return current;
      next.version = current.version + 1;
      if ((await writeAsset(ctx, space, current, next)) !== 'ok') throw new WriteConflict();
      return next;
    },
    { retryable: isWriteConflict, exhausted: () => concurrentChange(id) },
  );
}
