/**
 * Areas no route may enter (AvoidOptions.areas): which graph edges have a point inside a polygon
 * or cross its boundary. Polygons come as GeoJSON Polygon coordinates ([lon, lat] rings, holes
 * after the outer ring) of any shape; a point inside a hole is outside the area. Coordinates are
 * taken as plane x = lon, y = lat (edges are short, so the error of not following great circles
 * is far below a road's width); areas across the antimeridian are not supported.
 *
 * A metric tests every edge of the graph against every area, so the test is built for many
 * segments against one large polygon (a geofence made from an isochrone has thousands of
 * vertices): a bounding-box prefilter rejects almost every edge, and the ring edges are bucketed
 * into horizontal bands, so a point or segment meets only the ring edges of its own bands.
 */

import { createHash } from 'node:crypto';

export type AreaCoordinates = ReadonlyArray<ReadonlyArray<readonly [number, number]>>;

export interface PreparedArea {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** Ring edges, four numbers each: x1, y1, x2, y2 (outer ring and holes alike). */
  edges: Float64Array;
  /** Per band of height bandHeight from minY: the indices of the ring edges whose y-range meets it. */
  bands: Int32Array[];
  bandHeight: number;
}

export function prepareArea(rings: AreaCoordinates): PreparedArea {
  const flat: number[] = [];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) {
      const [x1, y1] = ring[i];
      // GeoJSON rings repeat their first point at the end; a ring that does not is closed here.
      const [x2, y2] = ring[(i + 1) % ring.length];
      minX = Math.min(minX, x1);
      maxX = Math.max(maxX, x1);
      minY = Math.min(minY, y1);
      maxY = Math.max(maxY, y1);
      if (x1 !== x2 || y1 !== y2) flat.push(x1, y1, x2, y2);
    }
  }
  const edges = Float64Array.from(flat);
  const count = edges.length / 4;
  // About sqrt(n) bands keep both the lists and the per-query work near sqrt(n).
  const bandCount = Math.max(1, Math.ceil(Math.sqrt(count)));
  const bandHeight = maxY > minY ? (maxY - minY) / bandCount : 1;
  const lists: number[][] = Array.from({ length: bandCount }, () => []);
  const bandOf = (y: number) => Math.min(bandCount - 1, Math.max(0, Math.floor((y - minY) / bandHeight)));
  for (let e = 0; e < count; e++) {
    const a = bandOf(Math.min(edges[4 * e + 1], edges[4 * e + 3]));
    const b = bandOf(Math.max(edges[4 * e + 1], edges[4 * e + 3]));
    for (let k = a; k <= b; k++) lists[k].push(e);
  }
  return { minX, minY, maxX, maxY, edges, bands: lists.map((l) => Int32Array.from(l)), bandHeight };
}

function band(a: PreparedArea, y: number): number {
  return Math.min(a.bands.length - 1, Math.max(0, Math.floor((y - a.minY) / a.bandHeight)));
}

/** Whether (x, y) is inside the area: even-odd over all rings, so holes are outside. */
export function pointInArea(a: PreparedArea, x: number, y: number): boolean {
  if (x < a.minX || x > a.maxX || y < a.minY || y > a.maxY) return false;
  const ex = a.edges;
  let inside = false;
  for (const e of a.bands[band(a, y)]) {
    const x1 = ex[4 * e];
    const y1 = ex[4 * e + 1];
    const x2 = ex[4 * e + 2];
    const y2 = ex[4 * e + 3];
    if (y1 > y !== y2 > y && x < ((x2 - x1) * (y - y1)) / (y2 - y1) + x1) inside = !inside;
  }
  return inside;
}

const orient = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) => (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);

const onSegment = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) =>
  Math.min(ax, bx) <= cx && cx <= Math.max(ax, bx) && Math.min(ay, by) <= cy && cy <= Math.max(ay, by);

/** Whether segments p1-p2 and q1-q2 meet (touching counts). */
function segmentsMeet(p1x: number, p1y: number, p2x: number, p2y: number, q1x: number, q1y: number, q2x: number, q2y: number): boolean {
  const d1 = orient(q1x, q1y, q2x, q2y, p1x, p1y);
  const d2 = orient(q1x, q1y, q2x, q2y, p2x, p2y);
  const d3 = orient(p1x, p1y, p2x, p2y, q1x, q1y);
  const d4 = orient(p1x, p1y, p2x, p2y, q2x, q2y);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (
    (d1 === 0 && onSegment(q1x, q1y, q2x, q2y, p1x, p1y)) ||
    (d2 === 0 && onSegment(q1x, q1y, q2x, q2y, p2x, p2y)) ||
    (d3 === 0 && onSegment(p1x, p1y, p2x, p2y, q1x, q1y)) ||
    (d4 === 0 && onSegment(p1x, p1y, p2x, p2y, q2x, q2y))
  );
}

/**
 * Whether the segment (lat1, lon1)-(lat2, lon2) has a point in the area: an end inside, or a
 * crossing of the boundary (a segment with both ends outside that crosses no ring edge lies
 * wholly outside, or wholly inside a hole).
 */
export function segmentTouchesArea(a: PreparedArea, lat1: number, lon1: number, lat2: number, lon2: number): boolean {
  if (Math.max(lon1, lon2) < a.minX || Math.min(lon1, lon2) > a.maxX || Math.max(lat1, lat2) < a.minY || Math.min(lat1, lat2) > a.maxY)
    return false;
  if (pointInArea(a, lon1, lat1) || pointInArea(a, lon2, lat2)) return true;
  const ex = a.edges;
  const from = band(a, Math.min(lat1, lat2));
  const to = band(a, Math.max(lat1, lat2));
  for (let k = from; k <= to; k++) {
    for (const e of a.bands[k]) {
      if (segmentsMeet(lon1, lat1, lon2, lat2, ex[4 * e], ex[4 * e + 1], ex[4 * e + 2], ex[4 * e + 3])) return true;
    }
  }
  return false;
}

/** Whether the segment touches any of the areas. */
export function segmentTouchesAreas(areas: readonly PreparedArea[], lat1: number, lon1: number, lat2: number, lon2: number): boolean {
  for (const a of areas) if (segmentTouchesArea(a, lat1, lon1, lat2, lon2)) return true;
  return false;
}

/**
 * A short key of a list of areas for the metric cache: the area count and a hash of every
 * coordinate, so two requests avoiding the same geofences share one metric while different
 * shapes never do. '' for no areas.
 */
export function areasKey(areas: ReadonlyArray<AreaCoordinates> | undefined): string {
  if (!areas?.length) return '';
  return `${areas.length}:${createHash('sha1').update(JSON.stringify(areas)).digest('base64url').slice(0, 16)}`;
}
