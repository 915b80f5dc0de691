/**
 * The segment index against an exhaustive scan on the real Gothenburg network (geojson-path-finder's
 * test data, ODbL, © OpenStreetMap contributors): the grid and its flat-distance shortcut must
 * find exactly the roads, and distances, that projecting the point onto every segment of every
 * road's polyline finds (a road is a compressed edge: its nearest segment counts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGothenburgSample, type Network } from '../../../shared/roads/index';
import { projectOnSegment } from '../../../shared/roads/geo';
import { seededRandom } from '../../fixtures/random';

let net: Network;

beforeAll(() => {
  net = loadGothenburgSample();
});

/** Distances of the `limit` nearest accepted roads within maxDist, by projecting onto every segment of every road's polyline. */
function exhaustive(lat: number, lon: number, maxDist: number, limit: number, accept: (e: number) => boolean): number[] {
  const g = net.graph;
  const found: number[] = [];
  for (const e of net.index.segEdge) {
    if (!accept(e)) continue;
    let best = Infinity;
    for (let k = 0; k + 1 < g.pointCount(e); k++) {
      const p = projectOnSegment(lat, lon, g.pointLat(e, k), g.pointLon(e, k), g.pointLat(e, k + 1), g.pointLon(e, k + 1));
      best = Math.min(best, p.dist);
    }
    if (best <= maxDist) found.push(best);
  }
  return found.sort((a, b) => a - b).slice(0, limit);
}

describe('nearest segments', () => {
  it('finds what an exhaustive scan finds, for one and several results, near and far from roads', () => {
    const random = seededRandom(11);
    const b = net.bbox;
    const accepts = [() => true, (e: number) => e % 3 !== 0];
    let withResults = 0;
    for (let i = 0; i < 100; i++) {
      // Some points fall outside the box or far from any road: those must find nothing in both.
      const lat = b.minLat - 0.005 + random() * (b.maxLat - b.minLat + 0.01);
      const lon = b.minLon - 0.005 + random() * (b.maxLon - b.minLon + 0.01);
      for (const [maxDist, limit] of [
        [500, 1],
        [60, 1],
        [300, 5],
      ]) {
        const accept = accepts[i % 2];
        const got = net.index.nearest(lat, lon, maxDist, limit, accept);
        expect(got.map((p) => p.dist)).toEqual(exhaustive(lat, lon, maxDist, limit, accept));
        expect(got.every((p) => accept(p.edge))).toBe(true);
        if (got.length) withResults++;
      }
    }
    expect(withResults).toBeGreaterThan(100);
    // 4.2 s in a whole-suite run on a 2-core machine, up to 26 s under load average 12-14 (other suites running too).
  }, 40_000);
});
