// Deadhead: the empty legs of a route (docs/api/optimization.md#deadhead). The first leg (start to
// the first task) counts when the vehicle leaves with nothing on board, the last leg (last task to
// the end) when it arrives empty; each leg past the vehicle's max_deadhead_distance (metres) or
// max_deadhead_duration (seconds) costs its penalty per unit over. Soft: never keeps a task out.
import type { Problem } from '../model/problem';
import type { VehicleModel } from '../model/vehicles';

function empty(p: Problem, load: Int32Array): boolean {
  for (let d = 0; d < p.shownDims; d++) if (load[d] !== 0) return false;
  return true;
}

/** The penalty of a non-empty route, from its start load and the load it ends with. */
export function deadheadPenalty(p: Problem, v: VehicleModel, seq: ArrayLike<number>, startLoad: Int32Array, endLoad: Int32Array): number {
  const dh = v.deadhead!;
  const n = p.nLoc;
  const leg = (a: number, b: number) =>
    Math.max(0, v.dist[a * n + b] - dh.maxDistance) * dh.distancePenalty +
    Math.max(0, v.dur[a * n + b] - dh.maxDuration) * dh.durationPenalty;
  let penalty = 0;
  const first = p.loc[seq[0]];
  const last = p.loc[seq[seq.length - 1]];
  if (v.start >= 0 && first >= 0 && empty(p, startLoad)) penalty += leg(v.start, first);
  if (v.end >= 0 && last >= 0 && empty(p, endLoad)) penalty += leg(last, v.end);
  return penalty;
}
