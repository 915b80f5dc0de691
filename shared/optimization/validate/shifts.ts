// vehicles[].shifts (Waymark's own field): windows in order that do not overlap, on a vehicle
// with a start to come back to, and not beside max_depot_runs (each shift is one run).
import type { OptimizationRequest } from '../schemas';
import type { AddIssue } from './issues';

export function checkShifts(req: OptimizationRequest, add: AddIssue): void {
  req.vehicles.forEach((v, i) => {
    if (!v.shifts) return;
    const at = `vehicles[${i}].shifts`;
    v.shifts.forEach(([a, b], k) => {
      if (a > b) add(`${at}[${k}]`, `start (${a}) must not be after end (${b})`);
      if (k > 0 && a < v.shifts![k - 1][1])
        add(`${at}[${k}]`, 'must start after the shift before it ends (shifts in order, not overlapping)');
    });
    const start = v.start_index !== undefined || v.location || v.start_depot_ids || v.depot !== undefined;
    if (!start) add(at, 'needs start_index (or location, or start depots): each shift starts and ends there');
    if ((v.max_depot_runs ?? 1) > 1) add(`vehicles[${i}].max_depot_runs`, 'cannot be combined with shifts: each shift is one run');
  });
}
