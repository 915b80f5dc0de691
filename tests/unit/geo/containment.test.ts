import { describe, expect, it } from 'vitest';
import {
  EARTH_RADIUS_M,
  GeoError,
  assertContainMatrixSize,
  circleBbox,
  circleContains,
  circleToPolygon,
  compileFences,
  fenceContains,
  compileFence,
  haversineMeters,
  pointInPolygonXY,
  pointInPreparedRing,
  prepareRing,
  validateCircle,
  validatePolygon,
  type LonLat,
} from '../../../shared/geo';

const square: LonLat[] = [
  [0, 0],
  [2, 0],
  [2, 2],
  [0, 2],
  [0, 0],
];

describe('point in polygon: boundary counts as inside', () => {
  const set = compileFences([{ id: 'sq', type: 'polygon', geojson: { type: 'Polygon', coordinates: [square] } }]);
  const pr = prepareRing(square);
  const cases: Array<[number, number, boolean]> = [
    [1, 1, true], // interior
    [0, 0, true],
    [2, 0, true],
    [2, 2, true],
    [0, 2, true], // vertices
    [1, 0, true],
    [2, 1, true],
    [1, 2, true],
    [0, 1, true], // edges
    [2.0000001, 1, false],
    [1, -1e-12, false],
    [-1e-300, 1, false],
    [3, 3, false],
  ];
  for (const [lon, lat, want] of cases) {
    it(`(${lon}, ${lat}) -> ${want}`, () => {
      expect(set.contains([{ lat, lon }])[0].contain[0]).toBe(want);
      expect(pointInPreparedRing(pr, lon, lat)).toBe(want);
    });
  }

  it('is robust at vertices of a concave ring and on slanted edges', () => {
    const ring: LonLat[] = [
      [0, 0],
      [4, 0],
      [4, 4],
      [2, 1],
      [0, 4],
      [0, 0],
    ];
    const s = compileFences([{ id: 'c', type: 'polygon', geojson: ring }]);
    const pts = [
      { lon: 2, lat: 1 }, // reflex vertex
      { lon: 3, lat: 2.5 }, // on slanted edge (4,4)-(2,1)
      { lon: 1, lat: 2.5 }, // on slanted edge (2,1)-(0,4)
      { lon: 2, lat: 2 }, // in the notch -> outside
      { lon: 2, lat: 0.5 }, // inside below the notch
      { lon: 4, lat: 4 }, // vertex
    ];
    expect(s.contains(pts.map((p) => ({ lat: p.lat, lon: p.lon })))[0].contain).toEqual([true, true, true, false, true, true]);
  });

  it('vertex at the same latitude as the point does not double count', () => {
    const diamond: LonLat[] = [
      [0, 1],
      [1, 0],
      [2, 1],
      [1, 2],
      [0, 1],
    ];
    const s = compileFences([{ id: 'd', type: 'polygon', geojson: diamond }]);
    const r = s.contains([
      { lat: 1, lon: -1 },
      { lat: 1, lon: 1 },
      { lat: 1, lon: 3 },
      { lat: 0, lon: 0.5 },
    ])[0].contain;
    expect(r).toEqual([false, true, false, false]);
  });
});

describe('point in polygon with holes (GeoJSON rings in the plane)', () => {
  // a 0..4 square with a 1..3 square hole
  const outer: LonLat[] = [
    [0, 0],
    [4, 0],
    [4, 4],
    [0, 4],
    [0, 0],
  ];
  const hole: LonLat[] = [
    [1, 1],
    [1, 3],
    [3, 3],
    [3, 1],
    [1, 1],
  ];
  const cases: Array<[number, number, boolean, string]> = [
    [0.5, 0.5, true, 'between the outer ring and the hole'],
    [2, 2, false, 'inside the hole'],
    [1, 2, true, "on the hole's edge"],
    [3, 3, true, "on the hole's vertex"],
    [0, 2, true, "on the outer ring's edge"],
    [5, 2, false, 'outside'],
  ];
  for (const [x, y, want, where] of cases) {
    it(`(${x}, ${y}) ${where} -> ${want}`, () => {
      expect(pointInPolygonXY([outer, hole], x, y)).toBe(want);
    });
  }
  it('without holes it is the ring test; no rings contain nothing', () => {
    expect(pointInPolygonXY([outer], 2, 2)).toBe(true);
    expect(pointInPolygonXY([], 2, 2)).toBe(false);
  });
});

describe('antimeridian containment', () => {
  const ring: LonLat[] = [
    [179, -1],
    [-179, -1],
    [-179, 1],
    [179, 1],
    [179, -1],
  ];
  const v = validatePolygon(ring);
  const set = compileFences([{ id: 'am', type: 'polygon', geojson: v.geojson }]);
  it('contains points on both sides of 180 and on it', () => {
    const pts = [
      { lat: 0, lon: 179.5 },
      { lat: 0, lon: -179.5 },
      { lat: 0, lon: 180 },
      { lat: 0, lon: -180 },
      { lat: 0, lon: 0 },
      { lat: 0, lon: 178.9 },
      { lat: 0, lon: -178.9 },
      { lat: 1, lon: 179 },
      { lat: 1.1, lon: 180 },
    ];
    expect(set.contains(pts)[0].contain).toEqual([true, true, true, true, false, false, false, true, false]);
  });
  it('works for rings given with the other vertex first', () => {
    const r2: LonLat[] = [
      [-179, -1],
      [-179, 1],
      [179, 1],
      [179, -1],
      [-179, -1],
    ];
    const s2 = compileFences([{ id: 'x', type: 'polygon', geojson: r2 }]);
    expect(
      s2.contains([
        { lat: 0, lon: 179.5 },
        { lat: 0, lon: -179.5 },
        { lat: 0, lon: 0 },
      ])[0].contain,
    ).toEqual([true, true, false]);
  });
  it('a polygon touching 180 from the west contains points at lon -180', () => {
    const west: LonLat[] = [
      [170, 0],
      [180, 0],
      [180, 1],
      [170, 1],
      [170, 0],
    ];
    const f = compileFence({ id: 'w', type: 'polygon', geojson: west });
    expect(fenceContains(f, { lat: 0.5, lon: -180 })).toBe(true);
    expect(fenceContains(f, { lat: 0.5, lon: 180 })).toBe(true);
  });
});

describe('circles', () => {
  it('haversine: one degree of arc is R * pi / 180', () => {
    expect(haversineMeters({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo((EARTH_RADIUS_M * Math.PI) / 180, 6);
    expect(haversineMeters({ lat: 10, lon: 179.5 }, { lat: 10, lon: -179.5 })).toBeCloseTo(
      haversineMeters({ lat: 10, lon: 0 }, { lat: 10, lon: 1 }),
      6,
    );
    expect(haversineMeters({ lat: 0, lon: 0 }, { lat: 0, lon: 180 })).toBeCloseTo(Math.PI * EARTH_RADIUS_M, 3);
  });
  it('Paris - London is about 343.5 km', () => {
    const d = haversineMeters({ lat: 48.8566, lon: 2.3522 }, { lat: 51.5074, lon: -0.1278 });
    expect(d).toBeGreaterThan(343_000);
    expect(d).toBeLessThan(344_500);
  });
  it('contains exactly by great-circle distance, boundary inclusive', () => {
    const c = { center: { lat: 45, lon: 7 }, radius: 10_000 };
    const deg = ((10_000 / EARTH_RADIUS_M) * 180) / Math.PI;
    expect(circleContains(c, { lat: 45 + deg * 0.999999, lon: 7 })).toBe(true);
    expect(circleContains(c, { lat: 45 + deg * 1.000001, lon: 7 })).toBe(false);
    const set = compileFences([{ id: 'c', type: 'circle', ...c }]);
    expect(
      set.contains([
        { lat: 45 + deg * 0.999999, lon: 7 },
        { lat: 45 + deg * 1.000001, lon: 7 },
      ])[0].contain,
    ).toEqual([true, false]);
  });
  it('circle crossing the antimeridian', () => {
    const c = { center: { lat: 0, lon: 179.9 }, radius: 50_000 };
    const set = compileFences([{ id: 'c', type: 'circle', ...c }]);
    expect(
      set.contains([
        { lat: 0, lon: -179.9 },
        { lat: 0, lon: 179.5 },
        { lat: 0, lon: -179.4 },
      ])[0].contain,
    ).toEqual([true, true, false]);
    const bb = circleBbox(c);
    expect(bb.west).toBeGreaterThan(179);
    expect(bb.east).toBeLessThan(-179);
  });
  it('display polygon: vertices on the circle, closed, counter-clockwise, valid', () => {
    const c = { center: { lat: 52.5, lon: 13.4 }, radius: 2500 };
    const poly = circleToPolygon(c, 64);
    const ring = poly.coordinates[0];
    expect(ring.length).toBe(65);
    expect(ring[0]).toEqual(ring[64]);
    for (const [lon, lat] of ring) expect(haversineMeters(c.center, { lat, lon })).toBeCloseTo(2500, 3);
    const v = validatePolygon(poly);
    expect(v.orientation).toBe('ccw');
    expect(v.areaKm2).toBeGreaterThan(Math.PI * 2.5 * 2.5 * 0.99);
    expect(v.areaKm2).toBeLessThan(Math.PI * 2.5 * 2.5 * 1.01);
    // antimeridian circle polygon is valid too
    expect(() => validatePolygon(circleToPolygon({ center: { lat: -16, lon: 179.8 }, radius: 50_000 }))).not.toThrow();
  });
  it('validateCircle rules', () => {
    expect(validateCircle({ center: { lat: 1, lon: 2 }, radius: 50_000 })).toEqual({ center: { lat: 1, lon: 2 }, radius: 50_000 });
    const bad: Array<[unknown, string]> = [
      [{ center: { lat: 1, lon: 2 }, radius: 50_001 }, 'radius_too_large'],
      [{ center: { lat: 1, lon: 2 }, radius: 0 }, 'invalid_radius'],
      [{ center: { lat: 1, lon: 2 } }, 'invalid_radius'],
      [{ center: { lat: 91, lon: 2 }, radius: 5 }, 'coordinate_out_of_range'],
      [{ center: { lat: 1, lon: -181 }, radius: 5 }, 'coordinate_out_of_range'],
      [{ radius: 5 }, 'invalid_coordinate'],
    ];
    for (const [input, code] of bad) {
      try {
        validateCircle(input as { center?: unknown; radius?: unknown });
        throw new Error('should throw');
      } catch (e) {
        expect((e as GeoError).status).toBe(400);
        expect((e as GeoError).code).toBe(code);
      }
    }
  });
});

describe('fence set', () => {
  it('result list wire shape and ordering', () => {
    const set = compileFences([
      { id: 'a', type: 'polygon', geojson: { type: 'Polygon', coordinates: [square] } },
      { id: 'b', type: 'circle', center: { lat: 10, lon: 10 }, radius: 1000 },
    ]);
    expect(set.ids).toEqual(['a', 'b']);
    expect(
      set.resultList([
        { lat: 1, lon: 1 },
        { lat: 10, lon: 10 },
      ]),
    ).toEqual([
      {
        geofence_id: 'a',
        result: [
          { contain: true, location_index: 0 },
          { contain: false, location_index: 1 },
        ],
      },
      {
        geofence_id: 'b',
        result: [
          { contain: false, location_index: 0 },
          { contain: true, location_index: 1 },
        ],
      },
    ]);
  });
  it('accepts precompiled fences', () => {
    const f = compileFence({ id: 'a', type: 'isochrone', geojson: { type: 'Polygon', coordinates: [square] } });
    expect(compileFences([f]).contains([{ lat: 1, lon: 1 }])[0].contain).toEqual([true]);
  });
  it('matrix limit of 5000', () => {
    expect(() => assertContainMatrixSize(100, 50)).not.toThrow();
    expect(() => assertContainMatrixSize(100, 51)).toThrow(/5100; it must not exceed 5000/);
  });
});
