import { describe, expect, it } from 'vitest';
import {
  EARTH_RADIUS_M,
  GeoError,
  circleBbox,
  densifyTrack,
  destinationPoint,
  haversineMeters,
  initialBearing,
  interpolateGreatCircle,
  normalizeLon,
  orient2d,
  orient2dExact,
  segmentIntersection,
  trackGeometry,
  validatePolygon,
  type GeometryType,
} from '../../../shared/geo';

describe('sphere helpers', () => {
  it('normalizeLon', () => {
    expect(normalizeLon(190)).toBe(-170);
    expect(normalizeLon(-190)).toBe(170);
    expect(normalizeLon(180)).toBe(-180);
    expect(normalizeLon(540)).toBe(-180);
    expect(normalizeLon(12.5)).toBe(12.5);
  });
  it('destination point and bearing are consistent with haversine', () => {
    const start = { lat: 47.1, lon: 8.5 };
    for (const b of [0, 45, 90, 200, 359]) {
      const p = destinationPoint(start, b, 12_345);
      expect(haversineMeters(start, p)).toBeCloseTo(12_345, 5);
      expect(Math.abs(((initialBearing(start, p) - b + 540) % 360) - 180)).toBeLessThan(1e-6);
    }
    const across = destinationPoint({ lat: 0, lon: 179.99 }, 90, 5_000);
    expect(across.lon).toBeLessThan(-179.9);
  });
  it('great-circle interpolation: endpoints, midpoint distance, across the antimeridian', () => {
    const a = { lat: 10, lon: 170 },
      b = { lat: 20, lon: -170 };
    const m = interpolateGreatCircle(a, b, 0.5);
    const d = haversineMeters(a, b);
    expect(haversineMeters(a, m)).toBeCloseTo(d / 2, 4);
    expect(haversineMeters(m, b)).toBeCloseTo(d / 2, 4);
    expect(Math.abs(m.lon)).toBeGreaterThan(170);
    expect(interpolateGreatCircle(a, a, 0.3)).toEqual(a);
  });
  it('densify respects maxPoints and refuses a non-positive step', () => {
    const track = [
      { lat: 0, lon: 0 },
      { lat: 0, lon: 1 },
    ];
    expect(densifyTrack(track, 10, 50).length).toBeLessThanOrEqual(50);
    expect(densifyTrack(track, 10, 50).at(-1)).toMatchObject({ lat: 0, lon: 1, interpolated: false, originalIndex: 1 });
    expect(() => densifyTrack(track, 0)).toThrow(RangeError);
    expect(densifyTrack([], 10)).toEqual([]);
  });
  it('circle bounding box reaches all longitudes near a pole', () => {
    const bb = circleBbox({ center: { lat: 89.9, lon: 0 }, radius: 20_000 });
    expect(bb.west).toBe(-180);
    expect(bb.east).toBe(180);
    const small = circleBbox({ center: { lat: 0, lon: 0 }, radius: (EARTH_RADIUS_M * Math.PI) / 180 });
    expect(small.north).toBeCloseTo(1, 6);
    expect(small.east).toBeCloseTo(1, 6);
  });
  it('trackGeometry refuses unknown geometry types with 400', () => {
    expect(() => trackGeometry([], 'kml' as GeometryType)).toThrow(GeoError);
  });
});

describe('exact predicates', () => {
  it('orient2d is exact where floating point is not', () => {
    // Classic near-collinear case: the naive double expression gets the sign wrong or 0.
    const ax = 0.5,
      ay = 0.5,
      bx = 12,
      by = 12,
      cx = 24,
      cy = 24;
    expect(orient2d(ax, ay, bx, by, cx, cy)).toBe(0);
    const e = 2 ** -50;
    // (0.5 + e, 0.5) lies just right of the line y = x through b -> c, so a, b, c turn clockwise
    expect(orient2d(0.5 + e, 0.5, 12, 12, 24, 24)).toBe(-1);
    expect(orient2dExact(0.5 + e, 0.5, 12, 12, 24, 24)).toBe(-1);
    // Grid of tiny perturbations of a: left of y = x (counter-clockwise) exactly when py > px.
    for (let i = 0; i < 64; i++) {
      for (let j = 0; j < 64; j++) {
        const px = 0.5 + i * 2 ** -53,
          py = 0.5 + j * 2 ** -53;
        expect(orient2d(px, py, 12, 12, 24, 24)).toBe(Math.sign(j - i));
      }
    }
  });
  it('orient2d stays exact with subnormal products (no filter underflow)', () => {
    expect(orient2d(5e-324, -5e-324, 0, 5e-324, 0, 0)).toBe(orient2dExact(5e-324, -5e-324, 0, 5e-324, 0, 0));
    expect(orient2d(5e-324, -5e-324, 0, 5e-324, 0, 0)).toBe(1);
    expect(orient2d(1e-200, 0, 0, 1e-200, 0, 0)).toBe(1);
    expect(orient2d(0, 1e-200, 1e-200, 0, 0, 0)).toBe(-1);
  });
  it('orient2d keeps its sign when every input is scaled by a power of two (tiny and huge inputs)', () => {
    for (const k of [-1000, -600, -300, 300, 600]) {
      const s = 2 ** k;
      for (let i = 0; i < 8; i++) {
        for (let j = 0; j < 8; j++) {
          const px = (0.5 + i * 2 ** -53) * s,
            py = (0.5 + j * 2 ** -53) * s;
          expect(orient2d(px, py, 12 * s, 12 * s, 24 * s, 24 * s)).toBe(Math.sign(j - i));
        }
      }
    }
  });
  it('segment intersection classes', () => {
    expect(segmentIntersection(0, 0, 2, 2, 0, 2, 2, 0)).toBe('crossing');
    expect(segmentIntersection(0, 0, 2, 0, 1, 0, 1, 5)).toBe('touching');
    expect(segmentIntersection(0, 0, 2, 0, 2, 0, 3, 0)).toBe('touching');
    expect(segmentIntersection(0, 0, 2, 0, 1, 0, 3, 0)).toBe('overlap');
    expect(segmentIntersection(0, 0, 2, 0, 3, 0, 4, 0)).toBe('none');
    expect(segmentIntersection(0, 0, 2, 0, 0, 1, 2, 1)).toBe('none');
  });
});

describe('GeoJSON structure edge cases (400)', () => {
  const bad: unknown[] = [
    { type: 'Polygon', coordinates: [[[0], [1, 0], [1, 1], [0]]] },
    { type: 'Polygon', coordinates: ['ring'] },
    { type: 'Polygon' },
    {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
      bbox: 'x',
    },
    null,
    42,
  ];
  for (const input of bad) {
    it(JSON.stringify(input), () => {
      try {
        validatePolygon(input);
        throw new Error('expected an error');
      } catch (e) {
        expect(e).toBeInstanceOf(GeoError);
        expect((e as GeoError).status).toBe(400);
      }
    });
  }
});
