/**
 * Contraction hierarchies (Geisberger et al. 2008) built for one metric, with the
 * bucket many-to-many algorithm (Knopp et al. 2007) and stall-on-demand: the searches on
 * the upward graphs. The contraction itself is in ch-build.ts.
 */
import { contract, type CHInput, type Contracted } from './ch-build';
import type { Seed } from './dijkstra';
import { IndexedHeap } from './heap';

export interface CHStats {
  nodes: number;
  inputEdges: number;
  shortcuts: number;
  /** Build time, or the time to read a stored hierarchy (`loaded`). */
  buildMs: number;
  /** True when the hierarchy was read from a sidecar file rather than built. */
  loaded?: boolean;
}

/** The upward graphs of a hierarchy: what a stored hierarchy holds (ch-sidecar.ts). */
export interface CHArrays {
  rank: Uint32Array;
  /** Upward forward graph: edges a->b with rank[b] > rank[a], CSR at a. */
  fFirst: Uint32Array;
  fHead: Uint32Array;
  fCost: Float64Array;
  fDur: Float64Array;
  fLen: Float64Array;
  fMid: Int32Array;
  /** Upward backward graph: edges a->b with rank[a] > rank[b], CSR at b, head = a. */
  bFirst: Uint32Array;
  bHead: Uint32Array;
  bCost: Float64Array;
  bDur: Float64Array;
  bLen: Float64Array;
  bMid: Int32Array;
}

/** Per upward search: nodes settled (visited) and stalled; only kept when `searchLog` is set. */
export interface SearchLog {
  settled: number[];
  stalled: number[];
}

export class ContractionHierarchy implements CHArrays {
  readonly n: number;
  readonly rank: Uint32Array;
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

  // search state
  private dist: Float64Array;
  private sdur: Float64Array;
  private slen: Float64Array;
  private heap: IndexedHeap;
  private touched: number[] = [];
  /** Parent node in the last upward search (-1 at seeds). */
  private spar: Int32Array;

  constructor(a: CHArrays, stats: CHStats) {
    const n = a.rank.length;
    this.n = n;
    this.rank = a.rank;
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
    this.dist = new Float64Array(n).fill(Infinity);
    this.sdur = new Float64Array(n);
    this.slen = new Float64Array(n);
    this.heap = new IndexedHeap(n);
    this.spar = new Int32Array(n).fill(-1);
  }

  /** Contract the input graph (ch-build.ts) and lay its upward graphs out for queries. */
  static build(input: CHInput): ContractionHierarchy {
    const t0 = Date.now();
    return ContractionHierarchy.layout(contract(input), t0);
  }

  /** Lay a contraction's edges out as the upward graphs; t0 is when its build began. */
  static layout(built: Contracted, t0: number): ContractionHierarchy {
    const n = built.rank.length;
    const { eFrom, eTo, eCost, eDur, eLen, eMid, rank } = built;
    const E = eFrom.length;
    const fFirst = new Uint32Array(n + 1);
    const bFirst = new Uint32Array(n + 1);
    for (let e = 0; e < E; e++) {
      if (rank[eFrom[e]] < rank[eTo[e]]) fFirst[eFrom[e] + 1]++;
      else bFirst[eTo[e] + 1]++;
    }
    for (let i = 0; i < n; i++) {
      fFirst[i + 1] += fFirst[i];
      bFirst[i + 1] += bFirst[i];
    }
    const fm = fFirst[n];
    const bm = bFirst[n];
    const a: CHArrays = {
      rank,
      fFirst,
      fHead: new Uint32Array(fm),
      fCost: new Float64Array(fm),
      fDur: new Float64Array(fm),
      fLen: new Float64Array(fm),
      fMid: new Int32Array(fm),
      bFirst,
      bHead: new Uint32Array(bm),
      bCost: new Float64Array(bm),
      bDur: new Float64Array(bm),
      bLen: new Float64Array(bm),
      bMid: new Int32Array(bm),
    };
    const fp = fFirst.slice(0, n);
    const bp = bFirst.slice(0, n);
    for (let e = 0; e < E; e++) {
      const u = eFrom[e];
      const v = eTo[e];
      if (rank[u] < rank[v]) {
        const k = fp[u]++;
        a.fHead[k] = v;
        a.fCost[k] = eCost[e];
        a.fDur[k] = eDur[e];
        a.fLen[k] = eLen[e];
        a.fMid[k] = eMid[e];
      } else {
        const k = bp[v]++;
        a.bHead[k] = u;
        a.bCost[k] = eCost[e];
        a.bDur[k] = eDur[e];
        a.bLen[k] = eLen[e];
        a.bMid[k] = eMid[e];
      }
    }
    return new ContractionHierarchy(a, { nodes: n, inputEdges: built.inputEdges, shortcuts: built.shortcuts, buildMs: Date.now() - t0 });
  }

  /**
   * Upward search from seeds. forward=true uses the forward up graph (from a source),
   * false the backward up graph (towards a target). Calls visit(node, cost, dur, len) for every
   * settled, non-stalled node.
   */
  upward(seeds: Seed[], forward: boolean, visit: (node: number, cost: number, dur: number, len: number) => void): void {
    const { dist, sdur, slen, heap } = this;
    for (const v of this.touched) dist[v] = Infinity;
    this.touched.length = 0;
    heap.clear();
    for (const s of seeds) {
      if (s.cost < dist[s.node]) {
        if (dist[s.node] === Infinity) this.touched.push(s.node);
        dist[s.node] = s.cost;
        sdur[s.node] = s.dur;
        slen[s.node] = s.len;
        this.spar[s.node] = -1;
        heap.push(s.node, s.cost);
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
    let settled = 0;
    let stalls = 0;
    while (heap.size > 0) {
      const u = heap.pop();
      const du = dist[u];
      let stalled = false;
      for (let e = sFirst[u]; e < sFirst[u + 1]; e++) {
        if (dist[sHead[e]] + sCost[e] < du) {
          stalled = true;
          break;
        }
      }
      if (stalled) {
        stalls++;
        continue;
      }
      settled++;
      visit(u, du, sdur[u], slen[u]);
      for (let e = first[u]; e < first[u + 1]; e++) {
        const v = hd[e];
        const c = du + cs[e];
        if (c < dist[v]) {
          if (dist[v] === Infinity) this.touched.push(v);
          dist[v] = c;
          sdur[v] = sdur[u] + ds[e];
          slen[v] = slen[u] + ls[e];
          this.spar[v] = u;
          heap.push(v, c);
        }
      }
    }
    if (this.searchLog) {
      this.searchLog.settled.push(settled);
      this.searchLog.stalled.push(stalls);
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
    const fwd = new Map<number, [number, number, number, number]>();
    this.upward(source, true, (node, c, d, l) => {
      fwd.set(node, [c, d, l, this.spar[node]]);
    });
    let best = Infinity;
    let meet = -1;
    const bwd = new Map<number, [number, number, number, number]>();
    this.upward(target, false, (node, c, d, l) => {
      bwd.set(node, [c, d, l, this.spar[node]]);
      const f = fwd.get(node);
      if (f && f[0] + c < best) {
        best = f[0] + c;
        meet = node;
      }
    });
    if (meet < 0) return null;
    const f = fwd.get(meet)!;
    const b = bwd.get(meet)!;
    // upward chains: source seed -> meet, and meet -> target seed
    const up: number[] = [meet];
    for (let x = f[3]; x >= 0; x = fwd.get(x)![3]) up.push(x);
    up.reverse();
    const down: number[] = [];
    for (let x = b[3]; x >= 0; x = bwd.get(x)![3]) down.push(x);
    const chain = up.concat(down);
    const nodes: number[] = [chain[0]];
    for (let i = 0; i + 1 < chain.length; i++) this.unpack(chain[i], chain[i + 1], nodes);
    return { cost: best, dur: f[1] + b[1], len: f[2] + b[2], nodes, sourceNode: chain[0], targetNode: chain[chain.length - 1] };
  }

  /** Middle node of the hierarchy edge a->b (-1 for an original edge). */
  private midOf(a: number, b: number): number {
    if (this.rank[b] > this.rank[a]) {
      for (let e = this.fFirst[a]; e < this.fFirst[a + 1]; e++) if (this.fHead[e] === b) return this.fMid[e];
    } else {
      for (let e = this.bFirst[b]; e < this.bFirst[b + 1]; e++) if (this.bHead[e] === a) return this.bMid[e];
    }
    throw new Error(`contraction hierarchy: missing edge ${a}->${b}`);
  }

  /** Append the original nodes after `a` on the hierarchy edge a->b. */
  private unpack(a: number, b: number, out: number[]): void {
    const stack: Array<[number, number]> = [[a, b]];
    while (stack.length > 0) {
      const [x, y] = stack.pop()!;
      const m = this.midOf(x, y);
      if (m < 0) out.push(y);
      else {
        stack.push([m, y]);
        stack.push([x, m]);
      }
    }
  }

  /**
   * Many-to-many: sources x targets, each given as seed lists (offsets onto the graph).
   * Writes row-major results; cost is minimised, duration and length follow the chosen path.
   */
  manyToMany(sources: Seed[][], targets: Seed[][], outCost: Float64Array, outDur: Float64Array, outLen: Float64Array): void {
    const T = targets.length;
    // 1. backward searches fill buckets
    let bn: number[] = [];
    let bt: number[] = [];
    let bc: number[] = [];
    let bd: number[] = [];
    let bl: number[] = [];
    for (let t = 0; t < T; t++) {
      this.upward(targets[t], false, (node, c, d, l) => {
        bn.push(node);
        bt.push(t);
        bc.push(c);
        bd.push(d);
        bl.push(l);
      });
    }
    const B = bn.length;
    const first = new Uint32Array(this.n + 1);
    for (let i = 0; i < B; i++) first[bn[i] + 1]++;
    for (let i = 0; i < this.n; i++) first[i + 1] += first[i];
    const pos = first.slice(0, this.n);
    const kT = new Uint32Array(B);
    const kC = new Float64Array(B);
    const kD = new Float64Array(B);
    const kL = new Float64Array(B);
    for (let i = 0; i < B; i++) {
      const p = pos[bn[i]]++;
      kT[p] = bt[i];
      kC[p] = bc[i];
      kD[p] = bd[i];
      kL[p] = bl[i];
    }
    bn = bt = bc = bd = bl = [];
    // 2. forward searches scan buckets
    for (let s = 0; s < sources.length; s++) {
      const row = s * T;
      for (let t = 0; t < T; t++) {
        outCost[row + t] = Infinity;
        outDur[row + t] = Infinity;
        outLen[row + t] = Infinity;
      }
      this.upward(sources[s], true, (node, c, d, l) => {
        for (let i = first[node], end = first[node + 1]; i < end; i++) {
          const tot = c + kC[i];
          const j = row + kT[i];
          if (tot < outCost[j]) {
            outCost[j] = tot;
            outDur[j] = d + kD[i];
            outLen[j] = l + kL[i];
          }
        }
      });
    }
  }
}
