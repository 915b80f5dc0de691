// Multi-trip (vehicles[].max_depot_runs): where a vehicle goes back to its start depot to unload
// and reload. The route's task sequence stays a plain list of tasks; the evaluation places the
// depot visits between them, so every move of the search (an insertion that needs another run, a
// relocation that makes one unnecessary) also moves the depot visits, each time to their best
// places for the new sequence. Rules: docs/solver/design.md#multi-trip-and-working-time.
import type { Problem } from '../model/problem';
import { KIND_DELIVERY, KIND_PICKUP } from '../model/tasks';
import type { VehicleModel } from '../model/vehicles';
import { shiftDeparture } from './shifts';
import { windowStart } from './windows';

export interface RunPlan {
  /** Positions k (1..len-1) with a reload before seq[k], ascending; empty: one run. */
  reloads: number[];
  /** Per run: what it leaves the depot with (the deliveries of its jobs), `dims` entries each. */
  startLoads: Int32Array[];
  /** With shifts: the shift (0-based) each run lies in. */
  shifts?: number[];
}

export type RunFailure = 'capacity' | 'max_depot_runs' | 'time_window';

const INF = Number.POSITIVE_INFINITY;

/**
 * The reload positions of least added travel cost over which every run fits the vehicle, with at
 * most `v.maxRuns` runs. A run carries its jobs' deliveries from the depot and brings its pickups
 * back; a shipment is picked up and delivered within one run. Windows are weighed too: each
 * (runs, position) keeps two partial plans, the cheapest and the earliest to leave that task,
 * and a plan whose schedule misses a window (travel, setup, service, depot opening and loading;
 * breaks and layovers left to the evaluation; with shifts, each run within its shift) goes no further. The cheapest plan that meets the route end
 * wins; the evaluation then checks the whole schedule. O(runs x len x run length).
 */
export function planRuns(p: Problem, v: VehicleModel, seq: ArrayLike<number>): RunPlan | RunFailure {
  const len = seq.length;
  const dims = p.dims;
  // A run serves at least one task. With shifts a plan's run count is the shift its last run is in.
  const shifts = v.shifts;
  const R = shifts ? shifts.length : Math.min(v.maxRuns, len);
  const open = openShipments(p, seq);
  const lab = new Labels(R, len);
  const D = new Int32Array(dims);
  const cum = new Int32Array(dims);
  const peak = new Int32Array(dims);
  // Partial plans extended over one run: their cost, where they are in time, and whether alive.
  const room = shifts ? 2 * R * R + R : 2 * R;
  const srcCost = new Float64Array(room);
  const srcTime = new Float64Array(room);
  const srcRuns = new Int32Array(room);
  const srcFrom = new Int32Array(room);
  const srcLabel = new Int32Array(room);
  const n = p.nLoc;
  for (let i = 0; i < len; i++) {
    if (i > 0 && open[i] !== 0) continue;
    let sources = 0;
    if (i === 0 && shifts) {
      // The first run may lie in any shift.
      for (let r = 0; r < R; r++) {
        const st = shiftDeparture(v, shifts[r], v.twStart - v.startService, v.startService);
        if (st < 0) continue;
        srcCost[sources] = 0;
        srcTime[sources] = st;
        srcRuns[sources] = r;
        srcFrom[sources] = 0;
        srcLabel[sources] = 0;
        sources++;
      }
      if (sources === 0) continue;
    } else if (i === 0) {
      srcCost[0] = 0;
      srcTime[0] = v.twStart;
      srcRuns[0] = 0;
      srcFrom[0] = 0;
      srcLabel[0] = 0;
      sources = 1;
    } else {
      // From a plan that has left seq[i - 1]: back to the depot, wait for it to open, load.
      const detour = detourCost(p, v, seq[i - 1], seq[i]);
      const back = v.dur[p.loc[seq[i - 1]] * n + v.start];
      for (let r = 1; r < R; r++)
        for (let k = 0; k < 2; k++) {
          const at = lab.at(r, i, k);
          if (lab.cost[at] === INF || (k === 1 && lab.same(r, i))) continue;
          if (shifts) {
            // Back by the end of its shift; the next run in any later shift.
            if (lab.time[at] + back > shifts[r - 1][1]) continue;
            for (let s2 = r; s2 < R; s2++) {
              const st = shiftDeparture(v, shifts[s2], lab.time[at] + back, v.reloadService);
              if (st < 0) continue;
              srcCost[sources] = lab.cost[at] + detour;
              srcTime[sources] = st;
              srcRuns[sources] = s2;
              srcFrom[sources] = r;
              srcLabel[sources] = k;
              sources++;
            }
            continue;
          }
          const st = reloadStart(v, lab.time[at] + back);
          if (st < 0) continue;
          srcCost[sources] = lab.cost[at] + detour;
          srcTime[sources] = st + v.reloadService;
          srcRuns[sources] = r;
          srcFrom[sources] = r;
          srcLabel[sources] = k;
          sources++;
        }
      if (sources === 0) continue;
    }
    D.fill(0);
    cum.fill(0);
    peak.fill(0);
    // Every run leaves from the start depot.
    let prev = v.start;
    for (let j = i + 1; j <= len; j++) {
      const t = seq[j - 1];
      if (!extendFits(p, v, t, D, cum, peak, dims)) break;
      const l = p.loc[t];
      const tt = prev >= 0 && l >= 0 ? v.dur[prev * n + l] : 0;
      const busy = (prev === l ? 0 : p.setup[t]) + p.service[t];
      let alive = 0;
      for (let s = 0; s < sources; s++) {
        if (srcTime[s] === INF) continue;
        const st = windowStart(p, t, srcTime[s] + tt);
        srcTime[s] = st < 0 || (shifts && st > shifts[srcRuns[s]][1]) ? INF : st + busy;
        if (srcTime[s] < INF) alive++;
      }
      prev = l;
      if (alive === 0) break;
      if (j < len && open[j] !== 0) continue;
      for (let s = 0; s < sources; s++)
        if (srcTime[s] < INF) lab.offer(srcRuns[s] + 1, j, srcCost[s], srcTime[s], i, srcLabel[s], srcFrom[s]);
    }
  }
  const end = lab.best(v, p.loc[seq[len - 1]], n);
  if (end < 0) return !fitsWithMoreRuns(p, v, seq, open) ? 'capacity' : shifts ? 'time_window' : 'max_depot_runs';
  const reloads = lab.reloads(end);
  const plan: RunPlan = { reloads, startLoads: startLoadsOf(p, seq, reloads) };
  if (shifts) plan.shifts = lab.runs(end);
  return plan;
}

/**
 * Per (runs r, position j): two partial plans that serve seq[0..j) in r runs, the last ending
 * at j: label 0 the cheapest (earliest on ties), label 1 the earliest to leave (cheapest on ties).
 */
class Labels {
  readonly cost: Float64Array;
  readonly time: Float64Array;
  readonly fromI: Int32Array;
  readonly fromLabel: Int32Array;
  /** The run count (with shifts: the shift + 1) of the plan it extends; 0: none, it starts the route. */
  readonly fromRun: Int32Array;
  private readonly W: number;

  constructor(
    private readonly R: number,
    private readonly len: number,
  ) {
    this.W = len + 1;
    const size = 2 * R * this.W;
    this.cost = new Float64Array(size).fill(INF);
    this.time = new Float64Array(size).fill(INF);
    this.fromI = new Int32Array(size).fill(-1);
    this.fromLabel = new Int32Array(size);
    this.fromRun = new Int32Array(size);
  }

  at(r: number, j: number, k: number): number {
    return 2 * ((r - 1) * this.W + j) + k;
  }

  /** Both labels are one plan. */
  same(r: number, j: number): boolean {
    const a = this.at(r, j, 0);
    return (
      this.fromI[a] === this.fromI[a + 1] &&
      this.fromRun[a] === this.fromRun[a + 1] &&
      this.cost[a] === this.cost[a + 1] &&
      this.time[a] === this.time[a + 1]
    );
  }

  offer(r: number, j: number, cost: number, time: number, i: number, label: number, from: number): void {
    const a = this.at(r, j, 0);
    if (cost < this.cost[a] || (cost === this.cost[a] && time < this.time[a])) this.set(a, cost, time, i, label, from);
    if (time < this.time[a + 1] || (time === this.time[a + 1] && cost < this.cost[a + 1])) this.set(a + 1, cost, time, i, label, from);
  }

  private set(at: number, cost: number, time: number, i: number, label: number, from: number): void {
    this.cost[at] = cost;
    this.time[at] = time;
    this.fromI[at] = i;
    this.fromLabel[at] = label;
    this.fromRun[at] = from;
  }

  /** The cheapest complete plan that reaches the route end in time (else the cheapest at all); -1: none. */
  best(v: VehicleModel, last: number, n: number): number {
    const home = v.end >= 0 && last >= 0 ? v.dur[last * n + v.end] : 0;
    let best = -1;
    let bestInTime = -1;
    for (let r = 1; r <= this.R; r++)
      for (let k = 0; k < 2; k++) {
        const at = this.at(r, this.len, k);
        if (this.cost[at] === INF) continue;
        if (best < 0 || this.cost[at] < this.cost[best]) best = at;
        const until = v.shifts ? Math.min(v.twEnd, v.shifts[r - 1][1]) : v.twEnd;
        if (this.time[at] + home <= until && (bestInTime < 0 || this.cost[at] < this.cost[bestInTime])) bestInTime = at;
      }
    return bestInTime >= 0 ? bestInTime : best;
  }

  /** The reload positions of the plan ending at label `at` (a position of run r + 1 is where run r ended). */
  reloads(at: number): number[] {
    const out: number[] = [];
    while (this.fromRun[at] > 0) {
      const i = this.fromI[at];
      out.push(i);
      at = this.at(this.fromRun[at], i, this.fromLabel[at]);
    }
    return out.reverse();
  }

  /** Per run of the plan ending at label `at`, its run count less one (with shifts: its shift). */
  runs(at: number): number[] {
    const out = [Math.floor(at / 2 / this.W)];
    while (this.fromRun[at] > 0) {
      out.push(this.fromRun[at] - 1);
      at = this.at(this.fromRun[at], this.fromI[at], this.fromLabel[at]);
    }
    return out.reverse();
  }
}

/** Adds task t to a run: its deliveries load at the depot, the running load peaks; false past capacity. */
function extendFits(p: Problem, v: VehicleModel, t: number, D: Int32Array, cum: Int32Array, peak: Int32Array, dims: number): boolean {
  let fits = true;
  for (let d = 0; d < dims; d++) {
    D[d] += p.startLoad[t * dims + d];
    cum[d] += p.delta[t * dims + d];
    if (cum[d] > peak[d]) peak[d] = cum[d];
    if (D[d] + peak[d] > v.cap[d]) fits = false;
  }
  return fits;
}

/** Per boundary k (before seq[k]): shipments picked up before it and delivered after it. */
function openShipments(p: Problem, seq: ArrayLike<number>): Int32Array {
  const open = new Int32Array(seq.length + 1);
  let n = 0;
  for (let k = 0; k < seq.length; k++) {
    open[k] = n;
    if (p.kind[seq[k]] === KIND_PICKUP) n++;
    else if (p.kind[seq[k]] === KIND_DELIVERY) n--;
  }
  open[seq.length] = n;
  return open;
}

/** Travel cost a depot visit adds between tasks a and b. */
export function detourCost(p: Problem, v: VehicleModel, a: number, b: number): number {
  const n = p.nLoc;
  const la = p.loc[a];
  const lb = p.loc[b];
  const d = v.start;
  return v.cost[la * n + d] + v.cost[d * n + lb] - v.cost[la * n + lb];
}

/** Whether runs as long as they fit (any number of them) would carry the sequence: then only the run limit fails it. */
function fitsWithMoreRuns(p: Problem, v: VehicleModel, seq: ArrayLike<number>, open: Int32Array): boolean {
  const dims = p.dims;
  const D = new Int32Array(dims);
  const cum = new Int32Array(dims);
  const peak = new Int32Array(dims);
  let i = 0;
  while (i < seq.length) {
    D.fill(0);
    cum.fill(0);
    peak.fill(0);
    let cut = -1;
    for (let j = i + 1; j <= seq.length; j++) {
      if (!extendFits(p, v, seq[j - 1], D, cum, peak, dims)) break;
      if (j === seq.length || open[j] === 0) cut = j;
    }
    if (cut < 0) return false;
    i = cut;
  }
  return true;
}

function startLoadsOf(p: Problem, seq: ArrayLike<number>, reloads: number[]): Int32Array[] {
  const dims = p.dims;
  const out: Int32Array[] = [];
  let k = 0;
  for (let r = 0; r <= reloads.length; r++) {
    const end = r < reloads.length ? reloads[r] : seq.length;
    const load = new Int32Array(dims);
    for (; k < end; k++) for (let d = 0; d < dims; d++) load[d] += p.startLoad[seq[k] * dims + d];
    out.push(load);
  }
  return out;
}

/** The first moment at or after `t` the reload depot is open (-1: it does not open again). */
export function reloadStart(v: VehicleModel, t: number): number {
  const w = v.reloadWindows;
  if (w.length === 0) return t;
  for (const [a, b] of w) if (t <= b) return Math.max(t, a);
  return -1;
}
