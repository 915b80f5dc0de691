/**
 * Construction of a contraction hierarchy (Geisberger et al. 2008) with a lazy-update priority
 * queue. The priority is level + edge quotient (shortcuts added / edges removed) + hop quotient
 * (original edges the added shortcuts stand for / those the removed edges stood for): the hop
 * term keeps shortcuts of equal depth across a region, which grids (synthetic or Manhattan-like
 * cities) need, since their many equal-cost paths otherwise let the core fill up with shortcuts.
 * Lazy updates only: a node's priority is recomputed when it reaches the top of the queue (and put
 * back if it is no longer the least), not after every neighbour's contraction; on Gothenburg that
 * costs 1% more shortcuts for a third less build time, on the synthetic grid cities half the time.
 * Witness searches stop once every target is settled or a limit is reached (a missed witness only
 * adds a redundant shortcut, never a wrong distance).
 */
import { EdgeColumns, EdgeLists } from './ch-edges';
import { IndexedHeap } from './heap';

export interface CHInput {
  nodeCount: number;
  from: ArrayLike<number>;
  to: ArrayLike<number>;
  /** Minimised weight; edges with Infinity are skipped. */
  cost: ArrayLike<number>;
  dur: ArrayLike<number>;
  len: ArrayLike<number>;
  /**
   * Nodes left uncontracted (1): the core of a partitioned build (ch-parallel.ts), which a later
   * contraction finishes. Their edges, and the shortcuts between them, are in the result.
   */
  keep?: Uint8Array;
  /** Middle node of each input edge that is itself a shortcut (-1 or absent: an original edge). */
  mid?: ArrayLike<number>;
  /** Original edges each input edge stands for (absent: 1); steers the priority's hop term. */
  hops?: ArrayLike<number>;
  /** Id written as the middle node of a new shortcut, per node (absent: the node's own index). */
  names?: ArrayLike<number>;
  /** Called now and then with the nodes contracted so far, out of nodeCount. */
  onProgress?: (p: CHProgress) => void;
}

export interface CHProgress {
  done: number;
  total: number;
  shortcuts: number;
  elapsedMs: number;
}

export interface Contracted {
  /** Contraction order of each node; kept nodes (CHInput.keep) have none (0). */
  rank: Uint32Array;
  /** Nodes in contraction order: all of them, or all but the kept ones. */
  order: Uint32Array;
  eFrom: Uint32Array;
  eTo: Uint32Array;
  eCost: Float64Array;
  eDur: Float64Array;
  eLen: Float64Array;
  /** Contracted middle node of a shortcut (its name: CHInput.names), -1 for an original edge. */
  eMid: Int32Array;
  /** Original edges each edge stands for. */
  eHops: Int32Array;
  inputEdges: number;
  shortcuts: number;
}

/**
 * Settled nodes after which a witness search gives up: while estimating, and while contracting.
 * On the synthetic towns (2026-11-29) 100 instead of 500 gave 0.6% more shortcuts for a fifth less
 * CPU: the witnesses that exist are found within a few dozen nodes.
 */
const SIMULATE_SETTLE_LIMIT = 30;
const CONTRACT_SETTLE_LIMIT = 100;
/**
 * Weight of the edge quotient in the priority: 2 delays nodes whose contraction adds many
 * shortcuts a little more, which gave 2% fewer shortcuts and less CPU on the synthetic towns.
 */
const EDGE_QUOTIENT_WEIGHT = 2;
/**
 * Weight of the hop quotient: 4 rather than 1 gave 1-3% fewer shortcuts and a fifth less CPU on
 * Gothenburg and the synthetic towns (2026-11-29, 300k: 651k -> 645k shortcuts, 36 -> 29 s).
 * Updating the neighbours' priorities after each contraction, as well as lazily, was tried too:
 * 2% fewer shortcuts for twice the CPU.
 */
const HOP_QUOTIENT_WEIGHT = 4;
/** Edges a witness path may have while estimating (Geisberger et al.'s hop limit): cheap, and an
 * overestimate only delays a node. */
const SIMULATE_HOPS = 4;

export function contract(input: CHInput): Contracted {
  const t0 = Date.now();
  const n = input.nodeCount;
  const m0 = input.from.length;
  // list v: v's out-edges, list n + v: its in-edges; room for the input's and a couple more
  const room = new Int32Array(2 * n);
  let usable = 0;
  for (let i = 0; i < m0; i++) {
    if (!(input.cost[i] < Infinity) || input.from[i] === input.to[i]) continue;
    room[input.from[i]]++;
    room[n + input.to[i]]++;
    usable++;
  }
  for (let i = 0; i < 2 * n; i++) room[i] += 2;
  const E = new EdgeColumns(2 * usable);
  const adj = new EdgeLists(room);
  // parallel edges: keep the cheapest (degrees are small, so a scan beats a map of every pair)
  for (let i = 0; i < m0; i++) {
    const c = input.cost[i];
    if (!(c < Infinity)) continue;
    const a = input.from[i];
    const b = input.to[i];
    if (a === b) continue;
    const ex = findEdge(adj, a, E.to, b);
    if (ex >= 0) {
      if (c < E.cost[ex]) {
        E.cost[ex] = c;
        E.dur[ex] = input.dur[i];
        E.len[ex] = input.len[i];
        E.mid[ex] = input.mid?.[i] ?? -1;
        E.hops[ex] = input.hops?.[i] ?? 1;
      }
      continue;
    }
    const id = E.add(a, b, c, input.dur[i], input.len[i], input.mid?.[i] ?? -1, input.hops?.[i] ?? 1);
    adj.push(a, id);
    adj.push(n + b, id);
  }
  const inputEdges = E.count;
  const names = input.names;
  const contracted = new Uint8Array(n);
  const level = new Uint32Array(n);
  const rank = new Uint32Array(n);

  // witness search state
  const wDist = new Float64Array(n).fill(Infinity);
  const wHeap = new IndexedHeap(n);
  const wTouched: number[] = [];
  const isTarget = new Uint8Array(n);
  const wHops = new Uint8Array(n);

  /** Distances from src avoiding `skip`, until `targets` targets are settled or a limit is hit. */
  const witness = (src: number, skip: number, limit: number, settleLimit: number, targets: number, maxHops: number): void => {
    for (const v of wTouched) wDist[v] = Infinity;
    wTouched.length = 0;
    wHeap.clear();
    wDist[src] = 0;
    wHops[src] = 0;
    wTouched.push(src);
    wHeap.push(src, 0);
    let settled = 0;
    let left = targets;
    // no edge is added during a search: the columns and the pool stay where they are
    const { pool, start, size } = adj;
    const eTo = E.to;
    const eCost = E.cost;
    while (wHeap.size > 0) {
      const u = wHeap.pop();
      const du = wDist[u];
      if (du > limit || ++settled > settleLimit) break;
      if (isTarget[u] && --left <= 0) break;
      if (wHops[u] >= maxHops) continue;
      const end = start[u] + size[u];
      for (let k = start[u]; k < end; k++) {
        const e = pool[k];
        const v = eTo[e];
        if (v === skip || contracted[v]) continue;
        const c = du + eCost[e];
        if (c < wDist[v]) {
          if (wDist[v] === Infinity) wTouched.push(v);
          wDist[v] = c;
          wHops[v] = wHops[u] + 1;
          wHeap.push(v, c);
        }
      }
    }
  };

  const activeIn: number[] = [];
  const activeOut: number[] = [];
  let addedHops = 0;
  /** Shortcuts contracting v needs: counted (simulate) or added. */
  const process = (v: number, simulate: boolean): number => {
    activeIn.length = 0;
    activeOut.length = 0;
    {
      const { pool, start, size } = adj;
      for (let k = start[n + v], end = k + size[n + v]; k < end; k++) if (!contracted[E.from[pool[k]]]) activeIn.push(pool[k]);
      for (let k = start[v], end = k + size[v]; k < end; k++) if (!contracted[E.to[pool[k]]]) activeOut.push(pool[k]);
    }
    let shortcuts = 0;
    addedHops = 0;
    const settleLimit = simulate ? SIMULATE_SETTLE_LIMIT : CONTRACT_SETTLE_LIMIT;
    for (const ein of activeIn) {
      const u = E.from[ein];
      const c1 = E.cost[ein];
      let maxC = 0;
      let targets = 0;
      for (const eout of activeOut) {
        const w = E.to[eout];
        if (w === u) continue;
        const c = c1 + E.cost[eout];
        if (c > maxC) maxC = c;
        if (!isTarget[w]) {
          isTarget[w] = 1;
          targets++;
        }
      }
      if (targets === 0) continue;
      witness(u, v, maxC, settleLimit, targets, simulate ? SIMULATE_HOPS : 255);
      for (const eout of activeOut) isTarget[E.to[eout]] = 0;
      for (const eout of activeOut) {
        const w = E.to[eout];
        if (w === u) continue;
        const c = c1 + E.cost[eout];
        if (wDist[w] <= c) continue;
        shortcuts++;
        addedHops += E.hops[ein] + E.hops[eout];
        if (simulate) continue;
        const existing = findEdge(adj, u, E.to, w);
        if (existing >= 0) {
          if (c < E.cost[existing]) {
            E.cost[existing] = c;
            E.dur[existing] = E.dur[ein] + E.dur[eout];
            E.len[existing] = E.len[ein] + E.len[eout];
            E.mid[existing] = names ? names[v] : v;
            E.hops[existing] = E.hops[ein] + E.hops[eout];
          }
        } else {
          const id = E.add(u, w, c, E.dur[ein] + E.dur[eout], E.len[ein] + E.len[eout], names ? names[v] : v, E.hops[ein] + E.hops[eout]);
          adj.push(u, id);
          adj.push(n + w, id);
        }
      }
    }
    return shortcuts;
  };

  const priority = (v: number): number => {
    const added = process(v, true);
    const removed = activeIn.length + activeOut.length;
    if (removed === 0) return level[v];
    let removedHops = 0;
    for (const e of activeIn) removedHops += E.hops[e];
    for (const e of activeOut) removedHops += E.hops[e];
    return level[v] + (EDGE_QUOTIENT_WEIGHT * added) / removed + (HOP_QUOTIENT_WEIGHT * addedHops) / removedHops;
  };

  const pq = new IndexedHeap(n);
  const keep = input.keep;
  let total = n;
  for (let v = 0; v < n; v++) {
    if (keep?.[v]) total--;
    else pq.push(v, priority(v));
  }
  const order = new Uint32Array(total);
  let done = 0;
  const neighbours: number[] = [];
  const step = Math.max(1, Math.floor(total / 200));
  while (pq.size > 0) {
    const v = pq.pop();
    const p = priority(v);
    if (pq.size > 0 && p > pq.peekKey()) {
      pq.push(v, p);
      continue;
    }
    process(v, false);
    contracted[v] = 1;
    order[done] = v;
    rank[v] = done++;
    if (input.onProgress && done % step === 0)
      input.onProgress({ done, total, shortcuts: E.count - inputEdges, elapsedMs: Date.now() - t0 });
    neighbours.length = 0;
    const { pool, start, size } = adj;
    for (let k = start[n + v], end = k + size[n + v]; k < end; k++) if (!contracted[E.from[pool[k]]]) neighbours.push(E.from[pool[k]]);
    for (let k = start[v], end = k + size[v]; k < end; k++) if (!contracted[E.to[pool[k]]]) neighbours.push(E.to[pool[k]]);
    for (const u of neighbours) if (level[u] < level[v] + 1) level[u] = level[v] + 1;
    // prune adjacency lists of neighbours so later scans stay short; v's own are read no more
    for (const u of neighbours) {
      prune(adj, u, E.to, contracted);
      prune(adj, n + u, E.from, contracted);
    }
    adj.release(v);
    adj.release(n + v);
  }
  input.onProgress?.({ done: total, total, shortcuts: E.count - inputEdges, elapsedMs: Date.now() - t0 });
  const m = E.count;
  // views of the filled part: the room beyond was never written, so it holds no memory
  return {
    rank,
    order,
    eFrom: E.from.subarray(0, m),
    eTo: E.to.subarray(0, m),
    eCost: E.cost.subarray(0, m),
    eDur: E.dur.subarray(0, m),
    eLen: E.len.subarray(0, m),
    eMid: E.mid.subarray(0, m),
    eHops: E.hops.subarray(0, m),
    inputEdges,
    shortcuts: m - inputEdges,
  };
}

/** The edge of `list` whose other end (`end`: the to or from column) is `node`, or -1. */
function findEdge(adj: EdgeLists, list: number, end: Uint32Array, node: number): number {
  const { pool, start, size } = adj;
  for (let k = start[list], stop = k + size[list]; k < stop; k++) if (end[pool[k]] === node) return pool[k];
  return -1;
}

/** Drops the edges of `list` whose other end is contracted, keeping the others' order. */
function prune(adj: EdgeLists, list: number, end: Uint32Array, contracted: Uint8Array): void {
  const { pool, start, size } = adj;
  const s = start[list];
  let k = s;
  for (let i = s, stop = s + size[list]; i < stop; i++) if (!contracted[end[pool[i]]]) pool[k++] = pool[i];
  adj.truncate(list, k - s);
}
