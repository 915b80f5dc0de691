// Greedy insertion with blinks (SISR's recreate): tasks in a randomly chosen order, each at
// its cheapest feasible position over all routes, positions skipped with a small probability.
// Higher priority always goes first so that a full fleet refuses low-priority work first.
import type { SearchContext } from './context';
import { bestInsertion, type Insertion } from './insertion';
import { KIND_DELIVERY } from './problem';
import type { Solution } from './solution';

const ORDER_WEIGHTS = [4, 4, 2, 1]; // random, demand, far, close (Christiaens & Vanden Berghe)
/** With more used routes than this, a task is only tried in routes serving its neighbours. */
const GRANULAR_ROUTES = 16;

export function sortForInsertion(ctx: SearchContext, tasks: number[]): number[] {
  const { rng, p } = ctx;
  rng.shuffle(tasks);
  let pick = rng.int(ORDER_WEIGHTS.reduce((a, b) => a + b, 0));
  let kind = 0;
  while (pick >= ORDER_WEIGHTS[kind]) pick -= ORDER_WEIGHTS[kind++];
  const key =
    kind === 1
      ? (t: number) => -ctx.demand[t]
      : kind === 2
        ? (t: number) => -ctx.depotDist[t]
        : kind === 3
          ? (t: number) => ctx.depotDist[t]
          : null;
  return tasks.sort((a, b) => p.priority[b] - p.priority[a] || (key ? key(a) - key(b) : 0));
}

/** Inserts tasks; `stop` (polled every few tasks) ends it early, leaving the rest out. */
export function recreate(ctx: SearchContext, sol: Solution, tasks: number[], blink: number, stop?: () => boolean): void {
  const ins = new Inserter(ctx, sol, blink);
  const p = ctx.p;
  let n = 0;
  for (const t of sortForInsertion(ctx, tasks)) {
    if (stop && (++n & 15) === 0 && stop()) return;
    if (sol.routeOf[t] >= 0 || ctx.hopeless[t]) continue;
    const g = p.group[t];
    if (g < 0 || sol.groupVehicle(t, ctx.members) >= 0) {
      ins.insert(t);
      continue;
    }
    // A relation group goes in whole, members in relation order, or not at all: a partial
    // group would only hold capacity that its relation forbids using.
    const done: number[] = [];
    let ok = true;
    for (const m of ctx.members[g]) {
      if (p.kind[m] === KIND_DELIVERY || sol.routeOf[m] >= 0) continue;
      if (ctx.hopeless[m] || !ins.insert(m)) {
        ok = false;
        break;
      }
      done.push(m);
    }
    if (!ok) sol.removeTasks(done);
  }
}

class Inserter {
  private readonly tmp: Insertion = { delta: 0, i: 0, j: -1 };
  private readonly best: Insertion = { delta: 0, i: 0, j: -1 };
  private readonly emptySeen = new Set<string>();
  private readonly near: Uint8Array;
  private readonly granular: boolean;

  constructor(
    private readonly ctx: SearchContext,
    private readonly sol: Solution,
    private readonly blink: number,
  ) {
    let used = 0;
    for (const r of sol.routes) if (r.length > 0) used++;
    this.granular = used > GRANULAR_ROUTES;
    this.near = new Uint8Array(ctx.p.vehicles.length);
  }

  private opensDepot(start: number): boolean {
    if (!this.ctx.p.rules.depotAt.has(start)) return false;
    for (const r of this.sol.routes) if (r.length > 0 && r.v.start === start) return false;
    return true;
  }

  /** Cheapest feasible insertion of t over the candidate routes; false if there is none. */
  insert(t: number): boolean {
    const { ctx, sol, best, tmp, near, emptySeen } = this;
    const p = ctx.p;
    const nv = p.vehicles.length;
    const K = ctx.K;
    const gv = sol.groupVehicle(t, ctx.members);
    let bestV = -1;
    let bestOpens = true;
    best.delta = Number.POSITIVE_INFINITY;
    // With minimise_num_depots a route from a depot no route uses yet is the last resort.
    const depotFrugal = p.request.options?.objective?.minimise_num_depots === true;
    emptySeen.clear();
    const granular = this.granular && gv < 0;
    if (granular) {
      near.fill(0);
      for (let k = 0; k < K; k++) {
        const v = sol.routeOf[ctx.neighbors[t * K + k]];
        if (v >= 0) near[v] = 1;
      }
    }
    const group = gv < 0 && p.group[t] >= 0 ? ctx.members[p.group[t]] : null;
    for (const r of sol.routes) {
      const vi = r.v.index;
      if (gv >= 0 && vi !== gv) continue;
      if (granular && r.length > 0 && !near[vi]) continue;
      // The first of a relation group opens it: only on a vehicle that may serve them all.
      if (group && !group.every((m) => p.allowed[m * nv + vi])) continue;
      if (r.length === 0) {
        // Identical empty vehicles give identical insertions: try one of each kind.
        if (!p.allowed[t * nv + vi] || emptySeen.has(r.v.signature)) continue;
        emptySeen.add(r.v.signature);
      }
      if (!bestInsertion(r, t, tmp, ctx.rng, this.blink)) continue;
      const opens = depotFrugal && r.length === 0 && this.opensDepot(r.v.start);
      if ((opens === bestOpens && tmp.delta < best.delta) || (!opens && bestOpens)) {
        bestOpens = opens;
        best.delta = tmp.delta;
        best.i = tmp.i;
        best.j = tmp.j;
        bestV = vi;
      }
    }
    if (bestV < 0) return false;
    // A task that may be outsourced goes in only when serving it pays.
    const rules = p.rules;
    if (rules.optional[t] && best.delta >= rules.outsourcing[t] + rules.revenue[t]) return false;
    sol.insert(t, bestV, best);
    return true;
  }
}
