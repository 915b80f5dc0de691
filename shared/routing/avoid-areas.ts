import { ApiError, quoteIds } from '../platform/errors';
import type { GeofenceStore } from '../geofence/store';
import type { TravelParams } from './params';

// `avoid=geofence_id:<id>`: the stored geofences of the caller's space as areas no route enters.
// Every geofence is stored with its boundary as a GeoJSON polygon (circles and isochrones
// included, see shared/geofence/build.ts), so any type becomes AvoidOptions.areas alike. The
// store is confined to the caller's space: a geofence of another key is not found, as an
// unknown id is, and nothing tells the caller it exists elsewhere.

export type GeofenceReader = Pick<GeofenceStore, 'getMany'>;

/**
 * The request with the shapes of its `avoid` geofences; 404 naming every id the space lacks.
 * `field` names `avoid` as the request's validation errors do (`query.avoid` in a query).
 */
export async function withAvoidAreas<P extends TravelParams>(geofences: GeofenceReader, space: string, p: P, field = 'avoid'): Promise<P> {
  const ids = p.avoid?.geofenceIds ?? [];
  if (ids.length === 0) return p;
  const found = new Map((await geofences.getMany(space, ids)).map((g) => [g.record.id, g.record.geojson.coordinates]));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) {
    throw new ApiError(404, `${field}: no geofence ${quoteIds(missing)} among this key's geofences`, { field });
  }
  return { ...p, avoid_areas: ids.map((id) => found.get(id)!) };
}
