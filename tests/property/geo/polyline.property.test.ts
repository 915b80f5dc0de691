// Waymark's polyline encoder against @mapbox/polyline's, the reference it replaced: the same
// string for any coordinates, at both precisions, including values half a unit from a rounding
// step (where the format rounds half away from zero) and ones far outside the valid range.
import polyline from '@mapbox/polyline';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePolyline, encodeLatLonPairs, encodePolyline } from '../../../shared/geo/polyline';

const degrees = fc.double({ min: -180, max: 180, noNaN: true });
/** A value exactly half a unit of the precision from a step, on either side of zero. */
const halfway = (precision: 5 | 6) =>
  fc.integer({ min: -18_000_000, max: 18_000_000 }).map((k) => (k + 0.5) / (precision === 6 ? 1e6 : 1e5));
const pair = (coordinate: fc.Arbitrary<number>) => fc.tuple(coordinate, coordinate);

describe('encodeLatLonPairs', () => {
  for (const precision of [5, 6] as const) {
    it(`gives @mapbox/polyline's string at precision ${precision}`, () => {
      const coordinate = fc.oneof(degrees, halfway(precision), fc.integer({ min: -180, max: 180 }));
      fc.assert(
        fc.property(fc.array(pair(coordinate), { maxLength: 60 }), (coords) => {
          expect(encodeLatLonPairs(coords, precision)).toBe(polyline.encode(coords, precision));
        }),
        { numRuns: 400, seed: 17 },
      );
    });
  }

  it('encodes coordinates far outside the valid range as the reference does', () => {
    const huge = fc.double({ min: -1e7, max: 1e7, noNaN: true });
    fc.assert(
      fc.property(fc.array(pair(huge), { minLength: 1, maxLength: 40 }), (coords) => {
        expect(encodeLatLonPairs(coords, 6)).toBe(polyline.encode(coords, 6));
      }),
      { numRuns: 200, seed: 18 },
    );
  });

  it('decodes back to within half a unit, through the LatLon wrappers', () => {
    fc.assert(
      fc.property(fc.array(pair(fc.double({ min: -90, max: 90, noNaN: true })), { maxLength: 30 }), (coords) => {
        const points = coords.map(([lat, lon]) => ({ lat, lon }));
        const back = decodePolyline(encodePolyline(points, 6), 6);
        expect(back).toHaveLength(points.length);
        back.forEach((p, i) => {
          expect(Math.abs(p.lat - points[i].lat)).toBeLessThanOrEqual(0.5e-6 + 1e-12);
          expect(Math.abs(p.lon - points[i].lon)).toBeLessThanOrEqual(0.5e-6 + 1e-12);
        });
      }),
      { numRuns: 200, seed: 19 },
    );
  });
});
