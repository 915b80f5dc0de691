import type { OptimizationRequest } from '../schemas';
import type { AddIssue } from './issues';

/**
 * capacity / alternative_capacities / amount / pickup / delivery: one length everywhere (one entry per dimension).
 * Returns that length (0 when no array is given), which the relation rules need.
 */
export function checkDimensions(req: OptimizationRequest, add: AddIssue): number {
  const dims: { field: string; length: number }[] = [];
  req.vehicles.forEach((v, i) => {
    if (v.capacity) dims.push({ field: `vehicles[${i}].capacity`, length: v.capacity.length });
    if (v.min_stop_load) dims.push({ field: `vehicles[${i}].min_stop_load`, length: v.min_stop_load.length });
    v.alternative_capacities?.forEach((c, k) => dims.push({ field: `vehicles[${i}].alternative_capacities[${k}]`, length: c.length }));
  });
  req.jobs?.forEach((j, i) => {
    if (j.delivery) dims.push({ field: `jobs[${i}].delivery`, length: j.delivery.length });
    if (j.pickup) dims.push({ field: `jobs[${i}].pickup`, length: j.pickup.length });
  });
  req.shipments?.forEach((s, i) => s.amount && dims.push({ field: `shipments[${i}].amount`, length: s.amount.length }));
  if (!dims.length) return 0;
  const first = dims[0];
  for (const d of dims.slice(1)) {
    if (d.length !== first.length)
      add(
        d.field,
        `must have ${first.length} values like ${first.field} (capacity, amount, pickup and delivery arrays all have one length)`,
      );
  }
  return first.length;
}
