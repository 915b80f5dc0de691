// min_stop_load (docs/api/optimization.md#minimum-stop-load): a stop (consecutive tasks at one
// location) where the vehicle drops off job deliveries should drop at least this much in each
// dimension. A stop that drops less costs the fixed penalty once plus the unit penalty per unit
// short in each dimension. Stops without job deliveries are not held to it. Soft.
import { KIND_JOB } from '../model/tasks';
import type { Problem } from '../model/problem';
import type { VehicleModel } from '../model/vehicles';

export function minStopLoadPenalty(p: Problem, v: VehicleModel, seq: ArrayLike<number>): number {
  const rule = v.minStopLoad!;
  const dims = p.dims;
  const dropped = new Array<number>(rule.min.length).fill(0);
  let delivers = false;
  let penalty = 0;
  const close = () => {
    if (delivers) {
      let short = 0;
      for (let d = 0; d < rule.min.length; d++) short += Math.max(0, rule.min[d] - dropped[d]) * rule.unit[d];
      if (rule.min.some((m, d) => dropped[d] < m)) penalty += rule.fixed + short;
    }
    dropped.fill(0);
    delivers = false;
  };
  for (let k = 0; k < seq.length; k++) {
    const t = seq[k];
    if (k > 0 && (p.loc[t] < 0 || p.loc[t] !== p.loc[seq[k - 1]])) close();
    if (p.kind[t] !== KIND_JOB) continue;
    let any = false;
    for (let d = 0; d < rule.min.length; d++) {
      const x = p.startLoad[t * dims + d];
      dropped[d] += x;
      if (x > 0) any = true;
    }
    if (any) delivers = true;
  }
  close();
  return penalty;
}
