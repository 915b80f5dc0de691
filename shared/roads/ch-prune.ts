/**
 * Drops the hierarchy's long edges at its top: an edge whose cost is above the shortest path
 * between its two ends. The contraction keeps a shortcut whenever its witness search, bounded so
 * that a country builds in minutes, gives up; near the top the bounded searches give up most, and
 * on a 20 M-node synthetic country a fifth of the top 500 nodes' edges were such detours, while
 * those nodes carry two thirds of the edges a query looks at.
 *
 * Why dropping them keeps every answer: a query needs, for each pair, one shortest path that
 * climbs and then descends through the hierarchy. Each edge of such a path is itself a shortest
 * path between its ends (else the whole path would not be shortest), so none of them is a long
 * edge. Nor is either half of a kept shortcut (the halves of a shortest path are shortest), so
 * unpacking finds every half it looks for.
 */
import { ContractionHierarchy, type CHArrays } from './ch-query';

/**
 * Nodes at the top of the hierarchy whose edges are checked: at most 2,000 (10 s on a 20 M-node
 * country, where the next 1,500 nodes had 4% long edges and those below them under 1%), and a
 * two-hundredth of a city's, whose hierarchy is built on first use.
 */
export function prunedTop(n: number): number {
  return Math.min(2000, Math.ceil(n / 200));
}

/** The hierarchy without its long edges at the top (`withoutLongEdges`); `ch` is used up. */
export function pruned(ch: ContractionHierarchy): ContractionHierarchy {
  const t0 = Date.now();
  const { arrays, dropped } = withoutLongEdges(ch, prunedTop(ch.n));
  return new ContractionHierarchy(arrays, { ...ch.stats, buildMs: ch.stats.buildMs + Date.now() - t0, longEdgesDropped: dropped });
}

/** Relative slack for a sum of the same costs taken in another order. */
const ROUNDING = 1e-9;

/**
 * The arrays of `ch` without its long edges among the top `top` nodes. Edge columns are compacted
 * in place (the result views the same buffers): `ch` must not be queried afterwards.
 */
export function withoutLongEdges(ch: ContractionHierarchy, top: number): { arrays: CHArrays; dropped: number } {
  const n = ch.n;
  const from = Math.max(0, n - top);
  const dropF = new Uint8Array(ch.fHead.length);
  const dropB = new Uint8Array(ch.bHead.length);
  const seed = (v: number) => [{ node: ch.order[v], cost: 0, dur: 0, len: 0 }];
  for (let u = from; u < n; u++) {
    // forward edges u -> v: the distance from u to each v; backward ones v -> u: from each v to u
    markLong(u, ch.fFirst, ch.fHead, ch.fCost, dropF, (heads, out) => ch.manyToMany([seed(u)], heads.map(seed), ...out));
    markLong(u, ch.bFirst, ch.bHead, ch.bCost, dropB, (heads, out) => ch.manyToMany(heads.map(seed), [seed(u)], ...out));
  }
  const f = compact(ch.fFirst, dropF, [ch.fHead, ch.fCost, ch.fDur, ch.fLen, ch.fMid]);
  const b = compact(ch.bFirst, dropB, [ch.bHead, ch.bCost, ch.bDur, ch.bLen, ch.bMid]);
  const [fHead, fCost, fDur, fLen, fMid] = f.columns as [Uint32Array, Float64Array, Float64Array, Float64Array, Int32Array];
  const [bHead, bCost, bDur, bLen, bMid] = b.columns as [Uint32Array, Float64Array, Float64Array, Float64Array, Int32Array];
  return {
    arrays: { rank: ch.rank, fFirst: ch.fFirst, fHead, fCost, fDur, fLen, fMid, bFirst: ch.bFirst, bHead, bCost, bDur, bLen, bMid },
    dropped: f.dropped + b.dropped,
  };
}

type Distances = (heads: number[], out: [Float64Array, Float64Array, Float64Array]) => void;

function markLong(u: number, first: Uint32Array, head: Uint32Array, cost: Float64Array, drop: Uint8Array, distances: Distances): void {
  const m = first[u + 1] - first[u];
  if (m === 0) return;
  const heads = Array.from(head.subarray(first[u], first[u + 1]));
  const out: [Float64Array, Float64Array, Float64Array] = [new Float64Array(m), new Float64Array(m), new Float64Array(m)];
  distances(heads, out);
  const [d] = out;
  for (let i = 0; i < m; i++) if (cost[first[u] + i] > d[i] * (1 + ROUNDING)) drop[first[u] + i] = 1;
}

/** Moves the kept edges of every column to the front, rewrites `first`, returns the shortened views. */
function compact(
  first: Uint32Array,
  drop: Uint8Array,
  columns: Array<Uint32Array | Float64Array | Int32Array>,
): { columns: Array<Uint32Array | Float64Array | Int32Array>; dropped: number } {
  let k = 0;
  let e = 0;
  for (let v = 0; v + 1 < first.length; v++) {
    const end = first[v + 1];
    first[v] = k;
    for (; e < end; e++) {
      if (drop[e]) continue;
      if (k !== e) for (const c of columns) c[k] = c[e];
      k++;
    }
  }
  const dropped = e - k;
  first[first.length - 1] = k;
  return { columns: columns.map((c) => c.subarray(0, k)), dropped };
}
