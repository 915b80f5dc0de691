import { compileFence, compileFences, type CompiledFence, type FenceInput, type LatLon } from '../geo';
import type { GeofenceRecord, StoredGeofence } from './model';

// Compiled fences are kept per process, keyed by revision, so repeated
// containment checks against the same fences skip the compile step.
const MAX_CACHED = 5000;
const cache = new Map<string, CompiledFence>();

export function fenceInput(record: GeofenceRecord): FenceInput {
  if (record.type === 'circle' && record.circle_center && record.circle_radius !== undefined) {
    return { id: record.id, type: 'circle', center: record.circle_center, radius: record.circle_radius };
  }
  return { id: record.id, type: record.type === 'circle' ? 'polygon' : record.type, geojson: record.geojson };
}

function compiled(space: string, g: StoredGeofence): CompiledFence {
  const key = `${space}\u0000${g.record.id}\u0000${g.rev}`;
  let fence = cache.get(key);
  if (!fence) {
    fence = compileFence(fenceInput(g.record));
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(key, fence);
  }
  return fence;
}

export interface ContainItem {
  geofence_id: string;
  geofence_detail?: GeofenceRecord;
  result: Array<{ contain: boolean; location_index: number }>;
}

/** data.result_list of GET /geofence/contain, fences in the given order. */
export function containResults(
  space: string,
  fences: readonly StoredGeofence[],
  points: readonly LatLon[],
  verbose: boolean,
): ContainItem[] {
  const set = compileFences(fences.map((g) => compiled(space, g)));
  return set.resultList(points).map((item, i) => (verbose ? { ...item, geofence_detail: fences[i].record } : item));
}

/** As containResults (not verbose) for `ids` in order, of which only `fences` can contain a point: the others contain none. */
export function containResultsAmong(
  space: string,
  ids: readonly string[],
  fences: readonly StoredGeofence[],
  points: readonly LatLon[],
): ContainItem[] {
  const byId = new Map(containResults(space, fences, points, false).map((item) => [item.geofence_id, item]));
  return ids.map((id) => byId.get(id) ?? { geofence_id: id, result: points.map((_, i) => ({ contain: false, location_index: i })) });
}
