/**
 * Property: on random road graphs, a distance isochrone contains every node whose network
 * distance is within the limit, and no node farther (great-circle) than the limit plus one
 * H3 cell diameter of slack.
 */
import fc from 'fast-check';
import { getHexagonEdgeLengthAvg, UNITS } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { pointInPolygonXY } from '../../../shared/geo';
import { buildNetworkFromGeoJSON, haversine } from '../../../shared/roads/index';
import { BASE_LAT, BASE_LON, DLAT, DLON } from '../../fixtures/routing/graphs';

const arb = fc.integer({ min: 2, max: 12 }).chain((n) =>
  fc.record({
    pos: fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 })), {
      minLength: n,
      maxLength: n,
      selector: (p) => `${p[0]},${p[1]}`,
    }),
    edges: fc.array(fc.record({ a: fc.nat({ max: n - 1 }), b: fc.nat({ max: n - 1 }), oneway: fc.boolean() }), {
      minLength: 1,
      maxLength: 3 * n,
    }),
    origin: fc.nat(),
    limit: fc.integer({ min: 50, max: 3000 }),
    denoise: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
);

describe('isochrone property', () => {
  it('contains every node within the limit and nothing far outside', () => {
    fc.assert(
      fc.property(arb, ({ pos, edges, origin, limit, denoise }) => {
        const usable = edges.filter((e) => e.a !== e.b);
        fc.pre(usable.length > 0);
        const ll = (i: number) => [BASE_LON + pos[i][0] * DLON, BASE_LAT + pos[i][1] * DLAT];
        const net = buildNetworkFromGeoJSON({
          type: 'FeatureCollection',
          features: usable.map((e) => ({
            type: 'Feature',
            properties: { highway: 'residential', oneway: e.oneway ? 'yes' : 'no' },
            geometry: { type: 'LineString', coordinates: [ll(e.a), ll(e.b)] },
          })),
        });
        const g = net.graph;
        const sv = origin % g.nodeCount;
        const start = { lat: g.data.lat[sv], lon: g.data.lon[sv] };
        const opts = { snapToAnyComponent: true, maxSnapDistance: 1e9 };
        const iso = net.isochrone(start, { meters: limit, denoise, ...opts });
        const targets = Array.from({ length: g.nodeCount }, (_, v) => ({ lat: g.data.lat[v], lon: g.data.lon[v] }));
        const m = net.matrix([start], { targets, method: 'dijkstra', ...opts });
        const slack = 2 * getHexagonEdgeLengthAvg(iso.h3Resolution, UNITS.m) + 1;
        for (let v = 0; v < g.nodeCount; v++) {
          const inside = pointInPolygonXY(iso.polygon.coordinates, targets[v].lon, targets[v].lat);
          if (m.distances[v] <= limit - 0.01) expect(inside, `node ${v} at ${m.distances[v]} m, limit ${limit}`).toBe(true);
          if (haversine(start.lat, start.lon, targets[v].lat, targets[v].lon) > limit + slack) expect(inside).toBe(false);
        }
      }),
      { numRuns: 100 },
    );
  });
});
