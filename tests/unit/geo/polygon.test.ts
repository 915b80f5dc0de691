import { describe, expect, it } from 'vitest';
import {
  GeoError,
  boxAreaKm2,
  findSelfIntersection,
  ringAreaKm2,
  validatePolygon,
  validateSearchPolygon,
  type LonLat,
} from '../../../shared/geo';

function expectGeoError(fn: () => unknown, status: number, code: string, messagePart?: RegExp): GeoError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(GeoError);
    const g = e as GeoError;
    expect(g.status).toBe(status);
    expect(g.code).toBe(code);
    if (messagePart) expect(g.message).toMatch(messagePart);
    return g;
  }
  throw new Error('expected a GeoError');
}

const square: LonLat[] = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
  [0, 0],
];

describe('validatePolygon: accepted shapes', () => {
  it('accepts a GeoJSON Polygon and reports area, bbox, orientation', () => {
    const v = validatePolygon({ type: 'Polygon', coordinates: [square] });
    expect(v.areaKm2).toBeGreaterThan(12_300);
    expect(v.areaKm2).toBeLessThan(12_320);
    expect(v.bbox).toEqual({ west: 0, east: 1, south: 0, north: 1 });
    expect(v.orientation).toBe('ccw');
    expect(validatePolygon({ type: 'Polygon', coordinates: [[...square].reverse()] }).orientation).toBe('cw');
  });

  it('accepts the two-level ring form, Feature and {geometry} wrappers, bare arrays, flat lists', () => {
    const forms: unknown[] = [
      { type: 'Polygon', coordinates: square },
      { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [square] } },
      { geometry: { type: 'Polygon', coordinates: [square] } },
      { geojson: { geometry: { type: 'Polygon', coordinates: square } } },
      [square],
      square,
      { type: 'Polygon', coordinates: square.flat() },
      { type: 'MultiPolygon', coordinates: [[square]] },
    ];
    for (const f of forms) expect(validatePolygon(f).geojson).toEqual({ type: 'Polygon', coordinates: [square] });
  });

  it('drops altitude and repeated consecutive positions', () => {
    const v = validatePolygon({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0, 5],
          [1, 0, 5],
          [1, 0],
          [1, 1],
          [0, 1],
          [0, 0, 7],
        ],
      ],
    });
    expect(v.ring).toEqual(square);
  });
});

describe('validatePolygon: 400 structure and ranges', () => {
  it('refuses a non-polygon type and malformed positions with 400', () => {
    expectGeoError(() => validatePolygon({ type: 'LineString', coordinates: square }), 400, 'invalid_geojson', /type must be "Polygon"/);
    expectGeoError(
      () =>
        validatePolygon({
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              ['1', 0],
              [1, 1],
              [0, 0],
            ],
          ],
        }),
      400,
      'invalid_geojson',
      /invalid GeoJSON/,
    );
    expectGeoError(() => validatePolygon({ type: 'Polygon', coordinates: [] }), 400, 'invalid_geojson');
    expectGeoError(() => validatePolygon('nope'), 400, 'invalid_geojson');
  });

  it('refuses coordinates out of range with 400 naming the position', () => {
    expectGeoError(
      () =>
        validatePolygon({
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [181, 0],
              [1, 1],
              [0, 0],
            ],
          ],
        }),
      400,
      'coordinate_out_of_range',
      /position 1 .*longitude 181/,
    );
    expectGeoError(
      () =>
        validatePolygon({
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, -91],
              [1, 1],
              [0, 0],
            ],
          ],
        }),
      400,
      'coordinate_out_of_range',
      /latitude -91/,
    );
  });
});

describe('validatePolygon: 422 defects', () => {
  it('open ring', () => {
    expectGeoError(
      () =>
        validatePolygon({
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 1],
            ],
          ],
        }),
      422,
      'polygon_open_ring',
      /open/,
    );
  });
  it('fewer than 4 positions', () => {
    expectGeoError(
      () =>
        validatePolygon({
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [0, 0],
            ],
          ],
        }),
      422,
      'polygon_too_few_positions',
      /3 positions; at least 4/,
    );
    expectGeoError(
      () =>
        validatePolygon({
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [1, 0],
              [0, 0],
            ],
          ],
        }),
      422,
      'polygon_too_few_positions',
      /distinct/,
    );
    expectGeoError(() => validatePolygon({ type: 'Polygon', coordinates: [[]] }), 422, 'polygon_too_few_positions');
  });
  it('holes / more than one ring', () => {
    const hole: LonLat[] = [
      [0.2, 0.2],
      [0.2, 0.4],
      [0.4, 0.4],
      [0.4, 0.2],
      [0.2, 0.2],
    ];
    expectGeoError(() => validatePolygon({ type: 'Polygon', coordinates: [square, hole] }), 422, 'polygon_multiple_rings', /2 rings/);
    expectGeoError(() => validatePolygon({ type: 'MultiPolygon', coordinates: [[square], [hole]] }), 422, 'polygon_multiple_rings');
  });
  it('bow-tie: crossing segments reported with their indices', () => {
    const g = expectGeoError(
      () =>
        validatePolygon([
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
          [0, 0],
        ]),
      422,
      'polygon_self_intersection',
      /segment 0 .* crosses segment 2/,
    );
    expect(g.details).toMatchObject({ segments: [0, 2], kind: 'crossing' });
  });
  it('a vertex touching another edge', () => {
    // Vertex 3 (1, 0) lies on segment 0 from (0,0) to (2,0).
    const ring: LonLat[] = [
      [0, 0],
      [2, 0],
      [2, 2],
      [1, 0],
      [0, 2],
      [0, 0],
    ];
    const g = expectGeoError(() => validatePolygon(ring), 422, 'polygon_self_intersection', /touches/);
    expect(g.details).toMatchObject({ kind: 'touching' });
  });
  it('a ring passing twice through the same vertex (figure eight)', () => {
    const ring: LonLat[] = [
      [0, 0],
      [1, 1],
      [2, 0],
      [2, 2],
      [1, 1],
      [0, 2],
      [0, 0],
    ];
    expectGeoError(() => validatePolygon(ring), 422, 'polygon_self_intersection');
  });
  it('collinear overlap of non-adjacent segments', () => {
    // Segments 0 ((0,0)-(3,0)) and 3 ((2,0)-(1,0)) overlap along y = 0.
    const ring: LonLat[] = [
      [0, 0],
      [3, 0],
      [3, 1],
      [2, 0],
      [1, 0],
      [0, 1],
      [0, 0],
    ];
    expectGeoError(() => validatePolygon(ring), 422, 'polygon_self_intersection', /segment 0 /);
    // Segment 0 also meets segments 2 and 4 at their ends; whichever the sweep meets first is named.
    expect(findSelfIntersection(ring)).toMatchObject({ i: 0, adjacent: false });
    // A pure collinear overlap, nothing else: segment 0 (0,0)-(4,0) and segment 4 (3,0)-(1,0)... via a thin U.
    const u: LonLat[] = [
      [0, 0],
      [4, 0],
      [4, 2],
      [3, 0],
      [1, 0],
      [1, 2],
      [0, 2],
      [0, 0],
    ];
    expect(findSelfIntersection(u)).toMatchObject({ i: 0, adjacent: false });
  });
  it('a spike folding back on the previous segment (adjacent collinear overlap)', () => {
    const ring: LonLat[] = [
      [0, 0],
      [2, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ];
    expectGeoError(() => validatePolygon(ring), 422, 'polygon_self_intersection', /folds back/);
    // Degenerate: all points collinear.
    expectGeoError(
      () =>
        validatePolygon([
          [0, 0],
          [1, 0],
          [2, 0],
          [0, 0],
        ]),
      422,
      'polygon_self_intersection',
    );
  });
  it('detects a crossing between distant segments (not only adjacent ones)', () => {
    // Segment 3 (6,10)-(6,-2) crosses segment 0 (0,0)-(10,0) at (6,0).
    const ring: LonLat[] = [
      [0, 0],
      [10, 0],
      [10, 10],
      [6, 10],
      [6, -2],
      [0, -2],
      [0, 0],
    ];
    expect(findSelfIntersection(ring)).toEqual({ i: 0, j: 3, kind: 'crossing', adjacent: false });
    expectGeoError(
      () => validatePolygon(ring),
      422,
      'polygon_self_intersection',
      /segment 0 \(positions 0-1\) crosses segment 3 \(positions 3-4\)/,
    );
  });
  it('nearly-degenerate but simple rings are accepted (exact predicates)', () => {
    const e = 1e-12;
    const ring: LonLat[] = [
      [0, 0],
      [1, 0],
      [1 + e, 0.5],
      [1, 1],
      [0, 1],
      [0, 0],
    ];
    expect(() => validatePolygon(ring)).not.toThrow();
    const folded: LonLat[] = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0.5, 1 - e],
      [0.5, 1 + e],
      [0, 1],
      [0, 0],
    ];
    expect(() => validatePolygon(folded)).not.toThrow();
  });
  it('a ring winding around a pole', () => {
    const ring: LonLat[] = [
      [-180, 80],
      [-90, 80],
      [0, 80],
      [90, 80],
      [180, 80],
    ];
    // first [-180,80] and last [180,80] are different positions -> open ring in GeoJSON terms
    expectGeoError(() => validatePolygon(ring), 422, 'polygon_open_ring');
    const around: LonLat[] = [
      [0, 80],
      [100, 80],
      [-160, 80],
      [-60, 80],
      [0, 80],
    ];
    expectGeoError(() => validatePolygon(around), 422, 'polygon_encloses_pole');
  });
});

describe('area near the 1,000,000 km2 limit', () => {
  // Box 0..w degrees of longitude by 0..10 degrees of latitude: closed form, then the polygon integral.
  const areaOf = (w: number) => boxAreaKm2({ west: 0, east: w, south: 0, north: 10 });
  let lo = 0.1,
    hi = 20;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (areaOf(mid) < 1_000_000) lo = mid;
    else hi = mid;
  }
  const boxRing = (w: number): LonLat[] => [
    [0, 0],
    [w, 0],
    [w, 10],
    [0, 10],
    [0, 0],
  ];

  it('the polygon integral agrees with the closed form for a lat/lon box', () => {
    for (const w of [0.001, 1, 8.99, 50]) {
      const a = ringAreaKm2(boxRing(w));
      expect(Math.abs(a - areaOf(w)) / areaOf(w)).toBeLessThan(1e-9);
    }
  });
  it('accepts just below the limit and refuses at / above it', () => {
    const below = lo * (1 - 1e-6); // ~1 km2 below
    const above = hi * (1 + 1e-6);
    expect(areaOf(below)).toBeGreaterThan(999_998);
    expect(validatePolygon(boxRing(below)).areaKm2).toBeLessThan(1_000_000);
    const g = expectGeoError(() => validatePolygon(boxRing(above)), 422, 'polygon_area_too_large', /less than 1,000,000 km2/);
    expect((g.details as { areaKm2: number }).areaKm2).toBeGreaterThanOrEqual(1_000_000);
  });
  it('WGS84 reference: an octant is 1/8 of the ellipsoid surface (510,065,621.72 km2)', () => {
    const oct = ringAreaKm2([
      [0, 0],
      [90, 0],
      [90, 90],
      [0, 90],
      [0, 0],
    ]);
    expect(Math.abs(oct - 510_065_621.724 / 8)).toBeLessThan(0.5);
  });
  it('1 degree square at the equator is 12,308 km2; 60..61N about 6,123 km2', () => {
    expect(ringAreaKm2(square)).toBeCloseTo(12308.46, 1);
    // Independent estimate: parallel arc (N cos phi) x meridian arc (M) at 60.5N on WGS84 = 54.956 km x 111.421 km.
    const a60 = ringAreaKm2([
      [0, 60],
      [1, 60],
      [1, 61],
      [0, 61],
      [0, 60],
    ]);
    expect(a60).toBeGreaterThan(6120);
    expect(a60).toBeLessThan(6126);
  });
  it('search polygons use the inclusive 3000 km2 limit and status 400', () => {
    expectGeoError(
      () => validateSearchPolygon({ type: 'Polygon', coordinates: [square] }),
      400,
      'polygon_area_too_large',
      /at most 3,000 km2/,
    );
    expectGeoError(
      () =>
        validateSearchPolygon([
          [0, 0],
          [0.1, 0.1],
          [0.1, 0],
          [0, 0.1],
          [0, 0],
        ]),
      400,
      'polygon_self_intersection',
    );
  });
});

describe('rings crossing the antimeridian', () => {
  const across: LonLat[] = [
    [179, -1],
    [-179, -1],
    [-179, 1],
    [179, 1],
    [179, -1],
  ];
  const same: LonLat[] = [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
    [-1, -1],
  ];
  it('has the area of the same box elsewhere and a west > east bbox', () => {
    const v = validatePolygon(across);
    expect(v.areaKm2).toBeCloseTo(ringAreaKm2(same), 6);
    expect(v.areaKm2).toBeGreaterThan(49_000);
    expect(v.bbox).toEqual({ west: 179, east: -179, south: -1, north: 1 });
  });
  it('is not reported as self-intersecting and is not a world-wide polygon', () => {
    expect(() => validatePolygon(across)).not.toThrow();
    expect(validatePolygon(across).areaKm2).toBeLessThan(60_000);
  });
});
