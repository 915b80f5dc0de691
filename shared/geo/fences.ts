import { circleBounds, type Circle } from './circle';
import { DEG, EARTH_RADIUS_M } from './constants';
import { badRequest } from './errors';
import { normalizePolygonInput } from './polygon';
import { orient2dExact } from './predicates';
import { antimeridianShift, continuousLon } from './ring';
import type { LatLon } from './types';

/** Geofence as stored, reduced to what containment needs. */
export type FenceInput =
  | { id: string; type: 'circle'; center: LatLon; radius: number }
  /** Polygon and isochrone fences: `geojson` is the stored (already validated) polygon, any
   *  shape normalizePolygonInput accepts. Only the outer ring is used. */
  | { id: string; type: 'polygon' | 'isochrone'; geojson: unknown };

interface Bounds {
  minLon: number;
  maxLon: number;
  minLat: number;
  maxLat: number;
}

export interface CompiledCircleFence extends Bounds {
  kind: 'circle';
  id: string;
  lat: number;
  lon: number;
  radius: number;
  cosLat: number;
}

/**
 * A polygon compiled for fast containment: continuous-longitude ring, bounding box, and a
 * y-strip edge index. The latitude range [minLat, maxLat] is cut into `strips` equal strips; each
 * strip lists (as a flat Float64Array of ax, ay, bx, by) every edge whose latitude range meets
 * it. A point test only scans the edges of its strip: O(n / strips + edges spanning the strip).
 * The strip index is built lazily, on the first point that passes the bounding-box prefilter,
 * so fences that no point comes near cost one pass over their coordinates.
 */
export interface CompiledPolygonFence extends Bounds {
  kind: 'polygon';
  id: string;
  vertices: number;
  /** Ring, continuous longitudes, closed (vertices + 1 entries). */
  xs: Float64Array;
  ys: Float64Array;
  options: CompileOptions;
  /** Index (null until first needed; see ensureStripIndex). */
  index: StripIndex | null;
}

export interface StripIndex {
  strips: number;
  invStripHeight: number;
  stripStart: Int32Array;
  stripEdges: Float64Array;
}

export type CompiledFence = CompiledCircleFence | CompiledPolygonFence;

export interface CompileOptions {
  /** Target average number of edges per strip (default 2). */
  edgesPerStrip?: number;
  /** Upper bound on strips per polygon (default 4096). */
  maxStrips?: number;
  /** Bound on index size: at most about this many strip entries per edge (default 4). */
  maxEntriesPerEdge?: number;
}

export function compileCircle(id: string, circle: Circle): CompiledCircleFence {
  const b = circleBounds(circle);
  return {
    kind: 'circle',
    id,
    lat: circle.center.lat,
    lon: circle.center.lon,
    radius: circle.radius,
    cosLat: Math.cos(circle.center.lat * DEG),
    ...b,
  };
}

/**
 * Flat, continuous-longitude copy of a ring (same rules as prepareRing: consecutive duplicates
 * dropped, closed, each edge takes the shorter way round, minLon shifted into [-180, 180)).
 */
function flatRing(raw: ArrayLike<ArrayLike<number>>): {
  xs: Float64Array;
  ys: Float64Array;
  n: number;
  minLon: number;
  maxLon: number;
  minLat: number;
  maxLat: number;
} {
  const m = raw.length;
  const xs = new Float64Array(m + 1),
    ys = new Float64Array(m + 1);
  let n = 0;
  let crosses = false;
  for (let i = 0; i < m; i++) {
    const p = raw[i];
    let x = p[0];
    const y = p[1];
    if (n > 0) {
      const px = xs[n - 1];
      x = continuousLon(x, px);
      if (x !== p[0]) crosses = true;
      if (x === px && y === ys[n - 1]) continue;
    }
    xs[n] = x;
    ys[n] = y;
    n++;
  }
  if (n > 0 && (xs[n - 1] !== xs[0] || ys[n - 1] !== ys[0])) {
    // Not closed in continuous longitudes: close it (rings around a pole end up here too; they are refused at validation).
    xs[n] = xs[0];
    ys[n] = ys[0];
    n++;
  }
  let minLon = Infinity,
    maxLon = -Infinity,
    minLat = Infinity,
    maxLat = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = xs[i],
      y = ys[i];
    if (x < minLon) minLon = x;
    if (x > maxLon) maxLon = x;
    if (y < minLat) minLat = y;
    if (y > maxLat) maxLat = y;
  }
  const shift = crosses ? antimeridianShift(minLon) : 0;
  if (shift !== 0) {
    for (let i = 0; i < n; i++) xs[i] += shift;
    minLon += shift;
    maxLon += shift;
  }
  return { xs, ys, n, minLon, maxLon, minLat, maxLat };
}

export function compilePolygon(id: string, geojson: unknown, options: CompileOptions = {}): CompiledPolygonFence {
  const poly = normalizePolygonInput(geojson);
  const raw = (poly.coordinates as number[][][])[0] ?? [];
  const { xs, ys, n, minLon, maxLon, minLat, maxLat } = flatRing(raw);
  return { kind: 'polygon', id, vertices: Math.max(0, n - 1), xs, ys, options, index: null, minLon, maxLon, minLat, maxLat };
}

/** Builds (once) and returns the strip index of a compiled polygon. */
export function ensureStripIndex(f: CompiledPolygonFence): StripIndex {
  if (f.index) return f.index;
  const { xs, ys, minLat, maxLat, options } = f;
  const nEdges = f.vertices;
  const height = maxLat - minLat;
  const perStrip = options.edgesPerStrip ?? 2;
  // Strip count: about nEdges / perStrip, but bounded so that the index holds at most
  // ~maxEntriesPerEdge entries per edge (edges spanning many strips are stored in each).
  let sumEdgeHeight = 0;
  for (let i = 0; i < nEdges; i++) sumEdgeHeight += Math.abs(ys[i + 1] - ys[i]);
  const maxEntries = (options.maxEntriesPerEdge ?? 4) * nEdges;
  let strips = Math.ceil(nEdges / perStrip);
  if (sumEdgeHeight > 0 && height > 0) strips = Math.min(strips, Math.floor(((maxEntries - nEdges) * height) / sumEdgeHeight));
  strips = Math.max(1, Math.min(options.maxStrips ?? 4096, strips));
  if (!(height > 0)) strips = 1;
  const inv = strips > 1 ? strips / height : 0;
  const s0s = new Int32Array(nEdges),
    s1s = new Int32Array(nEdges);
  const counts = new Int32Array(strips + 1);
  for (let i = 0; i < nEdges; i++) {
    const ya = ys[i],
      yb = ys[i + 1];
    let s0 = Math.floor(((ya < yb ? ya : yb) - minLat) * inv);
    let s1 = Math.floor(((ya < yb ? yb : ya) - minLat) * inv);
    if (s0 < 0) s0 = 0;
    else if (s0 >= strips) s0 = strips - 1;
    if (s1 < 0) s1 = 0;
    else if (s1 >= strips) s1 = strips - 1;
    s0s[i] = s0;
    s1s[i] = s1;
    for (let s = s0; s <= s1; s++) counts[s + 1]++;
  }
  for (let s = 0; s < strips; s++) counts[s + 1] += counts[s];
  const stripStart = counts;
  const fill = stripStart.slice(0, strips);
  const stripEdges = new Float64Array(stripStart[strips] * 4);
  for (let i = 0; i < nEdges; i++) {
    const ax = xs[i],
      ay = ys[i],
      bx = xs[i + 1],
      by = ys[i + 1];
    for (let s = s0s[i]; s <= s1s[i]; s++) {
      const k = fill[s]++ * 4;
      stripEdges[k] = ax;
      stripEdges[k + 1] = ay;
      stripEdges[k + 2] = bx;
      stripEdges[k + 3] = by;
    }
  }
  f.index = { strips, invStripHeight: inv, stripStart, stripEdges };
  return f.index;
}

export function compileFence(fence: FenceInput, options: CompileOptions = {}): CompiledFence {
  if (fence.type === 'circle') return compileCircle(fence.id, { center: fence.center, radius: fence.radius });
  return compilePolygon(fence.id, fence.geojson, options);
}

const EPSILON = 2 ** -53;
const CCW_ERR_BOUND_A = (3 + 16 * EPSILON) * EPSILON;
const TINY = 2 ** -900;

/** Boundary-inclusive exact point-in-polygon on a compiled polygon; (px, py) already in the fence's longitude frame. */
export function polygonFenceContainsXY(f: CompiledPolygonFence, px: number, py: number): boolean {
  if (py < f.minLat || py > f.maxLat || px < f.minLon || px > f.maxLon) return false;
  const ix = f.index ?? ensureStripIndex(f);
  let s = Math.floor((py - f.minLat) * ix.invStripHeight);
  if (s < 0) s = 0;
  else if (s >= ix.strips) s = ix.strips - 1;
  const e = ix.stripEdges;
  const end = ix.stripStart[s + 1] * 4;
  let inside = false;
  for (let k = ix.stripStart[s] * 4; k < end; k += 4) {
    const ay = e[k + 1],
      by = e[k + 3];
    const aAbove = ay > py,
      bAbove = by > py;
    if (aAbove !== bAbove) {
      const ax = e[k],
        bx = e[k + 2];
      // Edge straddles the horizontal line through p. Entirely left of p: no crossing of the
      // rightward ray; entirely right: a crossing; otherwise decide with the orientation.
      if (ax < px && bx < px) continue;
      if (ax > px && bx > px) {
        inside = !inside;
        continue;
      }
      // orient2d(a, b, p) with Shewchuk's filter, exact fallback.
      const detleft = (ax - px) * (by - py);
      const detright = (ay - py) * (bx - px);
      const det = detleft - detright;
      let o: number;
      const sum = Math.abs(detleft) + Math.abs(detright);
      const bound = CCW_ERR_BOUND_A * sum;
      if (sum < TINY)
        o = orient2dExact(ax, ay, bx, by, px, py); // underflow: the filter does not apply
      else if (det > bound) o = 1;
      else if (-det > bound) o = -1;
      else if (detleft === 0 || detright === 0 || detleft > 0 !== detright > 0) o = det > 0 ? 1 : det < 0 ? -1 : 0;
      else o = orient2dExact(ax, ay, bx, by, px, py);
      if (o === 0) return true; // on the boundary
      if (bAbove === o > 0) inside = !inside;
    } else if (ay === py || by === py) {
      const ax = e[k],
        bx = e[k + 2];
      if (px >= (ax < bx ? ax : bx) && px <= (ax < bx ? bx : ax) && orient2dExact(ax, ay, bx, by, px, py) === 0) return true;
    }
  }
  return inside;
}

/** Longitude of the point in the fence's continuous frame, or NaN when outside its longitude range. */
function frameLon(f: Bounds, lon: number): number {
  if (lon >= f.minLon && lon <= f.maxLon) return lon;
  const up = lon + 360;
  if (up >= f.minLon && up <= f.maxLon) return up;
  const down = lon - 360;
  if (down >= f.minLon && down <= f.maxLon) return down;
  return NaN;
}

/** Exact test of one point against one compiled fence (boundary inclusive). */
export function fenceContains(f: CompiledFence, p: LatLon): boolean {
  if (p.lat < f.minLat || p.lat > f.maxLat) return false;
  const x = frameLon(f, p.lon);
  if (Number.isNaN(x)) return false;
  if (f.kind === 'polygon') {
    if (polygonFenceContainsXY(f, x, p.lat)) return true;
    // A point exactly at lon +/-180 may also match the other representation.
    if (p.lon === 180 || p.lon === -180) {
      const x2 = frameLon(f, -p.lon);
      return !Number.isNaN(x2) && polygonFenceContainsXY(f, x2, p.lat);
    }
    return false;
  }
  return circleContainsFast(f, p.lat, p.lon);
}

function circleContainsFast(f: CompiledCircleFence, lat: number, lon: number): boolean {
  const phi2 = lat * DEG;
  const s1 = Math.sin((phi2 - f.lat * DEG) / 2);
  const s2 = Math.sin(((lon - f.lon) * DEG) / 2);
  const h = s1 * s1 + f.cosLat * Math.cos(phi2) * s2 * s2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h))) <= f.radius;
}

export interface FenceContainment {
  id: string;
  /** contain[i] tells whether location i lies inside (boundary inclusive). */
  contain: boolean[];
}

/** Wire shape of GET /geofence/contain `data.result_list[]` (without geofence_detail). */
export interface ContainResultItem {
  geofence_id: string;
  result: Array<{ contain: boolean; location_index: number }>;
}

export interface FenceSet {
  readonly fences: readonly CompiledFence[];
  readonly ids: readonly string[];
  /** For each fence (in input order), for each location index, whether it is inside. */
  contains(points: readonly LatLon[]): FenceContainment[];
  /** Same, in the wire shape of `data.result_list`. */
  resultList(points: readonly LatLon[]): ContainResultItem[];
}

/**
 * Compiles fences for repeated containment queries. Accepts raw fence records or already
 * compiled fences (so a service can cache compiled fences by id + updated_at and assemble a
 * set per request cheaply). Prefilter: each fence's bounding box; then the exact test
 * (great-circle distance for circles, strip-indexed exact crossing test for polygons).
 */
export function compileFences(fences: ReadonlyArray<FenceInput | CompiledFence>, options: CompileOptions = {}): FenceSet {
  const compiled: CompiledFence[] = fences.map((f) => ('kind' in f ? f : compileFence(f, options)));
  const ids = compiled.map((f) => f.id);
  const contains = (points: readonly LatLon[]): FenceContainment[] => {
    const n = points.length;
    const lats = new Float64Array(n),
      lons = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      lats[i] = points[i].lat;
      lons[i] = points[i].lon;
    }
    const out: FenceContainment[] = new Array(compiled.length);
    for (let fi = 0; fi < compiled.length; fi++) {
      const f = compiled[fi];
      const row: boolean[] = new Array(n).fill(false);
      for (let i = 0; i < n; i++) {
        const lat = lats[i];
        if (lat < f.minLat || lat > f.maxLat) continue;
        const lon = lons[i];
        if (f.kind === 'circle') {
          row[i] = circleContainsFast(f, lat, lon);
          continue;
        }
        let x = lon;
        if (x < f.minLon || x > f.maxLon) {
          x = frameLon(f, lon);
          if (x !== x) continue; // NaN
        }
        row[i] = polygonFenceContainsXY(f, x, lat) || ((lon === 180 || lon === -180) && fenceContains(f, { lat, lon }));
      }
      out[fi] = { id: f.id, contain: row };
    }
    return out;
  };
  return {
    fences: compiled,
    ids,
    contains,
    resultList(points) {
      return contains(points).map((r) => ({
        geofence_id: r.id,
        result: r.contain.map((c, i) => ({ contain: c, location_index: i })),
      }));
    },
  };
}

/** Most geofence x location pairs one contains request may ask for (a larger matrix is a 400). */
export const MAX_CONTAIN_PAIRS = 5000;

/** Throws a 400 GeoError when geofences x locations exceeds 5000 (check before any work). */
export function assertContainMatrixSize(fenceCount: number, locationCount: number): void {
  if (fenceCount * locationCount > MAX_CONTAIN_PAIRS) {
    throw badRequest(
      'invalid_argument',
      `geofences x locations is ${fenceCount} x ${locationCount} = ${fenceCount * locationCount}; it must not exceed ${MAX_CONTAIN_PAIRS}`,
    );
  }
}
