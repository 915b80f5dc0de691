/**
 * Imports of three real extracts (tests/fixtures/osm, © OpenStreetMap contributors, ODbL): the
 * figures of the import report, the report against the graph, and the shape of every resolved
 * turn restriction.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { graphFromOsmPbf, type GraphData, type ImportReport } from '../../../shared/roads/index';

const DIR = join(import.meta.dirname, '../../fixtures/osm');

function load(name: string): { g: GraphData; r: ImportReport; ms: number } {
  let r: ImportReport | undefined;
  const t0 = Date.now();
  const g = graphFromOsmPbf(new Uint8Array(readFileSync(join(DIR, `${name}.osm.pbf`))), { name, onReport: (x) => (r = x) });
  return { g, r: r as ImportReport, ms: Date.now() - t0 };
}

const cases = [
  // graph nodes and directed edges within (a change of the access rules moves them a little), restriction relations, resolved.
  // Chains of shape nodes are one edge each: uncompressed, these were 20,979 / 40,613, 3,020 / 4,938 and 12,328 / 25,009.
  { name: 'andorra', nodes: [1_900, 2_100], edges: [3_800, 4_200], relations: 0, resolved: 0 },
  { name: 'monaco', nodes: [550, 650], edges: [1_000, 1_200], relations: 0, resolved: 0 },
  { name: 'north-bayreuth', nodes: [2_350, 2_650], edges: [5_500, 6_100], relations: 40, resolved: 38 },
];

describe.each(cases)('import of $name', ({ name, nodes, edges, relations, resolved }) => {
  const { g, r, ms } = load(name);

  it('is quick and reports what the graph holds', () => {
    expect(ms).toBeLessThan(10_000);
    expect(r.nodes).toBe(g.lat.length);
    expect(r.edges).toBe(g.head.length);
    expect(g.lat.length).toBeGreaterThanOrEqual(nodes[0]);
    expect(g.lat.length).toBeLessThanOrEqual(nodes[1]);
    expect(g.head.length).toBeGreaterThanOrEqual(edges[0]);
    expect(g.head.length).toBeLessThanOrEqual(edges[1]);
    expect(r.ways.kept).toBeGreaterThan(0);
    expect(g.nodeFlags.length).toBe(g.lat.length);
  });

  it('resolves its turn restriction relations or says why not', () => {
    const s = r.restrictions;
    expect(s.relations).toBe(relations);
    expect(s.resolved).toBe(resolved);
    const skipped = Object.values(s.skipped).reduce((a, b) => a + b, 0);
    expect(s.resolved + skipped).toBe(s.relations);
    expect(g.restrictions.kind.length).toBe(s.paths);
  });

  it('stores every restriction as a connected edge path', () => {
    const tail = new Uint32Array(g.head.length);
    for (let u = 0; u + 1 < g.firstOut.length; u++) for (let e = g.firstOut[u]; e < g.firstOut[u + 1]; e++) tail[e] = u;
    const rs = g.restrictions;
    for (let k = 0; k + 1 < rs.start.length; k++) {
      expect(rs.start[k + 1] - rs.start[k]).toBeGreaterThanOrEqual(2);
      for (let i = rs.start[k]; i + 1 < rs.start[k + 1]; i++) expect(tail[rs.edges[i + 1]]).toBe(g.head[rs.edges[i]]);
    }
  });
});

it('reads the tunnels of Monaco and the barriers and turning circles of north Bayreuth', () => {
  // directed edges (compressed: 94, 281 before the chains became single edges)
  expect(load('monaco').r.edgeFlags.tunnel).toBeGreaterThan(80);
  const nb = load('north-bayreuth').r;
  expect(nb.nodeFlags.uturn).toBeGreaterThan(10);
  expect(nb.nodeFlags.barrierCar).toBeGreaterThan(0);
  expect(nb.edgeFlags.destCar).toBeGreaterThan(0);
});
