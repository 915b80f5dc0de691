import { describe, expect, it } from 'vitest';
import { buildNetworkFromGeoJSON } from '../../../shared/roads/index';
import { ROUTES_BEFORE_HIERARCHY } from '../../../shared/roads/network';
import { BASE_LAT, BASE_LON, DLAT, DLON, gridNetwork } from '../../fixtures/routing/graphs';

// Point-to-point routes start on Dijkstra and move to the metric's contraction hierarchy once the
// process has routed enough on it; the answers must not change when they do.

const P = (x: number, y: number) => ({ lat: BASE_LAT + y * DLAT, lon: BASE_LON + x * DLON });

describe('routes build their hierarchy after a number of routes', () => {
  it('uses Dijkstra first, then the hierarchy, with the same answers', () => {
    const net = buildNetworkFromGeoJSON(gridNetwork(6, 6), { name: 'grid' });
    const pairs = Array.from({ length: ROUTES_BEFORE_HIERARCHY + 8 }, (_, i) => [P(i % 6, 0.5), P(5 - ((i * 7) % 6), 4.5)]);
    const reference = pairs.map((pair) => net.route(pair, { method: 'dijkstra' }));
    expect(net.metricFor({}).ch).toBeUndefined();
    pairs.forEach((pair, i) => {
      const r = net.route(pair);
      expect(net.metricFor({}).ch !== undefined).toBe(i >= ROUTES_BEFORE_HIERARCHY);
      expect(r.duration).toBeCloseTo(reference[i].duration, 6);
      expect(r.distance).toBeCloseTo(reference[i].distance, 6);
    });
  });

  it('counts each metric on its own, and not the routes that cannot use a hierarchy', () => {
    const net = buildNetworkFromGeoJSON(gridNetwork(4, 4), { name: 'grid' });
    for (let i = 0; i <= ROUTES_BEFORE_HIERARCHY; i++) {
      net.route([P(0, 0), P(3, 3)], { profile: 'truck' });
      net.route([P(0, 0), P(3, 3)], { minimise: 'distance' });
    }
    expect(net.metricFor({ profile: 'truck' }).ch).toBeDefined();
    expect(net.metricFor({}).ch).toBeUndefined();
  });
});
