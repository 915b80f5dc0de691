/** Segment projection and box tests on the engine's coordinates (distances and bearings: shared/geo/sphere). */
import { DEG } from '../geo/constants';
import { greatCircleMeters } from '../geo/sphere';
import type { BBox } from './types';

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
  const k = Math.cos(pLat * DEG);
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
  return { t, lat, lon, dist: greatCircleMeters(pLat, pLon, lat, lon) };
}

export function bboxContains(b: BBox, lat: number, lon: number): boolean {
  return lat >= b.minLat && lat <= b.maxLat && lon >= b.minLon && lon <= b.maxLon;
}

export function bboxArea(b: BBox): number {
  return Math.max(0, b.maxLat - b.minLat) * Math.max(0, b.maxLon - b.minLon);
}
