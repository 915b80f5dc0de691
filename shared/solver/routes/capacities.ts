// Which of a vehicle's capacity configurations a route adopts (model/capacities.ts): the first
// whose every dimension holds the most the route ever has on board in that dimension. Loads are
// walked as the evaluation walks them: each run from its own start load (multi-trip).
import type { Problem } from '../model/problem';
import type { VehicleModel } from '../model/vehicles';
import type { RunPlan } from './runs';

/** The index of the adopted configuration, or -1 when the loads fit none. */
export function adoptedConfig(p: Problem, v: VehicleModel, seq: ArrayLike<number>, startLoad: Int32Array, runs: RunPlan | null): number {
  const configs = v.configs!;
  const dims = p.dims;
  const cur = Int32Array.from(startLoad);
  const peak = Int32Array.from(startLoad);
  let nextReload = 0;
  for (let k = 0; k < seq.length; k++) {
    if (runs && runs.reloads[nextReload] === k) {
      cur.set(runs.startLoads[++nextReload]);
      for (let d = 0; d < dims; d++) if (cur[d] > peak[d]) peak[d] = cur[d];
    }
    const t = seq[k];
    for (let d = 0; d < dims; d++) {
      cur[d] += p.delta[t * dims + d];
      if (cur[d] > peak[d]) peak[d] = cur[d];
    }
  }
  for (let c = 0; c < configs.length; c++) {
    let fits = true;
    for (let d = 0; d < dims && fits; d++) fits = peak[d] <= configs[c][d];
    if (fits) return c;
  }
  return -1;
}
