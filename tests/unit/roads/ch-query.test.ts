/**
 * Queries on a hierarchy whose nodes are numbered by rank inside it: routes and matrices from seed
 * lists (offsets onto the graph) equal Dijkstra on the input graph, paths come back as the input's
 * node numbers along real edges, and a search leaves nothing behind for the next one.
 */
import { describe, expect, it } from 'vitest';
import { contract } from '../../../shared/roads/ch-build';
import { contractInParts, stripes } from '../../../shared/roads/ch-parallel';
import { withoutLongEdges } from '../../../shared/roads/ch-prune';
import { ContractionHierarchy } from '../../../shared/roads/ch-query';
import { deserializeHierarchy, serializeHierarchy } from '../../../shared/roads/ch-sidecar';
import type { Seed } from '../../../shared/roads/dijkstra';
import { seededRandom } from '../../fixtures/random';

/** A random grid with one-way streets and real-valued weights, so shortest paths are unique. */
function grid(side: number, seed: number) {
  const rand = seededRandom(seed);
  const g = {
    nodeCount: side * side,
    from: [] as number[],
    to: [] as number[],
    cost: [] as number[],
    dur: [] as number[],
    len: [] as number[],
  };
  const add = (a: number, b: number) => {
    const c = 1 + rand() * 9;
    const l = 10 + rand() * 90;
    for (const [x, y] of rand() < 0.8
      ? [
          [a, b],
          [b, a],
        ]
      : [[a, b]]) {
      g.from.push(x);
      g.to.push(y);
      g.cost.push(c);
      g.dur.push(c * 0.5 + 1);
      g.len.push(l);
    }
  };
  for (let i = 0; i < side; i++)
    for (let j = 0; j < side; j++) {
      if (j + 1 < side) add(i * side + j, i * side + j + 1);
      if (i + 1 < side) add(i * side + j, (i + 1) * side + j);
    }
  return g;
}
type Grid = ReturnType<typeof grid>;

/** Dijkstra from seeds over the edge list: cost, and duration and length along the path taken. */
function dijkstra(g: Grid, seeds: Seed[]) {
  const n = g.nodeCount;
  const cost = new Array<number>(n).fill(Infinity);
  const dur = new Array<number>(n).fill(0);
  const len = new Array<number>(n).fill(0);
  const done = new Array<boolean>(n).fill(false);
  for (const s of seeds)
    if (s.cost < cost[s.node]) {
      cost[s.node] = s.cost;
      dur[s.node] = s.dur;
      len[s.node] = s.len;
    }
  for (;;) {
    let u = -1;
    for (let v = 0; v < n; v++) if (!done[v] && cost[v] < Infinity && (u < 0 || cost[v] < cost[u])) u = v;
    if (u < 0) return { cost, dur, len };
    done[u] = true;
    g.from.forEach((a, e) => {
      const b = g.to[e];
      if (a === u && cost[u] + g.cost[e] < cost[b]) {
        cost[b] = cost[u] + g.cost[e];
        dur[b] = dur[u] + g.dur[e];
        len[b] = len[u] + g.len[e];
      }
    });
  }
}

/** Best arrival over the target's seeds (a target seed's offset is driven after its node). */
function arrive(ref: ReturnType<typeof dijkstra>, target: Seed[]) {
  let best = { cost: Infinity, dur: Infinity, len: Infinity };
  for (const t of target) {
    const c = ref.cost[t.node] + t.cost;
    if (c < best.cost) best = { cost: c, dur: ref.dur[t.node] + t.dur, len: ref.len[t.node] + t.len };
  }
  return best;
}

/** One or two seeds with offsets, as a point snapped between two nodes gives. */
function seeds(rand: () => number, n: number): Seed[] {
  const out: Seed[] = [];
  for (let k = rand() < 0.5 ? 1 : 2; k > 0; k--) {
    const o = rand() * 3;
    out.push({ node: Math.floor(rand() * n), cost: o, dur: o / 2, len: o * 10 });
  }
  return out;
}

async function hierarchies(g: Grid) {
  const column = Array.from({ length: g.nodeCount }, (_, v) => v % Math.sqrt(g.nodeCount));
  const { part } = stripes(column, 3);
  const inParts = await contractInParts(g, part, 3, async (sub) => contract(sub));
  const whole = ContractionHierarchy.build(g);
  const checked = withoutLongEdges(ContractionHierarchy.build(g), g.nodeCount).arrays;
  return {
    'in one piece': whole,
    'in three parts': ContractionHierarchy.layout(inParts, Date.now()),
    'every node checked for long edges': new ContractionHierarchy(checked, whole.stats),
  };
}

describe('hierarchy queries, nodes numbered by rank', () => {
  it('lays the upward graphs out by rank: every edge climbs, lists sorted by head, rank and order inverse', async () => {
    const g = grid(8, 1);
    for (const ch of Object.values(await hierarchies(g))) {
      for (let v = 0; v < ch.n; v++) expect(ch.order[ch.rank[v]]).toBe(v);
      for (let u = 0; u < ch.n; u++) {
        for (let e = ch.fFirst[u]; e < ch.fFirst[u + 1]; e++) expect(ch.fHead[e]).toBeGreaterThan(u);
        for (let e = ch.bFirst[u]; e < ch.bFirst[u + 1]; e++) expect(ch.bHead[e]).toBeGreaterThan(u);
        // sorted by head: unpacking bisects the lists
        for (let e = ch.fFirst[u] + 1; e < ch.fFirst[u + 1]; e++) expect(ch.fHead[e]).toBeGreaterThanOrEqual(ch.fHead[e - 1]);
        for (let e = ch.bFirst[u] + 1; e < ch.bFirst[u + 1]; e++) expect(ch.bHead[e]).toBeGreaterThanOrEqual(ch.bHead[e - 1]);
      }
      // the numbering is not the input's: a test on the identity would prove nothing
      expect([...ch.rank].some((r, v) => r !== v)).toBe(true);
    }
  });

  it('routes equal Dijkstra, and the unpacked path runs along input edges from seed to seed', async () => {
    const g = grid(11, 2);
    const rand = seededRandom(5);
    const edge = new Map<string, number>();
    g.from.forEach((a, e) => edge.set(`${a}>${g.to[e]}`, e));
    for (const [name, ch] of Object.entries(await hierarchies(g))) {
      let routed = 0;
      for (let k = 0; k < 60; k++) {
        const s = seeds(rand, g.nodeCount);
        const t = seeds(rand, g.nodeCount);
        const want = arrive(dijkstra(g, s), t);
        const r = ch.route(s, t);
        if (want.cost === Infinity) {
          expect(r, name).toBeNull();
          continue;
        }
        routed++;
        expect(r, name).not.toBeNull();
        expect(r!.cost).toBeCloseTo(want.cost, 9);
        expect(r!.dur).toBeCloseTo(want.dur, 9);
        expect(r!.len).toBeCloseTo(want.len, 9);
        const from = s.find((x) => x.node === r!.sourceNode)!;
        const to = t.find((x) => x.node === r!.targetNode)!;
        expect(r!.nodes[0]).toBe(from.node);
        expect(r!.nodes[r!.nodes.length - 1]).toBe(to.node);
        let c = from.cost + to.cost;
        let d = from.dur + to.dur;
        for (let i = 0; i + 1 < r!.nodes.length; i++) {
          const e = edge.get(`${r!.nodes[i]}>${r!.nodes[i + 1]}`);
          expect(e, `${name}: no edge ${r!.nodes[i]}->${r!.nodes[i + 1]}`).toBeDefined();
          c += g.cost[e!];
          d += g.dur[e!];
        }
        expect(c).toBeCloseTo(r!.cost, 9);
        expect(d).toBeCloseTo(r!.dur, 9);
      }
      expect(routed).toBeGreaterThan(40);
    }
  });

  it('matrices equal Dijkstra, before and after routes on the same hierarchy', async () => {
    const g = grid(10, 3);
    const rand = seededRandom(9);
    const src = Array.from({ length: 9 }, () => seeds(rand, g.nodeCount));
    const tgt = Array.from({ length: 7 }, () => seeds(rand, g.nodeCount));
    for (const [name, ch] of Object.entries(await hierarchies(g))) {
      for (let round = 0; round < 2; round++) {
        const out = { cost: new Float64Array(63), dur: new Float64Array(63), len: new Float64Array(63) };
        ch.manyToMany(src, tgt, out.cost, out.dur, out.len);
        src.forEach((s, i) => {
          const ref = dijkstra(g, s);
          tgt.forEach((t, j) => {
            const want = arrive(ref, t);
            if (want.cost === Infinity) expect(out.cost[i * 7 + j], name).toBe(Infinity);
            else {
              expect(out.cost[i * 7 + j], name).toBeCloseTo(want.cost, 9);
              expect(out.dur[i * 7 + j], name).toBeCloseTo(want.dur, 9);
              expect(out.len[i * 7 + j], name).toBeCloseTo(want.len, 9);
            }
          });
        });
        // a route between matrices must not leave labels or buckets that change the next one
        ch.route(src[0], tgt[0]);
      }
    }
  });

  it('stores the layout and refuses a stored hierarchy whose edge lists are not sorted by head', async () => {
    const g = grid(6, 4);
    const ch = (await hierarchies(g))['in one piece'];
    const src = { key: 'k', artefact: { bytes: 1, sha256: 'x' }, transitions: g.from.length };
    const want = { key: 'k', artefact: src.artefact, states: ch.n, transitions: g.from.length };
    const back = deserializeHierarchy(serializeHierarchy(ch, src), want);
    expect(Array.from(back.fHead)).toEqual(Array.from(ch.fHead));
    expect(back.route([{ node: 0, cost: 0, dur: 0, len: 0 }], [{ node: 35, cost: 0, dur: 0, len: 0 }])).toEqual(
      ch.route([{ node: 0, cost: 0, dur: 0, len: 0 }], [{ node: 35, cost: 0, dur: 0, len: 0 }]),
    );
    const u = Array.from({ length: ch.n }, (_, v) => v).find((v) => ch.fFirst[v + 1] - ch.fFirst[v] >= 2)!;
    const fHead = ch.fHead.slice();
    [fHead[ch.fFirst[u]], fHead[ch.fFirst[u] + 1]] = [fHead[ch.fFirst[u] + 1], fHead[ch.fFirst[u]]];
    const unsorted = new ContractionHierarchy({ ...ch, fHead }, ch.stats);
    expect(() => deserializeHierarchy(serializeHierarchy(unsorted, src), want)).toThrow(/not sorted by head/);
  });

  it('drops an edge longer than a path between its ends, and routes along the path instead', () => {
    // ranks 0 < 1 < 2; forward 0->1 (1 s), 1->2 (1 s), and an original edge 0->2 of 5 s
    const f64 = (...x: number[]) => Float64Array.from(x);
    const arrays = {
      rank: Uint32Array.from([0, 1, 2]),
      fFirst: Uint32Array.from([0, 2, 3, 3]),
      fHead: Uint32Array.from([1, 2, 2]),
      fCost: f64(1, 5, 1),
      fDur: f64(1, 5, 1),
      fLen: f64(10, 50, 10),
      fMid: Int32Array.from([-1, -1, -1]),
      bFirst: Uint32Array.from([0, 0, 0, 0]),
      bHead: new Uint32Array(0),
      bCost: f64(),
      bDur: f64(),
      bLen: f64(),
      bMid: new Int32Array(0),
    };
    const stats = { nodes: 3, inputEdges: 3, shortcuts: 0, buildMs: 0 };
    const { arrays: kept, dropped } = withoutLongEdges(new ContractionHierarchy(arrays, stats), 3);
    expect(dropped).toBe(1);
    expect(Array.from(kept.fFirst)).toEqual([0, 1, 2, 2]);
    expect(Array.from(kept.fHead)).toEqual([1, 2]);
    const r = new ContractionHierarchy(kept, stats).route([{ node: 0, cost: 0, dur: 0, len: 0 }], [{ node: 2, cost: 0, dur: 0, len: 0 }]);
    expect(r).toMatchObject({ cost: 2, len: 20, nodes: [0, 1, 2] });
  });
});
