import { DEG, EARTH_RADIUS_M } from './constants';
import type { LatLon } from './types';

/** Normalizes a longitude to [-180, 180). */
export function normalizeLon(lon: number): number {
  if (lon >= -180 && lon < 180) return lon;
  const x = ((((lon + 180) % 360) + 360) % 360) - 180;
  return x;
}

/**
 * Great-circle distance in metres (haversine formula on a sphere of radius EARTH_RADIUS_M,
 * 6,371,008.8 m). Numerically stable for small and antipodal distances (clamped). The scalar
 * form is for hot loops over typed arrays; every distance in Waymark goes through it.
 */
export function greatCircleMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const phi1 = lat1 * DEG;
  const phi2 = lat2 * DEG;
  const s1 = Math.sin((phi2 - phi1) / 2);
  const s2 = Math.sin(((lon2 - lon1) * DEG) / 2);
  const h = s1 * s1 + Math.cos(phi1) * Math.cos(phi2) * s2 * s2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function haversineMeters(a: LatLon, b: LatLon): number {
  return greatCircleMeters(a.lat, a.lon, b.lat, b.lon);
}

/** Point reached from `start` after `distanceM` metres on initial bearing `bearingDeg` (great circle). */
export function destinationPoint(start: LatLon, bearingDeg: number, distanceM: number): LatLon {
  const delta = distanceM / EARTH_RADIUS_M;
  const theta = bearingDeg * DEG;
  const phi1 = start.lat * DEG;
  const lam1 = start.lon * DEG;
  const sinPhi2 = Math.sin(phi1) * Math.cos(delta) + Math.cos(phi1) * Math.sin(delta) * Math.cos(theta);
  const phi2 = Math.asin(Math.max(-1, Math.min(1, sinPhi2)));
  const y = Math.sin(theta) * Math.sin(delta) * Math.cos(phi1);
  const x = Math.cos(delta) - Math.sin(phi1) * sinPhi2;
  const lam2 = lam1 + Math.atan2(y, x);
  let lon = lam2 / DEG;
  if (lon < -180 || lon > 180) lon = normalizeLon(lon);
  return { lat: phi2 / DEG, lon };
}

/** Initial great-circle bearing from a to b in degrees [0, 360). */
export function initialBearing(a: LatLon, b: LatLon): number {
  const phi1 = a.lat * DEG;
  const phi2 = b.lat * DEG;
  const dLam = (b.lon - a.lon) * DEG;
  const y = Math.sin(dLam) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLam);
  return (Math.atan2(y, x) / DEG + 360) % 360;
}

/**
 * Point at fraction f (0..1) of the great-circle arc from a to b (spherical linear
 * interpolation). For coincident or antipodal endpoints returns a (resp. the linear midpoint).
 */
export function interpolateGreatCircle(a: LatLon, b: LatLon, f: number): LatLon {
  if (f <= 0 || (a.lat === b.lat && a.lon === b.lon)) return { lat: a.lat, lon: a.lon };
  if (f >= 1) return { lat: b.lat, lon: b.lon };
  const phi1 = a.lat * DEG,
    lam1 = a.lon * DEG,
    phi2 = b.lat * DEG,
    lam2 = b.lon * DEG;
  const x1 = Math.cos(phi1) * Math.cos(lam1),
    y1 = Math.cos(phi1) * Math.sin(lam1),
    z1 = Math.sin(phi1);
  const x2 = Math.cos(phi2) * Math.cos(lam2),
    y2 = Math.cos(phi2) * Math.sin(lam2),
    z2 = Math.sin(phi2);
  const dot = Math.max(-1, Math.min(1, x1 * x2 + y1 * y2 + z1 * z2));
  const omega = Math.acos(dot);
  if (omega < 1e-12) return { lat: a.lat, lon: a.lon };
  const so = Math.sin(omega);
  if (so < 1e-12) {
    // Antipodal: direction undefined; fall back to lat/lon linear interpolation.
    return { lat: a.lat + (b.lat - a.lat) * f, lon: normalizeLon(a.lon + (b.lon - a.lon) * f) };
  }
  const A = Math.sin((1 - f) * omega) / so;
  const B = Math.sin(f * omega) / so;
  const x = A * x1 + B * x2,
    y = A * y1 + B * y2,
    z = A * z1 + B * z2;
  return { lat: Math.atan2(z, Math.hypot(x, y)) / DEG, lon: Math.atan2(y, x) / DEG };
}

/** Sum of the haversine distances between consecutive points, metres. 0 for fewer than 2 points. */
export function trackLengthMeters(points: readonly LatLon[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += haversineMeters(points[i - 1], points[i]);
  return total;
}

export interface TrackPoint extends LatLon {
  /** Unix milliseconds (optional). */
  timestamp?: number;
}

export interface DensifiedPoint extends LatLon {
  timestamp?: number;
  /** True for points inserted by densification. */
  interpolated: boolean;
  /** Index of the original point this one is, or (for inserted points) follows. */
  originalIndex: number;
}

/**
 * Densifies a track (correction `interpolate=1`): between consecutive points farther apart than
 * `maxStepMeters`, inserts evenly spaced points on the great circle so no gap exceeds it.
 * Timestamps, when both neighbours have one, are interpolated linearly and rounded to ms.
 * Original points are kept unchanged. Throws RangeError when maxStepMeters <= 0.
 * At most `maxPoints` (default 100,000) points are produced; insertion stops there.
 */
export function densifyTrack(points: readonly TrackPoint[], maxStepMeters: number, maxPoints = 100_000): DensifiedPoint[] {
  if (!(maxStepMeters > 0)) throw new RangeError('maxStepMeters must be > 0');
  const out: DensifiedPoint[] = [];
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    if (i > 0) {
      const q = points[i - 1];
      const d = haversineMeters(q, p);
      const pieces = Math.ceil(d / maxStepMeters);
      for (let k = 1; k < pieces && out.length < maxPoints - (points.length - i); k++) {
        const f = k / pieces;
        const m = interpolateGreatCircle(q, p, f);
        const dp: DensifiedPoint = { lat: m.lat, lon: m.lon, interpolated: true, originalIndex: i - 1 };
        if (q.timestamp !== undefined && p.timestamp !== undefined) {
          dp.timestamp = Math.round(q.timestamp + (p.timestamp - q.timestamp) * f);
        }
        out.push(dp);
      }
    }
    const op: DensifiedPoint = { lat: p.lat, lon: p.lon, interpolated: false, originalIndex: i };
    if (p.timestamp !== undefined) op.timestamp = p.timestamp;
    out.push(op);
  }
  return out;
}
