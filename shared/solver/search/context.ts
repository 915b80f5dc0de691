// Per-solve data derived once from the problem: neighbour lists (SISR adjacency and
// local-search candidate lists), task sizes and distances from the depot for insertion orders.
import { NearBound } from '../routes/near-bound';
import { KIND_DELIVERY } from '../model/tasks';
import { type Problem } from '../model/problem';
import { evaluateRoute } from '../routes/route-eval';
import { allPairs, variantsOf } from '../model/depot-choice';
import type { Rng } from '../prng';
import { DEFAULT_THRESHOLDS } from '../thresholds';
import type { SizeThresholds } from '../types';
import type { Region } from './ruin-recreate/regions';
import { groupMembers } from '../routes/solution';

export interface SearchContext {
  p: Problem;
  rng: Rng;
  members: number[][];
  /** K nearest other tasks of each task, nearest first (row-major, K per task). */
  neighbors: Int32Array;
  K: number;
  /** Dismisses insertion positions far from the task being inserted (focus it first). */
  near: NearBound;
  demand: Float64Array;
  depotDist: Float64Array;
  /** How long a task's hard windows (and its partner's) leave open: the tightest go first in one insertion order. */
  windowSpan: Float64Array;
  /** Typical short arc cost, the unit of the annealing temperature. */
  arcScale: number;
  /** Tasks no vehicle can serve even alone: never worth an insertion attempt. */
  hopeless: Uint8Array;
  /** Class of each vehicle: vehicles of one class (equal signatures) are interchangeable when empty. */
  vehicleClass: Int32Array;
  nClasses: number;
  /** Past this many used routes the recreate tries a task only in its neighbours' routes. */
  granularRoutes: number;
  /** Searches side by side on a split problem: what this one may change (null: everything). */
  region: Region | null;
  /**
   * Whether the deadline has passed, while local search runs (null otherwise): a neighbourhood
   * scan of a large problem whose moves need full evaluations (multi-trip) can take seconds.
   */
  pastDeadline: (() => boolean) | null;
  /** The recreate may not open an empty route (the fleet search holds the fleet it has). */
  closedFleet: boolean;
}

function vehicleClasses(p: Problem): { vehicleClass: Int32Array; nClasses: number } {
  const ids = new Map<string, number>();
  const vehicleClass = new Int32Array(p.vehicles.length);
  for (const v of p.vehicles) {
    let c = ids.get(v.signature);
    if (c === undefined) ids.set(v.signature, (c = ids.size));
    vehicleClass[v.index] = c;
  }
  return { vehicleClass, nClasses: ids.size };
}

function hopelessTasks(p: Problem): Uint8Array {
  const out = new Uint8Array(p.nTasks);
  const nv = p.vehicles.length;
  for (let t = 0; t < p.nTasks; t++) {
    if (p.kind[t] === KIND_DELIVERY) continue;
    const seq = p.pair[t] >= 0 ? [t, p.pair[t]] : [t];
    const tried = new Set<string>();
    let ok = false;
    for (const v of p.vehicles) {
      if (!p.allowed[t * nv + v.index] || tried.has(v.signature)) continue;
      tried.add(v.signature);
      // A vehicle choosing its depots may serve the task from any of them (too many pairs to try: it may).
      if (!allPairs(v)) ok = true;
      for (const m of p.depotChoice ? variantsOf(v) : [v]) {
        if (ok) break;
        const ev = evaluateRoute(p, m, seq);
        // A leg too long to drive without a rest may fit with stops in between to rest at (layovers.ts).
        ok = ev.ok || ev.reason === 'max_continuous_time';
      }
      if (ok) break;
    }
    if (!ok) {
      out[t] = 1;
      if (p.pair[t] >= 0) out[p.pair[t]] = 1;
    }
  }
  return out;
}

/**
 * From a task's first window's start to its last one's end (the lateness allowance included); a
 * shipment's pickup takes the tighter of its two steps. Unbounded (a task without windows, or one
 * whose windows a relation may break) is the largest finite number, so that spans compare by
 * subtraction.
 */
function windowSpans(p: Problem): Float64Array {
  const span = (t: number) =>
    p.relaxTw[t] ? Number.MAX_VALUE : Math.min(Number.MAX_VALUE, p.twEnd[p.twOff[t + 1] - 1] - p.twStart[p.twOff[t]]);
  const out = new Float64Array(p.nTasks);
  for (let t = 0; t < p.nTasks; t++) out[t] = p.pair[t] >= 0 ? Math.min(span(t), span(p.pair[t])) : span(t);
  return out;
}

export function buildContext(p: Problem, rng: Rng, maxK = 48, thresholds: SizeThresholds = DEFAULT_THRESHOLDS): SearchContext {
  const T = p.nTasks;
  const K = Math.max(0, Math.min(maxK, T - 1));
  const n = p.nLoc;
  const c = p.vehicles[0].cost;
  const neighbors = new Int32Array(T * K);
  const bestD = new Float64Array(K);
  let nearestSum = 0;
  let nearestCount = 0;
  for (let a = 0; a < T; a++) {
    let filled = 0;
    const la = p.loc[a];
    for (let b = 0; b < T; b++) {
      if (b === a) continue;
      const lb = p.loc[b];
      const d = (c[la * n + lb] + c[lb * n + la]) / 2;
      if (filled === K && d >= bestD[K - 1]) continue;
      let k = filled < K ? filled++ : K - 1;
      while (k > 0 && bestD[k - 1] > d) {
        bestD[k] = bestD[k - 1];
        neighbors[a * K + k] = neighbors[a * K + k - 1];
        k--;
      }
      bestD[k] = d;
      neighbors[a * K + k] = b;
    }
    for (let k = 0; k < filled; k++) {
      if (bestD[k] > 0) {
        nearestSum += bestD[k];
        nearestCount++;
        break;
      }
    }
  }
  const demand = new Float64Array(T);
  const depotDist = new Float64Array(T);
  const v0 = p.vehicles[0];
  const depot = v0.start >= 0 ? v0.start : v0.end;
  for (let t = 0; t < T; t++) {
    for (let d = 0; d < p.dims; d++) demand[t] += Math.abs(p.startLoad[t * p.dims + d]) + Math.abs(p.delta[t * p.dims + d]);
    depotDist[t] = depot >= 0 ? c[depot * n + p.loc[t]] : 0;
  }
  return {
    p,
    rng,
    members: groupMembers(p),
    windowSpan: windowSpans(p),
    neighbors,
    K,
    near: new NearBound(p, neighbors, K, thresholds.nearNeighbours),
    granularRoutes: thresholds.granularRoutes,
    demand,
    depotDist,
    arcScale: nearestCount ? nearestSum / nearestCount : 1,
    hopeless: hopelessTasks(p),
    ...vehicleClasses(p),
    region: null,
    pastDeadline: null,
    closedFleet: false,
  };
}
