// Orders on a route, for `costs.per_order`: a job is one order, a shipment one (its pickup and
// delivery together), so only the pickup half of a shipment is counted.
import { KIND_DELIVERY } from '../model/tasks';
import type { Problem } from '../model/problem';

export function ordersOn(p: Problem, seq: ArrayLike<number>): number {
  let n = 0;
  for (let k = 0; k < seq.length; k++) if (p.kind[seq[k]] !== KIND_DELIVERY) n++;
  return n;
}
