import { config } from '../platform/config';
import { count, emitMetrics } from '../platform/metrics';
import { conflict, invalid, unprocessable } from '../platform/errors';
import type { TrackBody } from './schemas';
import { tell } from './hooks';
import { assetStorageKey, type LocationRecord, type StoredAsset } from './model';
import { isWriteConflict, retry, WriteConflict } from '../platform/retry';
import { assetNotFound, concurrentChange, requireAsset, writeAsset, type TrackingContext } from './service';

// POST /asset/{id}/track.
//
// 1. The asset must be bound, and the body's device_id must be its device.
// 2. Points are stored in the history keyed by (asset, timestamp): a point
//    whose timestamp is already stored is left as it is (first write wins,
//    atomically: if_not_exists per timestamp), so a resent batch changes nothing.
// 3. The latest location moves to the newest point of the batch only if that is
//    newer than the stored one: one conditional transaction on the asset item
//    (version and "stored latest is older") that also moves the H3 index entry.
//    Steps 2 and 3 are independent and idempotent, and run in parallel.
// 4. The context's trackAccepted listeners (monitors) run with the new and the forward points.

export interface TrackResult {
  /** Points newly stored. */
  stored: number;
  /** Points already stored (resent). */
  duplicates: number;
  /** Whether latest_location moved. */
  advanced: boolean;
}

function normalize(point: TrackBody['locations'][number]): LocationRecord {
  const r: LocationRecord = { location: { lat: point.location.lat, lon: point.location.lon }, timestamp: point.timestamp };
  if (point.accuracy !== undefined) r.accuracy = point.accuracy;
  if (point.speed !== undefined) r.speed = point.speed;
  if (point.bearing !== undefined) r.bearing = point.bearing;
  if (point.altitude !== undefined) r.altitude = point.altitude;
  if (point.battery_level !== undefined) r.battery_level = point.battery_level;
  if (point.meta_data !== undefined) r.meta_data = point.meta_data;
  if (point.tracking_mode !== undefined) r.tracking_mode = point.tracking_mode;
  return r;
}

function checkDevice(asset: StoredAsset, deviceId: string): void {
  if (!asset.device_id) {
    throw unprocessable(
      `asset "${asset.id}" is not bound to a device; bind one with POST /asset/${encodeURIComponent(asset.id)}/bind before uploading locations`,
      'device_id',
    );
  }
  if (asset.device_id !== deviceId) {
    throw invalid('device_id', `"${deviceId}" is not the device bound to asset "${asset.id}"`);
  }
}

const GONE = Symbol('asset deleted');

/**
 * Moves the latest location to `newest` if it is newer than the stored one:
 * one conditional transaction, re-read and retried on a concurrent change.
 * Rejects with GONE when the asset was deleted meanwhile.
 */
async function advanceLatest(
  ctx: TrackingContext,
  space: string,
  start: StoredAsset,
  newest: LocationRecord,
): Promise<{ asset: StoredAsset; advanced: boolean }> {
  let asset = start;
  return retry(
    async (attempt) => {
      if (attempt > 0) {
        const reread = await ctx.store.getAsset(space, asset.id);
        if (!reread) throw GONE;
        if (reread.device_id !== start.device_id) {
          // Re-bound meanwhile: the points were sent by the previous device.
          throw conflict(`device_id: asset "${asset.id}" was bound to another device during the upload`, 'device_id');
        }
        asset = reread;
      }
      const latestTs = asset.latest_location?.timestamp ?? -Infinity;
      if (newest.timestamp <= latestTs) return { asset, advanced: false };
      const next: StoredAsset = { ...structuredClone(asset), latest_location: newest, version: asset.version + 1 };
      if ((await writeAsset(ctx, space, asset, next, { latestBefore: newest.timestamp })) !== 'ok') throw new WriteConflict();
      return { asset: next, advanced: true };
    },
    { retryable: isWriteConflict, attempts: 9, exhausted: () => concurrentChange(start.id) },
  );
}

export async function uploadTrack(ctx: TrackingContext, space: string, id: string, body: TrackBody): Promise<TrackResult> {
  const now = ctx.now();
  // A point from the future would become the latest location and turn every real point after
  // it into a late one (history only, no monitor evaluation), so only clock skew is tolerated.
  const skewMs = config.maxFutureSkewMs();
  // Validate, then keep one point per timestamp (the first one given).
  const byTs = new Map<number, LocationRecord>();
  body.locations.forEach((p, i) => {
    if (p.timestamp > now + skewMs) {
      throw invalid(
        `locations[${i}].timestamp`,
        `must not be more than ${skewMs / 1000} seconds in the future (the server's clock reads ${now}; WAYMARK_MAX_FUTURE_SKEW_MS)`,
      );
    }
    if (!byTs.has(p.timestamp)) byTs.set(p.timestamp, normalize(p));
  });
  const points = [...byTs.values()].sort((a, b) => a.timestamp - b.timestamp);

  let asset = await requireAsset(ctx, space, id);
  checkDevice(asset, body.device_id);
  const previousLatest = asset.latest_location;

  // The history write and the move of the latest location are independent
  // (both are idempotent), so they run in parallel.
  const [stored, moved] = await Promise.allSettled([
    ctx.store.addHistory(space, assetStorageKey(asset), points, previousLatest?.timestamp ?? -Infinity),
    advanceLatest(ctx, space, asset, points[points.length - 1]),
  ]);
  if (stored.status === 'rejected') throw stored.reason;
  const fresh = stored.value;
  if (moved.status === 'rejected') {
    if (moved.reason === GONE) {
      // Deleted while we were storing: take back what this upload wrote.
      if (fresh.length)
        await ctx.store.deleteHistory(
          space,
          assetStorageKey(asset),
          fresh.map((p) => p.timestamp),
        );
      throw assetNotFound(id);
    }
    throw moved.reason;
  }
  asset = moved.value.asset;
  const advanced = moved.value.advanced;

  const prevTs = previousLatest?.timestamp ?? -Infinity;
  await tell(ctx.listeners?.trackAccepted, {
    space,
    asset,
    previousLatest,
    stored: fresh,
    forward: fresh.filter((p) => p.timestamp > prevTs),
    now,
  });
  emitMetrics({
    group: 'upload',
    dimensions: { Feature: 'tracking' },
    values: { PointsAccepted: count(fresh.length), PointsDuplicate: count(points.length - fresh.length) },
  });
  return { stored: fresh.length, duplicates: points.length - fresh.length, advanced };
}
