/** Uniform grid over road segments for snapping points to the nearest usable segment. */
import { DEG, EARTH_RADIUS_M } from '../geo/constants';
import { projectOnSegment } from './geo';
import type { RoadGraph } from './graph';

/** A point projected onto a segment. `edge` is the u->v edge id (u = tail). */
export interface Phantom {
  /** Representative directed edge of the segment (its tail is `u`). */
  edge: number;
  /** Reverse edge, -1 when the segment is one-way. */
  twin: number;
  u: number;
  v: number;
  /** Fraction along u->v, 0..1. */
  t: number;
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
  /** Segment representative edges. */
  readonly segEdge: Uint32Array;
  private cellStart: Map<number, number>;
  private cellItems: Uint32Array;
  private cellCount: Map<number, number>;
  private lonScale: number;

  constructor(g: RoadGraph) {
    this.g = g;
    const { tail, twin } = g;
    const head = g.data.head;
    const lat = g.data.lat;
    const lon = g.data.lon;
    const segs: number[] = [];
    for (let e = 0; e < g.edgeCount; e++) if (twin[e] === -1 || e < twin[e]) segs.push(e);
    this.segEdge = Uint32Array.from(segs);
    const midLat = (g.bbox.minLat + g.bbox.maxLat) / 2;
    this.lonScale = Math.max(0.2, Math.cos((midLat * Math.PI) / 180));
    const counts = new Map<number, number>();
    const cellsOf = (s: number, cb: (c: number) => void) => {
      const e = this.segEdge[s];
      const a = tail[e];
      const b = head[e];
      const x0 = this.cx(Math.min(lon[a], lon[b]));
      const x1 = this.cx(Math.max(lon[a], lon[b]));
      const y0 = this.cy(Math.min(lat[a], lat[b]));
      const y1 = this.cy(Math.max(lat[a], lat[b]));
      for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) cb(this.key(x, y));
    };
    for (let s = 0; s < segs.length; s++) cellsOf(s, (c) => counts.set(c, (counts.get(c) ?? 0) + 1));
    const start = new Map<number, number>();
    let total = 0;
    for (const [c, k] of counts) {
      start.set(c, total);
      total += k;
    }
    const fill = new Map<number, number>();
    const items = new Uint32Array(total);
    for (let s = 0; s < segs.length; s++)
      cellsOf(s, (c) => {
        const f = fill.get(c) ?? 0;
        items[start.get(c)! + f] = s;
        fill.set(c, f + 1);
      });
    this.cellStart = start;
    this.cellCount = counts;
    this.cellItems = items;
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

  /**
   * Segments within maxDist metres of the point, nearest first, filtered by `accept(edge)`.
   * At most `limit` results (one per segment).
   */
  nearest(lat: number, lon: number, maxDist: number, limit: number, accept: (seg: number) => boolean): Phantom[] {
    const g = this.g;
    const cellM = CELL_DEG * 111_320;
    const rings = Math.ceil(maxDist / cellM) + 1;
    const x0 = this.cx(lon);
    const y0 = this.cy(lat);
    const out: Phantom[] = [];
    const seen = new Set<number>();
    const cosLat = Math.cos(lat * DEG);
    // Farthest a segment may lie and still matter: the limit, or the best match when only one is wanted.
    let reach = maxDist;
    for (let r = 0; r <= rings; r++) {
      // ring r: cells at Chebyshev distance r
      for (let x = x0 - r; x <= x0 + r; x++) {
        for (let y = y0 - r; y <= y0 + r; y++) {
          if (Math.max(Math.abs(x - x0), Math.abs(y - y0)) !== r) continue;
          const k = this.key(x, y);
          const st = this.cellStart.get(k);
          if (st === undefined) continue;
          const cnt = this.cellCount.get(k)!;
          for (let i = st; i < st + cnt; i++) {
            const s = this.cellItems[i];
            if (seen.has(s)) continue;
            seen.add(s);
            const e = this.segEdge[s];
            const u = g.tail[e];
            const v = g.data.head[e];
            if (flatDistance(lat, lon, cosLat, g.data.lat[u], g.data.lon[u], g.data.lat[v], g.data.lon[v]) > FLAT_SLACK * reach + 1)
              continue;
            if (!accept(e)) continue;
            const p = projectOnSegment(lat, lon, g.data.lat[u], g.data.lon[u], g.data.lat[v], g.data.lon[v]);
            if (p.dist > maxDist) continue;
            if (limit === 1 && p.dist < reach) reach = p.dist;
            out.push({ edge: e, twin: g.twin[e], u, v, t: p.t, lat: p.lat, lon: p.lon, dist: p.dist });
          }
        }
      }
      // once we have enough results closer than the ring's inner distance, stop
      if (out.length >= limit) {
        out.sort((a, b) => a.dist - b.dist);
        const inner = r * cellM * 0.9;
        if (out[limit - 1].dist <= inner) break;
      }
    }
    out.sort((a, b) => a.dist - b.dist);
    return out.length > limit ? out.slice(0, limit) : out;
  }
}
