// Zones and depots: what tasks and vehicles name must be declared, and a zone's own shape must be
// a valid polygon. A zone given by `geofence_id` is looked up after validation (zone-shapes.ts).
import { GeoError } from '../../geo/errors';
import { validatePolygon } from '../../geo/polygon';
import { idKey } from '../ids';
import type { Id, OptimizationRequest } from '../schemas';
import { showId } from './ids';
import type { AddIssue } from './issues';

/** Largest zone polygon (km2): a zone is a delivery area, not a country. */
export const MAX_ZONE_AREA_KM2 = 1_000_000;

function checkZoneShapes(req: OptimizationRequest, add: AddIssue): void {
  const seen = new Map<string, number>();
  req.zones?.forEach((z, i) => {
    const first = seen.get(idKey(z.id));
    if (first !== undefined) add(`zones[${i}].id`, `duplicate zone id ${showId(z.id)} (also zones[${first}].id)`);
    else seen.set(idKey(z.id), i);
    if (z.geometry === undefined) return;
    const field = `zones[${i}].geometry`;
    try {
      validatePolygon(z.geometry, { field, defectStatus: 400, maxAreaKm2: MAX_ZONE_AREA_KM2 });
    } catch (error) {
      if (!(error instanceof GeoError)) throw error;
      // The geometry library names the field itself; the issue list adds it once.
      add(field, error.message.startsWith(`${field}: `) ? error.message.slice(field.length + 2) : error.message);
    }
  });
}

/** With `zones` declared, every zone id a task or vehicle names is one of them. */
function checkZoneReferences(req: OptimizationRequest, add: AddIssue): void {
  if (req.zones === undefined) return;
  const declared = new Set(req.zones.map((z) => idKey(z.id)));
  const refs = (field: string, ids: Id[] | undefined) =>
    ids?.forEach((id, k) => {
      if (!declared.has(idKey(id))) add(`${field}.zones[${k}]`, `unknown zone id ${showId(id)} (not in zones)`);
    });
  req.vehicles.forEach((v, i) => refs(`vehicles[${i}]`, v.zones));
  req.jobs?.forEach((j, i) => refs(`jobs[${i}]`, j.zones));
  req.shipments?.forEach((s, i) => refs(`shipments[${i}]`, s.zones));
}

function checkDepots(req: OptimizationRequest, add: AddIssue): void {
  const declared = new Set((req.depots ?? []).map((d) => idKey(d.id)));
  req.jobs?.forEach((j, i) =>
    j.depot_ids?.forEach((id, k) => {
      if (!declared.has(idKey(id))) add(`jobs[${i}].depot_ids[${k}]`, `unknown depot id ${showId(id)} (not in depots)`);
    }),
  );
  req.depots?.forEach((d, i) =>
    d.time_windows?.forEach((w, k) => {
      if (w.length !== 2) add(`depots[${i}].time_windows[${k}]`, 'must be [start, end]');
      else if (w[0] > w[1]) add(`depots[${i}].time_windows[${k}]`, `start (${w[0]}) must not be after end (${w[1]})`);
    }),
  );
}

export function checkZonesAndDepots(req: OptimizationRequest, add: AddIssue): void {
  checkZoneShapes(req, add);
  checkZoneReferences(req, add);
  checkDepots(req, add);
}
