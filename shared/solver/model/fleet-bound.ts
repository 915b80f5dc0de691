// The fewest routes that could carry the served tasks' loads: a lower bound on the fleet that
// serves them, so that the route minimisation (which keeps every served task served) stops once it
// is reached rather than spend the rest of its window on a removal that cannot succeed (on
// Gehring & Homberger's c1, r1 and rc1 the best-known fleet is this bound). Jobs' deliveries all
// ride from the start of a run and their pickups all ride to its end; a shipment adds no net load
// across a run. So each dimension's total deliveries, and its total of what is aboard at the runs'
// ends, need capacity summed over the routes.
import type { Problem } from './problem';

/**
 * Over the tasks served (`routeOf[t] >= 0`): a task no vehicle can reach adds nothing, so it
 * cannot hold the bound above what is possible. 0 when the whole fleet cannot carry them.
 */
export function fleetLowerBound(p: Problem, routeOf: Int32Array): number {
  if (p.vehicles.length === 0) return 0;
  const atStart = new Float64Array(p.dims);
  const atEnd = new Float64Array(p.dims);
  for (let t = 0; t < p.nTasks; t++) {
    if (routeOf[t] < 0) continue;
    for (let d = 0; d < p.dims; d++) {
      const i = t * p.dims + d;
      atStart[d] += p.startLoad[i];
      atEnd[d] += p.startLoad[i] + p.delta[i];
    }
  }
  let bound = 0;
  for (let d = 0; d < p.dims; d++) {
    // A vehicle carries at most its capacity (the largest of its configurations) on each run.
    const carry = p.vehicles.map((v) => v.cap[d] * v.maxRuns).sort((a, b) => b - a);
    const need = Math.max(routesFor(carry, atStart[d]), routesFor(carry, atEnd[d]));
    if (need < 0) return 0;
    bound = Math.max(bound, need);
  }
  return bound;
}

/** The fewest of these capacities (largest first) that add up to `load`; -1 when all of them do not. */
function routesFor(carry: number[], load: number): number {
  let sum = 0;
  for (let k = 0; k < carry.length; k++) {
    if (sum >= load) return k;
    sum += carry[k];
  }
  return sum >= load ? carry.length : -1;
}
