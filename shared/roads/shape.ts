/**
 * Drawing driven paths on compressed edges: an edge is a polyline (tail, shape points, head), and
 * a snapped point lies on one segment of its edge's polyline (`Phantom.seg`).
 */
import type { RoadGraph } from './graph';
import type { Phantom } from './spatial';

/** A point of a drawn path and the edge driven to reach it (so the segment ending there lies on `via`). */
export type Push = (lat: number, lon: number, via: number) => void;

/** Points from..to (inclusive, in the direction of `step`) of edge e's polyline. */
function pushPoints(g: RoadGraph, e: number, from: number, to: number, step: 1 | -1, push: Push, via = e): void {
  for (let i = from; step > 0 ? i <= to : i >= to; i += step) push(g.pointLat(e, i), g.pointLon(e, i), via);
}

/**
 * The points between phantom a and phantom b of a driven path, a and b themselves excluded: the
 * rest of a's edge, each edge of `edges` (the directed edges entered after leaving a, the last one
 * driven up to b) from its tail, or when `edges` is null the stretch of one edge between them.
 */
export function pathPoints(g: RoadGraph, a: Phantom, b: Phantom, edges: readonly number[] | null, push: Push): void {
  const last = (e: number) => g.pointCount(e) - 2;
  if (!edges || edges.length === 0) {
    if (a.edge !== b.edge) return;
    if (b.t >= a.t) pushPoints(g, a.edge, a.seg + 1, b.seg, 1, push);
    else pushPoints(g, a.edge, a.seg, b.seg + 1, -1, push);
    return;
  }
  const start = g.tail[edges[0]];
  if (start === a.v) pushPoints(g, a.edge, a.seg + 1, last(a.edge), 1, push);
  else if (start === a.u) pushPoints(g, a.edge, a.seg, 1, -1, push, a.twin >= 0 ? a.twin : a.edge);
  for (let i = 0; i < edges.length; i++) {
    const e = edges[i];
    push(g.pointLat(e, 0), g.pointLon(e, 0), i === 0 ? (start === a.u && a.twin >= 0 ? a.twin : a.edge) : edges[i - 1]);
    if (i + 1 < edges.length) pushPoints(g, e, 1, last(e), 1, push);
    else if (e === b.edge) pushPoints(g, e, 1, b.seg, 1, push);
    else if (e === b.twin) pushPoints(g, b.edge, last(b.edge), b.seg + 1, -1, push, e);
    // b on the node this edge ends at: the whole edge
    else pushPoints(g, e, 1, last(e), 1, push);
  }
}

/** Segment `seg`'s end points [aLat, aLon, bLat, bLon] on edge e. */
export function segmentOf(g: RoadGraph, e: number, seg: number): [number, number, number, number] {
  return [g.pointLat(e, seg), g.pointLon(e, seg), g.pointLat(e, seg + 1), g.pointLon(e, seg + 1)];
}

/** Calls `visit` with every segment of edge e's polyline, in driving order. */
export function forEachSegment(g: RoadGraph, e: number, visit: (aLat: number, aLon: number, bLat: number, bLon: number) => void): void {
  const n = g.pointCount(e);
  for (let i = 0; i + 1 < n; i++) visit(g.pointLat(e, i), g.pointLon(e, i), g.pointLat(e, i + 1), g.pointLon(e, i + 1));
}

/** Whether any segment of edge e's polyline passes `test`. */
export function someSegment(g: RoadGraph, e: number, test: (aLat: number, aLon: number, bLat: number, bLon: number) => boolean): boolean {
  const n = g.pointCount(e);
  for (let i = 0; i + 1 < n; i++) if (test(g.pointLat(e, i), g.pointLon(e, i), g.pointLat(e, i + 1), g.pointLon(e, i + 1))) return true;
  return false;
}
