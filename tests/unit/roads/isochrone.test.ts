import { describe, expect, it } from 'vitest';
import { pointInPolygonXY } from '../../../shared/geo';
import { buildNetworkFromGeoJSON, haversine, PointTooFarError, RoutingInputError } from '../../../shared/roads/index';
import { BASE_LAT, BASE_LON, DLAT, DLON, gridNetwork } from '../../fixtures/routing/graphs';

describe('isochrone on a grid', () => {
  const net = buildNetworkFromGeoJSON(gridNetwork(21, 21), { name: 'grid' });
  const origin = { lat: BASE_LAT + 10 * DLAT, lon: BASE_LON + 10 * DLON };

  it('distance isochrone contains every node within the limit and nothing far outside', () => {
    const limit = 600;
    const iso = net.isochrone(origin, { meters: limit, denoise: 0 });
    expect(iso.polygon.type).toBe('Polygon');
    const ring = iso.polygon.coordinates[0];
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    const m = net.matrix([origin], { targets: gridTargets() });
    const targets = gridTargets();
    for (let j = 0; j < targets.length; j++) {
      const inside = pointInPolygonXY(iso.polygon.coordinates, targets[j].lon, targets[j].lat);
      if (m.distances[j] <= limit) expect(inside, `node ${j} at ${m.distances[j]} m`).toBe(true);
      // beyond the limit by more than two H3 cells of slack (res 11 edge ~29 m): outside
      if (haversine(origin.lat, origin.lon, targets[j].lat, targets[j].lon) > limit + 150) expect(inside).toBe(false);
    }
  });

  it('time isochrone grows with the limit and honours denoise', () => {
    const small = net.isochrone(origin, { minutes: 1 });
    const big = net.isochrone(origin, { minutes: 2 });
    expect(big.reachableNodes).toBeGreaterThan(small.reachableNodes);
    // 30 km/h residential: 1 minute = 500 m of road; a turn takes 4-8 s (33-67 m), so all of the
    // straight lines |dx| + |dy| <= 5 along the axes, and no more than the diamond of 61 nodes
    expect(small.reachableNodes).toBeGreaterThanOrEqual(21);
    expect(small.reachableNodes).toBeLessThanOrEqual(61);
    const holes0 = net.isochrone(origin, { minutes: 2, denoise: 0, h3Resolution: 12 }).polygon.coordinates.length;
    const holes1 = net.isochrone(origin, { minutes: 2, denoise: 1, h3Resolution: 12 }).polygon.coordinates.length;
    expect(holes1).toBe(1);
    expect(holes0).toBeGreaterThanOrEqual(holes1);
  });

  it('contains a start that lies off the road it snaps to', () => {
    // 40 m inside a 100 m block, with cells of about 10 m: the road alone would leave it outside
    const offRoad = { lat: origin.lat + 0.4 * DLAT, lon: origin.lon + 0.5 * DLON };
    const iso = net.isochrone(offRoad, { minutes: 0.5, h3Resolution: 12 });
    expect(iso.origin.distance).toBeGreaterThan(30);
    expect(pointInPolygonXY(iso.polygon.coordinates, offRoad.lon, offRoad.lat)).toBe(true);
  });

  it('refuses bad input and far origins', () => {
    expect(() => net.isochrone(origin, {})).toThrow(RoutingInputError);
    expect(() => net.isochrone(origin, { minutes: -1 })).toThrow(RoutingInputError);
    expect(() => net.isochrone({ lat: BASE_LAT - 0.05, lon: BASE_LON }, { minutes: 5 })).toThrow(PointTooFarError);
  });

  function gridTargets() {
    const t = [];
    for (let y = 0; y < 21; y++) for (let x = 0; x < 21; x++) t.push({ lat: BASE_LAT + y * DLAT, lon: BASE_LON + x * DLON });
    return t;
  }
});
