/**
 * On the real Gothenburg OSM network (geojson-path-finder's test data, ODbL, © OpenStreetMap contributors).
 * Imported once for the file.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pointInPolygonXY } from '../../../shared/geo';
import { haversine, loadGothenburgSample, type LatLon, type Network } from '../../../shared/roads/index';
import { projectOnSegment } from '../../../shared/roads/geo';
import { seededRandom } from '../../fixtures/random';
import { roadPoints } from '../../fixtures/routing/points';

let net: Network;
let points: LatLon[];

beforeAll(() => {
  net = loadGothenburgSample();
  points = roadPoints(net, 25, 42);
  // about 3-4 s under a load average of 16
}, 60_000);

describe('Gothenburg network', () => {
  it('imports the sample', () => {
    // chains of shape nodes are single edges (uncompressed: 49,916 nodes, 90,051 edges)
    expect(net.nodeCount).toBeGreaterThan(14_000);
    expect(net.graph.data.shapeLat.length).toBeGreaterThan(40_000);
    expect(net.edgeCount).toBeGreaterThan(25_000);
    // component sizes count OSM nodes, shape points included
    expect(net.graph.largestComponent).toBeGreaterThan(40_000);
  });

  it('CH bucket matrix equals the Dijkstra matrix; routes agree with the matrix', () => {
    for (const profile of ['car'] as const) {
      const ch = net.matrix(points, { method: 'ch', profile });
      const dj = net.matrix(points, { method: 'dijkstra', profile });
      expect(ch.method).toBe('ch-buckets');
      for (let i = 0; i < ch.durations.length; i++) {
        expect(Math.abs(ch.durations[i] - dj.durations[i])).toBeLessThan(1e-6);
        expect(Math.abs(ch.distances[i] - dj.distances[i])).toBeLessThan(1e-3);
        expect(Number.isFinite(ch.durations[i])).toBe(true);
      }
      for (let k = 0; k < 5; k++) {
        for (const method of ['ch', 'dijkstra'] as const) {
          const r = net.route([points[k], points[k + 10]], { profile, method });
          expect(r.duration).toBeCloseTo(ch.durations[k * points.length + k + 10], 4);
          expect(r.distance).toBeCloseTo(ch.distances[k * points.length + k + 10], 1);
          let along = 0;
          for (let i = 1; i < r.coordinates.length; i++)
            along += haversine(r.coordinates[i - 1][0], r.coordinates[i - 1][1], r.coordinates[i][0], r.coordinates[i][1]);
          expect(Math.abs(along - r.distance)).toBeLessThan(1);
        }
      }
    }
    // one-to-many: rectangular matrices
    const om = net.matrix([points[0]], { targets: points.slice(1) });
    expect(om.sourceCount).toBe(1);
    expect(om.targetCount).toBe(24);
    // 2.8 s in a whole-suite run on a 2-core machine, up to 23 s under load average 12-14 (other suites running too).
  }, 35_000);

  it('traffic and truck profiles are slower than free-flow car', () => {
    const free = net.matrix(points.slice(0, 10), { method: 'ch' });
    const peak = net.matrix(points.slice(0, 10), { method: 'dijkstra', trafficTimestamp: Date.UTC(2024, 0, 10, 15, 30) / 1000 });
    const truck = net.matrix(points.slice(0, 10), { method: 'dijkstra', profile: 'truck' });
    let slower = 0;
    for (let i = 0; i < free.durations.length; i++) {
      expect(peak.durations[i]).toBeGreaterThanOrEqual(free.durations[i] - 1e-9);
      expect(truck.durations[i]).toBeGreaterThanOrEqual(free.durations[i] - 1e-9);
      if (peak.durations[i] > free.durations[i] * 1.05) slower++;
    }
    expect(slower).toBeGreaterThan(50);
  });

  it('10-minute isochrone contains every node reachable within 10 minutes', () => {
    const origin = points[3];
    const iso = net.isochrone(origin, { minutes: 10 });
    expect(iso.polygon.coordinates[0].length).toBeGreaterThan(10);
    // same search the isochrone uses; a state's cost is that of reaching its edge's start node
    const me = net.metricFor({});
    const s = net.search(me.byCost);
    const ph = net.snap(origin);
    s.run(net.sourceSeeds(ph, me.byCost), me.byCost, { maxCost: 600 });
    let checked = 0;
    for (const st of s.order) {
      if (s.cost[st] > 600) continue;
      const v = net.graph.tail[me.topo.stateEdge[st]];
      expect(pointInPolygonXY(iso.polygon.coordinates, net.graph.data.lon[v], net.graph.data.lat[v])).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
    // 1.3 s in a whole-suite run on a 2-core machine, up to 12 s under load average 12-14 (other suites running too).
  }, 20_000);

  it('distance isochrone excludes everything far beyond the limit', () => {
    const origin = points[5];
    const iso = net.isochrone(origin, { meters: 2000 });
    const d = net.graph.data;
    let inside = 0;
    for (let v = 0; v < net.nodeCount; v += 7) {
      const inPoly = pointInPolygonXY(iso.polygon.coordinates, d.lon[v], d.lat[v]);
      if (inPoly) inside++;
      if (haversine(origin.lat, origin.lon, d.lat[v], d.lon[v]) > 2000 + 600) expect(inPoly).toBe(false);
    }
    expect(inside).toBeGreaterThan(20);
  });

  it('map matching recovers a known route from a noisy trace', () => {
    const r = seededRandom(7);
    const gauss = () => Math.sqrt(-2 * Math.log(r() + 1e-12)) * Math.cos(2 * Math.PI * r());
    let route = net.route([points[1], points[2]]);
    for (let k = 3; route.distance < 2000 && k < points.length; k++) route = net.route([points[1], points[k]]);
    expect(route.distance).toBeGreaterThan(2000);
    // sample every ~25 m along the true route, add ~8 m Gaussian noise
    const truth: LatLon[] = [];
    const c = route.coordinates;
    let carry = 0;
    for (let i = 1; i < c.length; i++) {
      const seg = haversine(c[i - 1][0], c[i - 1][1], c[i][0], c[i][1]);
      let pos = carry;
      while (pos < seg) {
        const f = pos / seg;
        truth.push({ lat: c[i - 1][0] + (c[i][0] - c[i - 1][0]) * f, lon: c[i - 1][1] + (c[i][1] - c[i - 1][1]) * f });
        pos += 25;
      }
      carry = pos - seg;
    }
    const sigma = 8;
    const mPerLat = 111_195;
    const mPerLon = 111_195 * Math.cos((truth[0].lat * Math.PI) / 180);
    const trace = truth.map((p) => ({ lat: p.lat + (gauss() * sigma) / mPerLat, lon: p.lon + (gauss() * sigma) / mPerLon }));
    const mm = net.mapMatch(trace);
    expect(mm.snappedPoints.length).toBe(trace.length);
    // every snapped point on the true route geometry (within 3 m) for at least 95% of points
    const distToRoute = (p: LatLon) => {
      let best = Infinity;
      for (let i = 1; i < c.length; i++)
        best = Math.min(best, projectOnSegment(p.lat, p.lon, c[i - 1][0], c[i - 1][1], c[i][0], c[i][1]).dist);
      return best;
    };
    const onRoute = mm.snappedPoints.filter((s) => distToRoute(s.location) < 3).length;
    expect(onRoute / mm.snappedPoints.length).toBeGreaterThan(0.95);
    expect(Math.abs(mm.distance - route.distance) / route.distance).toBeLessThan(0.1);
    // output shape
    const sp = mm.snappedPoints[5];
    expect(sp.originalIndex).toBe(5);
    expect(Number.isInteger(sp.bearing) && sp.bearing >= 0 && sp.bearing < 360).toBe(true);
    expect(Number.isInteger(sp.distance)).toBe(true);
    expect(typeof sp.name).toBe('string');
    expect(mm.snappedPoints.some((s) => s.name !== '')).toBe(true);
    expect(mm.breaks).toBe(0);
  });

  it('map matching bearings follow the direction of travel', () => {
    const route = net.route([points[8], points[9]]);
    const c = route.coordinates;
    const trace = c.filter((_, i) => i % 2 === 0).map(([lat, lon]) => ({ lat, lon }));
    const mm = net.mapMatch(trace);
    let agree = 0;
    let total = 0;
    for (let i = 0; i + 1 < mm.snappedPoints.length; i++) {
      const a = mm.snappedPoints[i].location;
      const b = mm.snappedPoints[i + 1].location;
      if (haversine(a.lat, a.lon, b.lat, b.lon) < 15) continue;
      const dy = b.lat - a.lat;
      const dx = (b.lon - a.lon) * Math.cos((a.lat * Math.PI) / 180);
      const br = ((Math.atan2(dx, dy) * 180) / Math.PI + 360) % 360;
      const diff = Math.abs(((br - mm.snappedPoints[i].bearing + 540) % 360) - 180);
      total++;
      if (diff < 60) agree++;
    }
    expect(total).toBeGreaterThan(5);
    expect(agree / total).toBeGreaterThan(0.8);
  });
});
