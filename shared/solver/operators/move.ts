// The one interface of the local-search operators: an operator proposes new task sequences for
// one or two routes; a move is kept only if every new route passes the full route evaluation
// and the summed route cost drops. A cheap arc-cost sum filters candidates first.
import type { SearchContext } from '../search/context';
import { evaluateRoute } from '../routes/route-eval';
import { ordersOn } from '../routes/orders';
import type { Solution } from '../routes/solution';
import type { VehicleModel } from '../model/vehicles';

export interface Move {
  /** Cost decrease when applied (old route costs minus new route costs). */
  gain: number;
  vehicles: number[];
  seqs: number[][];
  /** The vehicle models the routes move to (a depot choice), else they keep theirs. */
  models?: VehicleModel[];
}

export interface Operator {
  name: string;
  /** The best improving move of the neighbourhood, or null. */
  find(ctx: SearchContext, sol: Solution): Move | null;
}

const EPS = 1e-9;

/** Travel cost of a sequence for a vehicle plus its fixed and per-order costs (0 for an empty route). */
export function seqArcCost(sol: Solution, vehicle: number, seq: number[]): number {
  if (seq.length === 0) return 0;
  const p = sol.p;
  const v = sol.routes[vehicle].v;
  const n = p.nLoc;
  let c = v.fixed + (v.perOrder ? v.perOrder * ordersOn(p, seq) : 0);
  let prev = v.start;
  for (const t of seq) {
    const l = p.loc[t];
    if (prev >= 0) c += v.cost[prev * n + l];
    prev = l;
  }
  if (v.end >= 0) c += v.cost[prev * n + v.end];
  return c;
}

/** Tasks a relation ties to their route must not change route. */
export function canLeaveRoute(sol: Solution, t: number): boolean {
  return sol.p.group[t] < 0;
}

/** Tracks the best move seen; `consider` returns true when the candidate became the best. */
export class BestMove {
  best: Move | null = null;

  constructor(readonly sol: Solution) {}

  consider(vehicles: number[], seqs: number[][]): boolean {
    const sol = this.sol;
    let oldCost = 0;
    let arc = 0;
    for (let k = 0; k < vehicles.length; k++) {
      oldCost += sol.routes[vehicles[k]].cost;
      arc += seqArcCost(sol, vehicles[k], seqs[k]);
    }
    const threshold = this.best ? this.best.gain : EPS;
    // In a simple problem cost is exactly the arc cost; otherwise penalties only add to it.
    if (oldCost - arc <= threshold) return false;
    let newCost = 0;
    for (let k = 0; k < vehicles.length; k++) {
      const v = sol.routes[vehicles[k]].v;
      const ev = evaluateRoute(sol.p, v, seqs[k]);
      if (!ev.ok) return false;
      newCost += ev.cost;
    }
    const gain = oldCost - newCost;
    if (gain <= threshold) return false;
    this.best = { gain, vehicles: vehicles.slice(), seqs: seqs.map((s) => s.slice()) };
    return true;
  }
}

export function applyMove(sol: Solution, m: Move): void {
  for (let k = 0; k < m.vehicles.length; k++) {
    const r = sol.routes[m.vehicles[k]];
    for (const t of r.seq) sol.routeOf[t] = -1;
  }
  for (let k = 0; k < m.vehicles.length; k++) {
    if (m.models) sol.reseat(m.vehicles[k], m.models[k]);
    const r = sol.own(m.vehicles[k]);
    r.seq = m.seqs[k].slice();
    for (const t of r.seq) sol.routeOf[t] = m.vehicles[k];
    r.refresh();
  }
}
