/** Small spherical geometry helpers (WGS84 sphere, metres). */
import type { BBox, LatLon } from './types';

import { EARTH_RADIUS_M } from '../geo/constants';
export { EARTH_RADIUS_M };
const RAD = Math.PI / 180;

import { greatCircleMeters as haversine } from '../geo/sphere';
export { haversine };

export function distance(a: LatLon, b: LatLon): number {
  return haversine(a.lat, a.lon, b.lat, b.lon);
}

/** Initial bearing from 1 to 2, degrees 0..360 clockwise from north. */
export function bearing(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const p1 = lat1 * RAD;
  const p2 = lat2 * RAD;
  const dl = (lon2 - lon1) * RAD;
  const y = Math.sin(dl) * Math.cos(p2);
  const x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(dl);
  const b = Math.atan2(y, x) / RAD;
  return (b + 360) % 360;
}

/**
 * Projection of P onto segment AB in a local equirectangular frame.
 * Returns the fraction t in [0,1], the projected point and the distance in metres.
 */
export function projectOnSegment(
  pLat: number,
  pLon: number,
  aLat: number,
  aLon: number,
  bLat: number,
  bLon: number,
): { t: number; lat: number; lon: number; dist: number } {
  const k = Math.cos(pLat * RAD);
  const ax = (aLon - pLon) * k;
  const ay = aLat - pLat;
  const bx = (bLon - pLon) * k;
  const by = bLat - pLat;
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? -(ax * dx + ay * dy) / len2 : 0;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  const lat = aLat + (bLat - aLat) * t;
  const lon = aLon + (bLon - aLon) * t;
  return { t, lat, lon, dist: haversine(pLat, pLon, lat, lon) };
}

export function bboxContains(b: BBox, lat: number, lon: number): boolean {
  return lat >= b.minLat && lat <= b.maxLat && lon >= b.minLon && lon <= b.maxLon;
}

export function bboxArea(b: BBox): number {
  return Math.max(0, b.maxLat - b.minLat) * Math.max(0, b.maxLon - b.minLon);
}
