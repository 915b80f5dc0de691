import { greatCircleMeters } from '../../geo/sphere';
import { pathPoints } from '../shape';
import type { Phantom } from '../spatial';
import { maxRouteLength, nearestSettled, type MatchContext, type Step } from './context';

export interface MatchedPath {
  /** The matched path as [lat, lon], consecutive duplicates dropped. */
  coords: Array<[number, number]>;
  /** Metres along the path. */
  distance: number;
  /** Per step: 1 = travelling along its edge u->v, -1 = along the twin, 0 = unknown. */
  forward: Int8Array;
  /** Per step: index in `coords` of its snapped position. */
  coordIdx: Int32Array;
}

/** Shortest forward path (metres, and its edges when it leaves the segment) within maxCost, or null. */
function pathBetween(ctx: MatchContext, from: Phantom, to: Phantom, maxCost: number) {
  const { net, W, search: s } = ctx;
  const dr = net.direct(from, to, W);
  const tSeeds = net.targetSeeds(to, W);
  s.run(net.sourceSeeds(from, W), W, { maxCost, targets: tSeeds.map((x) => x.node) });
  const viaGraph = nearestSettled(s, tSeeds);
  const directLen = dr ? dr.len : Infinity;
  const best = viaGraph.len < directLen ? viaGraph.node : -1;
  const len = best >= 0 ? viaGraph.len : directLen;
  if (len === Infinity) return null;
  // the directed edges entered, each from its tail
  const edgeOf = (st: number) => W.topo.stateEdge[st];
  return { len, edges: best >= 0 ? s.pathTo(best).map(edgeOf) : null };
}

/**
 * Draws the path through the chosen candidates. It advances from an "anchor": the last position
 * the vehicle really reached. Points that fall slightly behind it (GPS jitter) do not move it,
 * so the path never re-covers the same metres. Between HMM segments nothing is drawn.
 */
export function matchedPath(ctx: MatchContext, steps: Step[], chosen: Int32Array): MatchedPath {
  const { trace, net } = ctx;
  const g = net.graph;
  const coords: Array<[number, number]> = [];
  let distance = 0;
  const forward = new Int8Array(steps.length);
  const coordIdx = new Int32Array(steps.length);
  const push = (lat: number, lon: number) => {
    const l = coords[coords.length - 1];
    if (!l || Math.abs(l[0] - lat) > 1e-9 || Math.abs(l[1] - lon) > 1e-9) coords.push([lat, lon]);
  };
  const jitterMax = 2 * ctx.sigma;
  let anchor: Phantom | null = null;
  let anchorStep = -1;
  for (let k = 0; k < steps.length; k++) {
    const a = steps[k].cands[chosen[k]];
    if (k === 0 || steps[k].restart || !anchor) {
      push(a.lat, a.lon);
      coordIdx[k] = coords.length - 1;
      anchor = a;
      anchorStep = k;
      continue;
    }
    const pa = steps[k - 1].cands[chosen[k - 1]];
    // standing still: a jitter move, or still behind the anchor
    if (steps[k].jitter[chosen[k]] || (anchor !== pa && pathBetween(ctx, a, anchor, jitterMax))) {
      coordIdx[k] = coords.length - 1;
      continue;
    }
    const pf = trace[steps[anchorStep].index];
    const pt = trace[steps[k].index];
    const bound = maxRouteLength(ctx, greatCircleMeters(pf.lat, pf.lon, pt.lat, pt.lon));
    let from = anchor;
    let p = pathBetween(ctx, from, a, bound);
    if (!p && anchor !== pa) {
      from = pa;
      p = pathBetween(ctx, from, a, bound);
    }
    if (p && p.edges && p.edges.length > 0) {
      if (!forward[anchorStep]) forward[anchorStep] = g.tail[p.edges[0]] === from.v ? 1 : -1;
      forward[k] = g.tail[p.edges[p.edges.length - 1]] === a.u ? 1 : -1;
      pathPoints(g, from, a, p.edges, push);
      distance += p.len;
    } else if (p) {
      const dir = a.t >= from.t ? 1 : -1;
      if (!forward[anchorStep]) forward[anchorStep] = dir;
      forward[k] = dir;
      pathPoints(g, from, a, null, push);
      distance += p.len;
    } else {
      distance += greatCircleMeters(from.lat, from.lon, a.lat, a.lon);
    }
    push(a.lat, a.lon);
    coordIdx[k] = coords.length - 1;
    anchor = a;
    anchorStep = k;
  }
  return { coords, distance, forward, coordIdx };
}
