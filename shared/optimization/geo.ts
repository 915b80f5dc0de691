// Small geographic helpers of the optimization service ([lat, lon] pairs, as in the API).

export type LatLon = [number, number];

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
