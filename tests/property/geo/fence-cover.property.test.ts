import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileFence, fenceContains, type LatLon } from '../../../shared/geo';
import { coverCells, pointCells } from '../../../shared/geofence/cover';

// The spatial index may list a fence under cells that do not touch it, but a
// point the exact test puts inside a fence must always find the fence under
// one of the point's lookup cells.

const lat = (max: number) => fc.double({ min: -max, max, noNaN: true });
const lon = fc.double({ min: -180, max: 180, noNaN: true });

function found(fence: ReturnType<typeof compileFence>, cover: ReadonlySet<string>, p: LatLon): boolean {
  return pointCells(p).some((cell) => cover.has(cell));
}

/** Points at random offsets around a centre, wrapped onto [-180, 180]. */
const around = (c: LatLon, spanDeg: number) =>
  fc
    .array(fc.record({ dy: fc.double({ min: -1, max: 1, noNaN: true }), dx: fc.double({ min: -1, max: 1, noNaN: true }) }), {
      minLength: 20,
      maxLength: 60,
    })
    .map((offsets) =>
      offsets.map(({ dx, dy }) => {
        const y = Math.max(-90, Math.min(90, c.lat + dy * spanDeg));
        let x = c.lon + dx * spanDeg;
        if (x > 180) x -= 360;
        if (x < -180) x += 360;
        return { lat: y, lon: x };
      }),
    );

describe('geofence cover never misses a fence', () => {
  it('circles of any size anywhere: every contained point meets the cover', () => {
    fc.assert(
      fc.property(
        fc
          .record({
            center: fc.record({ lat: lat(89.9), lon }),
            radius: fc.oneof(fc.double({ min: 1, max: 2000, noNaN: true }), fc.double({ min: 2000, max: 3_000_000, noNaN: true })),
          })
          .chain((c) => fc.tuple(fc.constant(c), around(c.center, Math.min(60, (c.radius / 111_000) * 1.2 + 1e-4)))),
        ([c, points]) => {
          const fence = compileFence({ id: 'f', type: 'circle', center: c.center, radius: c.radius });
          const cover = new Set(coverCells(fence));
          const inside = [...points, c.center].filter((p) => fenceContains(fence, p));
          for (const p of inside) expect(found(fence, cover, p), `point ${p.lat},${p.lon}`).toBe(true);
        },
      ),
      { numRuns: Number(process.env.PROP_RUNS ?? 300) },
    );
  });

  it('polygons, including ones across the antimeridian: vertices, edge points and interior points meet the cover', () => {
    fc.assert(
      fc.property(
        fc.record({
          lat: lat(80),
          lon,
          size: fc.oneof(fc.double({ min: 1e-4, max: 0.05, noNaN: true }), fc.double({ min: 0.05, max: 20, noNaN: true })),
        }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 8, maxLength: 8 }),
        ({ lat: y, lon: x, size }, r) => {
          // A quadrilateral around (x, y), written in a continuous longitude frame (may pass 180).
          const ring = [
            [x - size * (0.2 + r[0]), y - size * (0.2 + r[1])],
            [x + size * (0.2 + r[2]), y - size * (0.2 + r[3])],
            [x + size * (0.2 + r[4]), y + size * (0.2 + r[5])],
            [x - size * (0.2 + r[6]), y + size * (0.2 + r[7])],
          ].map(([px, py]) => [px, Math.max(-89.9, Math.min(89.9, py))]);
          const geojson = { type: 'Polygon', coordinates: [[...ring, ring[0]]] };
          const fence = compileFence({ id: 'f', type: 'polygon', geojson });
          const cover = new Set(coverCells(fence));
          const wrap = (px: number) => (px > 180 ? px - 360 : px < -180 ? px + 360 : px);
          const probes: LatLon[] = [];
          for (let i = 0; i < 4; i++) {
            const [ax, ay] = ring[i];
            const [bx, by] = ring[(i + 1) % 4];
            for (const t of [0, 0.25, 0.5, 0.75]) probes.push({ lat: ay + (by - ay) * t, lon: wrap(ax + (bx - ax) * t) });
          }
          for (let i = 0; i < 16; i++) {
            const a = r[i % 8],
              b = r[(i * 3 + 1) % 8];
            probes.push({ lat: y + (b - 0.5) * size, lon: wrap(x + (a - 0.5) * size) });
          }
          const inside = probes.filter((p) => fenceContains(fence, p));
          expect(inside.length).toBeGreaterThan(0);
          for (const p of inside) expect(found(fence, cover, p), `point ${p.lat},${p.lon}`).toBe(true);
        },
      ),
      { numRuns: Number(process.env.PROP_RUNS ?? 300) },
    );
  });
});
