// One route with the prefix/suffix arrays that make insertion checks O(1): earliest departure
// (forward), latest feasible service start (backward), load prefix/suffix maxima, totals.
// Positions: 0 is the route start, 1..len the tasks, len+1 the route end.
import type { Problem, VehicleModel } from './problem';
import { evaluateRoute, windowStart } from './route-eval';

const INF = Number.POSITIVE_INFINITY;

export class RouteState {
  /** Never changed in place: clones share it. */
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
    this.loadMaxPre = copyOf.loadMaxPre;
    this.loadMaxSuf = copyOf.loadMaxSuf;
    this.load = copyOf.load;
    this.feasible = copyOf.feasible;
  }

  /**
   * Cheap: the buffers are shared until either side rewrites them (see `buffers`), and so is the
   * sequence, which is never changed in place (every change assigns a new array).
   */
  clone(): RouteState {
    const r = new RouteState(this.p, this.v, this.seq, this);
    this.owned = false;
    return r;
  }

  get length(): number {
    return this.seq.length;
  }

  /** Buffers are shared with clones until this route rewrites them (copy on write). */
  private owned = false;

  private buffers(len: number, dims: number): void {
    if (this.owned && this.dep.length >= len + 2) return;
    const cap = len + 8;
    // One backing store for all eight arrays: a fresh set per rewritten clone is on the search's
    // hot path, and each separate store is an allocation of its own for the garbage collector.
    const f = cap + 2;
    const l = (cap + 1) * dims;
    const buf = new ArrayBuffer(4 * f * 8 + (f + 3 * l) * 4);
    this.dep = new Float64Array(buf, 0, f);
    this.late = new Float64Array(buf, f * 8, f);
    this.arc = new Float64Array(buf, 2 * f * 8, f);
    this.arcDur = new Float64Array(buf, 3 * f * 8, f);
    const ints = 4 * f * 8;
    this.locs = new Int32Array(buf, ints, f);
    this.load = new Int32Array(buf, ints + f * 4, l);
    this.loadMaxPre = new Int32Array(buf, ints + (f + l) * 4, l);
    this.loadMaxSuf = new Int32Array(buf, ints + (f + 2 * l) * 4, l);
    this.owned = true;
  }

  refresh(): void {
    const { p, v, seq } = this;
    const len = seq.length;
    const n = p.nLoc;
    const dims = p.dims;
    this.buffers(len, dims);
    const { locs, dep, late, load, arc, arcDur } = this;
    const pre = this.loadMaxPre;
    const suf = this.loadMaxSuf;
    locs[0] = v.start;
    for (let k = 0; k < len; k++) locs[k + 1] = p.loc[seq[k]];
    locs[len + 1] = v.end;
    let feasible = true;
    dep[0] = v.twStart;
    let dur = 0;
    let dist = 0;
    let tc = 0;
    const { twOff, twStart, twEnd } = p;
    for (let i = 1; i <= len + 1; i++) {
      const a = locs[i - 1];
      const b = locs[i];
      const ab = a * n + b;
      const tt = a < 0 || b < 0 ? 0 : v.dur[ab];
      arc[i - 1] = 0;
      arcDur[i - 1] = tt;
      if (a >= 0 && b >= 0 && len > 0) {
        dur += tt;
        dist += v.dist[ab];
        tc += arc[i - 1] = v.cost[ab];
      }
      const arr = dep[i - 1] + tt;
      if (i <= len) {
        const t = seq[i - 1];
        const w = twOff[t];
        let st: number;
        if (twOff[t + 1] - w === 1 && !p.relaxTw[t]) {
          // One window (the common case): no call.
          st = arr <= twEnd[w] ? (arr > twStart[w] ? arr : twStart[w]) : -1;
        } else st = windowStart(p, t, arr);
        if (st < 0) feasible = false;
        dep[i] = st + (a === b ? 0 : p.setup[t]) + p.service[t];
      } else {
        dep[i] = arr;
        if (arr > v.twEnd) feasible = false;
      }
    }
    late[len + 1] = v.twEnd;
    for (let i = len; i >= 0; i--) {
      const a = locs[i];
      const b = locs[i + 1];
      const tt = a < 0 || b < 0 ? 0 : v.dur[a * n + b];
      if (i === 0) {
        late[0] = late[1] - tt;
        break;
      }
      const t = seq[i - 1];
      const bound = late[i + 1] - tt - p.service[t] - (locs[i - 1] === a ? 0 : p.setup[t]);
      const w = twOff[t];
      if (twOff[t + 1] - w === 1 && !p.relaxTw[t]) late[i] = twStart[w] <= bound ? (bound < twEnd[w] ? bound : twEnd[w]) : -INF;
      else late[i] = latestStart(p, t, bound);
    }
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
    this.dur = dur;
    this.dist = dist;
    this.travelCost = tc;
    if (len === 0) {
      this.cost = 0;
      this.feasible = true;
    } else if (p.simple) {
      this.cost = tc + v.fixed;
      this.feasible = feasible && dur <= v.maxTravelTime && dist <= v.maxDistance && tc <= v.maxTravelCost;
    } else {
      const ev = evaluateRoute(p, v, seq);
      this.cost = ev.cost;
      this.feasible = ev.ok;
    }
  }
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
