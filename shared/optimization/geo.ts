// Small geographic helpers of the optimization service ([lat, lon] pairs, as in the API).

export type LatLon = [number, number];

const EARTH_RADIUS_M = 6371008.8;

/** "lat,lon" to [lat, lon]; null when malformed or out of range. */
export function parseLatLon(text: string): LatLon | null {
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

export function haversineMetres(a: LatLon, b: LatLon): number {
  const r = Math.PI / 180;
  const dLat = (b[0] - a[0]) * r;
  const dLon = (b[1] - a[1]) * r;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * r) * Math.cos(b[0] * r) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
