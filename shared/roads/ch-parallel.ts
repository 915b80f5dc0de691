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

interface Sub {
  input: CHInput;
  /** Global id of each local node. */
  global: Uint32Array;
}

type Column = 'eFrom' | 'eTo' | 'eCost' | 'eDur' | 'eLen' | 'eMid' | 'eHops';

/**
 * A part's edges that touch an inner node of it are final; those between two of its boundary
 * nodes, and the input's edges between parts, are the core's input.
 */
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
  let crossing = 0;
  for (let i = 0; i < input.from.length; i++)
    if (usable(i) && part[input.from[i]] !== part[input.to[i]]) {
      boundary[input.from[i]] = boundary[input.to[i]] = 1;
      crossing++;
    }

  const globals: Uint32Array[] = [];
  const running = Array.from({ length: parts }, (_, p) => {
    const sub = subgraph(input, part, p, boundary);
    globals.push(sub.global);
    return run(sub.input, p);
  });
  const results: (Contracted | undefined)[] = await Promise.all(running);
  const partShortcuts = results.reduce((sum, r) => sum + r!.shortcuts, 0);

  // per part and edge: whether it is final (1) or goes to the core (0)
  const final: Uint8Array[] = [];
  let finals = 0;
  let coreEdges = crossing;
  for (let p = 0; p < parts; p++) {
    const r = results[p]!;
    const g = globals[p];
    const f = new Uint8Array(r.eFrom.length);
    for (let e = 0; e < f.length; e++) f[e] = boundary[g[r.eFrom[e]]] && boundary[g[r.eTo[e]]] ? 0 : 1;
    for (let e = 0; e < f.length; e++) finals += f[e];
    coreEdges += f.length;
    final.push(f);
  }
  coreEdges -= finals;

  const coreIndex = new Int32Array(n).fill(-1);
  let coreNodes = 0;
  for (let v = 0; v < n; v++) if (boundary[v]) coreIndex[v] = coreNodes++;
  const coreGlobal = new Uint32Array(coreNodes);
  for (let v = 0; v < n; v++) if (boundary[v]) coreGlobal[coreIndex[v]] = v;
  const core = {
    from: new Uint32Array(coreEdges),
    to: new Uint32Array(coreEdges),
    cost: new Float64Array(coreEdges),
    dur: new Float64Array(coreEdges),
    len: new Float64Array(coreEdges),
    mid: new Int32Array(coreEdges),
    hops: new Int32Array(coreEdges),
  };
  let k = 0;
  const toCore = (a: number, b: number, c: number, d: number, l: number, m: number, h: number) => {
    core.from[k] = coreIndex[a];
    core.to[k] = coreIndex[b];
    core.cost[k] = c;
    core.dur[k] = d;
    core.len[k] = l;
    core.mid[k] = m;
    core.hops[k++] = h;
  };
  for (let p = 0; p < parts; p++) {
    const r = results[p]!;
    const g = globals[p];
    const f = final[p];
    for (let e = 0; e < f.length; e++)
      if (!f[e]) toCore(g[r.eFrom[e]], g[r.eTo[e]], r.eCost[e], r.eDur[e], r.eLen[e], r.eMid[e], r.eHops[e]);
  }
  for (let i = 0; i < input.from.length; i++) {
    const a = input.from[i];
    const b = input.to[i];
    if (usable(i) && part[a] !== part[b]) toCore(a, b, input.cost[i], input.dur[i], input.len[i], -1, 1);
  }

  const inner = results.reduce((sum, r) => sum + r!.order.length, 0);
  const top = contract({
    nodeCount: coreNodes,
    ...core,
    names: coreGlobal,
    onProgress:
      onProgress &&
      ((q) => onProgress({ done: inner + q.done, total: n, shortcuts: partShortcuts + q.shortcuts, elapsedMs: Date.now() - t0 })),
  });

  const rank = new Uint32Array(n);
  const order = new Uint32Array(n);
  let done = 0;
  for (let p = 0; p < parts; p++)
    for (const v of results[p]!.order) {
      rank[globals[p][v]] = done;
      order[done++] = globals[p][v];
    }
  for (const v of top.order) {
    rank[coreGlobal[v]] = done;
    order[done++] = coreGlobal[v];
  }

  // the parts' final edges, then the core's, one column at a time: each part's column is let go
  // once copied, so the parts' results and the laid-out edges are not all held at once
  const m = finals + top.eFrom.length;
  const column = <T extends Uint32Array | Int32Array | Float64Array>(name: Column, into: T, map?: (p: number) => Uint32Array): T => {
    let at = 0;
    for (let p = 0; p < parts; p++) {
      const r = results[p]!;
      const src = r[name];
      const f = final[p];
      const g = map?.(p);
      for (let e = 0; e < f.length; e++) if (f[e]) into[at++] = g ? g[src[e]] : src[e];
      // typed-array columns of a result are distinct buffers: dropping the reference frees this one
      (r as unknown as Record<Column, undefined>)[name] = undefined;
    }
    const src = top[name];
    for (let e = 0; e < src.length; e++) into[at++] = map ? coreGlobal[src[e]] : src[e];
    return into;
  };
  const eMid = column('eMid', new Int32Array(m));
  const eCost = column('eCost', new Float64Array(m));
  const eDur = column('eDur', new Float64Array(m));
  const eLen = column('eLen', new Float64Array(m));
  for (const r of results) (r as unknown as Record<Column, undefined>).eHops = undefined;
  const eFrom = column('eFrom', new Uint32Array(m), (p) => globals[p]);
  const eTo = column('eTo', new Uint32Array(m), (p) => globals[p]);
  let inputEdges = 0;
  for (let e = 0; e < m; e++) if (eMid[e] < 0) inputEdges++;
  return {
    rank,
    order,
    eFrom,
    eTo,
    eCost,
    eDur,
    eLen,
    eMid,
    /** Left empty: hop counts only steer the order, which is settled once the core is built. */
    eHops: new Int32Array(0),
    inputEdges,
    shortcuts: m - inputEdges,
  };
}

/** Part p's nodes and the edges between them, its boundary nodes kept. */
function subgraph(input: CHInput, part: Uint8Array, p: number, boundary: Uint8Array): Sub {
  const n = input.nodeCount;
  const local = new Int32Array(n).fill(-1);
  let count = 0;
  for (let v = 0; v < n; v++) if (part[v] === p) local[v] = count++;
  const global = new Uint32Array(count);
  for (let v = 0; v < n; v++) if (part[v] === p) global[local[v]] = v;
  const keep = new Uint8Array(count);
  for (let k = 0; k < count; k++) keep[k] = boundary[global[k]];
  let m = 0;
  for (let i = 0; i < input.from.length; i++) if (part[input.from[i]] === p && part[input.to[i]] === p) m++;
  const edges = new Uint32Array(m);
  m = 0;
  for (let i = 0; i < input.from.length; i++) if (part[input.from[i]] === p && part[input.to[i]] === p) edges[m++] = i;
  const pick = (src: ArrayLike<number>) => Float64Array.from(edges, (i) => src[i]);
  return {
    global,
    input: {
      nodeCount: count,
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
