// One route with the prefix/suffix arrays that make insertion checks O(1): earliest departure
// (forward), latest feasible service start (backward), load prefix/suffix maxima, totals.
// Positions: 0 is the route start, 1..len the tasks, len+1 the route end.
import type { Problem } from '../model/problem';
import type { VehicleModel } from '../model/vehicles';
import { evaluateRoute, windowStart } from './route-eval';
import { ordersOn } from './orders';

const INF = Number.POSITIVE_INFINITY;

export class RouteState {
  /** Clones share it: changed in place only by the route that made it, until it shares it (ownSeq). */
  seq: number[];
  cost = 0;
  dur = 0;
  dist = 0;
  travelCost = 0;
  locs!: Int32Array;
  dep!: Float64Array; // earliest departure from each position
  late!: Float64Array; // latest service start (latest arrival at the end)
  arc!: Float64Array; // cost of the arc from position i to i + 1 (0 at an open end or on an empty route)
  arcDur!: Float64Array; // its travel time
  arcDist!: Float64Array; // its distance (0 where the cost is)
  loadMaxPre!: Int32Array; // max load over positions 0..i, per dim
  loadMaxSuf!: Int32Array; // max load over positions i..len, per dim
  load!: Int32Array; // load on leaving position i (0 = start), per dim
  feasible = true;

  constructor(
    readonly p: Problem,
    readonly v: VehicleModel,
    seq: number[] = [],
    copyOf?: RouteState,
  ) {
    this.seq = seq;
    if (!copyOf) {
      this.refresh();
      return;
    }
    // Field by field (not Object.assign): the clone keeps one hidden class, and cloning is on
    // the search's hot path.
    this.cost = copyOf.cost;
    this.dur = copyOf.dur;
    this.dist = copyOf.dist;
    this.travelCost = copyOf.travelCost;
    this.locs = copyOf.locs;
    this.dep = copyOf.dep;
    this.late = copyOf.late;
    this.arc = copyOf.arc;
    this.arcDur = copyOf.arcDur;
    this.arcDist = copyOf.arcDist;
    this.loadMaxPre = copyOf.loadMaxPre;
    this.loadMaxSuf = copyOf.loadMaxSuf;
    this.load = copyOf.load;
    this.feasible = copyOf.feasible;
  }

  /**
   * Cheap: the buffers are shared until either side rewrites them (see `buffers`), and so is the
   * sequence, which neither side then changes in place (ownSeq: each copies it first).
   */
  clone(): RouteState {
    const r = new RouteState(this.p, this.v, this.seq, this);
    this.owned = false;
    this.ownSeq = null;
    return r;
  }

  /**
   * A copy to be rewritten at once (`refresh` or `insertJob` next): until then it reads this
   * route's buffers, and it writes only fresh ones of its own, so this route keeps its buffers as
   * its own and can still hand them back (`release`).
   */
  copyForRewrite(): RouteState {
    this.ownSeq = null;
    return new RouteState(this.p, this.v, this.seq, this);
  }

  get length(): number {
    return this.seq.length;
  }

  /**
   * The sequence this route made itself (insertJob) and has not shared since (clone and
   * copyForRewrite let go of it): while `seq` is that array, the next job goes in in place. Any
   * other array (assigned from outside, or shared) is copied first, so no one else sees a change.
   */
  private ownSeq: number[] | null = null;
  /** Buffers are shared with clones until this route rewrites them (copy on write). */
  private owned = false;
  private set: BufferSet | null = null;

  private buffers(len: number, dims: number): void {
    if (this.owned && this.dep.length >= len + 2) return;
    const set = takeBuffers(len, dims);
    this.set = set;
    this.dep = set.dep;
    this.late = set.late;
    this.arc = set.arc;
    this.arcDur = set.arcDur;
    this.arcDist = set.arcDist;
    this.locs = set.locs;
    this.load = set.load;
    this.loadMaxPre = set.loadMaxPre;
    this.loadMaxSuf = set.loadMaxSuf;
    this.owned = true;
  }

  /**
   * Hands this route's buffers back for reuse when no clone shares them. The route must not be
   * read again: the search releases the routes of a candidate it rejects.
   */
  release(): void {
    if (!this.owned || !this.set) return;
    this.owned = false;
    if (pool.length < POOL_MAX) pool.push(this.set);
    this.set = null;
  }

  refresh(): void {
    const { p, v, seq } = this;
    const len = seq.length;
    this.buffers(len, p.dims);
    const locs = this.locs;
    locs[0] = v.start;
    for (let k = 0; k < len; k++) locs[k + 1] = p.loc[seq[k]];
    locs[len + 1] = v.end;
    this.dep[0] = v.twStart;
    const feasible = this.forward(1, len + 2);
    this.late[len + 1] = v.endBy;
    this.backward(len, -1);
    this.finish(feasible);
  }

  /** Takes a sequence no one else holds as this route's own (see ownSeq); the caller refreshes. */
  adoptSeq(seq: number[]): void {
    this.seq = seq;
    this.ownSeq = seq;
  }

  /**
   * Keeps `seq`, a subsequence of this route's tasks that the caller made and no one else holds
   * (a removal). On a feasible plain route only what the removal changes is recomputed: arcs
   * and departures from the first gap on until one past the last gap comes out as before, latest
   * starts from the last gap back until one before the first does. The positions past the last
   * gap move down unchanged. The result equals `refresh` to the bit (totals summed in one order).
   */
  keepOnly(seq: number[]): void {
    const { p } = this;
    const old = this.seq;
    const oldLen = old.length;
    const len = seq.length;
    this.adoptSeq(seq);
    if (!p.simple || len === 0 || len === oldLen || !this.feasible) {
      this.refresh();
      return;
    }
    // Kept tasks before the first gap, and after the last one (task ids are distinct in a route).
    let head = 0;
    while (head < len && old[head] === seq[head]) head++;
    let tail = 0;
    while (tail < len - head && old[oldLen - 1 - tail] === seq[len - 1 - tail]) tail++;
    const gone = oldLen - len;
    // Position of the first task past the last gap (len + 1, the end, when none is).
    const settleAt = len - tail + 1;
    const { locs, dep, late, arc, arcDur, arcDist } = this;
    this.buffers(len, p.dims);
    if (this.dep !== dep) {
      for (let k = 0; k <= head; k++) {
        this.locs[k] = locs[k];
        this.dep[k] = dep[k];
        this.late[k] = late[k];
      }
      for (let k = 0; k < head; k++) {
        this.arc[k] = arc[k];
        this.arcDur[k] = arcDur[k];
        this.arcDist[k] = arcDist[k];
      }
    }
    // Ascending: in place, each entry is read before it is written (gone > 0).
    for (let k = settleAt; k <= len + 1; k++) {
      this.locs[k] = locs[k + gone];
      this.dep[k] = dep[k + gone];
      this.late[k] = late[k + gone];
    }
    for (let k = settleAt; k <= len; k++) {
      this.arc[k] = arc[k + gone];
      this.arcDur[k] = arcDur[k + gone];
      this.arcDist[k] = arcDist[k + gone];
    }
    for (let k = head + 1; k < settleAt; k++) this.locs[k] = p.loc[seq[k - 1]];
    const feasible = this.forward(head + 1, settleAt);
    this.backward(settleAt - 1, head);
    this.finish(feasible);
  }

  /**
   * Inserts job t after position `after`. On a feasible plain route only what the insertion
   * changes is recomputed: arcs next to it, departures from it on until one comes out as before,
   * latest starts from the task after it back until one does. The rest moves over by one. The
   * result equals `refresh` to the bit (the totals are summed in the same order).
   */
  insertJob(t: number, after: number): void {
    const { p } = this;
    const old = this.seq;
    const oldLen = old.length;
    if (old === this.ownSeq) {
      // Its own: moved over by one in place (a recreate often puts several jobs into one route).
      old.push(t);
      for (let k = oldLen; k > after; k--) old[k] = old[k - 1];
      old[after] = t;
    } else {
      // Pushed one by one rather than sliced and spliced: splice is the slow generic path, and an
      // array made at its size would hold holes (another elements kind for every loop over seq).
      const seq: number[] = [];
      for (let k = 0; k < after; k++) seq.push(old[k]);
      seq.push(t);
      for (let k = after; k < oldLen; k++) seq.push(old[k]);
      this.seq = seq;
      this.ownSeq = seq;
    }
    if (!p.simple || oldLen === 0 || !this.feasible) {
      this.refresh();
      return;
    }
    const { locs, dep, late, arc, arcDur, arcDist, load, loadMaxPre, loadMaxSuf } = this;
    const len = oldLen + 1;
    this.buffers(len, p.dims);
    shiftAfter(locs, this.locs, after, oldLen + 1);
    shiftAfter(dep, this.dep, after, oldLen + 1);
    shiftAfter(late, this.late, after, oldLen + 1);
    shiftAfter(arc, this.arc, after, oldLen);
    shiftAfter(arcDur, this.arcDur, after, oldLen);
    shiftAfter(arcDist, this.arcDist, after, oldLen);
    this.locs[after + 1] = p.loc[t];
    const feasible = this.forward(after + 1, after + 2);
    this.backward(Math.min(after + 2, len), after);
    // A multi-trip route's loads are all zero (finish): nothing to take over.
    const loadsDone = this.v.maxRuns <= 1;
    if (loadsDone) this.insertLoads(t, after, load, loadMaxPre, loadMaxSuf);
    this.finish(feasible, loadsDone);
  }

  /**
   * The loads after inserting job t after position `after`, from the loads before (the arrays
   * given, which may be this route's own): the positions up to `after` carry the job's start load
   * more, those past it its start load plus its change, so only the maxima across the new position
   * are taken again. Loads are whole numbers (Int32), so the sums equal a full pass's exactly.
   */
  private insertLoads(t: number, after: number, oldLoad: Int32Array, oldPre: Int32Array, oldSuf: Int32Array): void {
    const { p, load } = this;
    const pre = this.loadMaxPre;
    const suf = this.loadMaxSuf;
    const dims = p.dims;
    const len = this.seq.length;
    for (let d = 0; d < dims; d++) {
      const sl = p.startLoad[t * dims + d];
      const moved = sl + p.delta[t * dims + d];
      // Past the new position, from the end down: in place, each entry is read before it is written.
      for (let k = len; k >= after + 2; k--) {
        load[k * dims + d] = oldLoad[(k - 1) * dims + d] + moved;
        suf[k * dims + d] = oldSuf[(k - 1) * dims + d] + moved;
      }
      load[(after + 1) * dims + d] = oldLoad[after * dims + d] + moved;
      for (let k = 0; k <= after; k++) {
        load[k * dims + d] = oldLoad[k * dims + d] + sl;
        pre[k * dims + d] = oldPre[k * dims + d] + sl;
      }
      for (let k = after + 1; k <= len; k++) pre[k * dims + d] = Math.max(pre[(k - 1) * dims + d], load[k * dims + d]);
      const at = after + 1;
      suf[at * dims + d] = at === len ? load[at * dims + d] : Math.max(suf[(at + 1) * dims + d], load[at * dims + d]);
      for (let k = after; k >= 0; k--) suf[k * dims + d] = Math.max(suf[(k + 1) * dims + d], load[k * dims + d]);
    }
  }

  /**
   * Arcs into positions from..len+1 and departures from them, until a departure at position
   * `settleAt` or later comes out as the one stored (all later ones then stay as stored). False
   * if a service or the route end misses its window.
   */
  private forward(from: number, settleAt: number): boolean {
    const { p, v, seq, locs, dep, arc, arcDur, arcDist } = this;
    const len = seq.length;
    const n = p.nLoc;
    const { twOff, twStart, twEnd } = p;
    let feasible = true;
    for (let i = from; i <= len + 1; i++) {
      const a = locs[i - 1];
      const b = locs[i];
      const ab = a * n + b;
      const on = a >= 0 && b >= 0;
      const tt = on ? v.dur[ab] : 0;
      arcDur[i - 1] = tt;
      // An empty route drives nothing: its start-to-end arc costs and counts nothing.
      arc[i - 1] = on && len > 0 ? v.cost[ab] : 0;
      arcDist[i - 1] = on && len > 0 ? v.dist[ab] : 0;
      const arr = dep[i - 1] + tt;
      let d: number;
      if (i <= len) {
        const t = seq[i - 1];
        const w = twOff[t];
        let st: number;
        if (twOff[t + 1] - w === 1 && !p.relaxTw[t]) {
          // One window (the common case): no call.
          st = arr <= twEnd[w] ? (arr > twStart[w] ? arr : twStart[w]) : -1;
        } else st = windowStart(p, t, arr);
        if (st < 0) feasible = false;
        d = st + (a === b ? 0 : p.setup[t]) + p.service[t];
      } else {
        d = arr;
        // As route-eval.ts words the working time, so that both agree at the limit to the bit.
        if (arr > v.twEnd || arr - v.twStart + v.startService > v.maxWorkingTime) feasible = false;
      }
      if (i >= settleAt && d === dep[i]) return feasible;
      dep[i] = d;
    }
    return feasible;
  }

  /** Latest starts at positions from..0, until one at `settleAt` or before comes out as stored. */
  private backward(from: number, settleAt: number): void {
    const { p, seq, locs, late, arcDur } = this;
    const { twOff, twStart, twEnd } = p;
    for (let i = from; i >= 1; i--) {
      const t = seq[i - 1];
      const bound = late[i + 1] - arcDur[i] - p.service[t] - (locs[i - 1] === locs[i] ? 0 : p.setup[t]);
      const w = twOff[t];
      let l: number;
      if (twOff[t + 1] - w === 1 && !p.relaxTw[t]) l = twStart[w] <= bound ? (bound < twEnd[w] ? bound : twEnd[w]) : -INF;
      else l = latestStart(p, t, bound);
      if (i <= settleAt && l === late[i]) return;
      late[i] = l;
    }
    late[0] = late[1] - arcDur[0];
  }

  /** Loads, totals, cost and feasibility, once the arcs and times are in place. */
  private finish(windowsMet: boolean, loadsDone = false): void {
    const { p, v, seq, load, arc, arcDur, arcDist } = this;
    const len = seq.length;
    const dims = p.dims;
    const pre = this.loadMaxPre;
    const suf = this.loadMaxSuf;
    if (loadsDone) {
      // insertLoads took them over from before the insertion.
    } else if (v.maxRuns > 1) {
      // Another run may take any load: the O(1) checks see only each task alone against the
      // capacity, and the full evaluation places the reloads (runs.ts).
      const size = (len + 1) * dims;
      load.fill(0, 0, size);
      pre.fill(0, 0, size);
      suf.fill(0, 0, size);
    } else {
      this.loads(len, dims);
    }
    let dur = 0;
    let dist = 0;
    let tc = 0;
    if (len > 0)
      for (let k = 0; k <= len; k++) {
        dur += arcDur[k];
        dist += arcDist[k];
        tc += arc[k];
      }
    this.dur = dur;
    this.dist = dist;
    this.travelCost = tc;
    if (len === 0) {
      this.cost = 0;
      this.feasible = true;
    } else if (p.simple) {
      this.cost = tc + v.fixed + (v.perOrder ? v.perOrder * ordersOn(p, seq) : 0);
      this.feasible = windowsMet && dur <= v.maxTravelTime && dist <= v.maxDistance && tc <= v.maxTravelCost;
    } else {
      const ev = evaluateRoute(p, v, seq);
      this.cost = ev.cost;
      this.feasible = ev.ok;
    }
  }

  /** Load on leaving each position, and its prefix and suffix maxima. */
  private loads(len: number, dims: number): void {
    const { p, seq, load } = this;
    const pre = this.loadMaxPre;
    const suf = this.loadMaxSuf;
    for (let d = 0; d < dims; d++) load[d] = 0;
    for (let k = 0; k < len; k++) for (let d = 0; d < dims; d++) load[d] += p.startLoad[seq[k] * dims + d];
    for (let k = 1; k <= len; k++)
      for (let d = 0; d < dims; d++) load[k * dims + d] = load[(k - 1) * dims + d] + p.delta[seq[k - 1] * dims + d];
    for (let d = 0; d < dims; d++) {
      pre[d] = load[d];
      for (let k = 1; k <= len; k++) pre[k * dims + d] = Math.max(pre[(k - 1) * dims + d], load[k * dims + d]);
      suf[len * dims + d] = load[len * dims + d];
      for (let k = len - 1; k >= 0; k--) suf[k * dims + d] = Math.max(suf[(k + 1) * dims + d], load[k * dims + d]);
    }
  }
}

/**
 * Into `to`: entries 0..at of `from` in place and entries at+1..end one further on. `to` may be
 * `from` itself (the route kept its buffers). Plain loops: routes are short, and a subarray view
 * per copy would be an allocation each.
 */
function shiftAfter(from: Float64Array | Int32Array, to: Float64Array | Int32Array, at: number, end: number): void {
  if (from === to) {
    for (let k = end; k > at; k--) to[k + 1] = to[k];
    return;
  }
  for (let k = 0; k <= at; k++) to[k] = from[k];
  for (let k = at + 1; k <= end; k++) to[k + 1] = from[k];
}

/** Latest start <= bound inside the task's windows (relaxed tasks may start late). */
export function latestStart(p: Problem, t: number, bound: number): number {
  const from = p.twOff[t];
  const to = p.twOff[t + 1];
  if (p.relaxTw[t] && bound > p.twEnd[to - 1]) return bound;
  for (let w = to - 1; w >= from; w--) {
    if (p.twStart[w] <= bound) return Math.min(bound, p.twEnd[w]);
  }
  return -INF;
}

/** The nine arrays of a route on one backing store, for routes of up to `cap` tasks. */
class BufferSet {
  readonly dep: Float64Array;
  readonly late: Float64Array;
  readonly arc: Float64Array;
  readonly arcDur: Float64Array;
  readonly arcDist: Float64Array;
  readonly locs: Int32Array;
  readonly load: Int32Array;
  readonly loadMaxPre: Int32Array;
  readonly loadMaxSuf: Int32Array;

  constructor(
    readonly cap: number,
    readonly dims: number,
  ) {
    // One backing store: each separate one is an allocation of its own for the garbage collector.
    const f = cap + 2;
    const l = (cap + 1) * dims;
    const buf = new ArrayBuffer(5 * f * 8 + (f + 3 * l) * 4);
    this.dep = new Float64Array(buf, 0, f);
    this.late = new Float64Array(buf, f * 8, f);
    this.arc = new Float64Array(buf, 2 * f * 8, f);
    this.arcDur = new Float64Array(buf, 3 * f * 8, f);
    this.arcDist = new Float64Array(buf, 4 * f * 8, f);
    const ints = 5 * f * 8;
    this.locs = new Int32Array(buf, ints, f);
    this.load = new Int32Array(buf, ints + f * 4, l);
    this.loadMaxPre = new Int32Array(buf, ints + (f + l) * 4, l);
    this.loadMaxSuf = new Int32Array(buf, ints + (f + 2 * l) * 4, l);
  }
}

/**
 * Buffers of released routes (one pool per thread: module state). A rewritten route needs a fresh
 * set while its old one may be shared, and most candidates the search builds are rejected, so
 * their sets come back here instead of going to the garbage collector.
 */
const pool: BufferSet[] = [];
const POOL_MAX = 64;

function takeBuffers(len: number, dims: number): BufferSet {
  for (let k = pool.length - 1; k >= 0; k--) {
    const set = pool[k];
    if (set.cap < len || set.dims !== dims) continue;
    pool[k] = pool[pool.length - 1];
    pool.pop();
    return set;
  }
  return new BufferSet(len + 8, dims);
}
