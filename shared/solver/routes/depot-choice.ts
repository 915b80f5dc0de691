// Depot choice in the search (vehicles[].start_depot_ids / end_depot_ids): the depot pair of a
// route is picked for its task sequence by the full route evaluation of each candidate pair
// (model/depot-choice.ts builds them). Run after the construction and after every recreate on
// the routes it rewrote, and as a local-search move (operators/depot-choice.ts), so a route
// whose tasks drift towards another depot starts (ends) there.
import { ALL_PAIRS_MAX, variantOf } from '../model/depot-choice';
import type { VehicleModel } from '../model/vehicles';
import type { Problem } from '../model/problem';
import { ordersOn } from './orders';
import { evaluateRoute } from './route-eval';
import type { RouteState } from './route-state';

/** What of a solution (routes/solution.ts, which calls in here) the choice reads and changes. */
interface Seats {
  readonly p: Problem;
  routes: RouteState[];
  rewritten(k: number): boolean;
  reseat(k: number, model: VehicleModel): void;
}

const EPS = 1e-9;

export interface DepotPick {
  model: VehicleModel;
  cost: number;
  /** 1 when the route would start at a depot no other used route starts at (minimise_num_depots). */
  opens: number;
  /** Better on the depot count, not only on cost. */
  fewerDepots: boolean;
}

/**
 * The best model for route k's tasks: fewest new depots opened when minimise_num_depots asks for
 * it, then least cost. Null when the route has no choice, is empty, or holds the best already.
 */
export function bestDepotPick(sol: Seats, k: number): DepotPick | null {
  const r = sol.routes[k];
  const choice = r.v.depots?.choice;
  if (!choice || r.length === 0) return null;
  const p = sol.p;
  const frugal = p.request.options?.objective?.minimise_num_depots === true;
  let used: Set<number> | null = null;
  if (frugal) {
    used = new Set();
    for (let j = 0; j < sol.routes.length; j++) {
      const o = sol.routes[j];
      if (j !== k && o.length > 0 && p.rules.depotAt.has(o.v.start)) used.add(o.v.start);
    }
  }
  const opens = (m: VehicleModel) => (used && p.rules.depotAt.has(m.start) && !used.has(m.start) ? 1 : 0);
  // Without reloads a pair changes only the first and last legs, and penalties only add: the
  // route's other arcs plus the new legs bound the pair's cost from below, so most pairs are
  // dismissed without an evaluation.
  const bound = lowerBound(p, r);
  const cur: DepotPick = { model: r.v, cost: r.feasible ? r.cost : Number.POSITIVE_INFINITY, opens: opens(r.v), fewerDepots: false };
  let best = cur;
  const consider = (m: VehicleModel) => {
    if (m === best.model) return;
    const o = opens(m);
    if (o > best.opens) return;
    if (bound && o === best.opens && bound(m) >= best.cost - EPS) return;
    const ev = evaluateRoute(p, m, r.seq);
    if (!ev.ok) return;
    if (o < best.opens || ev.cost < best.cost - EPS) best = { model: m, cost: ev.cost, opens: o, fewerDepots: o < cur.opens };
  };
  const { starts, ends } = choice;
  if (starts.length * ends.length <= ALL_PAIRS_MAX) {
    for (const s of starts) for (const e of ends) consider(variantOf(choice, s, e));
  } else {
    const at = r.v.depots!;
    for (const s of starts) consider(variantOf(choice, s, at.end));
    const s = best.model.depots!.start;
    for (const e of ends) consider(variantOf(choice, s, e));
  }
  return best === cur ? null : best;
}

/** Moves each route (only those the solution rewrote, with `rewrittenOnly`) to its best depots. */
export function chooseDepots(sol: Seats, rewrittenOnly = false): void {
  if (!sol.p.depotChoice) return;
  for (let k = 0; k < sol.routes.length; k++) {
    if (rewrittenOnly && !sol.rewritten(k)) continue;
    const pick = bestDepotPick(sol, k);
    if (pick) sol.reseat(k, pick.model);
  }
}

/** The cost bound of route r's tasks on another pair of depots; null where reloads make it none. */
function lowerBound(p: Problem, r: RouteState): ((m: VehicleModel) => number) | null {
  const v = r.v;
  if (v.maxRuns > 1 || v.shifts || !r.feasible) return null;
  const n = p.nLoc;
  const len = r.length;
  const first = p.loc[r.seq[0]];
  const last = p.loc[r.seq[len - 1]];
  const rest = r.travelCost - r.arc[0] - r.arc[len] + v.fixed + (v.perOrder ? v.perOrder * ordersOn(p, r.seq) : 0);
  return (m) => rest + (m.start >= 0 ? m.cost[m.start * n + first] : 0) + (m.end >= 0 ? m.cost[last * n + m.end] : 0);
}
