import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePolyline, encodePolyline } from '../../../shared/roads/index';

// @mapbox/polyline ships no types; load it as CommonJS with a local signature.
const polyline = createRequire(import.meta.url)('@mapbox/polyline') as {
  encode(coords: number[][], precision?: number): string;
  decode(s: string, precision?: number): number[][];
};

describe('encoded polyline', () => {
  it('matches the reference example', () => {
    const pts: Array<[number, number]> = [
      [38.5, -120.2],
      [40.7, -120.95],
      [43.252, -126.453],
    ];
    expect(encodePolyline(pts)).toBe('_p~iF~ps|U_ulLnnqC_mqNvxq`@');
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual(pts);
  });

  it('round trips at precision 5 and 6 and agrees with @mapbox/polyline', () => {
    const coord = fc.tuple(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }));
    fc.assert(
      fc.property(fc.array(coord, { maxLength: 30 }), fc.constantFrom(5 as const, 6 as const), (pts, precision) => {
        const enc = encodePolyline(pts, precision);
        expect(enc).toBe(polyline.encode(pts, precision));
        const dec = decodePolyline(enc, precision);
        expect(dec.length).toBe(pts.length);
        const tol = 0.5 / Math.pow(10, precision) + 1e-12;
        dec.forEach((p, i) => {
          expect(Math.abs(p[0] - pts[i][0])).toBeLessThanOrEqual(tol);
          expect(Math.abs(p[1] - pts[i][1])).toBeLessThanOrEqual(tol);
        });
        expect(polyline.decode(enc, precision)).toEqual(dec);
      }),
      { numRuns: 200 },
    );
  });
});
