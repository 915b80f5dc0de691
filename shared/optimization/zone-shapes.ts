// Zones given by shape: a zone's `geometry` (a GeoJSON polygon), or the shape of a stored
// geofence of the caller's space named by `geofence_id`, read once at submission and kept with
// the job (so the job and its re-optimizations keep the shape it had then). A task that names no
// zones of its own lies in every zone whose shape contains its location (a shipment: its pickup's
// or its delivery's); a task that names zones keeps exactly those.
import { pointInPreparedRing, validatePolygon, type PreparedRing } from '../geo';
import type { GeofenceStore } from '../geofence/store';
import type { LatLonPair } from '../geo/types';
import type { Id, OptimizationRequest } from './schemas';
import { issuesError } from './validate/issues';
import { MAX_ZONE_AREA_KM2 } from './validate/zones';

export type GeofenceLookup = Pick<GeofenceStore, 'getMany'>;

/**
 * The request with each zone given by `geofence_id` alone carrying that geofence's shape as
 * `geometry`; 400 naming `zones[i].geofence_id` when the space has no such geofence. A zone
 * with its own `geometry` keeps it (the geofence id is then only a label).
 */
export async function resolveZoneGeofences(
  req: OptimizationRequest,
  space: string,
  geofences: GeofenceLookup,
): Promise<OptimizationRequest> {
  const wanted = (req.zones ?? []).filter((z) => z.geometry === undefined && z.geofence_id !== undefined);
  if (wanted.length === 0) return req;
  const found = await geofences.getMany(space, [...new Set(wanted.map((z) => z.geofence_id!))]);
  const shapes = new Map(found.map((g) => [g.record.id, g.record.geojson]));
  const issues = (req.zones ?? []).flatMap((z, i) =>
    z.geometry === undefined && z.geofence_id !== undefined && !shapes.has(z.geofence_id)
      ? [{ field: `zones[${i}].geofence_id`, rule: `no geofence ${JSON.stringify(z.geofence_id)} in this space` }]
      : [],
  );
  if (issues.length) throw issuesError(issues, 400);
  return {
    ...req,
    zones: req.zones!.map((z) =>
      z.geometry === undefined && z.geofence_id !== undefined ? { ...z, geometry: { ...shapes.get(z.geofence_id)! } } : z,
    ),
  };
}

/** The ids of the zones whose shape contains a point (boundary inside); null when no zone has a shape. */
export function zonesByShape(req: OptimizationRequest): ((point: LatLonPair) => Id[]) | null {
  const shaped: { id: Id; ring: PreparedRing }[] = [];
  for (const z of req.zones ?? [])
    if (z.geometry !== undefined) shaped.push({ id: z.id, ring: validatePolygon(z.geometry, { maxAreaKm2: MAX_ZONE_AREA_KM2 }).prepared });
  if (shaped.length === 0) return null;
  return ([lat, lon]) => shaped.filter((z) => pointInPreparedRing(z.ring, lon, lat)).map((z) => z.id);
}
