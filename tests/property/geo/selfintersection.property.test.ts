import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findSelfIntersections, orient2dExact, segmentIntersection, type LonLat } from '../../../shared/geo';

/** O(n^2) reference: every pair of segments, same rules as the sweep. */
function bruteForce(ring: LonLat[]): Array<[number, number]> {
  const n = ring.length - 1;
  const out: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const d = j - i;
      if (d === 1 || d === n - 1) {
        const [v, a, c] = d === 1 ? [ring[j], ring[i], ring[j + 1]] : [ring[0], ring[1], ring[n - 1]];
        const collinear = orient2dExact(a[0], a[1], v[0], v[1], c[0], c[1]) === 0;
        const sameDir = Math.sign(a[0] - v[0]) === Math.sign(c[0] - v[0]) && Math.sign(a[1] - v[1]) === Math.sign(c[1] - v[1]);
        if (collinear && sameDir) out.push([i, j]);
        continue;
      }
      const [p1, p2, q1, q2] = [ring[i], ring[i + 1], ring[j], ring[j + 1]];
      if (segmentIntersection(p1[0], p1[1], p2[0], p2[1], q1[0], q1[1], q2[0], q2[1]) !== 'none') out.push([i, j]);
    }
  }
  return out;
}

// Small integer grid: many collinear, touching and overlapping configurations.
const gridRing = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 })), { minLength: 3, maxLength: 10 })
  .map((pts) => {
    const ring: LonLat[] = [];
    for (const [x, y] of pts) {
      const prev = ring[ring.length - 1];
      if (!prev || prev[0] !== x || prev[1] !== y) ring.push([x, y]);
    }
    if (ring.length > 1 && ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1]) ring.pop();
    ring.push([ring[0][0], ring[0][1]]);
    return ring;
  })
  .filter((r) => r.length >= 4);

describe('self-intersection sweep == O(n^2) brute force', () => {
  it('integer-grid rings (degenerate cases)', () => {
    fc.assert(
      fc.property(gridRing, (ring) => {
        const got = findSelfIntersections(ring, 10_000).map((h) => [h.i, h.j] as [number, number]);
        const want = bruteForce(ring);
        expect(got.sort((a, b) => a[0] - b[0] || a[1] - b[1])).toEqual(want);
      }),
      { numRuns: 600 },
    );
  });
  it('random real-valued rings', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })), {
          minLength: 3,
          maxLength: 25,
        }),
        (pts) => {
          const ring: LonLat[] = pts.map(([x, y]) => [x, y]);
          ring.push([ring[0][0], ring[0][1]]);
          const dedup = ring.filter((p, k) => k === 0 || p[0] !== ring[k - 1][0] || p[1] !== ring[k - 1][1]);
          if (dedup.length < 4) return;
          const got = findSelfIntersections(dedup, 10_000).map((h) => [h.i, h.j] as [number, number]);
          expect(got.sort((a, b) => a[0] - b[0] || a[1] - b[1])).toEqual(bruteForce(dedup));
        },
      ),
      { numRuns: 300 },
    );
  });
});
