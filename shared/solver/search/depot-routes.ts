// Depot choice for unused vehicles: an empty route holds one depot pair, so a task that only
// another candidate depot can serve (its depot_ids, a depot's opening hours) would find no
// route. After a recreate leaves tasks out, each such task seats an empty route of a choosing
// vehicle at the pair that serves it alone most cheaply, and the tasks left out are inserted
// again; then every rewritten route takes its best pair for its tasks (routes/depot-choice.ts).
import type { SearchContext } from './context';
import { recreate } from './ruin-recreate/recreate';
import { variantsOf } from '../model/depot-choice';
import { KIND_JOB } from '../model/tasks';
import { chooseDepots } from '../routes/depot-choice';
import { evaluateRoute } from '../routes/route-eval';
import type { Solution } from '../routes/solution';

export function settleDepots(ctx: SearchContext, sol: Solution, rewrittenOnly: boolean): void {
  const p = sol.p;
  if (!p.depotChoice) return;
  const out = sol.unassignedTasks();
  if (out.length && seatEmptyRoutes(sol, out)) recreate(ctx, sol, sol.unassignedTasks(), 0);
  chooseDepots(sol, rewrittenOnly);
}

/**
 * Tasks tried per call: a task no depot pair can serve stays out every iteration, and trying
 * each against every empty vehicle and pair each time would cost more than the recreate.
 */
const SEAT_TASKS_MAX = 8;

/** Seats empty routes for tasks no route could take; whether any was seated. */
function seatEmptyRoutes(sol: Solution, tasks: number[]): boolean {
  const p = sol.p;
  const nv = p.vehicles.length;
  const seated = new Set<number>();
  for (const t of tasks.slice(0, SEAT_TASKS_MAX)) {
    // Interchangeable empty vehicles (same candidates, same everything) are tried once.
    const tried = new Set<string>();
    const alone = p.kind[t] === KIND_JOB ? [t] : [t, p.pair[t]];
    let best = -1;
    let bestModel = null;
    let bestCost = Number.POSITIVE_INFINITY;
    for (let k = 0; k < nv; k++) {
      const r = sol.routes[k];
      if (r.length > 0 || !r.v.depots || seated.has(k) || !p.allowed[t * nv + k]) continue;
      const base = r.v.depots.choice.base.signature;
      if (tried.has(base)) continue;
      tried.add(base);
      // The route as it is already takes the task: nothing to seat.
      if (evaluateRoute(p, r.v, alone).ok) {
        best = -1;
        break;
      }
      for (const m of variantsOf(r.v)) {
        const ev = evaluateRoute(p, m, alone);
        if (ev.ok && ev.cost < bestCost) [best, bestModel, bestCost] = [k, m, ev.cost];
      }
    }
    if (best < 0 || !bestModel) continue;
    sol.reseat(best, bestModel);
    seated.add(best);
  }
  return seated.size > 0;
}
