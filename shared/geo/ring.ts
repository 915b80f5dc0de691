import { onSegment, orient2d } from './predicates';
import type { LonLat } from './types';

/**
 * A ring prepared for planar lon/lat computations: longitudes made continuous across the
 * antimeridian (each edge takes the shorter way round, i.e. |delta lon| <= 180), then the whole
 * ring shifted by a multiple of 360 so that minLon is in [-180, 180). maxLon may exceed 180
 * for rings that cross the antimeridian. Rings that do not cross are kept bit-for-bit.
 */
export interface PreparedRing {
  /** Closed ring (last == first) in continuous longitudes. */
  coords: LonLat[];
  minLon: number;
  maxLon: number;
  minLat: number;
  maxLat: number;
  crossesAntimeridian: boolean;
  /** True when the unwrapped ring does not close: it winds around a pole. */
  enclosesPole: boolean;
}

export function prepareRing(ring: readonly LonLat[]): PreparedRing {
  const coords: LonLat[] = [];
  let crosses = false;
  let prev = ring[0][0];
  coords.push([ring[0][0], ring[0][1]]);
  for (let i = 1; i < ring.length; i++) {
    const lon = continuousLon(ring[i][0], prev);
    if (lon !== ring[i][0]) crosses = true;
    coords.push([lon, ring[i][1]]);
    prev = lon;
  }
  const last = coords[coords.length - 1];
  const first = coords[0];
  const enclosesPole = ring.length > 1 && last[0] !== first[0];
  if (enclosesPole) last[0] = first[0];
  let minLon = Infinity,
    maxLon = -Infinity,
    minLat = Infinity,
    maxLat = -Infinity;
  for (const [x, y] of coords) {
    if (x < minLon) minLon = x;
    if (x > maxLon) maxLon = x;
    if (y < minLat) minLat = y;
    if (y > maxLat) maxLat = y;
  }
  const shift = crosses ? antimeridianShift(minLon) : 0;
  if (shift !== 0) {
    for (const c of coords) c[0] += shift;
    minLon += shift;
    maxLon += shift;
  }
  return { coords, minLon, maxLon, minLat, maxLat, crossesAntimeridian: crosses && maxLon > 180, enclosesPole };
}

/** `lon` moved by whole turns so that the edge from `prev` takes the shorter way round. */
export function continuousLon(lon: number, prev: number): number {
  const d = lon - prev;
  if (d > 180) return lon - 360 * Math.ceil((d - 180) / 360);
  if (d < -180) return lon + 360 * Math.ceil((-d - 180) / 360);
  return lon;
}

/** Whole turns that bring an unwrapped ring's minLon into [-180, 180). */
export function antimeridianShift(minLon: number): number {
  return minLon < -180 || minLon >= 180 ? -360 * Math.floor((minLon + 180) / 360) : 0;
}

/**
 * Exact point-in-ring test in the plane, boundary inclusive (a point on an edge or a vertex is
 * inside). Crossing-number with the half-open rule and exact orientation predicates.
 * `coords` holds the closed ring ([x, y] positions, n+1 entries, last == first).
 */
export function pointInRingXY(coords: readonly (readonly number[])[], px: number, py: number): boolean {
  let inside = false;
  for (let i = 0; i + 1 < coords.length; i++) {
    const ax = coords[i][0],
      ay = coords[i][1],
      bx = coords[i + 1][0],
      by = coords[i + 1][1];
    if (ay > py !== by > py) {
      const o = orient2d(ax, ay, bx, by, px, py);
      if (o === 0) return true;
      if (by > ay === o > 0) inside = !inside;
    } else if (ay === py || by === py) {
      // Edge touches the horizontal line y = py at an end point or lies on it.
      if (
        px >= Math.min(ax, bx) &&
        px <= Math.max(ax, bx) &&
        py >= Math.min(ay, by) &&
        py <= Math.max(ay, by) &&
        orient2d(ax, ay, bx, by, px, py) === 0
      )
        return true;
    }
  }
  return inside;
}

/**
 * Point-in-polygon for a prepared ring and a point given as lon/lat: tries the point's
 * longitude and longitude + 360 (for rings that extend past 180). Boundary inclusive.
 */
export function pointInPreparedRing(r: PreparedRing, lon: number, lat: number): boolean {
  if (lat < r.minLat || lat > r.maxLat) return false;
  // lon and lon +/- 360 (the latter matters only for lon = +/-180 exactly, or rings past 180).
  for (let k = -1; k <= 1; k++) {
    const x = lon + 360 * k;
    if (x >= r.minLon && x <= r.maxLon && pointInRingXY(r.coords, x, lat)) return true;
  }
  return false;
}

/**
 * Point-in-polygon in the plane for GeoJSON-style rings (closed, the outer ring first, then
 * holes): inside the outer ring and strictly inside no hole. Every boundary point, a hole's
 * included, belongs to the polygon.
 */
export function pointInPolygonXY(rings: readonly (readonly (readonly number[])[])[], px: number, py: number): boolean {
  if (!rings.length || !pointInRingXY(rings[0], px, py)) return false;
  for (let h = 1; h < rings.length; h++) {
    if (pointInRingXY(rings[h], px, py) && !onRingBoundary(rings[h], px, py)) return false;
  }
  return true;
}

function onRingBoundary(coords: readonly (readonly number[])[], px: number, py: number): boolean {
  for (let i = 0; i + 1 < coords.length; i++) {
    if (onSegment(coords[i][0], coords[i][1], coords[i + 1][0], coords[i + 1][1], px, py)) return true;
  }
  return false;
}
