import type { OptimizationRequest } from '../schemas';
import type { AddIssue } from './issues';

/** Every location index points into `locations.location` (n entries). */
export function checkIndices(req: OptimizationRequest, n: number, add: AddIssue): void {
  const index = (field: string, i: number | undefined) => {
    if (i !== undefined && i >= n) add(field, `must be less than the number of locations (${n})`);
  };
  req.vehicles.forEach((v, i) => {
    index(`vehicles[${i}].start_index`, v.start_index);
    index(`vehicles[${i}].end_index`, v.end_index);
  });
  req.jobs?.forEach((j, i) => index(`jobs[${i}].location_index`, j.location_index));
  req.shipments?.forEach((s, i) => {
    index(`shipments[${i}].pickup.location_index`, s.pickup.location_index);
    index(`shipments[${i}].delivery.location_index`, s.delivery.location_index);
  });
  req.depots?.forEach((d, i) => index(`depots[${i}].location_index`, d.location_index));
}
