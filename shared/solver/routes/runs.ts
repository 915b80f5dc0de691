// Multi-trip (vehicles[].max_depot_runs): where a vehicle goes back to its start depot to unload
// and reload. The route's task sequence stays a plain list of tasks; the evaluation places the
// depot visits between them, so every move of the search (an insertion that needs another run, a
// relocation that makes one unnecessary) also moves the depot visits, each time to their best
// places for the new sequence. Rules: docs/solver/design.md#multi-trip-and-working-time.
import type { Problem } from '../model/problem';
import { KIND_DELIVERY, KIND_PICKUP } from '../model/tasks';
import type { VehicleModel } from '../model/vehicles';

export interface RunPlan {
  /** Positions k (1..len-1) with a reload before seq[k], ascending; empty: one run. */
  reloads: number[];
  /** Per run: what it leaves the depot with (the deliveries of its jobs), `dims` entries each. */
  startLoads: Int32Array[];
}

export type RunFailure = 'capacity' | 'max_depot_runs';

const INF = Number.POSITIVE_INFINITY;

/**
 * The reload positions of least added travel cost over which every run fits the vehicle, with at
 * most `v.maxRuns` runs. A run carries its jobs' deliveries from the depot and brings its pickups
 * back; a shipment is picked up and delivered within one run. Time windows are not weighed here
 * (the evaluation then checks the schedule), so on tight windows a costlier placement that keeps
 * them may be missed. O(runs x len x run length x dims).
 */
export function planRuns(p: Problem, v: VehicleModel, seq: ArrayLike<number>): RunPlan | RunFailure {
  const len = seq.length;
  const dims = p.dims;
  // A run serves at least one task.
  const R = Math.min(v.maxRuns, len);
  const open = openShipments(p, seq);
  const W = len + 1;
  // best[(r - 1) * W + j]: least detour cost of serving seq[0..j) in r runs, the last ending at j.
  const best = new Float64Array(R * W).fill(INF);
  const from = new Int32Array(R * W).fill(-1);
  const D = new Int32Array(dims);
  const cum = new Int32Array(dims);
  const peak = new Int32Array(dims);
  for (let i = 0; i < len; i++) {
    if (i > 0 && (open[i] !== 0 || !reachable(best, W, R, i))) continue;
    D.fill(0);
    cum.fill(0);
    peak.fill(0);
    const detour = i > 0 ? detourCost(p, v, seq[i - 1], seq[i]) : 0;
    for (let j = i + 1; j <= len; j++) {
      if (!extendFits(p, v, seq[j - 1], D, cum, peak, dims)) break;
      if (j < len && open[j] !== 0) continue;
      if (i === 0) {
        best[j] = 0;
        continue;
      }
      for (let r = 2; r <= R; r++) {
        const c = best[(r - 2) * W + i] + detour;
        if (c < best[(r - 1) * W + j]) {
          best[(r - 1) * W + j] = c;
          from[(r - 1) * W + j] = i;
        }
      }
    }
  }
  let runs = 0;
  for (let r = 1; r <= R; r++) if (best[(r - 1) * W + len] < (runs ? best[(runs - 1) * W + len] : INF)) runs = r;
  if (runs === 0) return fitsWithMoreRuns(p, v, seq, open) ? 'max_depot_runs' : 'capacity';
  const reloads: number[] = [];
  for (let r = runs, j = len; r > 1; r--) {
    j = from[(r - 1) * W + j];
    reloads.push(j);
  }
  reloads.reverse();
  return { reloads, startLoads: startLoadsOf(p, seq, reloads) };
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

function reachable(best: Float64Array, W: number, R: number, i: number): boolean {
  for (let r = 1; r < R; r++) if (best[(r - 1) * W + i] < INF) return true;
  return false;
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
