/** Reusable Dijkstra search over the road graph with per-query weights. */
import type { RoadGraph } from './graph';
import { IndexedHeap } from './heap';

/** A start (or end) offset: reach `node` having already spent cost/dur/len. */
export interface Seed {
  node: number;
  cost: number;
  dur: number;
  len: number;
}

export interface SearchOptions {
  /** Stop once the smallest tentative cost exceeds this. */
  maxCost?: number;
  /** Stop once all these nodes are settled. */
  targets?: ArrayLike<number>;
  /** Stop once the smallest tentative cost is >= this function's value (re-evaluated each pop). */
  bound?: () => number;
}

export class Searcher {
  readonly g: RoadGraph;
  readonly cost: Float64Array;
  readonly dur: Float64Array;
  readonly len: Float64Array;
  readonly parent: Int32Array;
  readonly settled: Uint8Array;
  private heap: IndexedHeap;
  private touched: number[] = [];
  private targetMark: Uint8Array;
  /** Nodes settled by the last search, in order. */
  order: number[] = [];

  constructor(g: RoadGraph) {
    this.g = g;
    const n = g.nodeCount;
    this.cost = new Float64Array(n).fill(Infinity);
    this.dur = new Float64Array(n);
    this.len = new Float64Array(n);
    this.parent = new Int32Array(n).fill(-1);
    this.settled = new Uint8Array(n);
    this.targetMark = new Uint8Array(n);
    this.heap = new IndexedHeap(n);
  }

  reset(): void {
    for (const v of this.touched) {
      this.cost[v] = Infinity;
      this.parent[v] = -1;
      this.settled[v] = 0;
    }
    this.touched.length = 0;
    this.heap.clear();
    this.order = [];
  }

  /**
   * Run from seeds with `w` as the minimised weight, accumulating `d` (seconds) and edge lengths.
   * `lengthW` may be passed as `w` itself for distance searches.
   */
  run(seeds: Seed[], w: Float64Array, d: Float64Array, opts: SearchOptions = {}): void {
    this.reset();
    const { cost, dur, len, parent, settled, heap } = this;
    const data = this.g.data;
    const firstOut = data.firstOut;
    const head = data.head;
    const length = data.length;
    for (const s of seeds) {
      if (!(s.cost < cost[s.node])) continue;
      if (cost[s.node] === Infinity) this.touched.push(s.node);
      cost[s.node] = s.cost;
      dur[s.node] = s.dur;
      len[s.node] = s.len;
      parent[s.node] = -1;
      heap.push(s.node, s.cost);
    }
    const maxCost = opts.maxCost ?? Infinity;
    let remaining = 0;
    const targets = opts.targets;
    if (targets) {
      for (let i = 0; i < targets.length; i++) {
        const t = targets[i];
        if (!this.targetMark[t]) {
          this.targetMark[t] = 1;
          remaining++;
        }
      }
      if (remaining === 0) return;
    }
    const bound = opts.bound;
    try {
      while (heap.size > 0) {
        const k = heap.peekKey();
        if (k > maxCost) break;
        if (bound && k >= bound()) break;
        const u = heap.pop();
        settled[u] = 1;
        this.order.push(u);
        if (targets && this.targetMark[u]) {
          this.targetMark[u] = 0;
          if (--remaining === 0) break;
        }
        const cu = cost[u];
        for (let e = firstOut[u]; e < firstOut[u + 1]; e++) {
          const we = w[e];
          if (we === Infinity) continue;
          const v = head[e];
          const c = cu + we;
          if (c < cost[v]) {
            if (cost[v] === Infinity) this.touched.push(v);
            cost[v] = c;
            dur[v] = dur[u] + d[e];
            len[v] = len[u] + length[e];
            parent[v] = e;
            heap.push(v, c);
          }
        }
      }
    } finally {
      if (targets) for (let i = 0; i < targets.length; i++) this.targetMark[targets[i]] = 0;
    }
  }

  /** Node sequence from a seed to `node` (inclusive). */
  pathTo(node: number): number[] {
    const out: number[] = [node];
    let v = node;
    while (this.parent[v] >= 0) {
      v = this.g.tail[this.parent[v]];
      out.push(v);
    }
    out.reverse();
    return out;
  }
}
