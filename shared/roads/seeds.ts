/**
 * A snapped point (phantom) lies inside an edge. A search leaves it through the turns at the end
 * of its edge (either way along the segment) and reaches it on entering its edge, with the part
 * of the edge before or after it already paid.
 */
import type { Seed, Weights } from './dijkstra';
import type { RoadGraph } from './graph';
import type { Phantom } from './spatial';

/** Closer than this (metres) on one segment, two phantoms are the same place. */
const EPS_M = 0.01;

/** Seeds to leave a phantom: the states after each turn at the end of the part of its edge still to drive. */
export function sourceSeeds(g: RoadGraph, ph: Phantom, W: Weights): Seed[] {
  const len = g.data.length;
  const { first, to } = W.topo;
  const s: Seed[] = [];
  const leave = (e: number, frac: number) => {
    const c0 = frac * W.w[e];
    if (c0 === Infinity) return;
    for (let k = first[e]; k < first[e + 1]; k++) {
      const c = c0 + W.tw[k];
      if (c < Infinity) s.push({ node: to[k], cost: c, dur: frac * W.d[e] + W.td[k], len: frac * len[e] });
    }
  };
  const { edge, twin, t, side } = ph;
  // on a node a driver may set off along any of its roads, with no turn made yet
  const atNode = (node: number) => {
    for (let x = g.data.firstOut[node]; x < g.data.firstOut[node + 1]; x++)
      if (W.w[x] < Infinity) s.push({ node: x, cost: 0, dur: 0, len: 0 });
  };
  if (!side && t * len[edge] < EPS_M) atNode(ph.u);
  if (!side && (1 - t) * len[edge] < EPS_M) atNode(ph.v);
  // a curb approach leaves the way it came: only along its one direction
  if (side !== -1) leave(edge, 1 - t);
  if (side !== 1 && twin >= 0) leave(twin, t);
  return s;
}

/** Offsets to reach a phantom from the states of its edge (entered at the edge's start). */
export function targetSeeds(g: RoadGraph, ph: Phantom, W: Weights): Seed[] {
  const len = g.data.length;
  const s: Seed[] = [];
  const reach = (e: number, frac: number) => {
    if (W.w[e] === Infinity) return;
    for (const st of W.topo.statesOf(e)) s.push({ node: st, cost: frac * W.w[e], dur: frac * W.d[e], len: frac * len[e] });
  };
  const { edge, twin, t, side } = ph;
  // on a node it is reached at the end of any road into it
  const atNode = (node: number) => {
    for (const y of W.topo.into(node)) reach(y, 1);
  };
  if (!side && t * len[edge] < EPS_M) atNode(ph.u);
  if (!side && (1 - t) * len[edge] < EPS_M) atNode(ph.v);
  if (side !== -1) reach(edge, t);
  if (side !== 1 && twin >= 0) reach(twin, 1 - t);
  return s;
}

/** Direct travel between two phantoms on the same segment, or null. */
export function direct(g: RoadGraph, a: Phantom, b: Phantom, W: Weights): { cost: number; dur: number; len: number } | null {
  if (a.edge !== b.edge) return null;
  const len = g.data.length;
  const { w, d } = W;
  let best: { cost: number; dur: number; len: number } | null = null;
  if (b.t >= a.t && a.side !== -1 && b.side !== -1 && w[a.edge] < Infinity) {
    const f = b.t - a.t;
    best = { cost: f * w[a.edge], dur: f * d[a.edge], len: f * len[a.edge] };
  }
  if (b.t <= a.t && a.side !== 1 && b.side !== 1 && a.twin >= 0 && w[a.twin] < Infinity) {
    const f = a.t - b.t;
    const c = f * w[a.twin];
    if (!best || c < best.cost) best = { cost: c, dur: f * d[a.twin], len: f * len[a.twin] };
  }
  if (Math.abs(a.t - b.t) * len[a.edge] < EPS_M) best = { cost: 0, dur: 0, len: 0 };
  return best;
}
