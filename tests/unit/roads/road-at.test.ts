import { describe, expect, it } from 'vitest';
import { buildNetworkFromGeoJSON, NetworkRegistry, ROAD_AT_DISTANCE_M } from '../../../shared/roads/index';
import { BASE_LAT, BASE_LON, DLAT, DLON, way } from '../../fixtures/routing/graphs';

// Network.roadAt: the road (and its tagged speed limit) a GPS point is on.

const P = (x: number, y: number) => ({ lat: BASE_LAT + y * DLAT, lon: BASE_LON + x * DLON });

// A 50 km/h street from (0,0) to (3,0), then an untagged one to (6,0); a
// 90 km/h road 100 m north.
const net = buildNetworkFromGeoJSON(
  {
    type: 'FeatureCollection',
    features: [
      way(
        [
          [0, 0],
          [3, 0],
        ],
        { highway: 'tertiary', maxspeed: '50', name: 'Slow' },
      ),
      way(
        [
          [3, 0],
          [6, 0],
        ],
        { highway: 'tertiary' },
      ),
      way(
        [
          [0, 1],
          [6, 1],
        ],
        { highway: 'primary', maxspeed: '90', name: 'Fast' },
      ),
    ],
  },
  { name: 'limits' },
);

describe('Network.roadAt', () => {
  it('gives the tagged maxspeed of the nearest segment', () => {
    expect(net.roadAt(P(1.5, 0.1).lat, P(1.5, 0.1).lon)).toMatchObject({ maxspeed: 50, name: 'Slow', network: 'limits' });
    expect(net.roadAt(P(1.5, 0.8).lat, P(1.5, 0.8).lon)).toMatchObject({ maxspeed: 90, name: 'Fast' });
    const r = net.roadAt(P(1.5, 0.1).lat, P(1.5, 0.1).lon)!;
    expect(r.distance).toBeGreaterThan(9);
    expect(r.distance).toBeLessThan(11);
  });

  it('finds a road without a maxspeed tag: maxspeed undefined', () => {
    const untagged = net.roadAt(P(4.5, 0).lat, P(4.5, 0).lon);
    expect(untagged).toBeDefined();
    expect(untagged!.maxspeed).toBeUndefined();
  });

  it('finds nothing beyond the radius (default ROAD_AT_DISTANCE_M)', () => {
    const mid = P(1.5, 0.5); // 50 m from both roads
    expect(ROAD_AT_DISTANCE_M).toBeLessThan(50);
    expect(net.roadAt(mid.lat, mid.lon)).toBeUndefined();
    expect(net.roadAt(mid.lat, mid.lon, 60)).toBeDefined();
    expect(net.roadAt(Number.NaN, 0)).toBeUndefined();
  });

  it('through a registry: the covering network, nothing outside every network', () => {
    const reg = new NetworkRegistry().add(net);
    expect(reg.roadAt(P(1, 1))?.maxspeed).toBe(90);
    expect(reg.roadAt({ lat: 48.85, lon: 2.35 })).toBeUndefined();
    expect(new NetworkRegistry().roadAt(P(1, 1))).toBeUndefined();
  });
});
