/**
 * Property: points in the middle of road segments. The reference network has each such point
 * inserted as a real node (the way split there); the edge-based reference (turn costs, u-turn
 * rule) on it must equal the matrix computed on the original network, where the points are
 * snapped onto segments.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildNetworkFromGeoJSON, type LatLon } from '../../../shared/roads/index';
import { buildMetric } from '../../../shared/roads/metric';
import { BASE_LAT, BASE_LON, DLAT, DLON } from '../../fixtures/routing/graphs';
import { edgeBasedDurations } from './edge-reference';

const arb = fc.integer({ min: 2, max: 9 }).chain((n) =>
  fc.record({
    pos: fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 })), {
      minLength: n,
      maxLength: n,
      selector: (p) => `${p[0]},${p[1]}`,
    }),
    edges: fc.array(
      fc.record({
        a: fc.nat({ max: n - 1 }),
        b: fc.nat({ max: n - 1 }),
        oneway: fc.boolean(),
        cls: fc.constantFrom('primary', 'residential', 'service'),
      }),
      { minLength: 1, maxLength: 2 * n },
    ),
    pts: fc.array(fc.record({ edge: fc.nat(), f: fc.double({ min: 0.05, max: 0.95, noNaN: true }) }), { minLength: 1, maxLength: 6 }),
  }),
);

function collinearHit(pos: number[][], a: number, b: number): boolean {
  const [x1, y1] = pos[a];
  const [x2, y2] = pos[b];
  return pos.some(
    ([x, y], k) =>
      k !== a &&
      k !== b &&
      (x2 - x1) * (y - y1) === (y2 - y1) * (x - x1) &&
      x >= Math.min(x1, x2) &&
      x <= Math.max(x1, x2) &&
      y >= Math.min(y1, y2) &&
      y <= Math.max(y1, y2),
  );
}

/** Do two segments cross (properly)? Points near a crossing could snap to the other road. */
function crosses(p: number[][], e1: { a: number; b: number }, e2: { a: number; b: number }): boolean {
  const o = (a: number[], b: number[], c: number[]) => Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
  const [A, B, C, D] = [p[e1.a], p[e1.b], p[e2.a], p[e2.b]];
  if ([e1.a, e1.b].some((x) => x === e2.a || x === e2.b)) return false;
  return o(A, B, C) * o(A, B, D) < 0 && o(C, D, A) * o(C, D, B) < 0;
}

describe('snapped points on segments vs split-way reference', () => {
  it('matrix through phantom points equals the edge-based reference on the split network', () => {
    fc.assert(
      fc.property(arb, ({ pos, edges, pts }) => {
        const seen = new Set<string>();
        const usable = edges.filter((e) => {
          const k = `${Math.min(e.a, e.b)}-${Math.max(e.a, e.b)}`;
          if (e.a === e.b || seen.has(k) || collinearHit(pos, e.a, e.b)) return false;
          seen.add(k);
          return true;
        });
        fc.pre(usable.length > 0);
        for (let i = 0; i < usable.length; i++) for (let j = i + 1; j < usable.length; j++) fc.pre(!crosses(pos, usable[i], usable[j]));
        const lonlat = (x: number, y: number) => [BASE_LON + x * DLON, BASE_LAT + y * DLAT];
        const queries = pts.map((p) => {
          const e = usable[p.edge % usable.length];
          const [x1, y1] = pos[e.a];
          const [x2, y2] = pos[e.b];
          return { e, f: p.f, c: lonlat(x1 + (x2 - x1) * p.f, y1 + (y2 - y1) * p.f) };
        });
        // Two points millimetres apart on one edge merge into one node of the split reference
        // (coordinates are stored to about 1 cm), which is not what this property is about.
        for (const a of queries) for (const b of queries) fc.pre(a === b || a.e !== b.e || Math.abs(a.f - b.f) >= 0.01);
        const feature = (e: (typeof usable)[number], inner: number[][]) => ({
          type: 'Feature',
          properties: { highway: e.cls, oneway: e.oneway ? 'yes' : 'no' },
          geometry: {
            type: 'LineString',
            coordinates: [lonlat(...(pos[e.a] as [number, number])), ...inner, lonlat(...(pos[e.b] as [number, number]))],
          },
        });
        const original = buildNetworkFromGeoJSON({ type: 'FeatureCollection', features: usable.map((e) => feature(e, [])) });
        // uncompressed, or the split points would become shape points again
        const split = buildNetworkFromGeoJSON(
          {
            type: 'FeatureCollection',
            features: usable.map((e) =>
              feature(
                e,
                queries
                  .filter((q) => q.e === e)
                  .sort((a, b) => a.f - b.f)
                  .map((q) => q.c),
              ),
            ),
          },
          { compress: false },
        );
        const g = split.graph;
        const N = g.nodeCount;
        const metric = buildMetric(g, {});
        const nodeAt = (c: number[]) => {
          let best = -1;
          let bd = Infinity;
          for (let v = 0; v < N; v++) {
            const d = Math.abs(g.data.lat[v] - c[1]) + Math.abs(g.data.lon[v] - c[0]);
            if (d < bd) {
              bd = d;
              best = v;
            }
          }
          return best;
        };
        const qn = queries.map((q) => nodeAt(q.c));
        const points: LatLon[] = queries.map((q) => ({ lat: q.c[1], lon: q.c[0] }));
        // a split point is a node of two neighbours: passing it is no turn, turning back there no option
        const D = qn.map((v) => edgeBasedDurations(g, v, metric.duration, {}));
        for (const method of ['ch', 'dijkstra'] as const) {
          const m = original.matrix(points, { method, snapToAnyComponent: true, maxSnapDistance: 1e9 });
          for (let i = 0; i < points.length; i++)
            for (let j = 0; j < points.length; j++) {
              const want = D[i][qn[j]];
              const got = m.durations[i * points.length + j];
              if (want === Infinity) expect(got, `${method} ${i}->${j}`).toBe(Infinity);
              else expect(Math.abs(got - want), `${method} ${i}->${j} got ${got} want ${want}`).toBeLessThan(0.02 + 1e-3 * want);
            }
        }
      }),
      { numRuns: Number(process.env.PROP_RUNS ?? 200) },
    );
  });
});
