// Granular insertion without losing a position: a stop that is not among a task's nearest
// neighbours is at least as far from it as its nearest non-neighbour, so inserting the task
// between two such stops adds at least lowIn + lowOut minus the arc it replaces. The scans test
// that bound on the route's stored arc costs first and read the (large, cache-missing) matrices
// only for positions next to a neighbour, a depot, or cheap enough to matter. Exact: no
// insertion the full scan would pick is ever dismissed.
import type { Matrix } from '../model/matrices';
import type { Problem } from '../model/problem';
import type { VehicleModel } from '../model/vehicles';

/** Marks a location as always near (vehicle starts and ends): their positions are scanned exactly. */
const ALWAYS = 0x7fffffff;

export interface LowArcs {
  /** Per task: the cheapest arc into it from a task that is not one of its neighbours. */
  lowIn: Float64Array;
  /** Per task: the cheapest arc out of it to a task that is not one of its neighbours. */
  lowOut: Float64Array;
}

export class NearBound {
  /** Per location: >= tick when near the focused task (a neighbour's location, or ALWAYS). */
  readonly mark: Int32Array;
  tick = 0;
  private readonly byMatrix = new Map<Matrix, LowArcs>();
  private readonly kNear: number;

  constructor(
    private readonly p: Problem,
    private readonly neighbors: Int32Array,
    private readonly K: number,
    /** Neighbours that count as near (`SizeThresholds.nearNeighbours`). */
    nearK: number,
  ) {
    this.kNear = Math.min(K, nearK);
    this.mark = new Int32Array(p.nLoc);
    for (const v of p.vehicles) {
      if (v.start >= 0) this.mark[v.start] = ALWAYS;
      if (v.end >= 0) this.mark[v.end] = ALWAYS;
    }
  }

  /** Marks the locations of t, of its pair partner, and of their neighbours as near. */
  focus(t: number): void {
    if (++this.tick === ALWAYS) this.restart();
    this.markAround(t);
    const q = this.p.pair[t];
    if (q >= 0) this.markAround(q);
  }

  /** Whether location l is near the focused task (open route ends, l < 0, are never dismissed). */
  near(l: number): boolean {
    return l < 0 || this.mark[l] >= this.tick;
  }

  /** The cheapest arcs from and to non-neighbours on a vehicle's cost matrix (computed once per matrix). */
  lows(v: VehicleModel): LowArcs {
    // Every scan asks, and fleets mostly share one matrix: the last answer spares the map lookup.
    if (this.lastMatrix === v.cost && this.lastLows) return this.lastLows;
    let lows = this.byMatrix.get(v.cost);
    if (!lows) this.byMatrix.set(v.cost, (lows = lowArcs(this.p, v.cost, this.neighbors, this.K, this.kNear)));
    this.lastMatrix = v.cost;
    this.lastLows = lows;
    return lows;
  }

  private lastMatrix: Matrix | null = null;
  private lastLows: LowArcs | null = null;

  private markAround(t: number): void {
    const { mark, p, neighbors, K, tick, kNear } = this;
    const l = p.loc[t];
    if (mark[l] < tick) mark[l] = tick;
    for (let k = t * K; k < t * K + kNear; k++) {
      const m = p.loc[neighbors[k]];
      if (mark[m] < tick) mark[m] = tick;
    }
  }

  private restart(): void {
    for (let l = 0; l < this.mark.length; l++) if (this.mark[l] !== ALWAYS) this.mark[l] = 0;
    this.tick = 1;
  }
}

export function lowArcs(p: Problem, cost: Matrix, neighbors: Int32Array, K: number, kNear = K): LowArcs {
  const T = p.nTasks;
  const n = p.nLoc;
  const lowIn = new Float64Array(T).fill(Number.POSITIVE_INFINITY);
  const lowOut = new Float64Array(T).fill(Number.POSITIVE_INFINITY);
  const stamp = new Int32Array(T).fill(-1);
  for (let t = 0; t < T; t++) {
    stamp[t] = t;
    for (let k = t * K; k < t * K + kNear; k++) stamp[neighbors[k]] = t;
    const lt = p.loc[t];
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.POSITIVE_INFINITY;
    for (let a = 0; a < T; a++) {
      if (stamp[a] === t) continue;
      const la = p.loc[a];
      const cin = cost[la * n + lt];
      const cout = cost[lt * n + la];
      if (cin < lo) lo = cin;
      if (cout < hi) hi = cout;
    }
    lowIn[t] = lo;
    lowOut[t] = hi;
  }
  return { lowIn, lowOut };
}
