import type { LonLat } from './types';

const cross = (o: LonLat, a: LonLat, b: LonLat) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/**
 * The convex hull of planar points as a closed counter-clockwise ring (Andrew's monotone chain),
 * or undefined when the points span no area (fewer than three distinct, or all on one line).
 * Lon/lat treated as a plane: meant for areas of a few kilometres, not continents.
 */
export function convexHull(points: readonly LonLat[]): LonLat[] | undefined {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const half = (list: LonLat[]) => {
    const out: LonLat[] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2], out[out.length - 1], p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  const ring = [...half(sorted), ...half([...sorted].reverse())];
  if (ring.length < 3) return undefined;
  return [...ring, ring[0]];
}
