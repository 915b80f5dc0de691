import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellToParent, latLngToCell } from 'h3-js';
import { areaFilter, coverArea, H3_FINE_RES, type SearchArea } from '../../../shared/geo';
import { POSITION_CELL_RES, POSITION_PARTITION_RES } from '../../../shared/tracking/model';
import { SEARCH_MAX_RANGES } from '../../../shared/tracking/search';
import { positionCells } from '../../../shared/tracking/service';

// The search's cover, at the position index's partition resolution, holds the index key of
// every point inside the area: its partition cell and its fine cell in one range under it. Also
// the key older versions gave the point (its own resolution-10 cell), which stays in place until
// the asset's next upload.

const area: fc.Arbitrary<SearchArea> = fc.oneof(
  fc
    .record({
      lat: fc.double({ min: -70, max: 70, noNaN: true }),
      lon: fc.double({ min: -179.9, max: 179.9, noNaN: true }),
      radius: fc.double({ min: 50, max: 20_000, noNaN: true }),
    })
    .map(({ lat, lon, radius }) => ({ type: 'circle' as const, center: { lat, lon }, radius })),
  fc
    .record({
      west: fc.double({ min: -179.9, max: 179.5, noNaN: true }),
      south: fc.double({ min: -70, max: 69.7, noNaN: true }),
      w: fc.double({ min: 0.001, max: 0.3, noNaN: true }),
      h: fc.double({ min: 0.001, max: 0.3, noNaN: true }),
    })
    .map(({ west, south, w, h }) => ({ type: 'bbox' as const, box: { west, south, east: west + w, north: south + h } })),
);

describe('position index cover', () => {
  it('every point inside a search area has its index key in one of the ranges', () => {
    fc.assert(
      fc.property(
        area,
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })), {
          minLength: 10,
          maxLength: 30,
        }),
        (a, samples) => {
          const { ranges } = coverArea(a, { maxRanges: SEARCH_MAX_RANGES, coarseRes: POSITION_PARTITION_RES, cellRes: POSITION_CELL_RES });
          const inside = areaFilter(a);
          const [south, north, west, east] =
            a.type === 'circle'
              ? (() => {
                  const d = (a.radius / 6_371_008.8) * (180 / Math.PI);
                  const dl = d / Math.cos(((Math.abs(a.center.lat) + d) * Math.PI) / 180);
                  return [a.center.lat - d, a.center.lat + d, a.center.lon - dl, a.center.lon + dl];
                })()
              : a.type === 'bbox'
                ? [a.box.south, a.box.north, a.box.west, a.box.east]
                : [0, 0, 0, 0];
          for (const [fx, fy] of samples) {
            const p = { lat: south + (north - south) * fy, lon: west + (east - west) * fx };
            if (p.lon > 180 || p.lon < -180 || !inside(p)) continue;
            const { coarse, fine } = positionCells(p);
            expect(ranges.some((r) => r.coarse === coarse && fine >= r.loCell && fine <= r.hiCell)).toBe(true);
            const legacy = latLngToCell(p.lat, p.lon, H3_FINE_RES);
            const legacyCoarse = cellToParent(legacy, POSITION_PARTITION_RES);
            expect(ranges.some((r) => r.coarse === legacyCoarse && legacy >= r.loCell && legacy <= r.hiCell)).toBe(true);
          }
        },
      ),
      { numRuns: Number(process.env.TRACKING_PROPERTY_RUNS ?? 150) },
    );
  });
});
