import type { Searcher, Seed, Weights } from '../dijkstra';
import type { RoadView } from '../ports';
import type { Phantom } from '../spatial';
import { SNAP_DISTANCE_M, type MapMatchOptions, type TracePoint, type TravelOptions } from '../types';

/** What every stage of one map-matching run reads: the network, its metric and the tuning. */
export interface MatchContext {
  net: RoadView;
  trace: TracePoint[];
  travel: TravelOptions;
  /** The profile's edge cost; Infinity where the edge may not be driven in its own direction. */
  cost: Float64Array;
  /** Distance-search weights on the profile's turn graph. */
  W: Weights;
  /** Shared Dijkstra state: one search at a time. */
  search: Searcher;
  /** GPS noise (metres) for points without a usable accuracy. */
  sigma: number;
  beta: number;
  radius: number;
  maxCandidates: number;
}

/** One matched trace point of the Viterbi lattice. */
export interface Step {
  /** Index of the point in the trace. */
  index: number;
  cands: Phantom[];
  score: Float64Array;
  /** Best predecessor candidate per candidate (-1 when none). */
  back: Int32Array;
  /** This step starts a new HMM segment (first step or after a break). */
  restart: boolean;
  /** Per candidate: its best transition is a small backwards GPS jitter (no movement drawn). */
  jitter: Uint8Array;
}

export function matchContext(net: RoadView, trace: TracePoint[], o: MapMatchOptions): MatchContext {
  const travel: TravelOptions = { profile: o.profile ?? 'car' };
  const me = net.metricFor(travel);
  return {
    net,
    trace,
    travel,
    cost: me.metric.cost,
    W: me.byLength,
    search: net.search(me.byLength),
    sigma: o.sigma ?? 10,
    beta: o.beta ?? 20,
    radius: Math.min(o.searchRadius ?? 50, SNAP_DISTANCE_M),
    maxCandidates: o.maxCandidates ?? 10,
  };
}

/**
 * Longest believable route between two trace points `gc` metres apart: anything longer is a
 * detour no vehicle took between two fixes, so searches stop there.
 */
export function maxRouteLength(ctx: MatchContext, gc: number): number {
  return gc * 2 + 4 * ctx.radius + 100;
}

/**
 * After a search, the cheapest way to end through one of `seeds` (length metres and the turn-graph
 * state it ends at; the first such seed on a tie), or Infinity / -1 when none was settled.
 */
export function nearestSettled(s: Searcher, seeds: Seed[]): { len: number; node: number } {
  let len = Infinity;
  let node = -1;
  for (const x of seeds) {
    if (!s.settled[x.node]) continue;
    const c = s.cost[x.node] + x.len;
    if (c < len) {
      len = c;
      node = x.node;
    }
  }
  return { len, node };
}
