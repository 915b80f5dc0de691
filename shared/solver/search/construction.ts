// The starting solution: the caller's earlier plan when given (each route cut back to its
// longest feasible prefix), then every remaining task by greedy cheapest insertion.
import type { SearchContext } from './context';
import { KIND_DELIVERY, KIND_JOB, KIND_PICKUP } from '../model/tasks';
import { recreate } from './ruin-recreate/recreate';
import { settleDepots } from './depot-routes';
import { evaluateRoute } from '../routes/route-eval';
import { variantsOf } from '../model/depot-choice';
import { Solution } from '../routes/solution';
import type { InitialRoute } from '../types';

/** `stop` ends the construction early (deadline): the tasks not yet placed stay out. */
export function construct(ctx: SearchContext, initial?: InitialRoute[], stop?: () => boolean): Solution {
  const p = ctx.p;
  const sol = new Solution(p);
  if (initial?.length) seedRoutes(sol, initial);
  recreate(ctx, sol, sol.unassignedTasks(), 0, stop);
  settleDepots(ctx, sol, false);
  return sol;
}

function seedRoutes(sol: Solution, initial: InitialRoute[]): void {
  const p = sol.p;
  const byKey = new Map<string, number>();
  const name = (k: number) => (k === KIND_JOB ? 'job' : k === KIND_PICKUP ? 'pickup' : 'delivery');
  p.ids.forEach((id, t) => byKey.set(`${name(p.kind[t])}:${id}`, t));
  const vIndex = new Map(p.vehicles.map((v) => [v.id, v.index]));
  const taken = new Uint8Array(p.nTasks);
  for (const route of initial) {
    const vi = vIndex.get(route.vehicle);
    if (vi === undefined || sol.routes[vi].length > 0) continue;
    let seq: number[] = [];
    for (const s of route.steps) {
      const t = s.id === undefined ? undefined : byKey.get(`${s.type}:${s.id}`);
      if (t === undefined || taken[t]) continue;
      seq.push(t);
    }
    // Keep shipments only when both halves are on this route, pickup first.
    seq = seq.filter((t, i) => {
      if (p.kind[t] === KIND_PICKUP) return seq.indexOf(p.pair[t]) > i;
      if (p.kind[t] === KIND_DELIVERY) return seq.indexOf(p.pair[t]) >= 0 && seq.indexOf(p.pair[t]) < i;
      return true;
    });
    // A vehicle choosing its depots keeps the plan from any pair that serves it.
    const fits = (s: number[]) => variantsOf(p.vehicles[vi]).find((m) => evaluateRoute(p, m, s).ok);
    while (seq.length > 0 && !fits(seq)) {
      const last = seq.pop()!;
      if (p.kind[last] === KIND_DELIVERY) seq.splice(seq.indexOf(p.pair[last]), 1);
    }
    const model = seq.length > 0 ? fits(seq) : undefined;
    if (model && model !== p.vehicles[vi]) sol.reseat(vi, model);
    for (const t of seq) {
      taken[t] = 1;
      sol.routeOf[t] = vi;
    }
    const r = sol.own(vi);
    r.seq = seq;
    r.refresh();
  }
}
