/**
 * Legs of a point-to-point route between snapped points: Dijkstra or the contraction hierarchy on
 * the profile's turn graph, plus the shortcut of two points on one segment.
 */
import type { ContractionHierarchy } from './ch-query';
import type { Seed, Weights } from './dijkstra';
import type { RoadView } from './ports';
import { pathPoints } from './shape';
import type { Phantom } from './spatial';
import { NoRouteError, type RouteResult } from './types';

export type Leg = RouteResult['legs'][number] & { coordinates: Array<[number, number]>; edges: number[] };

/** One leg a -> b; `ch` when the weights are the hierarchy's. Throws NoRouteError(k, k + 1). */
export function routeLeg(net: RoadView, a: Phantom, b: Phantom, W: Weights, ch: ContractionHierarchy | undefined, k: number): Leg {
  const g = net.graph;
  const near = net.direct(a, b, W);
  const sSeeds = net.sourceSeeds(a, W);
  const tSeeds = net.targetSeeds(b, W);
  let best = near ? near.cost : Infinity;
  let leg = near ? { distance: near.len, duration: near.dur } : null;
  let path: number[] | null = null;
  if (ch) {
    const r = ch.route(sSeeds, tSeeds);
    // the hierarchy's labels start from the seeds' offsets, so r already counts both ends
    if (r && r.cost < best) {
      best = r.cost;
      leg = { distance: r.len, duration: r.dur };
      path = r.nodes;
    }
  } else {
    const s = net.search(W);
    let bestSeed: Seed | null = null;
    s.run(sSeeds, W, { bound: () => best, targets: tSeeds.map((x) => x.node) });
    for (const x of tSeeds) {
      if (!s.settled[x.node]) continue;
      const c = s.cost[x.node] + x.cost;
      if (c < best) {
        best = c;
        bestSeed = x;
        leg = { distance: s.len[x.node] + x.len, duration: s.dur[x.node] + x.dur };
      }
    }
    if (bestSeed) path = s.pathTo(bestSeed.node);
  }
  if (!leg) throw new NoRouteError(k, k + 1);
  const coordinates: Array<[number, number]> = [[a.lat, a.lon]];
  // edges[i]: the edge under coordinates[i] -> coordinates[i + 1]
  const edges: number[] = [];
  const push = (lat: number, lon: number, via: number) => {
    coordinates.push([lat, lon]);
    edges.push(via);
  };
  // each state is an edge entered at its tail; the last is b's edge, driven only up to b
  const driven = path ? path.map((st) => W.topo.stateEdge[st]) : null;
  pathPoints(g, a, b, driven, push);
  const lastEdge = driven && driven.length > 0 ? driven[driven.length - 1] : a.edge;
  push(b.lat, b.lon, lastEdge === b.edge || lastEdge === b.twin ? b.edge : lastEdge);
  return { ...leg, coordinates, edges };
}
