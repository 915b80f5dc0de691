/** The synthetic network generator: seeded, about the size asked, routable city to city. */
import { describe, expect, it } from 'vitest';
import { Network, serializeGraph, synthNetwork, type ImportReport } from '../../../shared/roads/index';

describe('synthNetwork', () => {
  let report: ImportReport | undefined;
  const g = synthNetwork({ nodes: 70_000, seed: 3, onReport: (r) => (report = r) });

  it('is about the size asked, with every restriction resolved', () => {
    // OSM nodes: graph nodes plus the shape points inside edges (both directions of a road hold them)
    const shape = new Set(Array.from(g.shapeLat, (lat, i) => `${lat},${g.shapeLon[i]}`));
    expect(g.lat.length + shape.size).toBeGreaterThan(50_000);
    expect(g.lat.length + shape.size).toBeLessThan(90_000);
    expect(report?.restrictions.relations).toBeGreaterThan(0);
    expect(report?.restrictions.resolved).toBe(report?.restrictions.relations);
  });

  it('gives the same network for the same seed and another for another seed', () => {
    const again = synthNetwork({ nodes: 70_000, seed: 3 });
    again.meta.createdAt = g.meta.createdAt;
    expect(Buffer.from(serializeGraph(again)).equals(Buffer.from(serializeGraph(g)))).toBe(true);
    const other = synthNetwork({ nodes: 70_000, seed: 4 });
    other.meta.createdAt = g.meta.createdAt;
    expect(Buffer.from(serializeGraph(other)).equals(Buffer.from(serializeGraph(g)))).toBe(false);
    // two 70k-node imports: about 5 s, over 10 s under a load average of 16
  }, 60_000);

  it('joins its cities by road', () => {
    const net = new Network(g);
    const a = { lat: 45.01, lon: 10.01 };
    const b = { lat: 45.01, lon: 10.26 };
    const r = net.route([a, b]);
    expect(r.distance).toBeGreaterThan(20_000);
    expect(r.distance).toBeLessThan(40_000);
  });
});
