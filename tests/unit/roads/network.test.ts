import { describe, expect, it } from 'vitest';
import {
  buildNetworkFromGeoJSON,
  decodePolyline,
  greatCircleMatrix,
  haversine,
  NetworkRegistry,
  NoNetworkCoverageError,
  NoRouteError,
  PointTooFarError,
  RoutingInputError,
  SNAP_DISTANCE_M,
  FALLBACK_WARNING,
} from '../../../shared/roads/index';
import { BASE_LAT, BASE_LON, DLAT, DLON, gridNetwork, onewayNetwork, truckNetwork } from '../../fixtures/routing/graphs';

const P = (x: number, y: number) => ({ lat: BASE_LAT + y * DLAT, lon: BASE_LON + x * DLON });

describe('snapping', () => {
  const net = buildNetworkFromGeoJSON(gridNetwork(4, 4), { name: 'grid' });

  it('snaps onto the nearest segment', () => {
    const ph = net.snap({ lat: BASE_LAT + 0.3 * DLAT, lon: BASE_LON + 1.5 * DLON });
    expect(ph.dist).toBeGreaterThan(25);
    expect(ph.dist).toBeLessThan(35);
  });

  it('refuses points farther than the snap distance with a typed error', () => {
    const far = { lat: BASE_LAT - 0.01, lon: BASE_LON + 2 * DLON }; // ~1.1 km south of (2,0)
    expect(() => net.matrix([P(0, 0), far])).toThrow(PointTooFarError);
    try {
      net.route([P(0, 0), far]);
    } catch (e) {
      expect(e).toBeInstanceOf(PointTooFarError);
      const err = e as PointTooFarError;
      expect(err.index).toBe(1);
      expect(err.maxDistance).toBe(SNAP_DISTANCE_M);
      expect(err.code).toBe('POINT_TOO_FAR');
      expect(err.message).toContain('snap distance is 500 m');
    }
    // a custom, larger snap distance accepts it
    expect(net.matrix([P(0, 0), far], { maxSnapDistance: 2000 }).distances[1]).toBeCloseTo(200, 1);
  });

  it('rejects invalid coordinates', () => {
    expect(() => net.snap({ lat: NaN, lon: 0 })).toThrow(RoutingInputError);
  });
});

describe('oneway', () => {
  const net = buildNetworkFromGeoJSON(onewayNetwork(), { name: 'ring' });

  it('follows the one-way ring (clockwise) in both directions of the question', () => {
    // ring: (0,0)->(0,4)->(4,4)->(4,0)->(0,0)
    const a = P(0, 2); // on west side
    const b = P(2, 4); // on north side
    const m = net.matrix([a, b], { method: 'dijkstra' });
    const mc = net.matrix([a, b], { method: 'ch' });
    expect(m.distances[1]).toBeCloseTo(400, 0); // a -> b: 200 up + 200 right
    expect(m.distances[2]).toBeCloseTo(1200, 0); // b -> a: the rest of the ring
    expect(Array.from(mc.distances)).toEqual(Array.from(m.distances).map((x) => expect.closeTo(x, 6)));
    const r = net.route([b, a]);
    expect(r.distance).toBeCloseTo(1200, 0);
  });

  it('never drives against the one-way direction in the route geometry', () => {
    const r = net.route([P(4, 2), P(4, 3)]);
    // going north on the east side (southbound one-way) needs the full loop
    expect(r.distance).toBeCloseTo(1500, 0);
  });
});

describe('truck restrictions, avoid and traffic', () => {
  const net = buildNetworkFromGeoJSON(truckNetwork(), { name: 'trucks', utcOffsetMinutes: 0 });
  const A = P(0, 0);
  const B = P(10, 0);

  it('a heavy or tall truck takes the detour, a light one the bridge', () => {
    const car = net.route([A, B]);
    expect(car.distance).toBeCloseTo(1000, 0);
    const light = net.route([A, B], { profile: 'truck', truck: { weightKg: 3000, heightCm: 300 } });
    expect(light.distance).toBeCloseTo(1000, 0);
    const heavy = net.route([A, B], { profile: 'truck', truck: { weightKg: 12000 } });
    expect(heavy.distance).toBeCloseTo(2000, 0);
    const tall = net.route([A, B], { profile: 'truck', truck: { heightCm: 400 } });
    expect(tall.distance).toBeCloseTo(2000, 0);
    // weight limits also apply to the matrix (both algorithms)
    for (const method of ['dijkstra', 'ch'] as const) {
      const m = net.matrix([A, B], { profile: 'truck', truck: { weightKg: 12000 }, method });
      expect(m.distances[1]).toBeCloseTo(2000, 0);
    }
    // the geometry of the heavy route goes up to y=5
    const maxLat = Math.max(...decodePolyline(heavy.geometry).map((c) => c[0]));
    expect(maxLat).toBeGreaterThan(BASE_LAT + 4.9 * DLAT);
  });

  it('car ignores truck dimensions', () => {
    expect(net.route([A, B], { profile: 'car', truck: { weightKg: 40000 } }).distance).toBeCloseTo(1000, 0);
  });

  it('avoid toll is a soft penalty: detour used when it exists, toll road used when nothing else', () => {
    const r = net.route([A, B], { avoid: { toll: true } });
    expect(r.distance).toBeCloseTo(2000, 0);
    // reported durations are real travel times, not penalised costs (matrix agrees with the route)
    // (144 s of road plus two 8 s left turns onto and off the detour)
    expect(r.duration).toBeCloseTo(160, 1);
    for (const method of ['dijkstra', 'ch'] as const) {
      const m = net.matrix([A, B], { avoid: { toll: true }, method });
      expect(m.distances[1]).toBeCloseTo(2000, 0);
      expect(m.durations[1]).toBeCloseTo(r.duration, 6);
    }
    // starting on the toll bridge itself: still routable
    const onBridge = net.route([P(5, 0), B], { avoid: { toll: true } });
    expect(onBridge.distance).toBeCloseTo(500, 0);
  });

  it('avoid bbox excludes roads inside the box', () => {
    const box = { minLat: BASE_LAT - DLAT, minLon: BASE_LON + 4 * DLON, maxLat: BASE_LAT + DLAT, maxLon: BASE_LON + 6 * DLON };
    const r = net.route([A, B], { avoid: { bboxes: [box] } });
    expect(r.distance).toBeCloseTo(2000, 0);
    const m = net.matrix([A, B], { avoid: { bboxes: [box] }, method: 'ch' });
    expect(m.distances[1]).toBeCloseTo(2000, 0);
    // boxing in both routes leaves no route
    const all = { minLat: BASE_LAT - DLAT, minLon: BASE_LON + 4 * DLON, maxLat: BASE_LAT + 6 * DLAT, maxLon: BASE_LON + 6 * DLON };
    expect(() => net.route([A, B], { avoid: { bboxes: [all] } })).toThrow(NoRouteError);
    expect(net.matrix([A, B], { avoid: { bboxes: [all] } }).durations[1]).toBe(Infinity);
  });

  it('traffic_timestamp applies time-of-day factors', () => {
    const free = net.route([A, B]).duration;
    // Wednesday 2024-01-10 08:00 UTC (utcOffset 0): morning peak, tertiary factor 1.15
    const peak = net.route([A, B], { trafficTimestamp: Date.UTC(2024, 0, 10, 8) / 1000 }).duration;
    const night = net.route([A, B], { trafficTimestamp: Date.UTC(2024, 0, 10, 2) / 1000 }).duration;
    expect(peak / free).toBeCloseTo(1.15, 5);
    expect(night).toBeCloseTo(free, 6);
    // 1000 m of tertiary at 50 km/h
    expect(free).toBeCloseTo(72, 3);
  });
});

describe('routes', () => {
  const net = buildNetworkFromGeoJSON(gridNetwork(5, 5), { name: 'grid' });

  it('returns polyline geometry at precision 5 and 6 that starts and ends at the snapped points', () => {
    const a = { lat: BASE_LAT + 0.5 * DLAT, lon: BASE_LON };
    const b = { lat: BASE_LAT + 4 * DLAT, lon: BASE_LON + 3.5 * DLON };
    for (const precision of [5, 6] as const) {
      const r = net.route([a, b], { precision });
      const c = decodePolyline(r.geometry, precision);
      const tol = precision === 5 ? 2e-5 : 2e-6;
      expect(Math.abs(c[0][0] - a.lat)).toBeLessThan(tol);
      expect(Math.abs(c[c.length - 1][1] - b.lon)).toBeLessThan(tol);
      expect(r.distance).toBeCloseTo(350 + 350, 0);
      let along = 0;
      for (let i = 1; i < r.coordinates.length; i++)
        along += haversine(r.coordinates[i - 1][0], r.coordinates[i - 1][1], r.coordinates[i][0], r.coordinates[i][1]);
      expect(along).toBeCloseTo(r.distance, 0);
    }
  });

  it('handles several waypoints and points on the same segment', () => {
    const r = net.route([P(0, 0), P(0.3, 0), P(0.1, 0), P(2, 2)]);
    expect(r.legs).toHaveLength(3);
    expect(r.legs[0].distance).toBeCloseTo(30, 0);
    expect(r.legs[1].distance).toBeCloseTo(20, 0);
    // west round the free corner (0, 0) and one right turn beats 20 m less with a left turn (8 s)
    expect(r.legs[2].distance).toBeCloseTo(410, 0);
    const m = net.matrix([P(0.3, 0), P(0.1, 0)]);
    expect(m.distances[1]).toBeCloseTo(20, 3);
    expect(m.distances[2]).toBeCloseTo(20, 3);
    expect(m.distances[0]).toBe(0);
  });
});

describe('registry and fallback', () => {
  const grid = buildNetworkFromGeoJSON(gridNetwork(4, 4), { name: 'grid' });
  const reg = new NetworkRegistry().add(grid);
  const outside = [
    { lat: 48.85, lon: 2.35 },
    { lat: 48.86, lon: 2.29 },
  ];

  it('picks the covering network', () => {
    expect(reg.find([P(1, 1)])?.name).toBe('grid');
    expect(reg.find(outside)).toBeUndefined();
    const m = reg.matrix([P(0, 0), P(3, 3)]);
    expect(m.fallback).toBe(false);
    expect(m.network).toBe('grid');
  });

  it('falls back to a flagged great-circle matrix', () => {
    const m = reg.matrix(outside, { profile: 'truck' });
    expect(m.fallback).toBe(true);
    expect(m.warnings).toContain(FALLBACK_WARNING);
    const d = haversine(48.85, 2.35, 48.86, 2.29);
    expect(m.distances[1]).toBeCloseTo(d * 1.3, 6);
    expect(m.durations[1]).toBeCloseTo((d * 1.3) / (40 / 3.6), 6);
    expect(m.durations[0]).toBe(0);
    const direct = greatCircleMatrix(outside, { targets: [outside[0]] });
    expect(direct.targetCount).toBe(1);
  });

  it('refuses isochrones, map matching and routes without coverage', () => {
    expect(() => reg.isochrone(outside[0], { minutes: 5 })).toThrow(NoNetworkCoverageError);
    expect(() => reg.mapMatch(outside)).toThrow(NoNetworkCoverageError);
    expect(() => reg.route(outside)).toThrow(NoNetworkCoverageError);
    try {
      reg.isochrone(outside[0], { minutes: 5 });
    } catch (e) {
      expect((e as NoNetworkCoverageError).code).toBe('NO_NETWORK');
      expect((e as Error).message).toMatch(/no road network covers this point/);
    }
  });
});
