// Size limits of the whole problem. The schema caps each array on its own; these count across
// arrays, and hold for a re-optimized problem too (its parts are checked one by one, not summed).
import { locationIndexOf, pointLatLon } from '../geo';
import type { LatLonPair } from '../../geo/types';
import { MAX_BREAKS, MAX_LOCATIONS, MAX_TASKS, MAX_VEHICLES, type OptimizationRequest } from '../schemas';
import type { AddIssue } from './issues';

/** At least one task, at most 4000 counted as jobs + 2 x shipments. */
export function checkTaskCount(req: OptimizationRequest, add: AddIssue): void {
  const tasks = (req.jobs?.length ?? 0) + 2 * (req.shipments?.length ?? 0);
  if (tasks === 0) add('jobs', 'at least one job or shipment is required');
  if (tasks > MAX_TASKS) add('jobs', `at most ${MAX_TASKS} tasks, counted as jobs + 2 x shipments (got ${tasks})`);
}

/**
 * Vehicles and their breaks; and the locations the solver routes over: a vehicle `location` that
 * is not one of the locations (and no start_index overrides) becomes one more.
 */
export function checkFleetSize(req: OptimizationRequest, locations: LatLonPair[], add: AddIssue): void {
  if (req.vehicles.length > MAX_VEHICLES) add('vehicles', `at most ${MAX_VEHICLES} vehicles (got ${req.vehicles.length})`);
  const breaks = req.vehicles.reduce((sum, v) => sum + (v.breaks?.length ?? 0), 0);
  if (breaks > MAX_BREAKS) add('vehicles', `at most ${MAX_BREAKS} breaks over all vehicles (got ${breaks})`);
  const all = [...locations];
  for (const v of req.vehicles) {
    const point = v.start_index === undefined && v.location ? pointLatLon(v.location) : null;
    if (point && locationIndexOf(all, point) < 0) all.push(point);
  }
  if (all.length > MAX_LOCATIONS)
    add(
      'vehicles',
      `at most ${MAX_LOCATIONS} locations counting the vehicle locations that are not among locations.location (got ${all.length})`,
    );
}
