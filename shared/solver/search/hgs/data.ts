// The plain VRPTW the genetic search handles, in flat arrays: one class of vehicles (one depot,
// one capacity, one shift), jobs with one hard window each and one load dimension, the objective
// the total travel cost. `plainData` says whether a problem is of that kind (null when not).
import type { SearchContext } from '../context';
import type { Matrix } from '../../model/matrices';
import type { Problem } from '../../model/problem';
import type { SolverRequest } from '../../types';

/** Windows are clamped to this so the time-warp arithmetic never meets an infinity. */
const BIG = 1e15;

export interface HgsData {
  /** Clients are the problem's tasks, 0..n-1. */
  n: number;
  nLoc: number;
  /** Location of each client; the depot locations. */
  loc: Int32Array;
  startLoc: number;
  endLoc: number;
  service: Float64Array;
  twE: Float64Array;
  twL: Float64Array;
  demand: Float64Array;
  /** Vehicle shift: earliest departure, latest return. */
  depotE: number;
  depotL: number;
  capacity: number;
  fleet: number;
  dur: Matrix;
  cost: Matrix;
  /** The cost matrix is symmetric: reversing a path keeps its cost. */
  symmetric: boolean;
}

/** The plain-VRPTW view of a problem, or null when it has anything the genetic search does not model. */
export function plainData(p: Problem, ctx: SearchContext, req: SolverRequest): HgsData | null {
  if (!p.simple || p.custom || p.dims > 1 || p.nTasks < 2 || p.vehicles.length === 0) return null;
  if (req.solution?.length || p.relations.length || p.orderGroup) return null;
  const r = p.rules;
  if (r.hasProfit || r.hasSequence || r.hasOwnLateness || r.hasCargo || r.hasZones || r.hasDepotRule || r.hasJoint) return null;
  // Its routes are built on p.vehicles, so they could not move to other depots.
  if (p.volume || req.options?.objective?.minimise_num_depots || p.depotChoice) return null;
  if (ctx.nClasses !== 1) return null;
  const v = p.vehicles[0];
  if (v.start < 0 || v.end < 0 || v.breaks.length || v.fixed !== 0 || v.perOrder !== 0) return null;
  if (v.maxTasks < p.nTasks || v.maxTravelTime < Infinity || v.maxDistance < Infinity || v.maxTravelCost < Infinity) return null;
  if (v.twEnd !== v.twEndSoft) return null;
  const n = p.nTasks;
  const nv = p.vehicles.length;
  let deliveries = false;
  let pickups = false;
  for (let t = 0; t < n; t++) {
    if (p.pair[t] >= 0 || p.twOff[t + 1] - p.twOff[t] !== 1 || p.priority[t] !== p.priority[0] || p.group[t] >= 0) return null;
    if (p.relaxTw[t] || p.setup[t] || ctx.hopeless[t]) return null;
    for (let k = 0; k < nv; k++) if (!p.allowed[t * nv + k]) return null;
    if (p.dims === 1) {
      if (p.startLoad[t] > 0) deliveries = true;
      if (p.startLoad[t] + p.delta[t] > 0) pickups = true;
    }
  }
  // With both deliveries and pickups the peak load depends on the order: not modelled.
  if (deliveries && pickups) return null;
  const loc = p.loc.slice();
  const service = p.service.slice();
  const twE = new Float64Array(n);
  const twL = new Float64Array(n);
  const demand = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    const w = p.twOff[t];
    twE[t] = Math.max(-BIG, p.twStart[w]);
    twL[t] = Math.min(BIG, p.twEnd[w]);
    if (p.dims === 1) demand[t] = p.startLoad[t] + (p.startLoad[t] + p.delta[t]);
  }
  return {
    n,
    nLoc: p.nLoc,
    loc,
    startLoc: v.start,
    endLoc: v.end,
    service,
    twE,
    twL,
    demand,
    depotE: Math.max(-BIG, v.twStart),
    depotL: Math.min(BIG, v.endBy),
    capacity: p.dims === 1 ? v.cap[0] : BIG,
    fleet: nv,
    dur: v.dur,
    cost: v.cost,
    symmetric: v.costT === v.cost,
  };
}
