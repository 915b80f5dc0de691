import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileFence, fenceContains, type CompiledFence } from '../../../shared/geo';
import { FenceIndex } from '../../../shared/monitors/fence-index';

// The grid index finds exactly the fences a brute-force scan finds, including
// points on boundaries, huge fences (the "large" list) and antimeridian fences.

const circleArb = fc.record({
  lat: fc.double({ min: -60, max: 60, noNaN: true }),
  lon: fc.double({ min: -179, max: 179, noNaN: true }),
  radius: fc.double({ min: 1, max: 200_000, noNaN: true }),
});
const boxArb = fc.record({
  west: fc.double({ min: -180, max: 179.9, noNaN: true }),
  south: fc.double({ min: -60, max: 59, noNaN: true }),
  w: fc.double({ min: 0.0001, max: 30, noNaN: true }),
  h: fc.double({ min: 0.0001, max: 10, noNaN: true }),
});

function build(
  circles: Array<{ lat: number; lon: number; radius: number }>,
  boxes: Array<{ west: number; south: number; w: number; h: number }>,
): { fences: CompiledFence[]; corners: Array<{ lat: number; lon: number }> } {
  const fences: CompiledFence[] = [];
  const corners: Array<{ lat: number; lon: number }> = [];
  circles.forEach((c, i) =>
    fences.push(compileFence({ id: `c${i}`, type: 'circle', center: { lat: c.lat, lon: c.lon }, radius: c.radius })),
  );
  boxes.forEach((b, i) => {
    const east = b.west + b.w; // may exceed 180: crosses the antimeridian
    const ring = [
      [b.west, b.south],
      [east, b.south],
      [east, b.south + b.h],
      [b.west, b.south + b.h],
      [b.west, b.south],
    ];
    fences.push(compileFence({ id: `b${i}`, type: 'polygon', geojson: { type: 'Polygon', coordinates: [ring] } }));
    corners.push(
      { lat: b.south, lon: b.west },
      { lat: b.south + b.h, lon: b.west + b.w / 2 > 180 ? b.west + b.w / 2 - 360 : b.west + b.w / 2 },
    );
  });
  return { fences, corners };
}

describe('FenceIndex', () => {
  it('agrees with a brute-force scan', () => {
    fc.assert(
      fc.property(
        fc.array(circleArb, { maxLength: 20 }),
        fc.array(
          fc.oneof(
            boxArb,
            fc.record({
              west: fc.constantFrom(179, 170),
              south: fc.constantFrom(-5, 5),
              w: fc.constantFrom(1, 10, 20),
              h: fc.constant(10),
            }),
          ),
          { maxLength: 20 },
        ),
        fc.array(fc.record({ lat: fc.double({ min: -70, max: 70, noNaN: true }), lon: fc.double({ min: -180, max: 180, noNaN: true }) }), {
          maxLength: 30,
        }),
        (circles, boxes, points) => {
          const { fences, corners } = build(circles, boxes);
          const index = new FenceIndex(fences);
          const meridian = [
            { lat: 0, lon: 180 },
            { lat: 0, lon: -180 },
            { lat: 10, lon: 180 },
          ];
          for (const p of [...points, ...corners, ...meridian, ...circles.map((c) => ({ lat: c.lat, lon: c.lon }))]) {
            const brute = fences
              .filter((f) => fenceContains(f, p))
              .map((f) => f.id)
              .sort();
            expect(index.containing(p).sort()).toEqual(brute);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
