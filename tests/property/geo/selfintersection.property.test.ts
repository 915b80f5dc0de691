import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findSelfIntersection, orient2dExact, segmentIntersection, type LonLat } from '../../../shared/geo';

// The sweep reports one intersection; the reference tests every pair of segments. They must
// agree on whether the ring is simple, and the pair the sweep names must really meet.

const RUNS = Number(process.env.GEO_PROPERTY_RUNS ?? 0) || undefined;

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

function closedRing(points: Array<[number, number]>): LonLat[] {
  const ring: LonLat[] = [];
  for (const [x, y] of points) {
    const prev = ring[ring.length - 1];
    if (!prev || prev[0] !== x || prev[1] !== y) ring.push([x, y]);
  }
  while (ring.length > 1 && ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1]) ring.pop();
  ring.push([ring[0][0], ring[0][1]]);
  return ring;
}

function agrees(ring: LonLat[]): void {
  const want = bruteForce(ring);
  const got = findSelfIntersection(ring);
  if (want.length === 0) {
    expect(got).toBeNull();
    return;
  }
  expect(got).not.toBeNull();
  expect(want).toContainEqual([got!.i, got!.j]);
}

const point = (max: number) => fc.tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max }));

// Small integer grids: many collinear, touching and overlapping configurations.
const gridRing = (max: number, maxLength: number) =>
  fc
    .array(point(max), { minLength: 3, maxLength })
    .map(closedRing)
    .filter((r) => r.length >= 4);

describe('self-intersection sweep == O(n^2) brute force', () => {
  it('integer-grid rings (degenerate cases)', () => {
    fc.assert(fc.property(gridRing(5, 12), agrees), { numRuns: RUNS ?? 1500 });
  });
  it('larger grids with longer rings', () => {
    fc.assert(fc.property(gridRing(40, 40), agrees), { numRuns: RUNS ?? 300 });
  });
  it('simple rings (star-shaped around a centre) are never reported', () => {
    const star = fc
      .uniqueArray(fc.integer({ min: 0, max: 359 }), { minLength: 3, maxLength: 60 })
      .chain((angles) =>
        fc.tuple(
          fc.constant([...angles].sort((a, b) => a - b)),
          fc.array(fc.double({ min: 0.1, max: 10, noNaN: true }), { minLength: 60, maxLength: 60 }),
        ),
      )
      .map(([angles, radii]) =>
        closedRing(angles.map((a, k) => [radii[k] * Math.cos((a * Math.PI) / 180), radii[k] * Math.sin((a * Math.PI) / 180)])),
      );
    fc.assert(
      fc.property(star, (ring) => {
        fc.pre(ring.length >= 4);
        agrees(ring);
      }),
      { numRuns: RUNS ?? 300 },
    );
  });
  it('random real-valued rings', () => {
    const ring = fc
      .array(fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })), {
        minLength: 3,
        maxLength: 25,
      })
      .map(closedRing)
      .filter((r) => r.length >= 4);
    fc.assert(fc.property(ring, agrees), { numRuns: RUNS ?? 300 });
  });
});
