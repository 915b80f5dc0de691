/**
 * Property: on small random road graphs with random turn restrictions, matrix (CH buckets and
 * Dijkstra on the turn graph) and route agree with a simple edge-based reference (turn costs,
 * u-turn rule, restrictions), one-way edges included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { graphFromGeoJSON, haversine, Network, type LatLon } from '../../../shared/roads/index';
import { buildMetric } from '../../../shared/roads/metric';
import { RESTRICT_CAR, RESTRICT_ONLY } from '../../../shared/roads/profiles';
import { BASE_LAT, BASE_LON, DLAT, DLON } from '../../fixtures/routing/graphs';
import { edgeBasedDurations } from './edge-reference';

const CLASSES = ['primary', 'secondary', 'tertiary', 'residential', 'service'];

const graphArb = fc.integer({ min: 2, max: 14 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    // node positions on a fine integer lattice (distinct), 0..40 x 0..40 units of 100 m
    pos: fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 })), {
      minLength: n,
      maxLength: n,
      selector: (p) => `${p[0]},${p[1]}`,
    }),
    edges: fc.array(
      fc.record({
        a: fc.integer({ min: 0, max: n - 1 }),
        b: fc.integer({ min: 0, max: n - 1 }),
        oneway: fc.boolean(),
        cls: fc.constantFrom(...CLASSES),
      }),
      { minLength: 1, maxLength: 3 * n },
    ),
    // restrictions as walks: a start edge and the out-edge index taken at each following node
    restrictions: fc.array(fc.record({ start: fc.nat(), steps: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), only: fc.boolean() }), {
      maxLength: 4,
    }),
    sharpTurnAngle: fc.integer({ min: 60, max: 170 }),
    uturnPenalty: fc.integer({ min: 0, max: 60 }),
  }),
);

/** Segments must not pass through other nodes (they would be split differently): skip such cases. */
function throughOtherNode(pos: Array<[number, number]>, a: number, b: number): boolean {
  const [x1, y1] = pos[a];
  const [x2, y2] = pos[b];
  for (let k = 0; k < pos.length; k++) {
    if (k === a || k === b) continue;
    const [x, y] = pos[k];
    const cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1);
    if (Math.abs(cross) > 1e-9) continue;
    if (x >= Math.min(x1, x2) && x <= Math.max(x1, x2) && y >= Math.min(y1, y2) && y <= Math.max(y1, y2)) return true;
  }
  return false;
}

describe('shortest paths vs an edge-based reference', () => {
  it('matrix (ch + dijkstra) and route equal the brute-force reference', () => {
    fc.assert(
      fc.property(graphArb, ({ n, pos, edges, restrictions, sharpTurnAngle, uturnPenalty }) => {
        const p = pos as Array<[number, number]>;
        const usable = edges.filter((e) => e.a !== e.b && !throughOtherNode(p, e.a, e.b));
        fc.pre(usable.length > 0);
        const coord = (i: number) => [BASE_LON + p[i][0] * DLON, BASE_LAT + p[i][1] * DLAT];
        const data = graphFromGeoJSON({
          type: 'FeatureCollection',
          features: usable.map((e, k) => ({
            type: 'Feature',
            properties: { highway: e.cls, oneway: e.oneway ? 'yes' : 'no', name: `w${k}` },
            geometry: { type: 'LineString', coordinates: [coord(e.a), coord(e.b)] },
          })),
        });
        const m = data.head.length;
        const start: number[] = [0];
        const path: number[] = [];
        const kind: number[] = [];
        for (const r of restrictions) {
          const walk = [r.start % m];
          for (const step of r.steps) {
            const v = data.head[walk[walk.length - 1]];
            const count = data.firstOut[v + 1] - data.firstOut[v];
            if (count > 0) walk.push(data.firstOut[v] + (step % count));
          }
          if (walk.length < 2) continue;
          path.push(...walk);
          start.push(path.length);
          kind.push(RESTRICT_CAR | (r.only ? RESTRICT_ONLY : 0));
        }
        data.restrictions = { start: Uint32Array.from(start), edges: Uint32Array.from(path), kind: Uint8Array.from(kind), conditions: {} };
        const net = new Network(data);
        const turns = { sharpTurnAngle, uturnPenalty };
        const g = net.graph;
        // map input node i -> graph node via coordinates
        const gIndex = new Map<string, number>();
        for (let v = 0; v < g.nodeCount; v++) gIndex.set(`${g.data.lat[v].toFixed(7)},${g.data.lon[v].toFixed(7)}`, v);
        const used = [...new Set(usable.flatMap((e) => [e.a, e.b]))];
        const nodeOf = used.map((i) => {
          const [lon, lat] = coord(i);
          return gIndex.get(`${(Math.round(lat * 1e7) / 1e7).toFixed(7)},${(Math.round(lon * 1e7) / 1e7).toFixed(7)}`)!;
        });
        expect(nodeOf.every((v) => v !== undefined)).toBe(true);
        const metric = buildMetric(g, { profile: 'car' });
        const D = nodeOf.map((v) => edgeBasedDurations(g, v, metric.duration, turns));
        const pts: LatLon[] = nodeOf.map((v) => ({ lat: g.data.lat[v], lon: g.data.lon[v] }));
        // exact node points; the big-component snapping preference is switched off here
        const huge = 1e9;
        for (const method of ['ch', 'dijkstra'] as const) {
          const mx = net.matrix(pts, { method, maxSnapDistance: huge, snapToAnyComponent: true, turns });
          for (let i = 0; i < pts.length; i++) {
            for (let j = 0; j < pts.length; j++) {
              const want = D[i][nodeOf[j]];
              const got = mx.durations[i * pts.length + j];
              if (want === Infinity) expect(got, `${method} ${i}->${j}`).toBe(Infinity);
              else expect(Math.abs(got - want), `${method} ${i}->${j}`).toBeLessThan(1e-6 * Math.max(1, want));
            }
          }
        }
        // routes for a few pairs
        for (let i = 0; i < Math.min(3, pts.length); i++) {
          const j = pts.length - 1 - i;
          const want = D[i][nodeOf[j]];
          if (want === Infinity) continue;
          for (const method of ['ch', 'dijkstra'] as const) {
            const r = net.route([pts[i], pts[j]], { maxSnapDistance: huge, snapToAnyComponent: true, method, turns });
            expect(Math.abs(r.duration - want), `route ${method}`).toBeLessThan(1e-6 * Math.max(1, want));
            // geometry length equals the reported distance
            let along = 0;
            for (let k = 1; k < r.coordinates.length; k++)
              along += haversine(r.coordinates[k - 1][0], r.coordinates[k - 1][1], r.coordinates[k][0], r.coordinates[k][1]);
            expect(Math.abs(along - r.distance), `route ${method} geometry`).toBeLessThan(0.01 + 1e-4 * r.distance);
          }
        }
        void n;
      }),
      { numRuns: 150 },
    );
  });
});
