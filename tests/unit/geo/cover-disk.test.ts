import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellToCenterChild, latLngToCell } from 'h3-js';
import { coverDisk, DISK_COVER_MAX_M, H3_FINE_RES, haversineMeters } from '../../../shared/geo';

// coverDisk must never miss: every point within the radius has its fine cell in a range of its
// own partition.
const offset = (lat: number, lon: number, metres: number, bearing: number) => {
  const dLat = (metres * Math.cos(bearing)) / 111_195;
  const dLon = (metres * Math.sin(bearing)) / (111_195 * Math.cos((lat * Math.PI) / 180));
  return { lat: lat + dLat, lon: lon + dLon };
};

describe('coverDisk', () => {
  it('holds every point within the radius', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -70, max: 70, noNaN: true }),
        fc.double({ min: -179, max: 179, noNaN: true }),
        fc.integer({ min: 1, max: DISK_COVER_MAX_M }),
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true })), {
          minLength: 20,
          maxLength: 20,
        }),
        (lat, lon, radius, samples) => {
          const ranges = coverDisk({ lat, lon }, radius, { coarseRes: 7, maxRanges: 8 });
          for (const [f, bearing] of samples) {
            const p = offset(lat, lon, radius * Math.sqrt(f), bearing);
            if (haversineMeters({ lat, lon }, p) > radius) continue;
            const fine = latLngToCell(p.lat, p.lon, H3_FINE_RES);
            expect(ranges.some((r) => fine >= r.loCell && fine <= r.hiCell)).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('with cover cells at resolution 9, holds both the resolution-9 key and the older resolution-10 key of every point', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -70, max: 70, noNaN: true }),
        fc.double({ min: -179, max: 179, noNaN: true }),
        fc.integer({ min: 1, max: DISK_COVER_MAX_M }),
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true })), {
          minLength: 20,
          maxLength: 20,
        }),
        (lat, lon, radius, samples) => {
          const ranges = coverDisk({ lat, lon }, radius, { coarseRes: 7, cellRes: 9, maxRanges: 8 });
          for (const [f, bearing] of samples) {
            const p = offset(lat, lon, radius * Math.sqrt(f), bearing);
            if (haversineMeters({ lat, lon }, p) > radius) continue;
            for (const key of [cellToCenterChild(latLngToCell(p.lat, p.lon, 9), H3_FINE_RES), latLngToCell(p.lat, p.lon, H3_FINE_RES)])
              expect(ranges.some((r) => key >= r.loCell && key <= r.hiCell)).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
