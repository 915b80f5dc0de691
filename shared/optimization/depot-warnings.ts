// Depot choice's one unhonoured part: a depot's opening windows bind where a route starts (and
// reloads), not where it ends; the vehicle's time_window bounds the arrival there.
import { idKey } from './ids';
import type { OptimizationRequest } from './schemas';

export function endDepotWindowWarnings(req: OptimizationRequest): string[] {
  const windowed = new Set((req.depots ?? []).filter((d) => d.time_windows?.length).map((d) => idKey(d.id)));
  const n = req.vehicles.filter((v) => v.end_depot_ids?.some((id) => windowed.has(idKey(id)))).length;
  if (!n) return [];
  const times = n > 1 ? ` (given ${n} times)` : '';
  return [
    `vehicles[].end_depot_ids: a depot's time_windows are not applied where a route ends (the vehicle's time_window bounds its arrival)${times}`,
  ];
}

/** A vehicle choosing its start depot starts there, not at its `location` (as with start_index). */
export function chosenStartLocationWarnings(req: OptimizationRequest): string[] {
  return req.vehicles.flatMap((v, i) =>
    v.location && v.start_index === undefined && (v.start_depot_ids || v.depot !== undefined)
      ? [`vehicles[${i}].location: ignored, the vehicle starts at the one of its start depots the optimizer picks`]
      : [],
  );
}
