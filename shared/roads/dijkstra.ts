/**
 * Reusable Dijkstra search over the turn graph (turn-topology.ts) with per-query weights: a
 * state's label is the cost of having just entered its edge, so a transition costs its from
 * edge plus the turn.
 */
import type { RoadGraph } from './graph';
import { IndexedHeap } from './heap';
import type { TurnTopology } from './turn-topology';

/** A start (or end) offset: reach turn-graph state `node` having already spent cost/dur/len. */
export interface Seed {
  node: number;
  cost: number;
  dur: number;
  len: number;
}

/** What a search minimises and accumulates: per edge (w, d) and per transition (tw, td). */
export interface Weights {
  topo: TurnTopology;
  /** Minimised weight per edge, Infinity = not usable. */
  w: Float64Array;
  /** Seconds per edge. */
  d: Float64Array;
  tw: Float32Array;
  td: Float32Array;
}

export interface SearchOptions {
  /** Stop once the smallest tentative cost exceeds this. */
  maxCost?: number;
  /** Stop once all these nodes are settled. */
  targets?: ArrayLike<number>;
  /** Stop once the smallest tentative cost is >= this function's value (re-evaluated each pop). */
  bound?: () => number;
}

const searchers = new WeakMap<TurnTopology, Searcher>();

/** The shared search object of a turn graph (single-threaded use). */
export function searcherFor(g: RoadGraph, topo: TurnTopology): Searcher {
  let s = searchers.get(topo);
  if (!s) searchers.set(topo, (s = new Searcher(g, topo)));
  return s;
}

export class Searcher {
  readonly g: RoadGraph;
  readonly topo: TurnTopology;
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

  constructor(g: RoadGraph, topo: TurnTopology) {
    this.g = g;
    this.topo = topo;
    const n = topo.stateCount;
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

  /** Run from seeds (states), minimising `W.w` plus turn costs, accumulating seconds and metres. */
  run(seeds: Seed[], W: Weights, opts: SearchOptions = {}): void {
    this.reset();
    const { cost, dur, len, parent, settled, heap } = this;
    const { w, d, tw, td } = W;
    const { first, to, stateEdge } = this.topo;
    const length = this.g.data.length;
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
        const e = stateEdge[u];
        const cu = cost[u] + w[e];
        if (cu === Infinity) continue;
        for (let k = first[u]; k < first[u + 1]; k++) {
          const v = to[k];
          const c = cu + tw[k];
          if (c < cost[v]) {
            if (cost[v] === Infinity) this.touched.push(v);
            cost[v] = c;
            dur[v] = dur[u] + d[e] + td[k];
            len[v] = len[u] + length[e];
            parent[v] = u;
            heap.push(v, c);
          }
        }
      }
    } finally {
      if (targets) for (let i = 0; i < targets.length; i++) this.targetMark[targets[i]] = 0;
    }
  }

  /** State sequence from a seed to `state` (inclusive). */
  pathTo(state: number): number[] {
    const out: number[] = [state];
    for (let v = this.parent[state]; v >= 0; v = this.parent[v]) out.push(v);
    out.reverse();
    return out;
  }
}
