// Fleet-size minimisation by an ejection pool (after Nagata & Bräysy's route minimisation): empty
// one route into a pool of tasks, then put the pool back into the other routes. A task that fits
// nowhere goes in anyway by ejecting at most two tasks from one route (those ejected least often
// so far: found by ejection-search.ts where it models the problem, else each try evaluated in
// full), and the ejected join the pool; after each ejection a few random feasible relocations
// (perturb.ts) reshape the routes. When the pool empties the fleet is one route smaller; when the
// step budget runs out, that attempt is dropped and another route is tried.
import type { SearchContext } from '../search/context';
import { bestInsertion, type Insertion } from '../routes/insertion';
import { EjectionSearch, fastEjectionApplies, type EjectionResult } from './ejection-search';
import { KIND_DELIVERY } from '../model/tasks';
import { RouteState } from '../routes/route-state';
import type { Solution } from '../routes/solution';
import type { VehicleModel } from '../model/vehicles';
import { perturb } from './perturb';
import { fleetLowerBound } from '../model/fleet-bound';

/** Pool steps per task of the emptied route before an attempt is given up (doubled each failed round). */
const STEPS_PER_TASK = 40;
/** Rounds in a row without a removed route before giving up. */
const MAX_ROUNDS = 6;
/** Random feasible relocations after each ejection (see perturb.ts). */
const PERTURB_ATTEMPTS = 50;
/** Routes longer than this eject one task at a time (pairs would cost a cube of the length). */
const PAIR_EJECTION_MAX_LEN = 30;
/**
 * Past the recreate's granular threshold a task is ejected into the routes of its this many
 * nearest neighbours only. Trying every route spent 96% of the route minimisation in the
 * ejection search on a 1000-task instance; measured on c1_10_2 (fleet objective, 60 s, one
 * thread): every route 94 routes after 27 s, 48 neighbours 93 after 25 s, 16 92 after 7 s, 8 94.
 */
const EJECTION_NEIGHBOURS = 16;

/** Tasks that may change route: not tied to it by a relation; a pickup stands for its shipment. */
function movable(sol: Solution, t: number): boolean {
  return sol.p.group[t] < 0 && sol.p.kind[t] !== KIND_DELIVERY;
}

function without(sol: Solution, seq: number[], out: number[]): number[] {
  const p = sol.p;
  return seq.filter((x) => !out.includes(x) && !(p.kind[x] === KIND_DELIVERY && out.includes(p.pair[x])));
}

/**
 * The vehicles (ascending) whose routes take part in t's ejection: those serving one of its
 * EJECTION_NEIGHBOURS nearest neighbours once more than the granular threshold of routes is
 * used; undefined (every route) below it, or when no neighbour is routed.
 */
export function ejectionRoutes(ctx: SearchContext, sol: Solution, t: number): number[] | undefined {
  if (sol.usedRoutes() <= ctx.granularRoutes) return undefined;
  const routes: number[] = [];
  for (let k = 0; k < Math.min(ctx.K, EJECTION_NEIGHBOURS); k++) {
    const v = sol.routeOf[ctx.neighbors[t * ctx.K + k]];
    if (v >= 0 && !routes.includes(v)) routes.push(v);
  }
  return routes.length > 0 ? routes.sort((a, b) => a - b) : undefined;
}

class Pool {
  private readonly penalty: Float64Array;
  private readonly ins: Insertion = { delta: 0, i: 0, j: -1 };
  private readonly scratch = new Map<VehicleModel, RouteState>();

  private readonly fast: EjectionSearch | null;

  constructor(
    private readonly ctx: SearchContext,
    private readonly sol: Solution,
  ) {
    this.penalty = new Float64Array(ctx.p.nTasks).fill(1);
    this.fast = fastEjectionApplies(ctx.p) ? new EjectionSearch(ctx.p, this.penalty) : null;
  }

  /**
   * Inserts t into a used route where it fits, the route drawn at random among those (its
   * cheapest position there): the pool's order and the perturbation then explore, where always
   * the cheapest route would send every attempt down the same path. False when it fits nowhere.
   */
  insert(t: number): boolean {
    const { sol, ins } = this;
    let bv = -1;
    let best: Insertion = { delta: Number.POSITIVE_INFINITY, i: 0, j: -1 };
    const near = this.ctx.near;
    near.focus(t);
    let fits = 0;
    for (const r of sol.routes) {
      if (r.length === 0 || !bestInsertion(r, t, ins, undefined, 0, Number.POSITIVE_INFINITY, near)) continue;
      // Reservoir sampling: each fitting route is kept with probability 1 / (routes seen so far).
      if (this.ctx.rng.int(++fits) === 0) {
        best = { ...ins };
        bv = r.v.index;
      }
    }
    if (bv < 0) return false;
    sol.insert(t, bv, best);
    return true;
  }

  /** By vehicle model: a route with a depot choice is tried on the depots it holds. */
  private scratchFor(vehicle: VehicleModel): RouteState {
    let s = this.scratch.get(vehicle);
    if (!s) this.scratch.set(vehicle, (s = new RouteState(this.sol.p, vehicle)));
    return s;
  }

  /** Tries t into route r without the tasks `out`; updates `best` when cheaper in penalty, then cost. */
  private tryEjection(t: number, r: RouteState, out: number[], penalty: number, best: { e: EjectionResult | null }): void {
    const seq = without(this.sol, r.seq, out);
    const s = this.scratchFor(r.v);
    s.seq = seq;
    s.refresh();
    if (!s.feasible || !bestInsertion(s, t, this.ins)) return;
    const e = best.e;
    if (e && (penalty > e.penalty || (penalty === e.penalty && this.ins.delta >= e.delta))) return;
    const placed = seq.slice();
    if (this.ins.j < 0) placed.splice(this.ins.i, 0, t);
    else {
      placed.splice(this.ins.j, 0, this.sol.p.pair[t]);
      placed.splice(this.ins.i, 0, t);
    }
    best.e = { vehicle: r.v.index, out, penalty, delta: this.ins.delta, seq: placed };
  }

  /** Puts t into some used route by ejecting tasks from it; the ejected, or null. */
  eject(t: number): number[] | null {
    this.penalty[t]++;
    const routes = ejectionRoutes(this.ctx, this.sol, t);
    const e = this.fast ? this.fast.find(this.sol, t, routes) : this.slowEjection(t, routes);
    if (!e) return null;
    const sol = this.sol;
    const r = sol.own(e.vehicle);
    for (const x of r.seq) sol.routeOf[x] = -1;
    r.seq = e.seq;
    for (const x of r.seq) sol.routeOf[x] = e.vehicle;
    r.refresh();
    return e.out;
  }

  /** Any problem: at most two tasks out of one route, each try evaluated in full. */
  private slowEjection(t: number, routes?: readonly number[]): EjectionResult | null {
    const { sol, ctx, penalty } = this;
    const p = ctx.p;
    const best: { e: EjectionResult | null } = { e: null };
    for (const r of routes ? routes.map((vi) => sol.routes[vi]) : sol.routes) {
      if (r.length === 0 || !p.allowed[t * p.vehicles.length + r.v.index]) continue;
      const cand = r.seq.filter((x) => movable(sol, x));
      for (let a = 0; a < cand.length; a++) {
        const pa = penalty[cand[a]];
        if (best.e && pa > best.e.penalty) continue;
        this.tryEjection(t, r, [cand[a]], pa, best);
        if (r.length > PAIR_EJECTION_MAX_LEN) continue;
        for (let b = a + 1; b < cand.length; b++) {
          const pab = pa + penalty[cand[b]];
          if (best.e && pab > best.e.penalty) continue;
          this.tryEjection(t, r, [cand[a], cand[b]], pab, best);
        }
      }
    }
    return best.e;
  }
}

/** Empties `victim` and puts its tasks back elsewhere within `steps` pool steps; the new solution, or null. */
function eliminate(
  ctx: SearchContext,
  sol: Solution,
  victim: number,
  steps: number,
  stop: () => boolean,
): { sol: Solution | null; used: number } {
  const trial = sol.clone();
  const pool = trial.routes[victim].seq.filter((t) => sol.p.kind[t] !== KIND_DELIVERY);
  if (pool.some((t) => sol.p.group[t] >= 0)) return { sol: null, used: 0 };
  trial.removeTasks(pool);
  const ejector = new Pool(ctx, trial);
  ctx.rng.shuffle(pool);
  let used = 0;
  while (pool.length > 0) {
    if (used++ >= steps || stop()) return { sol: null, used };
    const t = pool.pop()!;
    if (ejector.insert(t)) continue;
    const out = ejector.eject(t);
    if (!out) return { sol: null, used };
    pool.push(...out);
    perturb(ctx, trial, PERTURB_ATTEMPTS);
  }
  return { sol: trial, used };
}

/**
 * Removes routes one at a time while every task still fits (the fleet-size objective). Routes are
 * tried shortest first; after a round where none could be removed the step budget per attempt
 * doubles and the pool order is shuffled anew, until `stop`, `maxSteps` pool steps in all (a
 * reproducible bound for iteration-capped runs) or MAX_ROUNDS rounds without success.
 * `removed` hears of each route removed; `spent` counts the pool steps taken.
 */
export function minimiseRoutes(
  ctx: SearchContext,
  sol: Solution,
  stop: () => boolean,
  maxSteps = Number.POSITIVE_INFINITY,
  removed?: () => void,
  spent?: { steps: number },
): Solution {
  let cur = sol;
  let left = maxSteps;
  let budget = STEPS_PER_TASK;
  const least = Math.max(1, fleetLowerBound(sol.p, sol.routeOf));
  for (let failed = 0; failed < MAX_ROUNDS && left > 0 && !stop();) {
    const used = cur.routes.filter((r) => r.length > 0).sort((a, b) => a.length - b.length);
    if (used.length <= least) break;
    let gone = false;
    for (const r of used) {
      if (stop() || left <= 0) break;
      const out = eliminate(ctx, cur, r.v.index, Math.min(left, budget * r.length), stop);
      left -= out.used;
      if (spent) spent.steps += out.used;
      if (out.sol) {
        cur = out.sol;
        gone = true;
        removed?.();
        break;
      }
    }
    if (gone) failed = 0;
    else {
      failed++;
      budget *= 2;
    }
  }
  return cur;
}
