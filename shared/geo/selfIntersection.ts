import { orient2d, segmentIntersection, type SegmentIntersection } from './predicates';
import type { LonLat } from './types';

export interface SelfIntersection {
  /** Segment i joins vertex i and vertex i+1 of the ring; i < j. */
  i: number;
  j: number;
  kind: Exclude<SegmentIntersection, 'none'>;
  /** True when the two segments share a vertex in the ring (the defect is a spike / fold-back). */
  adjacent: boolean;
}

/**
 * Finds self-intersections of a closed ring (last == first, no consecutive duplicates) in the
 * plane, exactly (robust orientation predicates). Non-adjacent segments may not meet at all
 * (crossing, touching at a point, or collinear overlap); adjacent segments may only share their
 * common vertex (a fold-back along the same line is reported as 'overlap').
 *
 * Sort-and-sweep on x: O(n log n + k) for typical rings, O(n^2) worst case.
 * Returns at most `limit` intersections (default 1), the lowest (i, j) first among those found.
 */
export function findSelfIntersections(ring: readonly LonLat[], limit = 1): SelfIntersection[] {
  const n = ring.length - 1; // number of segments
  const found: SelfIntersection[] = [];
  if (n < 3) return found;
  const order = Array.from({ length: n }, (_, i) => i);
  const minX = new Float64Array(n),
    maxX = new Float64Array(n),
    minY = new Float64Array(n),
    maxY = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = ring[i],
      b = ring[i + 1];
    minX[i] = Math.min(a[0], b[0]);
    maxX[i] = Math.max(a[0], b[0]);
    minY[i] = Math.min(a[1], b[1]);
    maxY[i] = Math.max(a[1], b[1]);
  }
  order.sort((p, q) => minX[p] - minX[q]);
  let active: number[] = [];
  const isAdjacent = (i: number, j: number): boolean => {
    const d = Math.abs(i - j);
    return d === 1 || d === n - 1;
  };
  const collect = (s: SelfIntersection) => {
    found.push(s);
  };
  for (const cur of order) {
    const x0 = minX[cur];
    active = active.filter((k) => maxX[k] >= x0);
    for (const other of active) {
      if (maxY[other] < minY[cur] || maxY[cur] < minY[other]) continue;
      const i = Math.min(cur, other),
        j = Math.max(cur, other);
      if (isAdjacent(i, j)) {
        // Shared vertex v; the other end points a (of one segment) and c (of the other).
        let v: LonLat, a: LonLat, c: LonLat;
        if (j - i === 1) {
          v = ring[j];
          a = ring[i];
          c = ring[j + 1];
        } else {
          v = ring[0];
          a = ring[1];
          c = ring[n - 1];
        } // i = 0, j = n - 1
        if (
          orient2d(a[0], a[1], v[0], v[1], c[0], c[1]) === 0 &&
          Math.sign(a[0] - v[0]) === Math.sign(c[0] - v[0]) &&
          Math.sign(a[1] - v[1]) === Math.sign(c[1] - v[1])
        ) {
          collect({ i, j, kind: 'overlap', adjacent: true });
        }
        continue;
      }
      const p1 = ring[i],
        p2 = ring[i + 1],
        q1 = ring[j],
        q2 = ring[j + 1];
      const kind = segmentIntersection(p1[0], p1[1], p2[0], p2[1], q1[0], q1[1], q2[0], q2[1]);
      if (kind !== 'none') collect({ i, j, kind, adjacent: false });
    }
    if (found.length >= limit * 4 && found.length >= 16) break;
    active.push(cur);
  }
  found.sort((p, q) => p.i - q.i || p.j - q.j);
  return found.slice(0, limit);
}
