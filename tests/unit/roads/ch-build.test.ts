import { describe, expect, it } from 'vitest';
import { contract, type CHProgress, type Contracted } from '../../../shared/roads/ch-build';
import { contractInParts, stripes } from '../../../shared/roads/ch-parallel';
import { seededRandom } from '../../fixtures/random';

/** A random grid with some one-way streets: a graph where witnesses and shortcuts both occur. */
function grid(side: number, seed: number) {
  const rand = seededRandom(seed);
  const from: number[] = [];
  const to: number[] = [];
  const cost: number[] = [];
  const id = (i: number, j: number) => i * side + j;
  const add = (a: number, b: number) => {
    const c = 1 + Math.floor(rand() * 9);
    from.push(a);
    to.push(b);
    cost.push(c);
    if (rand() < 0.8) {
      from.push(b);
      to.push(a);
      cost.push(c);
    }
  };
  for (let i = 0; i < side; i++)
    for (let j = 0; j < side; j++) {
      if (j + 1 < side) add(id(i, j), id(i, j + 1));
      if (i + 1 < side) add(id(i, j), id(i + 1, j));
    }
  return { nodeCount: side * side, from, to, cost, dur: cost, len: cost };
}

/** Shortest costs from s by Dijkstra over an edge list (quadratic: small graphs only). */
function dijkstra(n: number, from: number[], to: number[], cost: number[], s: number): number[] {
  const d = new Array<number>(n).fill(Infinity);
  const done = new Array<boolean>(n).fill(false);
  d[s] = 0;
  for (;;) {
    let u = -1;
    for (let v = 0; v < n; v++) if (!done[v] && d[v] < Infinity && (u < 0 || d[v] < d[u])) u = v;
    if (u < 0) return d;
    done[u] = true;
    for (let e = 0; e < from.length; e++) if (from[e] === u && d[u] + cost[e] < d[to[e]]) d[to[e]] = d[u] + cost[e];
  }
}

/** Every shortest path has an up-down form over the hierarchy: min over meeting nodes of up(s) + down(t). */
function expectExact(g: ReturnType<typeof grid>, c: Contracted, sources: number[]): void {
  const eFrom = Array.from(c.eFrom);
  const eTo = Array.from(c.eTo);
  const eCost = Array.from(c.eCost);
  const up = (s: number, forward: boolean) => {
    const f = eFrom.map((a, e) => (forward ? a : eTo[e]));
    const t = eTo.map((b, e) => (forward ? b : eFrom[e]));
    const keep = f.map((a, e) => c.rank[t[e]] > c.rank[a]);
    return dijkstra(
      g.nodeCount,
      f.filter((_, e) => keep[e]),
      t.filter((_, e) => keep[e]),
      eCost.filter((_, e) => keep[e]),
      s,
    );
  };
  for (const s of sources) {
    const ref = dijkstra(g.nodeCount, g.from, g.to, g.cost, s);
    const fs = up(s, true);
    for (let t = 0; t < g.nodeCount; t++) {
      const bt = up(t, false);
      let best = Infinity;
      for (let v = 0; v < g.nodeCount; v++) best = Math.min(best, fs[v] + bt[v]);
      expect(best).toBe(ref[t]);
    }
  }
}

describe('contraction', () => {
  it('keeps every distance: up-down paths over the hierarchy equal Dijkstra on the input', () => {
    const g = grid(9, 3);
    expectExact(g, contract(g), [0, 17, 40, 80]);
  });

  it('reports progress up to every node contracted, with the final shortcut count', () => {
    const seen: CHProgress[] = [];
    const g = grid(30, 4);
    const c = contract({ ...g, onProgress: (p) => seen.push(p) });
    expect(seen.length).toBeGreaterThan(10);
    for (let i = 1; i < seen.length; i++) expect(seen[i].done).toBeGreaterThanOrEqual(seen[i - 1].done);
    const last = seen[seen.length - 1];
    expect(last).toMatchObject({ done: g.nodeCount, total: g.nodeCount, shortcuts: c.shortcuts });
    expect(c.shortcuts).toBeGreaterThan(0);
  });

  it('built in parts, the cut contracted last, keeps every distance and ranks every node once', async () => {
    for (const parts of [2, 3]) {
      const g = grid(9, 5 + parts);
      const column = Array.from({ length: g.nodeCount }, (_, v) => v % 9);
      const { part } = stripes(column, parts);
      expect(new Set(part).size).toBe(parts);
      const c = await contractInParts(g, part, parts, async (sub) => contract(sub));
      expect([...c.rank].sort((a, b) => a - b)).toEqual(Array.from({ length: g.nodeCount }, (_, i) => i));
      for (let k = 0; k < g.nodeCount; k++) expect(c.rank[c.order[k]]).toBe(k);
      // the cut between stripes ranks above every node inside one
      const cut = new Set<number>();
      g.from.forEach((a, e) => {
        if (part[a] !== part[g.to[e]]) cut.add(a).add(g.to[e]);
      });
      const lowestCut = Math.min(...[...cut].map((v) => c.rank[v]));
      expect(lowestCut).toBe(g.nodeCount - cut.size);
      expect(c.shortcuts).toBe(c.eFrom.length - c.inputEdges);
      expectExact(g, c, [0, 4, 40, 76, 80]);
    }
  });

  it('cuts stripes at a gap in the network near the middle rather than through a dense part', () => {
    // 1,000 nodes on a line, each joined to the next five, except across the gaps: a cut
    // elsewhere crosses 15 edges, at a gap none
    const edgesWith = (gaps: number[]) => {
      const from: number[] = [];
      const to: number[] = [];
      for (let i = 0; i < 1000; i++)
        for (let j = i + 1; j <= i + 5 && j < 1000; j++) {
          if (gaps.some((g) => i < g && j >= g)) continue;
          from.push(i);
          to.push(j);
        }
      return { from, to };
    };
    const x = Array.from({ length: 1000 }, (_, i) => i);
    const cutAt = (gaps: number[]) => {
      const { part, crossing } = stripes(x, 2, edgesWith(gaps));
      return { at: part.indexOf(1), crossing };
    };
    // at the gap nearest the middle (or a step beside it, where the crossing is still small)
    const near = cutAt([320, 480, 690]);
    expect(Math.abs(near.at - 480)).toBeLessThanOrEqual(3);
    expect(near.crossing).toBeLessThanOrEqual(10);
    const far = cutAt([320]);
    expect(Math.abs(far.at - 320)).toBeLessThanOrEqual(3);
    expect(far.crossing).toBeLessThanOrEqual(10);
    // no gap within reach: the middle
    expect(cutAt([100])).toEqual({ at: 500, crossing: 15 });
  });
});
