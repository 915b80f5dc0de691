// Greedy insertion with blinks (SISR's recreate): tasks in a randomly chosen order, each at
// its cheapest feasible position over all routes, positions skipped with a small probability.
// Higher priority always goes first so that a full fleet refuses low-priority work first.
import type { SearchContext } from '../context';
import { bestInsertion, type Insertion } from '../../routes/insertion';
import { Marks } from './marks';
import { SwapRescue } from './swap-rescue';
import { KIND_DELIVERY } from '../../model/tasks';
import type { Solution } from '../../routes/solution';

/**
 * Odds of the insertion orders: random, largest demand first, farthest from the depot first,
 * closest first (Christiaens & Vanden Berghe's 4, 4, 2, 1), and the tightest time windows first
 * (ours: docs/solver/design.md#insertion-orders-tight-windows-first).
 */
const ORDER_WEIGHTS = [4, 4, 2, 1, 4];
/** With more used routes than this, a task is only tried in routes serving its neighbours. */

export function sortForInsertion(ctx: SearchContext, tasks: number[]): number[] {
  const { rng, p } = ctx;
  rng.shuffle(tasks);
  let pick = rng.int(ORDER_TOTAL);
  let kind = 0;
  while (pick >= ORDER_WEIGHTS[kind]) pick -= ORDER_WEIGHTS[kind++];
  // A key per order, ascending; largest demand and farthest first compare the other way round
  // (b - a is exactly -(a - b), so the order is the one of the keys' negations).
  const key = kind === 1 ? ctx.demand : kind === 2 || kind === 3 ? ctx.depotDist : kind === 4 ? ctx.windowSpan : null;
  const desc = kind === 1 || kind === 2;
  const pr = p.priority;
  const cmp = (a: number, b: number) => pr[b] - pr[a] || (key ? (desc ? key[b] - key[a] : key[a] - key[b]) : 0);
  if (tasks.length > INSERTION_SORT_MAX) return tasks.sort(cmp);
  // A ruin's few tasks: a stable insertion sort, without the builtin's call per comparison into
  // script. Any stable sort by one consistent comparison gives the same order.
  for (let i = 1; i < tasks.length; i++) {
    const x = tasks[i];
    let j = i - 1;
    for (; j >= 0 && cmp(tasks[j], x) > 0; j--) tasks[j + 1] = tasks[j];
    tasks[j + 1] = x;
  }
  return tasks;
}

const ORDER_TOTAL = ORDER_WEIGHTS.reduce((a, b) => a + b, 0);
/** Up to this many tasks the recreate's order is sorted in place by insertion. */
const INSERTION_SORT_MAX = 32;

/**
 * Inserts tasks; `stop` (polled every few tasks) ends it early, leaving the rest out. `budget`:
 * once the insertions made cost this much in all, the rest are left out and the answer is false
 * (the caller rejects any candidate that costs that much more; insertions never save cost where
 * the costs keep the triangle inequality). A finite budget also means the caller rejects any
 * candidate with a task left out, so the first task that fits nowhere ends it, false (on a
 * closed fleet about a quarter of the candidates: docs/solver/design.md#fleet-size-objective).
 */
export function recreate(
  ctx: SearchContext,
  sol: Solution,
  tasks: number[],
  blink: number,
  stop?: () => boolean,
  budget = Number.POSITIVE_INFINITY,
): boolean {
  const ins = inserterFor(ctx).begin(sol, blink);
  const p = ctx.p;
  const allOrNothing = budget < Number.POSITIVE_INFINITY;
  let n = 0;
  for (const t of sortForInsertion(ctx, tasks)) {
    if (stop && (++n & 15) === 0 && stop()) return false;
    if (sol.routeOf[t] >= 0 || ctx.hopeless[t] || (ctx.region && !ctx.region.task[t])) continue;
    const g = p.group[t];
    if (g < 0 || sol.groupVehicle(t, ctx.members) >= 0) {
      if (!ins.insert(t) && allOrNothing) return false;
      if (ins.spent >= budget) return false;
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
    if (!ok) {
      sol.removeTasks(done);
      ins.reset();
      if (allOrNothing) return false;
    }
  }
  return true;
}

/**
 * One inserter per search context, built on its first recreate rather than on every one: its two
 * typed arrays cost more to allocate than a recreate of a few tasks spends on them. Weakly held,
 * so a finished solve's context goes with it.
 */
const inserters = new WeakMap<SearchContext, Inserter>();

function inserterFor(ctx: SearchContext): Inserter {
  let ins = inserters.get(ctx);
  if (!ins) inserters.set(ctx, (ins = new Inserter(ctx)));
  return ins;
}

/**
 * Cheapest insertion over the candidate routes. Candidates: the used routes (only those serving
 * one of the task's nearest neighbours once many are used) and one empty route per vehicle class,
 * so a task never scans the whole fleet.
 */
class Inserter {
  private readonly tmp: Insertion = { delta: 0, i: 0, j: -1 };
  private readonly best: Insertion = { delta: 0, i: 0, j: -1 };
  /** Per class, the empty route that stands for the whole class (-1: none left). */
  private readonly emptyOf: Int32Array;
  /** Routes already tried for the task being inserted. */
  private readonly tried: Marks;
  /** The used routes, ascending: a task scans these rather than the whole fleet for the used ones. */
  private readonly usedList: Int32Array;
  private used = 0;
  /** What the insertions made so far added to the cost (a group taken out again stays counted). */
  spent = 0;
  private sol!: Solution;
  private blink = 0;

  constructor(private readonly ctx: SearchContext) {
    this.emptyOf = new Int32Array(ctx.nClasses);
    this.rescuer = new SwapRescue(ctx);
    this.tried = new Marks(ctx.p.vehicles.length);
    this.usedList = new Int32Array(ctx.p.vehicles.length);
  }

  /** Starts a recreate of sol. */
  begin(sol: Solution, blink: number): this {
    this.sol = sol;
    this.blink = blink;
    this.spent = 0;
    this.reset();
    return this;
  }

  /** Recounts used routes and empty representatives (after tasks left the solution). */
  reset(): void {
    const { ctx, sol, emptyOf, usedList } = this;
    emptyOf.fill(-1);
    let used = 0;
    for (let vi = sol.routes.length - 1; vi >= 0; vi--) {
      if (sol.routes[vi].length === 0 && this.mayUse(vi)) emptyOf[ctx.vehicleClass[vi]] = vi;
    }
    for (let vi = 0; vi < sol.routes.length; vi++) if (sol.routes[vi].length > 0) usedList[used++] = vi;
    this.used = used;
  }

  /** Route vi was empty and now serves a task: into the used routes, in order. */
  private opened(vi: number): void {
    const list = this.usedList;
    let k = this.used++;
    for (; k > 0 && list[k - 1] > vi; k--) list[k] = list[k - 1];
    list[k] = vi;
  }

  private opensDepot(start: number): boolean {
    if (!this.ctx.p.rules.depotAt.has(start)) return false;
    for (const r of this.sol.routes) if (r.length > 0 && r.v.start === start) return false;
    return true;
  }

  /** The next empty route of vehicle class c after vi, or -1. */
  private nextEmpty(c: number, vi: number): number {
    const { sol, ctx } = this;
    for (let k = vi + 1; k < sol.routes.length; k++)
      if (ctx.vehicleClass[k] === c && sol.routes[k].length === 0 && this.mayUse(k)) return k;
    return -1;
  }

  /** Cheapest feasible insertion of t over the candidate routes; false if there is none. */
  insert(t: number): boolean {
    const { ctx, sol, best, tried } = this;
    const p = ctx.p;
    const K = ctx.K;
    const gv = sol.groupVehicle(t, ctx.members);
    best.delta = Number.POSITIVE_INFINITY;
    ctx.near.focus(t);
    this.bestV = -1;
    this.bestOpens = true;
    // With minimise_num_depots a route from a depot no route uses yet is the last resort.
    this.depotFrugal = p.request.options?.objective?.minimise_num_depots === true;
    this.group = gv < 0 && p.group[t] >= 0 ? ctx.members[p.group[t]] : null;
    if (gv >= 0) this.tryRoute(t, gv);
    else if (this.used > ctx.granularRoutes) {
      const round = tried.next();
      for (let k = 0; k < K; k++) {
        const v = sol.routeOf[ctx.neighbors[t * K + k]];
        if (v < 0 || tried.has(v, round)) continue;
        tried.set(v, round);
        this.tryRoute(t, v);
      }
    } else {
      const { usedList, used } = this;
      for (let k = 0; k < used; k++) this.tryRoute(t, usedList[k]);
    }
    if (gv < 0 && !ctx.closedFleet) for (const vi of this.emptyOf) if (vi >= 0) this.tryRoute(t, vi);
    const bestV = this.bestV;
    if (bestV < 0) return this.rescue(t);
    // A task that may be outsourced goes in only when serving it pays.
    const rules = p.rules;
    if (rules.optional[t] && best.delta >= rules.outsourcing[t] + rules.revenue[t]) return false;
    const opened = sol.routes[bestV].length === 0;
    sol.insert(t, bestV, best);
    this.spent += best.delta;
    if (opened) {
      this.opened(bestV);
      const c = ctx.vehicleClass[bestV];
      if (this.emptyOf[c] === bestV) this.emptyOf[c] = this.nextEmpty(c, bestV);
    }
    return true;
  }

  /** A task that fits nowhere: in place of a nearby route's task, which moves elsewhere (swap-rescue.ts). */
  private rescue(t: number): boolean {
    if (!this.rescuer.applies()) return false;
    const added = this.rescuer.rescue(this.sol, t, (vi) => this.mayUse(vi));
    if (Number.isNaN(added)) return false;
    this.spent += added;
    return true;
  }

  private readonly rescuer: SwapRescue;
  private bestV = -1;
  private bestOpens = true;
  private depotFrugal = false;
  private group: number[] | null = null;

  /** Whether this search may change vehicle vi's route (searches side by side split the routes). */
  private mayUse(vi: number): boolean {
    const region = this.ctx.region;
    return !region || region.route[vi] === 1;
  }

  private tryRoute(t: number, vi: number): void {
    const { ctx, sol, best, tmp } = this;
    const p = ctx.p;
    const nv = p.vehicles.length;
    const r = sol.routes[vi];
    if (!this.mayUse(vi)) return;
    // The first of a relation group opens it: only on a vehicle that may serve them all.
    if (this.group && !this.group.every((m) => p.allowed[m * nv + vi])) return;
    if (r.length === 0 && !p.allowed[t * nv + vi]) return;
    // Without the depot rule the best so far bounds the scan (see bestInsertion).
    const bound = this.depotFrugal ? Number.POSITIVE_INFINITY : best.delta;
    if (!bestInsertion(r, t, tmp, ctx.rng, this.blink, bound, ctx.near)) return;
    const opens = this.depotFrugal && r.length === 0 && this.opensDepot(r.v.start);
    if ((opens === this.bestOpens && tmp.delta < best.delta) || (!opens && this.bestOpens)) {
      this.bestOpens = opens;
      best.delta = tmp.delta;
      best.i = tmp.i;
      best.j = tmp.j;
      this.bestV = vi;
    }
  }
}
