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
  eFrom: ArrayLike<number>;
  eTo: ArrayLike<number>;
  eCost: ArrayLike<number>;
  eDur: ArrayLike<number>;
  eLen: ArrayLike<number>;
  /** Contracted middle node of a shortcut (its name: CHInput.names), -1 for an original edge. */
  eMid: ArrayLike<number>;
  /** Original edges each edge stands for. */
  eHops: ArrayLike<number>;
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
  const eFrom: number[] = [];
  const eTo: number[] = [];
  const eCost: number[] = [];
  const eDur: number[] = [];
  const eLen: number[] = [];
  const eMid: number[] = [];
  const eHops: number[] = [];
  const outAdj: number[][] = new Array(n);
  const inAdj: number[][] = new Array(n);
  for (let i = 0; i < n; i++) {
    outAdj[i] = [];
    inAdj[i] = [];
  }
  // parallel edges: keep the cheapest (degrees are small, so a scan beats a map of every pair)
  for (let i = 0; i < input.from.length; i++) {
    const c = input.cost[i];
    if (!(c < Infinity)) continue;
    const a = input.from[i];
    const b = input.to[i];
    if (a === b) continue;
    const ex = findEdge(outAdj[a], eTo, b);
    if (ex >= 0) {
      if (c < eCost[ex]) {
        eCost[ex] = c;
        eDur[ex] = input.dur[i];
        eLen[ex] = input.len[i];
        eMid[ex] = input.mid?.[i] ?? -1;
        eHops[ex] = input.hops?.[i] ?? 1;
      }
      continue;
    }
    const id = eFrom.length;
    eFrom.push(a);
    eTo.push(b);
    eCost.push(c);
    eDur.push(input.dur[i]);
    eLen.push(input.len[i]);
    eMid.push(input.mid?.[i] ?? -1);
    eHops.push(input.hops?.[i] ?? 1);
    outAdj[a].push(id);
    inAdj[b].push(id);
  }
  const inputEdges = eFrom.length;
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
    while (wHeap.size > 0) {
      const u = wHeap.pop();
      const du = wDist[u];
      if (du > limit || ++settled > settleLimit) break;
      if (isTarget[u] && --left <= 0) break;
      if (wHops[u] >= maxHops) continue;
      const adj = outAdj[u];
      for (let k = 0; k < adj.length; k++) {
        const e = adj[k];
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
    for (const e of inAdj[v]) if (!contracted[eFrom[e]]) activeIn.push(e);
    for (const e of outAdj[v]) if (!contracted[eTo[e]]) activeOut.push(e);
    let shortcuts = 0;
    addedHops = 0;
    const settleLimit = simulate ? SIMULATE_SETTLE_LIMIT : CONTRACT_SETTLE_LIMIT;
    for (const ein of activeIn) {
      const u = eFrom[ein];
      const c1 = eCost[ein];
      let maxC = 0;
      let targets = 0;
      for (const eout of activeOut) {
        const w = eTo[eout];
        if (w === u) continue;
        const c = c1 + eCost[eout];
        if (c > maxC) maxC = c;
        if (!isTarget[w]) {
          isTarget[w] = 1;
          targets++;
        }
      }
      if (targets === 0) continue;
      witness(u, v, maxC, settleLimit, targets, simulate ? SIMULATE_HOPS : 255);
      for (const eout of activeOut) isTarget[eTo[eout]] = 0;
      for (const eout of activeOut) {
        const w = eTo[eout];
        if (w === u) continue;
        const c = c1 + eCost[eout];
        if (wDist[w] <= c) continue;
        shortcuts++;
        addedHops += eHops[ein] + eHops[eout];
        if (simulate) continue;
        const existing = findEdge(outAdj[u], eTo, w);
        if (existing >= 0) {
          if (c < eCost[existing]) {
            eCost[existing] = c;
            eDur[existing] = eDur[ein] + eDur[eout];
            eLen[existing] = eLen[ein] + eLen[eout];
            eMid[existing] = names ? names[v] : v;
            eHops[existing] = eHops[ein] + eHops[eout];
          }
        } else {
          const id = eFrom.length;
          eFrom.push(u);
          eTo.push(w);
          eCost.push(c);
          eDur.push(eDur[ein] + eDur[eout]);
          eLen.push(eLen[ein] + eLen[eout]);
          eMid.push(names ? names[v] : v);
          eHops.push(eHops[ein] + eHops[eout]);
          outAdj[u].push(id);
          inAdj[w].push(id);
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
    for (const e of activeIn) removedHops += eHops[e];
    for (const e of activeOut) removedHops += eHops[e];
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
      input.onProgress({ done, total, shortcuts: eFrom.length - inputEdges, elapsedMs: Date.now() - t0 });
    neighbours.length = 0;
    for (const e of inAdj[v]) if (!contracted[eFrom[e]]) neighbours.push(eFrom[e]);
    for (const e of outAdj[v]) if (!contracted[eTo[e]]) neighbours.push(eTo[e]);
    for (const u of neighbours) if (level[u] < level[v] + 1) level[u] = level[v] + 1;
    // prune adjacency lists of neighbours so later scans stay short
    for (const u of neighbours) {
      const o = outAdj[u];
      let k = 0;
      for (let i = 0; i < o.length; i++) if (!contracted[eTo[o[i]]]) o[k++] = o[i];
      o.length = k;
      const ii = inAdj[u];
      k = 0;
      for (let i = 0; i < ii.length; i++) if (!contracted[eFrom[ii[i]]]) ii[k++] = ii[i];
      ii.length = k;
    }
  }
  outAdj.length = 0;
  inAdj.length = 0;
  input.onProgress?.({ done: total, total, shortcuts: eFrom.length - inputEdges, elapsedMs: Date.now() - t0 });
  return { rank, order, eFrom, eTo, eCost, eDur, eLen, eMid, eHops, inputEdges, shortcuts: eFrom.length - inputEdges };
}

function findEdge(adj: number[], eTo: number[], to: number): number {
  for (let k = 0; k < adj.length; k++) if (eTo[adj[k]] === to) return adj[k];
  return -1;
}
