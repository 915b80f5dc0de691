import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  areaFilter,
  assetCells,
  orient2dExact,
  pointInPreparedRing,
  compileFences,
  coverArea,
  decodePolyline,
  encodePolyline,
  prepareRing,
  rangesContainCell,
  ringAreaKm2,
  validatePolygon,
  type LatLon,
  type LonLat,
  type SearchArea,
} from '../../../shared/geo';

/** Random simple (star-shaped) ring around (cx, cy): sorted distinct angles, random radii. */
const starRing = (maxRadiusDeg: number, minVertices = 3, maxVertices = 60) =>
  fc
    .record({
      cx: fc.double({ min: -179.99, max: 179.99, noNaN: true }),
      cy: fc.double({ min: -60, max: 60, noNaN: true }),
      parts: fc.array(fc.record({ a: fc.integer({ min: 0, max: 35_999 }), r: fc.double({ min: 0.1, max: 1, noNaN: true }) }), {
        minLength: minVertices,
        maxLength: maxVertices,
      }),
      scale: fc.double({ min: 0.001, max: maxRadiusDeg, noNaN: true }),
    })
    .filter(({ parts }) => {
      // Simple by construction when the angular gaps around the centre are all < 180 degrees.
      const a = [...new Set(parts.map((p) => p.a))].sort((x, y) => x - y);
      if (a.length < 3) return false;
      for (let i = 0; i < a.length; i++) if ((a[(i + 1) % a.length] - a[i] + 36_000) % 36_000 >= 17_000) return false;
      return true;
    })
    .map(({ cx, cy, parts, scale }) => {
      const seen = new Set<number>();
      const sorted = parts.filter((p) => (seen.has(p.a) ? false : (seen.add(p.a), true))).sort((p, q) => p.a - q.a);
      const ring: LonLat[] = sorted.map(({ a, r }) => {
        const t = (a / 36_000) * 2 * Math.PI;
        let lon = cx + Math.cos(t) * r * scale;
        if (lon > 180) lon -= 360;
        if (lon < -180) lon += 360;
        return [lon, cy + Math.sin(t) * r * scale] as LonLat;
      });
      ring.push([ring[0][0], ring[0][1]]);
      return ring;
    });

/**
 * Independent brute-force reference: ray casting over every edge (no bounding boxes, no strip
 * index, no floating-point filter), with the exact orientation (orient2dExact) for the crossing side and
 * an explicit on-segment check for the boundary.
 */
function bruteForce(ring: LonLat[], p: LatLon): boolean {
  const pr = prepareRing(ring);
  for (const shift of [0, 360, -360]) {
    const x = p.lon + shift,
      y = p.lat;
    let inside = false;
    const c = pr.coords;
    for (let i = 0; i < c.length - 1; i++) {
      const [ax, ay] = c[i],
        [bx, by] = c[i + 1];
      const o = orient2dExact(ax, ay, bx, by, x, y);
      if (o === 0 && x >= Math.min(ax, bx) && x <= Math.max(ax, bx) && y >= Math.min(ay, by) && y <= Math.max(ay, by)) return true;
      if (ay > y !== by > y) {
        // The edge crosses the horizontal line through p; it is right of p iff p is left of the upward-directed edge.
        const up = by > ay ? o : -o;
        if (up > 0) inside = !inside;
      }
    }
    if (inside) return true;
  }
  return false;
}

const point = fc.record({ lat: fc.double({ min: -89, max: 89, noNaN: true }), lon: fc.double({ min: -180, max: 180, noNaN: true }) });

describe('compiled containment == brute-force ray casting', () => {
  it('random star polygons (some across the antimeridian), random and vertex points', () => {
    fc.assert(
      fc.property(
        starRing(3),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 8 }),
        (ring, fr, eps) => {
          const pr = prepareRing(ring);
          const pts: LatLon[] = fr.map((f, k) => {
            // Points inside the bounding box (so the exact test actually runs), plus vertices.
            const lon = pr.minLon + (pr.maxLon - pr.minLon) * f;
            const lat = pr.minLat + (pr.maxLat - pr.minLat) * fr[(k + 1) % fr.length];
            return { lat, lon: lon > 180 ? lon - 360 : lon };
          });
          for (let k = 0; k < Math.min(eps, ring.length - 1); k++) pts.push({ lat: ring[k][1], lon: ring[k][0] });
          const set = compileFences([{ id: 'p', type: 'polygon', geojson: ring }], { edgesPerStrip: 1 + (eps % 3) });
          const got = set.contains(pts)[0].contain;
          for (let i = 0; i < pts.length; i++) {
            const isVertex = i >= fr.length;
            if (isVertex) expect(got[i]).toBe(true);
            else {
              const want = bruteForce(ring, pts[i]);
              expect(got[i]).toBe(want);
              expect(pointInPreparedRing(pr, pts[i].lon, pts[i].lat)).toBe(want);
            }
          }
        },
      ),
      { numRuns: 250 },
    );
  });

  it('star polygons are valid (simple) and their area does not depend on the start vertex or direction', () => {
    fc.assert(
      fc.property(starRing(2), fc.integer({ min: 0, max: 1000 }), (ring, rot) => {
        const v = validatePolygon(ring);
        const open = ring.slice(0, -1);
        const k = rot % open.length;
        const rotated = [...open.slice(k), ...open.slice(0, k)];
        rotated.push(rotated[0]);
        const a2 = ringAreaKm2([...rotated].reverse());
        expect(Math.abs(a2 - v.areaKm2)).toBeLessThanOrEqual(1e-7 * v.areaKm2 + 1e-9);
      }),
      { numRuns: 200 },
    );
  });

  it('area is invariant under a longitude shift (across the antimeridian)', () => {
    fc.assert(
      fc.property(starRing(2), fc.double({ min: -360, max: 360, noNaN: true }), (ring, shift) => {
        const shifted = ring.map(([x, y]) => {
          let lon = x + shift;
          while (lon > 180) lon -= 360;
          while (lon < -180) lon += 360;
          return [lon, y] as LonLat;
        });
        shifted[shifted.length - 1] = [shifted[0][0], shifted[0][1]];
        const a = ringAreaKm2(ring),
          b = ringAreaKm2(shifted);
        expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-6 * a + 1e-9);
      }),
      { numRuns: 200 },
    );
  });
});

describe('H3 cover never misses a point inside the area', () => {
  const area: fc.Arbitrary<SearchArea> = fc.oneof(
    fc
      .record({ center: point, radius: fc.double({ min: 10, max: 30_000, noNaN: true }) })
      .map(({ center, radius }) => ({ type: 'circle' as const, center, radius })),
    fc
      .record({ sw: point, w: fc.double({ min: 0.0005, max: 0.4, noNaN: true }), h: fc.double({ min: 0.0005, max: 0.4, noNaN: true }) })
      .map(({ sw, w, h }) => {
        let east = sw.lon + w;
        if (east > 180) east -= 360;
        return { type: 'bbox' as const, box: { west: sw.lon, south: Math.min(sw.lat, 88), east, north: Math.min(sw.lat, 88) + h } };
      }),
    starRing(0.3, 3, 12).map((ring) => ({ type: 'polygon' as const, ring })),
  );
  // Where in the bounding box a point is drawn. Not fc.double: it draws over the float
  // representation, so nearly every value is below 1e-10 and every point lands on a corner,
  // which a circle never holds and a star polygon seldom does.
  const fraction = fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 1_000_000);
  it('random circles, boxes and polygons; random points inside', () => {
    const runs = Number(process.env.GEO_PROPERTY_RUNS ?? 120);
    // Points drawn in the bounding box and kept only when inside: a property that kept none
    // would pass without looking at the cover, so the runs must have checked real points.
    let runsWithPoints = 0;
    let pointsChecked = 0;
    fc.assert(
      fc.property(area, fc.array(fc.tuple(fraction, fraction), { minLength: 5, maxLength: 40 }), (a, fr) => {
        const cov = coverArea(a);
        const inside = areaFilter(a);
        // Sample points in the area's bounding box (continuous longitudes), keep those inside.
        let minLon: number, maxLon: number, minLat: number, maxLat: number;
        if (a.type === 'circle') {
          const d = (a.radius / 6_371_008.8) * (180 / Math.PI);
          minLat = a.center.lat - d;
          maxLat = a.center.lat + d;
          const dl = d / Math.cos((Math.max(Math.abs(minLat), Math.abs(maxLat)) * Math.PI) / 180);
          minLon = a.center.lon - dl;
          maxLon = a.center.lon + dl;
        } else if (a.type === 'bbox') {
          minLat = a.box.south;
          maxLat = a.box.north;
          minLon = a.box.west;
          maxLon = a.box.east < a.box.west ? a.box.east + 360 : a.box.east;
        } else {
          const pr = prepareRing(a.ring);
          ({ minLon, maxLon, minLat, maxLat } = pr);
        }
        let checked = 0;
        for (const [fx, fy] of [...fr, [0, 0], [1, 1], [0, 1], [1, 0]]) {
          let lon = minLon + (maxLon - minLon) * fx;
          if (lon > 180) lon -= 360;
          if (lon < -180) lon += 360;
          const p = { lat: minLat + (maxLat - minLat) * fy, lon };
          if (!inside(p)) continue;
          checked++;
          const { fine, coarse } = assetCells(p);
          expect(rangesContainCell(cov.ranges, fine)).toBe(true);
          expect(cov.ranges.some((r) => r.coarse === coarse && fine >= r.loCell && fine <= r.hiCell)).toBe(true);
        }
        // The vertices / centre are inside too.
        if (a.type === 'polygon')
          for (const [lon, lat] of a.ring) expect(rangesContainCell(cov.ranges, assetCells({ lat, lon }).fine)).toBe(true);
        if (a.type === 'circle') expect(rangesContainCell(cov.ranges, assetCells(a.center).fine)).toBe(true);
        if (checked > 0) runsWithPoints++;
        pointsChecked += checked;
      }),
      { numRuns: runs },
    );
    // About 95% of runs check some 9 points each; with fc.double's fractions it was under half.
    expect(runsWithPoints).toBeGreaterThanOrEqual(Math.floor(runs * 0.75));
    expect(pointsChecked).toBeGreaterThanOrEqual(runs * 4);
  });
});

describe('polyline round-trip within precision', () => {
  for (const precision of [5, 6] as const) {
    it(`precision ${precision}`, () => {
      fc.assert(
        fc.property(fc.array(point, { minLength: 0, maxLength: 50 }), (pts) => {
          const back = decodePolyline(encodePolyline(pts, precision), precision);
          expect(back.length).toBe(pts.length);
          const tol = 0.5 * 10 ** -precision + 1e-9;
          for (let i = 0; i < pts.length; i++) {
            expect(Math.abs(back[i].lat - pts[i].lat)).toBeLessThanOrEqual(tol);
            expect(Math.abs(back[i].lon - pts[i].lon)).toBeLessThanOrEqual(tol);
          }
        }),
        { numRuns: 200 },
      );
    });
  }
});
