/**
 * Construction of a contraction hierarchy: lazy-update priority queue on (2 * edge difference +
 * contracted neighbours + level), witness searches bounded by a settle limit (a missed witness
 * only adds a redundant shortcut, never a wrong distance).
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
}

export interface Contracted {
  rank: Uint32Array;
  eFrom: number[];
  eTo: number[];
  eCost: number[];
  eDur: number[];
  eLen: number[];
  /** Contracted middle node of a shortcut, -1 for an original edge. */
  eMid: number[];
  inputEdges: number;
  shortcuts: number;
}

export function contract(input: CHInput): Contracted {
  const n = input.nodeCount;
  const eFrom: number[] = [];
  const eTo: number[] = [];
  const eCost: number[] = [];
  const eDur: number[] = [];
  const eLen: number[] = [];
  const eMid: number[] = [];
  const outAdj: number[][] = new Array(n);
  const inAdj: number[][] = new Array(n);
  for (let i = 0; i < n; i++) {
    outAdj[i] = [];
    inAdj[i] = [];
  }
  // dedupe parallel edges, keep the cheapest
  const best = new Map<number, number>();
  for (let i = 0; i < input.from.length; i++) {
    const c = input.cost[i];
    if (!(c < Infinity)) continue;
    const a = input.from[i];
    const b = input.to[i];
    if (a === b) continue;
    const key = a * n + b;
    const ex = best.get(key);
    if (ex !== undefined) {
      if (c < eCost[ex]) {
        eCost[ex] = c;
        eDur[ex] = input.dur[i];
        eLen[ex] = input.len[i];
      }
      continue;
    }
    const id = eFrom.length;
    best.set(key, id);
    eFrom.push(a);
    eTo.push(b);
    eCost.push(c);
    eDur.push(input.dur[i]);
    eLen.push(input.len[i]);
    eMid.push(-1);
    outAdj[a].push(id);
    inAdj[b].push(id);
  }
  best.clear();
  const inputEdges = eFrom.length;
  const contracted = new Uint8Array(n);
  const deleted = new Uint32Array(n);
  const level = new Uint32Array(n);
  const rank = new Uint32Array(n);

  // witness search state
  const wDist = new Float64Array(n).fill(Infinity);
  const wHeap = new IndexedHeap(n);
  const wTouched: number[] = [];
  const wHops = new Uint8Array(n);

  const witness = (src: number, skip: number, limit: number, settleLimit: number, maxHops: number): void => {
    for (const v of wTouched) wDist[v] = Infinity;
    wTouched.length = 0;
    wHeap.clear();
    wDist[src] = 0;
    wHops[src] = 0;
    wTouched.push(src);
    wHeap.push(src, 0);
    let settled = 0;
    while (wHeap.size > 0) {
      const u = wHeap.pop();
      const du = wDist[u];
      if (du > limit || ++settled > settleLimit) break;
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
  // returns number of shortcuts (simulate) or adds them
  const process = (v: number, simulate: boolean): number => {
    activeIn.length = 0;
    activeOut.length = 0;
    for (const e of inAdj[v]) if (!contracted[eFrom[e]]) activeIn.push(e);
    for (const e of outAdj[v]) if (!contracted[eTo[e]]) activeOut.push(e);
    let shortcuts = 0;
    const settleLimit = simulate ? 60 : 400;
    const maxHops = simulate ? 4 : 12;
    for (const ein of activeIn) {
      const u = eFrom[ein];
      const c1 = eCost[ein];
      let maxC = 0;
      for (const eout of activeOut) {
        if (eTo[eout] === u) continue;
        const c = c1 + eCost[eout];
        if (c > maxC) maxC = c;
      }
      if (maxC === 0) continue;
      witness(u, v, maxC, settleLimit, maxHops);
      for (const eout of activeOut) {
        const w = eTo[eout];
        if (w === u) continue;
        const c = c1 + eCost[eout];
        if (wDist[w] <= c) continue;
        shortcuts++;
        if (simulate) continue;
        // add or improve u->w
        let existing = -1;
        const ou = outAdj[u];
        for (let k = 0; k < ou.length; k++) {
          if (eTo[ou[k]] === w) {
            existing = ou[k];
            break;
          }
        }
        if (existing >= 0) {
          if (c < eCost[existing]) {
            eCost[existing] = c;
            eDur[existing] = eDur[ein] + eDur[eout];
            eLen[existing] = eLen[ein] + eLen[eout];
            eMid[existing] = v;
          }
        } else {
          const id = eFrom.length;
          eFrom.push(u);
          eTo.push(w);
          eCost.push(c);
          eDur.push(eDur[ein] + eDur[eout]);
          eLen.push(eLen[ein] + eLen[eout]);
          eMid.push(v);
          outAdj[u].push(id);
          inAdj[w].push(id);
        }
      }
    }
    return shortcuts;
  };

  const priority = (v: number): number => {
    const sc = process(v, true);
    const ed = sc - activeIn.length - activeOut.length;
    return 2 * ed + deleted[v] + level[v];
  };

  const pq = new IndexedHeap(n);
  for (let v = 0; v < n; v++) pq.push(v, priority(v));
  let order = 0;
  const neighbours: number[] = [];
  while (pq.size > 0) {
    const v = pq.pop();
    const p = priority(v);
    if (pq.size > 0 && p > pq.peekKey()) {
      pq.push(v, p);
      continue;
    }
    process(v, false);
    contracted[v] = 1;
    rank[v] = order++;
    neighbours.length = 0;
    for (const e of inAdj[v]) if (!contracted[eFrom[e]]) neighbours.push(eFrom[e]);
    for (const e of outAdj[v]) if (!contracted[eTo[e]]) neighbours.push(eTo[e]);
    for (const u of neighbours) {
      deleted[u]++;
      if (level[u] < level[v] + 1) level[u] = level[v] + 1;
    }
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
    const seen = new Set<number>();
    for (const u of neighbours) {
      if (seen.has(u)) continue;
      seen.add(u);
      if (pq.contains(u)) {
        // re-key (may increase): remove by re-inserting with a fresh heap entry
        const np = priority(u);
        updateKey(pq, u, np);
      }
    }
  }
  return { rank, eFrom, eTo, eCost, eDur, eLen, eMid, inputEdges, shortcuts: eFrom.length - inputEdges };
}

/** Update a key in either direction (IndexedHeap.push only decreases). */
function updateKey(h: IndexedHeap, id: number, key: number): void {
  if (key <= h.key(id)) h.push(id, key);
  else h.increase(id, key);
}
