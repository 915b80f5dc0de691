// A task's time windows: where service can start for a given arrival. Shared by the full
// evaluation (route-eval.ts) and the placement of depot visits (runs.ts).
import type { Problem } from '../model/problem';

/** Service start for an arrival: first window still open, -1 if none (INF windows for relaxed). */
export function windowStart(p: Problem, task: number, arrival: number): number {
  for (let w = p.twOff[task]; w < p.twOff[task + 1]; w++) {
    if (arrival <= p.twEnd[w]) return Math.max(arrival, p.twStart[w]);
  }
  return p.relaxTw[task] ? arrival : -1;
}
