/**
 * A contraction hierarchy built in parts at once, one part per core. The nodes are cut into parts
 * (by position: `stripes`); a node with an edge to another part is a boundary node. Each part
 * contracts its other nodes on its own, witness searches staying inside the part (a witness
 * missed there only adds a redundant shortcut, never a wrong distance), and leaves its boundary
 * nodes uncontracted. No edge joins the inner nodes of two parts, so the parts' orders may be
 * laid one after the other. The boundary nodes, with the edges and shortcuts left between them,
 * are then contracted last as one core: the cut is the top of the hierarchy, as in a nested
 * dissection order.
 */
import type { CHInput, CHProgress, Contracted } from './ch-build';
import { contract } from './ch-build';

/** Contracts one part; the caller may run it in a thread (ch-threads.ts) or in place. */
export type PartContractor = (part: CHInput, index: number) => Promise<Contracted>;

/**
 * Part of each node: `parts` stripes along x (e.g. longitude), each cut placed within 40% of a
 * stripe of the equal-size position, nearest it among those crossing at most 1.5 x the fewest
 * edges there (+ 10), and how many edges the cuts cross. The cut's nodes are the core contracted last, and a core costs far more than its share
 * of nodes (its nodes meet as a near-clique): a cut through countryside between towns crosses a
 * few rural roads, one through a city hundreds of streets (synthetic 300k network: 20 against
 * 600), which is worth parts of unequal size.
 */
export function stripes(
  x: ArrayLike<number>,
  parts: number,
  edges?: { from: ArrayLike<number>; to: ArrayLike<number> },
): { part: Uint8Array; crossing: number } {
  const n = x.length;
  const byX = Array.from({ length: n }, (_, i) => i).sort((a, b) => x[a] - x[b]);
  // crossing[k]: edges between the first k nodes in x order and the rest
  const crossing = new Int32Array(n + 1);
  if (edges) {
    const at = new Uint32Array(n);
    byX.forEach((v, k) => (at[v] = k));
    for (let i = 0; i < edges.from.length; i++) {
      const a = at[edges.from[i]];
      const b = at[edges.to[i]];
      crossing[Math.min(a, b) + 1]++;
      crossing[Math.max(a, b) + 1]--;
    }
    for (let k = 1; k <= n; k++) crossing[k] += crossing[k - 1];
  }
  const part = new Uint8Array(n);
  let cut = 0;
  let from = 0;
  for (let p = 0; p < parts; p++) {
    let to = n;
    if (p < parts - 1) {
      const centre = Math.round(((p + 1) * n) / parts);
      const reach = Math.floor((0.4 * n) / parts);
      const lo = Math.max(from + 1, centre - reach);
      const hi = Math.min(n - 1, centre + reach);
      let least = Infinity;
      for (let k = lo; k <= hi; k++) least = Math.min(least, crossing[k]);
      // of the cuts nearly as narrow as the narrowest, the one nearest the middle: a country has a
      // gap between towns every few per cent of its nodes, and even stripes finish together
      to = centre;
      let off = Infinity;
      for (let k = lo; k <= hi; k++)
        if (crossing[k] <= 1.5 * least + 10 && Math.abs(k - centre) < off) {
          to = k;
          off = Math.abs(k - centre);
        }
    }
    for (let k = from; k < to; k++) part[byX[k]] = p;
    cut += crossing[to];
    from = to;
  }
  return { part, crossing: cut };
}

type Edges = Record<'eFrom' | 'eTo' | 'eCost' | 'eDur' | 'eLen' | 'eMid', number[]>;

interface Sub {
  input: CHInput;
  /** Global id of each local node. */
  global: Uint32Array;
}

export async function contractInParts(
  input: CHInput,
  part: Uint8Array,
  parts: number,
  run: PartContractor,
  onProgress?: (p: CHProgress) => void,
): Promise<Contracted> {
  const t0 = Date.now();
  const n = input.nodeCount;
  const boundary = new Uint8Array(n);
  const usable = (i: number) => input.cost[i] < Infinity && input.from[i] !== input.to[i];
  for (let i = 0; i < input.from.length; i++)
    if (usable(i) && part[input.from[i]] !== part[input.to[i]]) boundary[input.from[i]] = boundary[input.to[i]] = 1;

  const globals: Uint32Array[] = [];
  const running = Array.from({ length: parts }, (_, p) => {
    const sub = subgraph(input, part, p, boundary);
    globals.push(sub.global);
    return run(sub.input, p);
  });
  const results: (Contracted | undefined)[] = await Promise.all(running);
  const partShortcuts = results.reduce((sum, r) => sum + r!.shortcuts, 0);

  // edges kept between boundary nodes go to the core; every other edge is final
  const out = {
    rank: new Uint32Array(n),
    order: new Uint32Array(n),
    eFrom: [] as number[],
    eTo: [] as number[],
    eCost: [] as number[],
    eDur: [] as number[],
    eLen: [] as number[],
    eMid: [] as number[],
    /** Left empty: hop counts only steer the order, which is settled once the core is built. */
    eHops: [] as number[],
    inputEdges: 0,
    shortcuts: 0,
  };
  const coreIndex = new Int32Array(n).fill(-1);
  const coreGlobal: number[] = [];
  for (let v = 0; v < n; v++) if (boundary[v]) coreIndex[v] = coreGlobal.push(v) - 1;
  const core = {
    from: [] as number[],
    to: [] as number[],
    cost: [] as number[],
    dur: [] as number[],
    len: [] as number[],
    mid: [] as number[],
    hops: [] as number[],
  };
  const toCore = (a: number, b: number, c: number, d: number, l: number, m: number, h: number) => {
    core.from.push(coreIndex[a]);
    core.to.push(coreIndex[b]);
    core.cost.push(c);
    core.dur.push(d);
    core.len.push(l);
    core.mid.push(m);
    core.hops.push(h);
  };
  let done = 0;
  // each part's result is let go once merged: at country scale the parts' edges are gigabytes
  for (let p = 0; p < parts; p++) {
    const r = results[p]!;
    results[p] = undefined;
    const g = globals[p];
    for (const v of r.order) {
      out.rank[g[v]] = done;
      out.order[done++] = g[v];
    }
    for (let e = 0; e < r.eFrom.length; e++) {
      const a = g[r.eFrom[e]];
      const b = g[r.eTo[e]];
      if (boundary[a] && boundary[b]) toCore(a, b, r.eCost[e], r.eDur[e], r.eLen[e], r.eMid[e], r.eHops[e]);
      else push(out, a, b, r.eCost[e], r.eDur[e], r.eLen[e], r.eMid[e]);
    }
  }
  for (let i = 0; i < input.from.length; i++) {
    const a = input.from[i];
    const b = input.to[i];
    if (usable(i) && part[a] !== part[b]) toCore(a, b, input.cost[i], input.dur[i], input.len[i], -1, 1);
  }

  const inner = done;
  const top = contract({
    nodeCount: coreGlobal.length,
    ...core,
    names: coreGlobal,
    onProgress:
      onProgress &&
      ((q) => onProgress({ done: inner + q.done, total: n, shortcuts: partShortcuts + q.shortcuts, elapsedMs: Date.now() - t0 })),
  });
  for (const v of top.order) {
    out.rank[coreGlobal[v]] = done;
    out.order[done++] = coreGlobal[v];
  }
  for (let e = 0; e < top.eFrom.length; e++)
    push(out, coreGlobal[top.eFrom[e]], coreGlobal[top.eTo[e]], top.eCost[e], top.eDur[e], top.eLen[e], top.eMid[e]);
  for (const m of out.eMid) if (m < 0) out.inputEdges++;
  out.shortcuts = out.eFrom.length - out.inputEdges;
  return out satisfies Contracted;
}

function push(out: Edges, a: number, b: number, c: number, d: number, l: number, m: number): void {
  out.eFrom.push(a);
  out.eTo.push(b);
  out.eCost.push(c);
  out.eDur.push(d);
  out.eLen.push(l);
  out.eMid.push(m);
}

/** Part p's nodes and the edges between them, its boundary nodes kept. */
function subgraph(input: CHInput, part: Uint8Array, p: number, boundary: Uint8Array): Sub {
  const n = input.nodeCount;
  const local = new Int32Array(n).fill(-1);
  const globals: number[] = [];
  for (let v = 0; v < n; v++) if (part[v] === p) local[v] = globals.push(v) - 1;
  const global = Uint32Array.from(globals);
  const keep = new Uint8Array(global.length);
  for (let k = 0; k < global.length; k++) keep[k] = boundary[global[k]];
  const edges: number[] = [];
  for (let i = 0; i < input.from.length; i++) if (part[input.from[i]] === p && part[input.to[i]] === p) edges.push(i);
  const pick = (src: ArrayLike<number>) => Float64Array.from(edges, (i) => src[i]);
  return {
    global,
    input: {
      nodeCount: global.length,
      from: Uint32Array.from(edges, (i) => local[input.from[i]]),
      to: Uint32Array.from(edges, (i) => local[input.to[i]]),
      cost: pick(input.cost),
      dur: pick(input.dur),
      len: pick(input.len),
      keep,
      names: global,
    },
  };
}
