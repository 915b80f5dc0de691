/**
 * The chain compression changes the graph, not the answers: on the Gothenburg sample and two real
 * extracts (with barriers, turning circles and turn restrictions), the compressed network and the
 * uncompressed one (every OSM node a graph node) give the same matrices, and the same routes with
 * the same geometry. Road data © OpenStreetMap contributors (ODbL).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { graphFromOsmPbf, importFile, Network, type LatLon } from '../../../shared/roads/index';
import { gothenburgSamplePath } from '../../../shared/roads/io';
import { roadPoints } from '../../fixtures/routing/points';

const OSM = join(import.meta.dirname, '../../fixtures/osm');

const sources: Array<[string, (compress: boolean) => Network]> = [
  ['gothenburg', (compress) => new Network(importFile(gothenburgSamplePath(), { name: 'gothenburg', compress }))],
  ...['north-bayreuth', 'monaco'].map(
    (name) =>
      [
        name,
        (compress: boolean) => new Network(graphFromOsmPbf(new Uint8Array(readFileSync(join(OSM, `${name}.osm.pbf`))), { name, compress })),
      ] as [string, (compress: boolean) => Network],
  ),
];

describe.each(sources)('compressed %s', (_, build) => {
  const small = build(true);
  const full = build(false);

  it('is several times smaller', () => {
    expect(small.nodeCount * 3).toBeLessThan(full.nodeCount);
    expect(small.graph.largestComponent).toBe(full.graph.largestComponent);
  });

  it('gives the same matrix and the same routes, geometry included, as the uncompressed graph', () => {
    const points: LatLon[] = roadPoints(full, 24, 5);
    for (const profile of ['car', 'truck'] as const) {
      const a = small.matrix(points, { profile, method: 'dijkstra' });
      const b = full.matrix(points, { profile, method: 'dijkstra' });
      for (let i = 0; i < a.durations.length; i++) {
        if (b.durations[i] === Infinity) {
          expect(a.durations[i]).toBe(Infinity);
          continue;
        }
        // lengths are summed in float32 per edge: centimetres over a city
        expect(Math.abs(a.durations[i] - b.durations[i]), `duration ${i}`).toBeLessThan(0.05);
        expect(Math.abs(a.distances[i] - b.distances[i]), `distance ${i}`).toBeLessThan(0.5);
      }
    }
    let routes = 0;
    for (let k = 0; k + 1 < points.length; k += 2) {
      const pair = [points[k], points[k + 1]];
      let want;
      try {
        want = full.route(pair, { method: 'dijkstra' });
      } catch {
        expect(() => small.route(pair, { method: 'dijkstra' })).toThrow();
        continue;
      }
      const got = small.route(pair, { method: 'dijkstra' });
      expect(Math.abs(got.duration - want.duration)).toBeLessThan(0.05);
      expect(Math.abs(got.distance - want.distance)).toBeLessThan(0.5);
      expect(got.coordinates.length).toBe(want.coordinates.length);
      got.coordinates.forEach(([lat, lon], i) => {
        expect(Math.abs(lat - want.coordinates[i][0])).toBeLessThan(1e-6);
        expect(Math.abs(lon - want.coordinates[i][1])).toBeLessThan(1e-6);
      });
      routes++;
    }
    expect(routes).toBeGreaterThan(5);
  }, 120_000);

  it('snaps and map-matches onto points inside a chain', () => {
    const g = small.graph;
    // a shape point, offset a few metres: it snaps onto that edge's polyline, not its straight chord
    let e = 0;
    while (g.pointCount(e) < 4) e++;
    const p = { lat: g.pointLat(e, 2) + 0.00002, lon: g.pointLon(e, 2) };
    const ph = small.snap(p, { snapToAnyComponent: true });
    const want = full.snap(p, { snapToAnyComponent: true });
    expect(Math.abs(ph.lat - want.lat) + Math.abs(ph.lon - want.lon)).toBeLessThan(1e-7);
    expect(ph.dist).toBeCloseTo(want.dist, 3);
  });
});
