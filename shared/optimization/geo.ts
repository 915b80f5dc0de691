// Small geographic helpers of the optimization service ([lat, lon] pairs, as in the API).

import type { LatLonPair } from '../geo/types';

/** "lat,lon" to [lat, lon]; null when malformed or out of range. */
export function parseLatLon(text: string): LatLonPair | null {
  const parts = text.split(',');
  if (parts.length !== 2) return null;
  const [a, b] = parts.map((p) => p.trim());
  if (a === '' || b === '') return null;
  const lat = Number(a);
  const lon = Number(b);
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  if (lat < -90 || lat > 90 || lon < -180 || lon > 180) return null;
  return [lat, lon];
}

/** A client point `{lat, lon}` (or `lng`) as [lat, lon]; null without a longitude. */
export function pointLatLon(p: { lat: number; lon?: number; lng?: number }): LatLonPair | null {
  const lon = p.lon ?? p.lng;
  return lon === undefined ? null : [p.lat, lon];
}

/** Coordinates closer than this (degrees, about 1 cm) are one location. */
const SAME_POINT = 1e-7;

/** Index of the location at `p`, or -1. */
export function locationIndexOf(locations: LatLonPair[], p: LatLonPair): number {
  return locations.findIndex(([lat, lon]) => Math.abs(lat - p[0]) < SAME_POINT && Math.abs(lon - p[1]) < SAME_POINT);
}
