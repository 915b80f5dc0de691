/** Uniform grid over road segments for snapping points to the nearest usable segment. */
import { DEG, EARTH_RADIUS_M } from '../geo/constants';
import { greatCircleMeters } from '../geo/sphere';
import { projectOnSegment } from './geo';
import type { RoadGraph } from './graph';

/** A point projected onto a road. `edge` is the u->v edge id (u = tail). */
export interface Phantom {
  /** Representative directed edge of the road (its tail is `u`). */
  edge: number;
  /** Reverse edge, -1 when the road is one-way. */
  twin: number;
  u: number;
  v: number;
  /** Fraction of the edge's length from u, 0..1. */
  t: number;
  /** The segment of `edge`'s polyline the point lies on (0 = the one leaving u). */
  seg: number;
  lat: number;
  lon: number;
  /** Metres between the query point and the projection. */
  dist: number;
  /** Curb approach: the only direction the segment may be driven at this point (1 = u->v, -1 = v->u). */
  side?: 1 | -1;
}

const CELL_DEG = 0.002; // ~220 m in latitude
const METRES_PER_DEG = EARTH_RADIUS_M * DEG;
/**
 * A flat (equirectangular) distance within a few kilometres differs from the great-circle one by
 * far less than this factor plus a metre: segments flatly farther than that from the point (or
 * from the best match so far, when one is wanted) are skipped without the exact projection.
 */
const FLAT_SLACK = 1.01;

/** Flat distance in metres from a point to a segment, `cosLat` the cosine of the point's latitude. */
function flatDistance(lat: number, lon: number, cosLat: number, aLat: number, aLon: number, bLat: number, bLon: number): number {
  const ax = (aLon - lon) * cosLat;
  const ay = aLat - lat;
  const dx = (bLon - lon) * cosLat - ax;
  const dy = bLat - lat - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.min(1, Math.max(0, -(ax * dx + ay * dy) / len2)) : 0;
  const x = ax + t * dx;
  const y = ay + t * dy;
  return Math.sqrt(x * x + y * y) * METRES_PER_DEG;
}

export class SegmentIndex {
  private g: RoadGraph;
  /** Representative edges, one per road (a two-way road's edges share one). */
  readonly segEdge: Uint32Array;
  /** Per polyline segment: its road (index into segEdge) and its place in the polyline. */
  private pieceRoad: Uint32Array;
  private pieceK: Uint32Array;
  private cellStart: Map<number, number>;
  private cellItems: Uint32Array;
  private cellCount: Map<number, number>;
  private lonScale: number;

  constructor(g: RoadGraph) {
    this.g = g;
    const { twin } = g;
    const segs: number[] = [];
    let pieces = 0;
    for (let e = 0; e < g.edgeCount; e++)
      if (twin[e] === -1 || e < twin[e]) {
        segs.push(e);
        pieces += g.pointCount(e) - 1;
      }
    this.segEdge = Uint32Array.from(segs);
    this.pieceRoad = new Uint32Array(pieces);
    this.pieceK = new Uint32Array(pieces);
    let at = 0;
    segs.forEach((e, s) => {
      for (let k = 0; k + 1 < g.pointCount(e); k++, at++) [this.pieceRoad[at], this.pieceK[at]] = [s, k];
    });
    const midLat = (g.bbox.minLat + g.bbox.maxLat) / 2;
    this.lonScale = Math.max(0.2, Math.cos((midLat * Math.PI) / 180));
    const counts = new Map<number, number>();
    const cellsOf = (i: number, cb: (c: number) => void) => {
      const e = this.segEdge[this.pieceRoad[i]];
      const k = this.pieceK[i];
      const [aLat, aLon, bLat, bLon] = [g.pointLat(e, k), g.pointLon(e, k), g.pointLat(e, k + 1), g.pointLon(e, k + 1)];
      const x0 = this.cx(Math.min(aLon, bLon));
      const x1 = this.cx(Math.max(aLon, bLon));
      const y0 = this.cy(Math.min(aLat, bLat));
      const y1 = this.cy(Math.max(aLat, bLat));
      for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) cb(this.key(x, y));
    };
    for (let i = 0; i < pieces; i++) cellsOf(i, (c) => counts.set(c, (counts.get(c) ?? 0) + 1));
    const start = new Map<number, number>();
    let total = 0;
    for (const [c, k] of counts) {
      start.set(c, total);
      total += k;
    }
    const fill = new Map<number, number>();
    const items = new Uint32Array(total);
    for (let i = 0; i < pieces; i++)
      cellsOf(i, (c) => {
        const f = fill.get(c) ?? 0;
        items[start.get(c)! + f] = i;
        fill.set(c, f + 1);
      });
    this.cellStart = start;
    this.cellCount = counts;
    this.cellItems = items;
  }

  /**
   * Roads within maxDist metres of the point, nearest first, filtered by `accept(edge, seg)` (seg:
   * the segment of the edge's polyline). At most `limit` results, one per road: its nearest segment.
   */
  nearest(lat: number, lon: number, maxDist: number, limit: number, accept: (edge: number, seg: number) => boolean): Phantom[] {
    const g = this.g;
    const cellM = CELL_DEG * 111_320;
    const rings = Math.ceil(maxDist / cellM) + 1;
    const x0 = this.cx(lon);
    const y0 = this.cy(lat);
    const out: Phantom[] = [];
    const seen = new Set<number>();
    /** Road -> its entry in `out`. */
    const found = new Map<number, number>();
    const cosLat = Math.cos(lat * DEG);
    // Farthest a segment may lie and still matter: the limit, or the best match when only one is wanted.
    let reach = maxDist;
    for (let r = 0; r <= rings; r++) {
      // ring r: cells at Chebyshev distance r
      for (let x = x0 - r; x <= x0 + r; x++) {
        for (let y = y0 - r; y <= y0 + r; y++) {
          if (Math.max(Math.abs(x - x0), Math.abs(y - y0)) !== r) continue;
          const key = this.key(x, y);
          const st = this.cellStart.get(key);
          if (st === undefined) continue;
          const cnt = this.cellCount.get(key)!;
          for (let i = st; i < st + cnt; i++) {
            const piece = this.cellItems[i];
            if (seen.has(piece)) continue;
            seen.add(piece);
            const road = this.pieceRoad[piece];
            const e = this.segEdge[road];
            const k = this.pieceK[piece];
            const [aLat, aLon, bLat, bLon] = [g.pointLat(e, k), g.pointLon(e, k), g.pointLat(e, k + 1), g.pointLon(e, k + 1)];
            if (flatDistance(lat, lon, cosLat, aLat, aLon, bLat, bLon) > FLAT_SLACK * reach + 1) continue;
            const p = projectOnSegment(lat, lon, aLat, aLon, bLat, bLon);
            if (p.dist > maxDist) continue;
            const prev = found.get(road);
            if (prev !== undefined && out[prev].dist <= p.dist) continue;
            if (!accept(e, k)) continue;
            if (limit === 1 && p.dist < reach) reach = p.dist;
            const ph = {
              edge: e,
              twin: g.twin[e],
              u: g.tail[e],
              v: g.data.head[e],
              t: edgeFraction(g, e, k, p.t),
              seg: k,
              lat: p.lat,
              lon: p.lon,
              dist: p.dist,
            };
            if (prev !== undefined) out[prev] = ph;
            else found.set(road, out.push(ph) - 1);
          }
        }
      }
      // once we have enough results closer than the ring's inner distance, stop
      if (out.length >= limit) {
        const sorted = [...out].sort((a, b) => a.dist - b.dist);
        const inner = r * cellM * 0.9;
        if (sorted[limit - 1].dist <= inner) break;
      }
    }
    out.sort((a, b) => a.dist - b.dist);
    return out.length > limit ? out.slice(0, limit) : out;
  }

  private cx(lon: number): number {
    return Math.floor((lon * this.lonScale) / CELL_DEG);
  }

  private cy(lat: number): number {
    return Math.floor(lat / CELL_DEG);
  }

  private key(x: number, y: number): number {
    return (x + 200000) * 400000 + (y + 200000);
  }
}

/** Fraction of edge e's length before fraction `t` of its segment k (lengths as the builder summed them). */
export function edgeFraction(g: RoadGraph, e: number, k: number, t: number): number {
  const n = g.pointCount(e);
  if (n === 2) return t;
  let before = 0;
  let total = 0;
  for (let i = 0; i + 1 < n; i++) {
    const l = greatCircleMeters(g.pointLat(e, i), g.pointLon(e, i), g.pointLat(e, i + 1), g.pointLon(e, i + 1));
    if (i < k) before += l;
    else if (i === k) before += t * l;
    total += l;
  }
  return total > 0 ? before / total : 0;
}
