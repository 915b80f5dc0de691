// The ejection step of Nagata & Bräysy's route minimisation (2009), for routes of plain jobs:
// put task t at some position of a route and find the set of at most K_MAX other tasks whose
// removal makes that route feasible again, with the smallest sum of ejection counts, then the
// cheapest insertion of t between the tasks that stay (a tie-break on the whole route's cost
// would favour ejecting far tasks, which are then the hardest to place again).
// Sets are enumerated in lexicographic order of their positions with a forward pass over the kept
// tasks, so each candidate costs O(1) beyond the pass: the part after the last ejected task is
// unchanged, and a backward pass of latest service starts over the route with t in place tells at
// once whether it still fits. A branch ends as soon as a kept task misses its window (no later
// ejection can help it), the sum plus the least count still ahead exceeds the best found, or an
// earlier branch reached the same kept task no later with no more ejections and no larger sum.
import type { Problem } from '../model/problem';
import type { VehicleModel } from '../model/vehicles';
import { windowStart } from '../routes/route-eval';
import { latestStart } from '../routes/route-state';
import type { Solution } from '../routes/solution';

/**
 * At most this many tasks go per ejection. Nagata & Bräysy use 5 (with a squeeze step before
 * ejecting, which we do not have); measured here on the fleet-size benchmark's hard instances
 * (8 instances x 2 seeds, 10 s each) 2 hit the best-known fleet 9 times, 3 8 times, 5 6 times:
 * more tasks per ejection make a larger pool to place again.
 */
export const K_MAX = 2;
/** Enumeration nodes per route position at most, so a long route cannot stall the search. */
const NODE_BUDGET = 20_000;
/** Non-dominated states remembered per kept position. */
const MEMO = 6;

export interface EjectionResult {
  vehicle: number;
  /** The route's new sequence, t in place and the ejected tasks gone. */
  seq: number[];
  out: number[];
  penalty: number;
  /** What t adds to the travel cost between its neighbours on the new route. */
  delta: number;
}

/**
 * Whether the fast ejection models the problem exactly: jobs only, one load profile per task,
 * windows (a working-time limit is an end time: VehicleModel.endBy) and capacities the only
 * constraints (no setup, breaks, relations, route limits other than the task count, or rules). Otherwise the route minimisation ejects the slow way.
 */
export function fastEjectionApplies(p: Problem): boolean {
  if (!p.simple || p.relations.length > 0 || p.orderGroup || p.depotChoice) return false;
  const r = p.rules;
  if (r.hasProfit || r.hasSequence || r.hasOwnLateness || r.hasCargo || r.hasZones || r.hasDepotRule || r.hasJoint) return false;
  for (let t = 0; t < p.nTasks; t++) if (p.pair[t] >= 0 || p.group[t] >= 0 || p.relaxTw[t] || p.setup[t] > 0) return false;
  for (const v of p.vehicles) {
    if (v.breaks.length || v.twEnd !== v.twEndSoft) return false;
    if (v.maxTravelTime < Infinity || v.maxDistance < Infinity || v.maxTravelCost < Infinity) return false;
  }
  return true;
}

/** One search over every used route and position; reuses its buffers between calls. */
export class EjectionSearch {
  private u = new Int32Array(0);
  /** Scratch: the tasks of u that stay. */
  private kept = new Int32Array(0);
  private locs = new Int32Array(0);
  private late = new Float64Array(0);
  /** The smallest ejection count among the tasks from each position on (t excluded). */
  private minPenSuf = new Float64Array(0);
  private memoDep = new Float64Array(0);
  private memoPen = new Float64Array(0);
  private memoK = new Int8Array(0);
  private memoN = new Int8Array(0);
  /** The route with t in place is within capacity, so no removal is needed for the load. */
  private loadFree = false;
  private chosen = new Int32Array(K_MAX);
  private bestChosen = new Int32Array(K_MAX);
  private bestK = 0;
  private bestQ = 0;
  private bestPenalty = 0;
  private bestCost = 0;
  private nodes = 0;
  private m = 0;
  private q = 0;
  private v!: VehicleModel;

  constructor(
    private readonly p: Problem,
    private readonly penalty: Float64Array,
  ) {}

  /**
   * The ejection with the least penalty sum (then the cheapest for t) that fits t into a used
   * route, or null. `routes`: the vehicles whose routes are tried, ascending; every used route
   * when absent.
   */
  find(sol: Solution, t: number, routes?: readonly number[]): EjectionResult | null {
    const p = this.p;
    const nv = p.vehicles.length;
    let best: EjectionResult | null = null;
    for (const r of routes ? routes.map((vi) => sol.routes[vi]) : sol.routes) {
      if (r.length === 0 || !p.allowed[t * nv + r.v.index]) continue;
      this.v = r.v;
      this.bestK = -1;
      this.bestPenalty = best ? best.penalty : Infinity;
      this.bestCost = best ? best.delta : Infinity;
      for (let q = 0; q <= r.seq.length; q++) this.searchPosition(r.seq, t, q);
      if (this.bestK >= 0) best = this.result(r.seq, t, r.v.index);
    }
    return best;
  }

  private result(seq: number[], t: number, vehicle: number): EjectionResult {
    const route = seq.slice();
    route.splice(this.bestQ, 0, t);
    const out: number[] = [];
    for (let k = 0; k < this.bestK; k++) out.push(route[this.bestChosen[k]]);
    return { vehicle, seq: route.filter((x) => !out.includes(x)), out, penalty: this.bestPenalty, delta: this.bestCost };
  }

  private ensure(m: number): void {
    if (this.u.length >= m) return;
    const size = Math.max(m, this.u.length * 2, 16);
    this.u = new Int32Array(size);
    this.kept = new Int32Array(size);
    this.locs = new Int32Array(size + 2);
    this.late = new Float64Array(size + 2);
    this.minPenSuf = new Float64Array(size + 2);
    this.memoDep = new Float64Array((size + 2) * MEMO);
    this.memoPen = new Float64Array((size + 2) * MEMO);
    this.memoK = new Int8Array((size + 2) * MEMO);
    this.memoN = new Int8Array(size + 2);
  }

  /**
   * Whether an earlier state that kept the task at `pos` left no later, with no more ejections
   * and no larger penalty sum: everything after it can then only do as well. Exact while the load
   * needs no removal (removing a job never raises the load anywhere on the route), as far as the
   * penalty sum goes: an equal sum cut here might have won the tie-break. A state that is not
   * dominated is remembered while there is room.
   */
  private dominated(pos: number, dep: number, k: number, pen: number): boolean {
    const base = pos * MEMO;
    const count = this.memoN[pos];
    for (let i = 0; i < count; i++) {
      if (this.memoDep[base + i] <= dep && this.memoPen[base + i] <= pen && this.memoK[base + i] <= k) return true;
    }
    if (count < MEMO) {
      this.memoDep[base + count] = dep;
      this.memoPen[base + count] = pen;
      this.memoK[base + count] = k;
      this.memoN[pos] = count + 1;
    }
    return false;
  }

  /** Route `seq` with t before position q (0-based among the tasks); positions 1..m, 0 and m+1 the ends. */
  private searchPosition(seq: number[], t: number, q: number): void {
    const { p, v } = this;
    const m = seq.length + 1;
    this.ensure(m);
    const { u, locs, late } = this;
    for (let i = 0; i < q; i++) u[i] = seq[i];
    u[q] = t;
    for (let i = q; i < seq.length; i++) u[i + 1] = seq[i];
    locs[0] = v.start;
    for (let i = 0; i < m; i++) locs[i + 1] = p.loc[u[i]];
    locs[m + 1] = v.end;
    const n = p.nLoc;
    late[m + 1] = v.endBy;
    const minPen = this.minPenSuf;
    minPen[m + 1] = Infinity;
    for (let i = m; i >= 1; i--) {
      minPen[i] = i === q + 1 ? minPen[i + 1] : Math.min(minPen[i + 1], this.penalty[u[i - 1]]);
      const a = locs[i];
      const b = locs[i + 1];
      const x = u[i - 1];
      const bound = late[i + 1] - (a >= 0 && b >= 0 ? v.dur[a * n + b] : 0) - p.service[x];
      const w = p.twOff[x];
      if (p.twOff[x + 1] - w === 1) late[i] = p.twStart[w] <= bound ? Math.min(bound, p.twEnd[w]) : -Infinity;
      else late[i] = latestStart(p, x, bound);
    }
    this.m = m;
    this.q = q + 1;
    this.nodes = 0;
    this.memoN.fill(0, 0, m + 2);
    this.loadFree = this.loadFits(0);
    this.descend(1, v.start, v.twStart, 0, 0);
  }

  /** Tasks at positions < pos are decided: the last kept one at `prev`, left at `dep`. */
  private descend(pos: number, prev: number, dep: number, k: number, pen: number): void {
    if (++this.nodes > NODE_BUDGET) return;
    const { p, v, locs, late, m } = this;
    const n = p.nLoc;
    // Stop ejecting here: the rest of the route as it stands must fit.
    const here = locs[pos];
    const ok = prev >= 0 && here >= 0;
    const arr = dep + (ok ? v.dur[prev * n + here] : 0);
    let fits: boolean;
    if (pos > m) fits = arr <= late[pos];
    else {
      const x = this.u[pos - 1];
      const w = p.twOff[x];
      fits = Math.max(arr, p.twStart[w]) <= late[pos];
    }
    // Ejecting more only raises the penalty sum, unless the route is still over its capacity or
    // its task count: then a later task may go for that.
    if (fits && this.offer(k, pen)) return;
    // It does not fit yet, so one more task at least must go.
    if (pos > m || k === K_MAX || pen + this.minPenSuf[pos] > this.bestPenalty) return;
    const x = this.u[pos - 1];
    // Eject the task here (an equal sum may still win on t's insertion cost).
    if (pos !== this.q) {
      const pe = pen + this.penalty[x];
      if (pe <= this.bestPenalty) {
        this.chosen[k] = pos - 1;
        this.descend(pos + 1, prev, dep, k + 1, pe);
      }
    }
    // Keep it: it must make its own window, whatever comes after.
    const w = p.twOff[x];
    const st = p.twOff[x + 1] - w === 1 ? (arr <= p.twEnd[w] ? Math.max(arr, p.twStart[w]) : -1) : windowStart(p, x, arr);
    if (st < 0) return;
    const next = st + p.service[x];
    if (this.loadFree && this.dominated(pos, next, k, pen)) return;
    this.descend(pos + 1, here, next, k, pen);
  }

  /** Offers the chosen k as the answer; false when the route is over its capacity or task count with them out. */
  private offer(k: number, pen: number): boolean {
    // Past the best, or level with it and no cheaper for t: more ejections could only do worse.
    if (pen > this.bestPenalty) return true;
    const cost = this.insertionCost(k);
    if (pen === this.bestPenalty && cost >= this.bestCost) return true;
    if (this.m - k > this.v.maxTasks || !this.loadFits(k)) return false;
    this.bestPenalty = pen;
    this.bestCost = cost;
    this.bestK = k;
    this.bestQ = this.q - 1;
    for (let i = 0; i < k; i++) this.bestChosen[i] = this.chosen[i];
    return true;
  }

  /** t's arcs to the nearest positions on either side not among the chosen k, less the arc between them. */
  private insertionCost(k: number): number {
    const { chosen, locs, q, v } = this;
    let c = k - 1;
    while (c >= 0 && chosen[c] + 1 > q) c--;
    let before = q - 1;
    for (; c >= 0 && chosen[c] + 1 === before; c--) before--;
    c = 0;
    while (c < k && chosen[c] + 1 < q) c++;
    let after = q + 1;
    for (; c < k && chosen[c] + 1 === after; c++) after++;
    return this.arc(v, locs[before], locs[q]) + this.arc(v, locs[q], locs[after]) - this.arc(v, locs[before], locs[after]);
  }

  /** An arc's cost; an open route end (location -1) costs nothing. A method, not a closure: this runs per enumerated set. */
  private arc(v: VehicleModel, x: number, y: number): number {
    return x >= 0 && y >= 0 ? v.cost[x * this.p.nLoc + y] : 0;
  }

  /** The load on board never exceeds the capacity once the chosen k tasks are gone. */
  private loadFits(k: number): boolean {
    const { p, v, u, m, chosen, kept } = this;
    const dims = p.dims;
    let n = 0;
    for (let i = 0, c = 0; i < m; i++) {
      if (c < k && chosen[c] === i) c++;
      else kept[n++] = u[i];
    }
    for (let d = 0; d < dims; d++) {
      let load = 0;
      for (let i = 0; i < n; i++) load += p.startLoad[kept[i] * dims + d];
      if (load > v.cap[d]) return false;
      for (let i = 0; i < n; i++) {
        load += p.delta[kept[i] * dims + d];
        if (load > v.cap[d]) return false;
      }
    }
    return true;
  }
}
