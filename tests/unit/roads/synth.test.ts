/** The synthetic network generator: seeded, about the size asked, shaped like a real road network. */
import { describe, expect, it } from 'vitest';
import { importFile, Network, serializeGraph, synthNetwork, type ImportReport } from '../../../shared/roads/index';
import type { GraphData } from '../../../shared/roads/graph';
import { ROAD_CLASS_INDEX } from '../../../shared/roads/profiles';

/** Share of nodes by number of distinct neighbours (index 5: five or more). */
function degreeShares(g: GraphData): number[] {
  const n = g.lat.length;
  const pairs = new Set<number>();
  for (let u = 0; u < n; u++)
    for (let e = g.firstOut[u]; e < g.firstOut[u + 1]; e++) {
      const v = g.head[e];
      pairs.add(Math.min(u, v) * n + Math.max(u, v));
    }
  const degree = new Uint32Array(n);
  for (const p of pairs) {
    degree[Math.floor(p / n)]++;
    degree[p % n]++;
  }
  const shares = [0, 0, 0, 0, 0, 0];
  for (const d of degree) shares[Math.min(5, d)] += 1 / n;
  return shares;
}

describe('synthNetwork', () => {
  let report: ImportReport | undefined;
  // Uncompressed, so every OSM node is a graph node and the structure below is OSM's.
  const g = synthNetwork({ nodes: 70_000, seed: 3, compress: false, onReport: (r) => (report = r) });

  it('is the size asked within 10%, with every restriction resolved', () => {
    for (const nodes of [5_000, 20_000]) {
      const small = synthNetwork({ nodes, seed: 9, compress: false });
      expect(Math.abs(small.lat.length / nodes - 1)).toBeLessThan(0.1);
    }
    expect(Math.abs(g.lat.length / 70_000 - 1)).toBeLessThan(0.1);
    expect(report?.restrictions.relations).toBeGreaterThan(0);
    expect(report?.restrictions.resolved).toBe(report?.restrictions.relations);
  });

  it('gives the same network for the same seed and another for another seed', () => {
    const again = synthNetwork({ nodes: 70_000, seed: 3, compress: false });
    again.meta.createdAt = g.meta.createdAt;
    expect(Buffer.from(serializeGraph(again)).equals(Buffer.from(serializeGraph(g)))).toBe(true);
    const other = synthNetwork({ nodes: 70_000, seed: 4, compress: false });
    other.meta.createdAt = g.meta.createdAt;
    expect(Buffer.from(serializeGraph(other)).equals(Buffer.from(serializeGraph(g)))).toBe(false);
  });

  it('compresses to its junctions, keeping every OSM node as a graph node or a shape point', () => {
    const c = synthNetwork({ nodes: 20_000, seed: 9 });
    const plain = synthNetwork({ nodes: 20_000, seed: 9, compress: false });
    const shape = new Set(Array.from(c.shapeLat, (lat, i) => `${lat},${c.shapeLon[i]}`));
    expect(c.lat.length + shape.size).toBe(plain.lat.length);
    expect(c.lat.length).toBeLessThan(plain.lat.length * 0.25);
  });

  it('has mostly shape nodes between junctions of unequal degree, and dead ends, like OSM data', () => {
    const [isolated, deadEnd, shape, three, four] = degreeShares(g);
    expect(isolated).toBe(0);
    expect(shape).toBeGreaterThan(0.75);
    expect(shape).toBeLessThan(0.93);
    expect(deadEnd).toBeGreaterThan(0.005);
    expect(three).toBeGreaterThan(0.02);
    expect(four).toBeGreaterThan(0.005);
  });

  it('has a hierarchy of road classes, residential streets the most', () => {
    const count = (cls: string) => g.roadClass.filter((c) => c === ROAD_CLASS_INDEX[cls]).length;
    const classes = ['trunk', 'primary', 'secondary', 'tertiary', 'residential', 'service'];
    for (const cls of classes) expect(count(cls), cls).toBeGreaterThan(0);
    expect(count('residential')).toBeGreaterThan(g.head.length / 2);
    expect(count('primary')).toBeLessThan(count('tertiary'));
  });

  it('is one strongly connected network, its towns joined by road', () => {
    const net = new Network(g);
    expect(net.graph.largestComponent).toBe(g.lat.length);
    const last = g.lat.length - 1;
    const r = net.route([
      { lat: g.lat[0], lon: g.lon[0] },
      { lat: g.lat[last], lon: g.lon[last] },
    ]);
    expect(r.distance).toBeGreaterThan(5_000);
  });

  it('has junctions shaped like real extracts once compressed: mostly T-junctions, few crossings', () => {
    // the hierarchy's cost depends on this: a lattice of crossings costs it several times a real
    // network's CPU per node (shared/roads/synth.ts)
    const synth = degreeShares(synthNetwork({ nodes: 70_000, seed: 3 }));
    for (const extract of ['north-bayreuth', 'andorra']) {
      const real = degreeShares(importFile(`tests/fixtures/osm/${extract}.osm.pbf`));
      for (const degree of [1, 2, 3, 4]) expect(Math.abs(synth[degree] - real[degree]), `${extract}, degree ${degree}`).toBeLessThan(0.08);
    }
    expect(synth[4] + synth[5]).toBeLessThan(0.1);
    expect(synth[3]).toBeGreaterThan(0.45);
  });
});
