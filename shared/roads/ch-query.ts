/**
 * Contraction hierarchies (Geisberger et al. 2008) built for one metric, with the
 * bucket many-to-many algorithm (Knopp et al. 2007) and stall-on-demand: the searches on
 * the upward graphs. The contraction itself is in ch-build.ts.
 *
 * Inside a hierarchy a node is numbered by its rank: every upward search climbs towards the
 * highest numbers, where all searches meet, so on a country's hierarchy (millions of nodes) the
 * labels and edges a query touches lie in a compact region of memory instead of all over it.
 * Seeds come in and paths go out as the turn graph's own node numbers.
 */
import { contract, type CHInput, type Contracted } from './ch-build';
import type { Seed } from './dijkstra';
import { IndexedHeap } from './heap';

/** What a contraction's column is replaced with once laid out (layout). */
const EMPTY = new Uint32Array(0);

export interface CHStats {
  nodes: number;
  inputEdges: number;
  shortcuts: number;
  /** Build time, or the time to read a stored hierarchy (`loaded`). */
  buildMs: number;
  /** True when the hierarchy was read from a sidecar file rather than built. */
  loaded?: boolean;
  /** Edges dropped after the build as longer than a path between their ends (ch-prune.ts). */
  longEdgesDropped?: number;
}

/**
 * The upward graphs of a hierarchy: what a stored hierarchy holds (ch-sidecar.ts). Every array
 * but `rank` numbers nodes by rank (node v of the turn graph is `rank[v]` in them).
 */
export interface CHArrays {
  /** Rank of each turn-graph node: its position in the contraction order. */
  rank: Uint32Array;
  /** Upward forward graph: edges a->b with b > a, CSR at a, each node's list sorted by b. */
  fFirst: Uint32Array;
  fHead: Uint32Array;
  fCost: Float64Array;
  fDur: Float64Array;
  fLen: Float64Array;
  /** Middle node of a shortcut (by rank), -1 for an original edge. */
  fMid: Int32Array;
  /** Upward backward graph: edges a->b with a > b, CSR at b, head = a, sorted by a. */
  bFirst: Uint32Array;
  bHead: Uint32Array;
  bCost: Float64Array;
  bDur: Float64Array;
  bLen: Float64Array;
  bMid: Int32Array;
}

/**
 * Per upward search: nodes settled (visited) and stalled, and edges looked at (relaxed, or
 * scanned for a stall); only kept when `searchLog` is set.
 */
export interface SearchLog {
  settled: number[];
  stalled: number[];
  edges: number[];
}

export class ContractionHierarchy implements CHArrays {
  readonly n: number;
  readonly rank: Uint32Array;
  /** Turn-graph node of each rank (the inverse of `rank`). */
  readonly order: Uint32Array;
  readonly fFirst: Uint32Array;
  readonly fHead: Uint32Array;
  readonly fCost: Float64Array;
  readonly fDur: Float64Array;
  readonly fLen: Float64Array;
  readonly fMid: Int32Array;
  readonly bFirst: Uint32Array;
  readonly bHead: Uint32Array;
  readonly bCost: Float64Array;
  readonly bDur: Float64Array;
  readonly bLen: Float64Array;
  readonly bMid: Int32Array;
  readonly stats: CHStats;
  /** Set (e.g. by a benchmark) to record every upward search's search space. */
  searchLog?: SearchLog;

  // state of the last upward search, by rank
  /** Labels: cost (Infinity when not reached), duration, length, parent (-1 at seeds). */
  private cost: Float64Array;
  private dur: Float64Array;
  private len: Float64Array;
  private par: Int32Array;
  /**
   * Decrease-key rather than stale entries: at country scale a node's label improves about four
   * times before it is settled, and skipping the stale entries was 60% of all pops.
   */
  private heap: IndexedHeap;
  private touched: number[] = [];
  /** Nodes settled and not stalled by the last upward search, in settling order. */
  private settled: number[] = [];
  /**
   * Per node, an index into a query's own compact lists (forward labels of a route, buckets of a
   * matrix), -1 elsewhere; made once, and reset through those lists after each query.
   */
  private slotOf: Int32Array | undefined;
  private unpackStack: number[] = [];
  /** Best meeting cost and node (by rank) of the last backward search of a route. */
  private best = Infinity;
  private meetAt = -1;

  constructor(a: CHArrays, stats: CHStats) {
    const n = a.rank.length;
    this.n = n;
    this.rank = a.rank;
    this.order = new Uint32Array(n);
    for (let v = 0; v < n; v++) this.order[a.rank[v]] = v;
    this.fFirst = a.fFirst;
    this.fHead = a.fHead;
    this.fCost = a.fCost;
    this.fDur = a.fDur;
    this.fLen = a.fLen;
    this.fMid = a.fMid;
    this.bFirst = a.bFirst;
    this.bHead = a.bHead;
    this.bCost = a.bCost;
    this.bDur = a.bDur;
    this.bLen = a.bLen;
    this.bMid = a.bMid;
    this.stats = stats;
    // allocated by the first search (allocate): the offline build's hierarchy, only written to its
    // sidecar, never needs these 44 bytes a node
    this.cost = new Float64Array(0);
    this.dur = this.len = this.cost;
    this.par = new Int32Array(0);
    this.heap = new IndexedHeap(0);
  }

  /** Contract the input graph (ch-build.ts) and lay its upward graphs out for queries. */
  static build(input: CHInput): ContractionHierarchy {
    const t0 = Date.now();
    return ContractionHierarchy.layout(contract(input), t0);
  }

  /** Lay a contraction's edges out as the upward graphs, numbered by rank; t0 is when its build began. */
  static layout(built: Contracted, t0: number): ContractionHierarchy {
    const n = built.rank.length;
    const { eFrom, eTo, rank } = built;
    const E = eFrom.length;
    const fFirst = new Uint32Array(n + 1);
    const bFirst = new Uint32Array(n + 1);
    for (let e = 0; e < E; e++) {
      const a = rank[eFrom[e]];
      const b = rank[eTo[e]];
      if (a < b) fFirst[a + 1]++;
      else bFirst[b + 1]++;
    }
    for (let i = 0; i < n; i++) {
      fFirst[i + 1] += fFirst[i];
      bFirst[i + 1] += bFirst[i];
    }
    const fm = fFirst[n];
    const bm = bFirst[n];
    const fHead = new Uint32Array(fm);
    const bHead = new Uint32Array(bm);
    // Each edge's place: k in the forward graph, -1 - k in the backward one. Placed in order of
    // their higher end, every node's list comes out sorted by head, which unpacking a path
    // searches by bisection (a top node has hundreds of edges).
    const where = new Int32Array(E);
    {
      const high = new Uint32Array(n + 1);
      for (let e = 0; e < E; e++) high[Math.max(rank[eFrom[e]], rank[eTo[e]]) + 1]++;
      for (let i = 0; i < n; i++) high[i + 1] += high[i];
      const seq = new Uint32Array(E);
      for (let e = 0; e < E; e++) seq[high[Math.max(rank[eFrom[e]], rank[eTo[e]])]++] = e;
      const fp = fFirst.slice(0, n);
      const bp = bFirst.slice(0, n);
      for (let k = 0; k < E; k++) {
        const e = seq[k];
        const u = rank[eFrom[e]];
        const v = rank[eTo[e]];
        if (u < v) {
          where[e] = fp[u];
          fHead[fp[u]++] = v;
        } else {
          where[e] = -1 - bp[v];
          bHead[bp[v]++] = u;
        }
      }
    }
    // Then one field at a time, each of the contraction's columns let go once placed: at country
    // scale the columns and the laid-out graphs are 2 GB each, and side by side they were the
    // build's peak.
    const done = built as unknown as Record<string, ArrayLike<number>>;
    done.eFrom = done.eTo = EMPTY;
    const place = <T extends Float64Array | Int32Array>(
      src: ArrayLike<number>,
      make: (length: number) => T,
      map?: (x: number) => number,
    ) => {
      const f = make(fm);
      const b = make(bm);
      for (let e = 0; e < E; e++) {
        const w = where[e];
        const x = map ? map(src[e]) : src[e];
        if (w >= 0) f[w] = x;
        else b[-1 - w] = x;
      }
      return [f, b] as const;
    };
    const float = (length: number) => new Float64Array(length);
    const [fCost, bCost] = place(built.eCost, float);
    done.eCost = EMPTY;
    const [fDur, bDur] = place(built.eDur, float);
    done.eDur = EMPTY;
    const [fLen, bLen] = place(built.eLen, float);
    done.eLen = EMPTY;
    const [fMid, bMid] = place(
      built.eMid,
      (length) => new Int32Array(length),
      (m) => (m < 0 ? -1 : rank[m]),
    );
    done.eMid = done.eHops = EMPTY;
    const a: CHArrays = { rank: Uint32Array.from(rank), fFirst, fHead, fCost, fDur, fLen, fMid, bFirst, bHead, bCost, bDur, bLen, bMid };
    return new ContractionHierarchy(a, { nodes: n, inputEdges: built.inputEdges, shortcuts: built.shortcuts, buildMs: Date.now() - t0 });
  }

  /** The search state, on first use. */
  private allocate(): void {
    const { n } = this;
    if (this.cost.length === n) return;
    this.cost = new Float64Array(n).fill(Infinity);
    this.dur = new Float64Array(n);
    this.len = new Float64Array(n);
    this.par = new Int32Array(n);
    this.heap = new IndexedHeap(n);
  }

  private slots(): Int32Array {
    return (this.slotOf ??= new Int32Array(this.n).fill(-1));
  }

  /**
   * Upward search from seeds (turn-graph nodes). forward=true uses the forward up graph (from a
   * source), false the backward up graph (towards a target). Leaves the settled, non-stalled
   * nodes (by rank) in `settled` and their labels in `cost`, `dur`, `len` and `par`. With `meet` (the
   * forward labels of a route, by slot), it keeps the best meeting node in `best` / `meetAt` and
   * stops once its smallest label reaches `best`: no later node can improve on it.
   */
  private upward(seeds: Seed[], forward: boolean, meet?: { slot: Int32Array; cost: Float64Array }): void {
    const { cost, dur, len, par, heap, touched, settled } = this;
    for (const v of touched) cost[v] = Infinity;
    touched.length = 0;
    settled.length = 0;
    heap.clear();
    for (const s of seeds) {
      const x = this.rank[s.node];
      if (s.cost < cost[x]) {
        if (cost[x] === Infinity) touched.push(x);
        cost[x] = s.cost;
        dur[x] = s.dur;
        len[x] = s.len;
        par[x] = -1;
        heap.push(x, s.cost);
      }
    }
    const first = forward ? this.fFirst : this.bFirst;
    const hd = forward ? this.fHead : this.bHead;
    const cs = forward ? this.fCost : this.bCost;
    const ds = forward ? this.fDur : this.bDur;
    const ls = forward ? this.fLen : this.bLen;
    // stall-on-demand uses the opposite graph: edges from higher nodes into u
    const sFirst = forward ? this.bFirst : this.fFirst;
    const sHead = forward ? this.bHead : this.fHead;
    const sCost = forward ? this.bCost : this.fCost;
    let stalls = 0;
    let scanned = 0;
    this.best = Infinity;
    this.meetAt = -1;
    while (heap.size > 0 && heap.peekKey() < this.best) {
      const u = heap.pop();
      const du = cost[u];
      let stalled = false;
      let e = sFirst[u];
      for (const end = sFirst[u + 1]; e < end; e++) {
        if (cost[sHead[e]] + sCost[e] < du) {
          stalled = true;
          break;
        }
      }
      scanned += e - sFirst[u];
      if (stalled) {
        stalls++;
        continue;
      }
      scanned += first[u + 1] - first[u];
      settled.push(u);
      if (meet) {
        const i = meet.slot[u];
        if (i >= 0 && meet.cost[i] + du < this.best) {
          this.best = meet.cost[i] + du;
          this.meetAt = u;
        }
      }
      const du2 = dur[u];
      const lu = len[u];
      for (let e = first[u], end = first[u + 1]; e < end; e++) {
        const v = hd[e];
        const c = du + cs[e];
        if (c < cost[v]) {
          if (cost[v] === Infinity) touched.push(v);
          cost[v] = c;
          dur[v] = du2 + ds[e];
          len[v] = lu + ls[e];
          par[v] = u;
          heap.push(v, c);
        }
      }
    }
    if (this.searchLog) {
      this.searchLog.settled.push(settled.length);
      this.searchLog.stalled.push(stalls);
      this.searchLog.edges.push(scanned);
    }
  }

  /**
   * Point-to-point query. Returns the minimum cost with duration, length and the node path
   * (unpacked to original edges), or null when unreachable. The path starts at the source seed
   * node used and ends at the target seed node used.
   */
  route(
    source: Seed[],
    target: Seed[],
  ): { cost: number; dur: number; len: number; nodes: number[]; sourceNode: number; targetNode: number } | null {
    this.allocate();
    const slot = this.slots();
    this.upward(source, true);
    // the forward labels, kept in compact lists while the backward search reuses the state
    const fNode = this.settled.slice();
    const F = fNode.length;
    const fCost = new Float64Array(F);
    const fDur = new Float64Array(F);
    const fLen = new Float64Array(F);
    const fPar = new Int32Array(F);
    for (let i = 0; i < F; i++) {
      const v = fNode[i];
      slot[v] = i;
      fCost[i] = this.cost[v];
      fDur[i] = this.dur[v];
      fLen[i] = this.len[v];
      fPar[i] = this.par[v];
    }
    try {
      this.upward(target, false, { slot, cost: fCost });
      const { best, meetAt: meet } = this;
      if (meet < 0) return null;
      const m = slot[meet];
      // upward chains: source seed -> meet, and meet -> target seed
      const up: number[] = [meet];
      for (let x = fPar[m]; x >= 0; x = fPar[slot[x]]) up.push(x);
      up.reverse();
      const down: number[] = [];
      for (let x = this.par[meet]; x >= 0; x = this.par[x]) down.push(x);
      const chain = up.concat(down);
      const nodes: number[] = [this.order[chain[0]]];
      for (let i = 0; i + 1 < chain.length; i++) this.unpack(chain[i], chain[i + 1], nodes);
      return {
        cost: best,
        dur: fDur[m] + this.dur[meet],
        len: fLen[m] + this.len[meet],
        nodes,
        sourceNode: nodes[0],
        targetNode: nodes[nodes.length - 1],
      };
    } finally {
      for (const v of fNode) slot[v] = -1;
    }
  }

  /** Middle node (by rank) of the hierarchy edge a->b (-1 for an original edge). */
  private midOf(a: number, b: number): number {
    const fw = b > a;
    const first = fw ? this.fFirst : this.bFirst;
    const head = fw ? this.fHead : this.bHead;
    const cost = fw ? this.fCost : this.bCost;
    const at = fw ? a : b;
    const want = fw ? b : a;
    let lo = first[at];
    let hi = first[at + 1];
    while (lo < hi) {
      const m = (lo + hi) >>> 1;
      if (head[m] < want) lo = m + 1;
      else hi = m;
    }
    // of parallel edges, the cheapest: the one the search took
    let best = -1;
    for (let e = lo, end = first[at + 1]; e < end && head[e] === want; e++) if (best < 0 || cost[e] < cost[best]) best = e;
    if (best >= 0) return (fw ? this.fMid : this.bMid)[best];
    throw new Error(`contraction hierarchy: missing edge ${this.order[a]}->${this.order[b]}`);
  }

  /** Append the turn-graph nodes after `a` on the hierarchy edge a->b (both by rank). */
  private unpack(a: number, b: number, out: number[]): void {
    // pairs (x, y) still to unpack, flat: a long route unpacks thousands of edges
    const stack = this.unpackStack;
    stack.length = 0;
    stack.push(a, b);
    while (stack.length > 0) {
      const y = stack.pop()!;
      const x = stack.pop()!;
      const m = this.midOf(x, y);
      if (m < 0) out.push(this.order[y]);
      else stack.push(m, y, x, m);
    }
  }

  /**
   * Many-to-many: sources x targets, each given as seed lists (offsets onto the graph).
   * Writes row-major results; cost is minimised, duration and length follow the chosen path.
   */
  manyToMany(sources: Seed[][], targets: Seed[][], outCost: Float64Array, outDur: Float64Array, outLen: Float64Array): void {
    const T = targets.length;
    this.allocate();
    const slot = this.slots();
    const { cost, dur, len, settled } = this;
    // 1. backward searches fill buckets: entries grouped by node, a group per node reached
    const groupNode: number[] = [];
    const groupSize: number[] = [];
    let eNode: number[] = [];
    let eT: number[] = [];
    let eC: number[] = [];
    let eD: number[] = [];
    let eL: number[] = [];
    for (let t = 0; t < T; t++) {
      this.upward(targets[t], false);
      for (const v of settled) {
        let g = slot[v];
        if (g < 0) {
          g = slot[v] = groupNode.push(v) - 1;
          groupSize.push(0);
        }
        groupSize[g]++;
        eNode.push(g);
        eT.push(t);
        eC.push(cost[v]);
        eD.push(dur[v]);
        eL.push(len[v]);
      }
    }
    try {
      const G = groupNode.length;
      const first = new Uint32Array(G + 1);
      for (let g = 0; g < G; g++) first[g + 1] = first[g] + groupSize[g];
      const B = eNode.length;
      const pos = first.slice(0, G);
      const kT = new Uint32Array(B);
      const kC = new Float64Array(B);
      const kD = new Float64Array(B);
      const kL = new Float64Array(B);
      for (let i = 0; i < B; i++) {
        const p = pos[eNode[i]]++;
        kT[p] = eT[i];
        kC[p] = eC[i];
        kD[p] = eD[i];
        kL[p] = eL[i];
      }
      eNode = eT = eC = eD = eL = [];
      // 2. forward searches scan buckets
      for (let s = 0; s < sources.length; s++) {
        const row = s * T;
        for (let t = 0; t < T; t++) {
          outCost[row + t] = Infinity;
          outDur[row + t] = Infinity;
          outLen[row + t] = Infinity;
        }
        this.upward(sources[s], true);
        for (const v of settled) {
          const g = slot[v];
          if (g < 0) continue;
          const c = cost[v];
          const d = dur[v];
          const l = len[v];
          for (let i = first[g], end = first[g + 1]; i < end; i++) {
            const tot = c + kC[i];
            const j = row + kT[i];
            if (tot < outCost[j]) {
              outCost[j] = tot;
              outDur[j] = d + kD[i];
              outLen[j] = l + kL[i];
            }
          }
        }
      }
    } finally {
      for (const v of groupNode) slot[v] = -1;
    }
  }
}
