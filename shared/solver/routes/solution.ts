// A solution: one RouteState per vehicle (empty when unused) and the task -> vehicle map.
// Its objective is lexicographic: unassigned priority, unassigned tasks, the custom objective
// (when asked for), then cost. A task with an outsourcing cost is not counted as unassigned: its
// outsourcing cost is added to the cost instead, and served tasks' revenue is taken off it.
import { applyInsertion, type Insertion } from './insertion';
import { KIND_DELIVERY } from '../model/tasks';
import { type Problem } from '../model/problem';
import type { VehicleModel } from '../model/vehicles';
import { chooseDepots } from './depot-choice';
import { RouteState } from './route-state';

export interface Objective {
  unassignedPriority: number;
  unassigned: number;
  /** Distinct start depots of the used routes (minimise_num_depots), else 0. */
  depots: number;
  primary: number;
  cost: number;
}

/**
 * Task maps and route flags of dropped solutions, for the next forks of the same problem. The
 * search forks a candidate every iteration and drops most of them, and allocating a typed array
 * costs several times what copying one does (about 2 us a fork at 1000 tasks). Weakly held: a
 * solved problem's spares go with it.
 */
interface Spares {
  maps: Int32Array[];
  flags: Uint8Array[];
}
const sparesByProblem = new WeakMap<Problem, Spares>();
const SPARES_MAX = 4;

function sparesOf(p: Problem): Spares {
  let spares = sparesByProblem.get(p);
  if (!spares) sparesByProblem.set(p, (spares = { maps: [], flags: [] }));
  return spares;
}

export class Solution {
  routes: RouteState[];
  routeOf: Int32Array;
  /** Per route, 1 while its RouteState may be shared with a fork (see `fork` and `own`). */
  private shared: Uint8Array | null = null;
  /** Set once its arrays went back to the spares (a dropped fork, or a source a fork replaced). */
  private dropped = false;

  constructor(
    readonly p: Problem,
    routes?: RouteState[],
    routeOf?: Int32Array,
  ) {
    this.routes = routes ?? p.vehicles.map((v) => new RouteState(p, v));
    this.routeOf = routeOf ?? new Int32Array(p.nTasks).fill(-1);
  }

  /** A solution holding the given task sequences, each on the vehicle at its index. */
  static fromRoutes(p: Problem, routes: Iterable<{ vehicle: number; tasks: readonly number[] }>): Solution {
    const s = new Solution(p);
    for (const { vehicle, tasks } of routes) {
      const r = s.own(vehicle);
      r.seq = tasks.slice();
      r.refresh();
      for (const t of tasks) s.routeOf[t] = vehicle;
    }
    // Routes arrive as task lists (another search's offer): their depots are picked again.
    chooseDepots(s);
    return s;
  }

  clone(): Solution {
    return new Solution(
      this.p,
      this.routes.map((r) => r.clone()),
      this.routeOf.slice(),
    );
  }

  /**
   * A copy that shares the route objects until either side changes one (`own` copies it first).
   * The search forks a candidate every iteration and changes only the few routes it ruins, so a
   * full clone would copy hundreds of routes for nothing on large fleets.
   */
  fork(): Solution {
    const spare = sparesOf(this.p);
    const routeOf = spare.maps.pop() ?? new Int32Array(this.routeOf.length);
    routeOf.set(this.routeOf);
    const f = new Solution(this.p, this.routes.slice(), routeOf);
    f.shared = (spare.flags.pop() ?? new Uint8Array(this.routes.length)).fill(1);
    (this.shared ??= new Uint8Array(this.routes.length)).fill(1);
    return f;
  }

  /** Route v, to be rewritten at once (refreshed): copied first while a fork may share it. */
  own(v: number): RouteState {
    const shared = this.shared;
    if (shared && shared[v]) {
      this.routes[v] = this.routes[v].copyForRewrite();
      shared[v] = 0;
    }
    return this.routes[v];
  }

  /** Whether route v is this solution's own (rewritten since the fork, or never shared). */
  rewritten(v: number): boolean {
    return !this.shared || this.shared[v] === 0;
  }

  /** Route v on another model of its vehicle (a depot choice: model/depot-choice.ts), same tasks. */
  reseat(v: number, model: VehicleModel): void {
    this.routes[v] = new RouteState(this.p, model, this.routes[v].seq);
    if (this.shared) this.shared[v] = 0;
  }

  /** Ends a fork that is not kept: the routes it changed hand their buffers back for reuse. */
  discard(): void {
    this.release(this);
    this.drop();
  }

  /**
   * A fork kept in place of its source: the source's routes that the fork replaced hand their
   * buffers back (those a clone still shares are kept). The source must not be read again.
   */
  replace(source: Solution): void {
    this.release(source);
    source.drop();
  }

  /** Hands the task map and route flags to the next fork (this solution is not read again). */
  private drop(): void {
    if (this.dropped) return;
    this.dropped = true;
    const spare = sparesOf(this.p);
    if (spare.maps.length < SPARES_MAX) spare.maps.push(this.routeOf);
    if (this.shared && spare.flags.length < SPARES_MAX) spare.flags.push(this.shared);
  }

  private release(from: Solution): void {
    const shared = this.shared;
    if (!shared) return;
    for (let v = 0; v < shared.length; v++) if (!shared[v]) from.routes[v].release();
  }

  /** What the routes this fork rewrote cost more than the source's (no task terms: revenues, outsourcing). */
  costChangeFrom(source: Solution): number {
    let d = 0;
    for (let v = 0; v < this.routes.length; v++) if (this.routes[v] !== source.routes[v]) d += this.routes[v].cost - source.routes[v].cost;
    return d;
  }

  /** Tasks to insert: jobs and shipment pickups (a delivery travels with its pickup). */
  unassignedTasks(): number[] {
    const out: number[] = [];
    for (let t = 0; t < this.p.nTasks; t++) if (this.routeOf[t] < 0 && this.p.kind[t] !== KIND_DELIVERY) out.push(t);
    return out;
  }

  insert(t: number, vehicle: number, ins: Insertion): void {
    applyInsertion(this.own(vehicle), t, ins);
    this.routeOf[t] = vehicle;
    if (this.p.pair[t] >= 0) this.routeOf[this.p.pair[t]] = vehicle;
  }

  /** Removes tasks (with their shipment partners) and refreshes the touched routes once. */
  removeTasks(tasks: Iterable<number>): void {
    const touched: number[] = [];
    const routeOf = this.routeOf;
    for (const t of tasks) {
      const v = routeOf[t];
      if (v < 0) continue;
      routeOf[t] = -1;
      const q = this.p.pair[t];
      if (q >= 0) routeOf[q] = -1;
      if (!touched.includes(v)) touched.push(v);
    }
    // The tasks that stay in route v are those still mapped to it.
    for (const v of touched) {
      const r = this.own(v);
      const seq: number[] = [];
      for (const x of r.seq) if (routeOf[x] === v) seq.push(x);
      r.keepOnly(seq);
    }
  }

  /** The vehicle already holding a task tied to t by a relation, -1 if none, -2 if t is free. */
  groupVehicle(t: number, members: number[][]): number {
    const g = this.p.group[t];
    if (g < 0) return -2;
    for (const m of members[g]) if (this.routeOf[m] >= 0) return this.routeOf[m];
    return -1;
  }

  objective(): Objective {
    const p = this.p;
    const routeOf = this.routeOf;
    let up = 0;
    let un = 0;
    let cost = 0;
    const profit = p.rules.hasProfit ? p.rules : null;
    // Called on every candidate of the search: the loops read only what the objective needs.
    for (let t = 0; t < p.nTasks; t++) {
      if (routeOf[t] >= 0) {
        if (profit && p.kind[t] !== KIND_DELIVERY) cost -= profit.revenue[t];
        continue;
      }
      if (p.kind[t] === KIND_DELIVERY) continue;
      if (profit?.optional[t]) {
        cost += profit.outsourcing[t];
        continue;
      }
      up += p.priority[t];
      un++;
    }
    for (const r of this.routes) cost += r.cost;
    const c = p.custom;
    let depots = 0;
    if (p.request.options?.objective?.minimise_num_depots) {
      const at = new Set<number>();
      for (const r of this.routes) if (r.length > 0 && p.rules.depotAt.has(r.v.start)) at.add(r.v.start);
      depots = at.size;
    }
    return { unassignedPriority: up, unassigned: un, depots, primary: c ? this.primary(c) : 0, cost };
  }

  /** How many routes serve a task. */
  usedRoutes(): number {
    let used = 0;
    for (const r of this.routes) if (r.length > 0) used++;
    return used;
  }

  /** The custom objective's value (vehicles used, latest end, or a min-max over the routes). */
  private primary(c: NonNullable<Problem['custom']>): number {
    let used = 0;
    let maxCost = 0;
    let maxTasks = 0;
    let maxEnd = 0;
    for (const r of this.routes) {
      if (r.length === 0) continue;
      used++;
      maxCost = Math.max(maxCost, r.travelCost);
      maxTasks = Math.max(maxTasks, r.length);
      maxEnd = Math.max(maxEnd, r.dep[r.length + 1]);
    }
    if (c.value === 'vehicles') return used;
    if (c.value === 'completion_time') return maxEnd;
    if (c.type === 'min-max' && c.value === 'travel_cost') return maxCost;
    if (c.type === 'min-max' && c.value === 'tasks') return maxTasks;
    return 0;
  }
}

/** Negative when a is better than b. */
export function compareObjectives(a: Objective, b: Objective): number {
  if (a.unassignedPriority !== b.unassignedPriority) return a.unassignedPriority - b.unassignedPriority;
  if (a.unassigned !== b.unassigned) return a.unassigned - b.unassigned;
  if (a.depots !== b.depots) return a.depots - b.depots;
  if (a.primary !== b.primary) return a.primary - b.primary;
  return a.cost - b.cost;
}

export function groupMembers(p: Problem): number[][] {
  const m: number[][] = Array.from({ length: p.nTasks }, () => []);
  for (let t = 0; t < p.nTasks; t++) if (p.group[t] >= 0) m[p.group[t]].push(t);
  return m;
}
