// The client's vehicle shape: `location` {lat, lon} (or lng) is where the vehicle is now. Without
// start_index it becomes the route's start (shared/optimization/solver-input.ts); with
// start_index, start_index wins and a differing location is warned.
import { locationIndexOf, pointLatLon } from '../geo';
import type { LatLonPair } from '../../geo/types';
import type { OptimizationRequest } from '../schemas';
import type { AddIssue } from './issues';

export function checkVehicleLocations(req: OptimizationRequest, locations: LatLonPair[], add: AddIssue): void {
  const ownMatrix = req.duration_matrix !== undefined || req.cost_matrix !== undefined;
  req.vehicles.forEach((v, i) => {
    if (!v.location) return;
    const at = `vehicles[${i}].location`;
    const { lon, lng } = v.location;
    if (lon !== undefined && lng !== undefined && lon !== lng) return add(at, 'lon and lng disagree; give one of them');
    const point = pointLatLon(v.location);
    if (!point) return add(`${at}.lon`, 'is required (or lng)');
    // The request's own matrices cover its locations only: a start elsewhere has no travel times.
    const chooses = v.start_depot_ids !== undefined || v.depot !== undefined;
    if (ownMatrix && v.start_index === undefined && !chooses && locationIndexOf(locations, point) < 0)
      add(at, 'is not one of locations.location, which the request matrices cover; give start_index instead');
  });
}
