/**
 * A snapped point (phantom) lies inside an edge: searches start and end at the edge's nodes
 * with the part of the edge before or after it already paid.
 */
import type { Seed } from './dijkstra';
import type { RoadGraph } from './graph';
import type { Phantom } from './spatial';

/** Closer than this (metres) to a node, a phantom is that node too. */
const EPS_M = 0.01;

/** Seeds to leave a phantom. */
export function sourceSeeds(g: RoadGraph, ph: Phantom, cost: Float64Array, dur: Float64Array): Seed[] {
  const len = g.data.length;
  const s: Seed[] = [];
  const { edge, twin, t, side } = ph;
  // A curb approach leaves the way it came: only along its one direction, never from a node.
  if (!side && t * len[edge] < EPS_M) s.push({ node: ph.u, cost: 0, dur: 0, len: 0 });
  if (!side && (1 - t) * len[edge] < EPS_M) s.push({ node: ph.v, cost: 0, dur: 0, len: 0 });
  if (side !== -1 && cost[edge] < Infinity)
    s.push({ node: ph.v, cost: (1 - t) * cost[edge], dur: (1 - t) * dur[edge], len: (1 - t) * len[edge] });
  if (side !== 1 && twin >= 0 && cost[twin] < Infinity)
    s.push({ node: ph.u, cost: t * cost[twin], dur: t * dur[twin], len: t * len[twin] });
  return s;
}

/** Offsets to reach a phantom from graph nodes. */
export function targetSeeds(g: RoadGraph, ph: Phantom, cost: Float64Array, dur: Float64Array): Seed[] {
  const len = g.data.length;
  const s: Seed[] = [];
  const { edge, twin, t, side } = ph;
  if (!side && t * len[edge] < EPS_M) s.push({ node: ph.u, cost: 0, dur: 0, len: 0 });
  if (!side && (1 - t) * len[edge] < EPS_M) s.push({ node: ph.v, cost: 0, dur: 0, len: 0 });
  if (side !== -1 && cost[edge] < Infinity) s.push({ node: ph.u, cost: t * cost[edge], dur: t * dur[edge], len: t * len[edge] });
  if (side !== 1 && twin >= 0 && cost[twin] < Infinity)
    s.push({ node: ph.v, cost: (1 - t) * cost[twin], dur: (1 - t) * dur[twin], len: (1 - t) * len[twin] });
  return s;
}

/** Direct travel between two phantoms on the same segment, or null. */
export function direct(
  g: RoadGraph,
  a: Phantom,
  b: Phantom,
  cost: Float64Array,
  dur: Float64Array,
): { cost: number; dur: number; len: number } | null {
  if (a.edge !== b.edge) return null;
  const len = g.data.length;
  let best: { cost: number; dur: number; len: number } | null = null;
  if (b.t >= a.t && a.side !== -1 && b.side !== -1 && cost[a.edge] < Infinity) {
    const f = b.t - a.t;
    best = { cost: f * cost[a.edge], dur: f * dur[a.edge], len: f * len[a.edge] };
  }
  if (b.t <= a.t && a.side !== 1 && b.side !== 1 && a.twin >= 0 && cost[a.twin] < Infinity) {
    const f = a.t - b.t;
    const c = f * cost[a.twin];
    if (!best || c < best.cost) best = { cost: c, dur: f * dur[a.twin], len: f * len[a.twin] };
  }
  if (Math.abs(a.t - b.t) * len[a.edge] < EPS_M) best = { cost: 0, dur: 0, len: 0 };
  return best;
}
