// The local search's working solution: routes as doubly linked lists of nodes (clients 0..n-1,
// then a start and an end depot node per route: n + 2r and n + 2r + 1) with, per node, the
// segment summary of its route from the start up to it (prefix) and from it to the end (suffix),
// so a move that cuts routes into pieces is evaluated in O(1).
import type { HgsData } from './data';
import { penalised, Seg } from './segment';

export class Routes {
  readonly n: number;
  readonly K: number;
  readonly nxt: Int32Array;
  readonly prv: Int32Array;
  readonly rte: Int32Array;
  readonly pos: Int32Array;
  readonly nodeLoc: Int32Array;
  readonly dem: Float64Array;
  /**
   * Travel cost between the n clients and the two depot ends ((n + 2) x (n + 2), indexed through
   * `costIndex`): one read per arc in the move screens, without an N x N copy that would grow
   * with the square of the fleet.
   */
  private readonly nodeCost: Float64Array;
  private readonly costIndex: Int32Array;
  private readonly M: number;
  readonly pDur: Float64Array;
  readonly pTw: Float64Array;
  readonly pE: Float64Array;
  readonly pL: Float64Array;
  readonly pLoad: Float64Array;
  readonly pCost: Float64Array;
  readonly sDur: Float64Array;
  readonly sTw: Float64Array;
  readonly sE: Float64Array;
  readonly sL: Float64Array;
  readonly sLoad: Float64Array;
  readonly sCost: Float64Array;
  readonly rCost: Float64Array;
  readonly rLoad: Float64Array;
  readonly rTw: Float64Array;
  readonly rPen: Float64Array;
  readonly rSize: Int32Array;
  /** Move count when each route last changed. */
  readonly rModified: Float64Array;
  penCap = 1;
  penTw = 1;
  nbMoves = 0;
  private readonly seg: Seg;

  constructor(readonly d: HgsData) {
    const n = (this.n = d.n);
    const K = (this.K = d.fleet);
    const N = n + 2 * K;
    this.nxt = new Int32Array(N);
    this.prv = new Int32Array(N);
    this.rte = new Int32Array(N);
    this.pos = new Int32Array(N);
    this.nodeLoc = new Int32Array(N);
    this.dem = new Float64Array(N);
    for (let i = 0; i < n; i++) {
      this.nodeLoc[i] = d.loc[i];
      this.dem[i] = d.demand[i];
    }
    for (let r = 0; r < K; r++) {
      this.nodeLoc[n + 2 * r] = d.startLoc;
      this.nodeLoc[n + 2 * r + 1] = d.endLoc;
      this.rte[n + 2 * r] = this.rte[n + 2 * r + 1] = r;
    }
    const M = (this.M = n + 2);
    this.costIndex = new Int32Array(N);
    for (let x = 0; x < N; x++) this.costIndex[x] = x < n ? x : n + ((x - n) & 1);
    const locOf = (i: number) => (i < n ? d.loc[i] : i === n ? d.startLoc : d.endLoc);
    this.nodeCost = new Float64Array(M * M);
    for (let i = 0; i < M; i++) for (let j = 0; j < M; j++) this.nodeCost[i * M + j] = d.cost[locOf(i) * d.nLoc + locOf(j)];
    const f = () => new Float64Array(N);
    [this.pDur, this.pTw, this.pE, this.pL, this.pLoad, this.pCost] = [f(), f(), f(), f(), f(), f()];
    [this.sDur, this.sTw, this.sE, this.sL, this.sLoad, this.sCost] = [f(), f(), f(), f(), f(), f()];
    const g = () => new Float64Array(K);
    [this.rCost, this.rLoad, this.rTw, this.rPen, this.rModified] = [g(), g(), g(), g(), g()];
    this.rSize = new Int32Array(K);
    this.seg = new Seg(d);
  }

  isDepot(x: number): boolean {
    return x >= this.n;
  }

  startOf(r: number): number {
    return this.n + 2 * r;
  }

  endOf(r: number): number {
    return this.n + 2 * r + 1;
  }

  arcCost(a: number, b: number): number {
    return this.nodeCost[this.costIndex[a] * this.M + this.costIndex[b]];
  }

  capPen(load: number): number {
    return load > this.d.capacity ? (load - this.d.capacity) * this.penCap : 0;
  }

  /** s := the prefix segment ending at node x. */
  pre(s: Seg, x: number): Seg {
    return s.set(this.pDur[x], this.pTw[x], this.pE[x], this.pL[x], this.pLoad[x], this.pCost[x], this.d.startLoc, this.nodeLoc[x]);
  }

  /** s := s followed by the suffix segment starting at node x. */
  suf(s: Seg, x: number): Seg {
    return s.append(this.sDur[x], this.sTw[x], this.sE[x], this.sL[x], this.sLoad[x], this.sCost[x], this.nodeLoc[x], this.d.endLoc);
  }

  /** s := s followed by the clients from a to b (b after a in one route), forward. */
  range(s: Seg, a: number, b: number): Seg {
    for (let w = a; ; w = this.nxt[w]) {
      s.appendClient(w);
      if (w === b) return s;
    }
  }

  /** s := s followed by the clients from b back to a (b after a in one route). */
  rangeRev(s: Seg, b: number, a: number): Seg {
    for (let w = b; ; w = this.prv[w]) {
      s.appendClient(w);
      if (w === a) return s;
    }
  }

  pen(s: Seg): number {
    return penalised(s.cost, s.load, s.tw, this.d.capacity, this.penCap, this.penTw);
  }

  load(routes: number[][]): void {
    if (routes.length > this.K) throw new Error(`${routes.length} routes for ${this.K} vehicles`);
    for (let r = 0; r < this.K; r++) {
      const seq = routes[r] ?? [];
      let prev = this.startOf(r);
      for (const c of seq) {
        this.nxt[prev] = c;
        this.prv[c] = prev;
        prev = c;
      }
      this.nxt[prev] = this.endOf(r);
      this.prv[this.endOf(r)] = prev;
      this.update(r);
    }
  }

  export(): number[][] {
    const out: number[][] = [];
    for (let r = 0; r < this.K; r++) {
      if (this.rSize[r] === 0) continue;
      const seq: number[] = [];
      for (let w = this.nxt[this.startOf(r)]; w < this.n; w = this.nxt[w]) seq.push(w);
      out.push(seq);
    }
    return out;
  }

  /** Recomputes route r's positions, prefix and suffix summaries and totals. */
  update(r: number): void {
    const s = this.seg;
    const start = this.startOf(r);
    const end = this.endOf(r);
    s.setDepot(this.d.startLoc);
    let p = 0;
    for (let x = start; ; x = this.nxt[x]) {
      if (x !== start) {
        if (x === end) s.appendDepot(this.d.endLoc);
        else s.appendClient(x);
      }
      this.pos[x] = p++;
      this.rte[x] = r;
      this.storePre(x, s);
      if (x === end) break;
    }
    this.rSize[r] = p - 2;
    // An unused vehicle costs nothing, even when its start and end differ.
    const used = p > 2;
    this.rCost[r] = used ? s.cost : 0;
    this.rLoad[r] = s.load;
    this.rTw[r] = used ? s.tw : 0;
    this.rPen[r] = used ? this.pen(s) : 0;
    this.rModified[r] = this.nbMoves;
    s.setDepot(this.d.endLoc);
    this.storeSuf(end, s);
    for (let x = this.prv[end]; ; x = this.prv[x]) {
      const y = this.nxt[x];
      if (x === start) s.setDepot(this.d.startLoc);
      else s.setClient(x);
      this.suf(s, y);
      this.storeSuf(x, s);
      if (x === start) break;
    }
  }

  private storePre(x: number, s: Seg): void {
    this.pDur[x] = s.dur;
    this.pTw[x] = s.tw;
    this.pE[x] = s.e;
    this.pL[x] = s.l;
    this.pLoad[x] = s.load;
    this.pCost[x] = s.cost;
  }

  private storeSuf(x: number, s: Seg): void {
    this.sDur[x] = s.dur;
    this.sTw[x] = s.tw;
    this.sE[x] = s.e;
    this.sL[x] = s.l;
    this.sLoad[x] = s.load;
    this.sCost[x] = s.cost;
  }

  /** Moves node x (a client) to just after node a. */
  insertAfter(x: number, a: number): void {
    const { nxt, prv } = this;
    nxt[prv[x]] = nxt[x];
    prv[nxt[x]] = prv[x];
    const b = nxt[a];
    nxt[a] = x;
    prv[x] = a;
    nxt[x] = b;
    prv[b] = x;
  }

  /** Exchanges two clients that are not next to each other. */
  swap(a: number, b: number): void {
    const { nxt, prv } = this;
    const pa = prv[a];
    const na = nxt[a];
    const pb = prv[b];
    const nb = nxt[b];
    nxt[pa] = b;
    prv[b] = pa;
    nxt[b] = na;
    prv[na] = b;
    nxt[pb] = a;
    prv[a] = pb;
    nxt[a] = nb;
    prv[nb] = a;
  }

  /** Links head, then nodes in order, then tail. */
  chain(head: number, nodes: number[], tail: number): void {
    let prev = head;
    for (const x of nodes) {
      this.nxt[prev] = x;
      this.prv[x] = prev;
      prev = x;
    }
    this.nxt[prev] = tail;
    this.prv[tail] = prev;
  }

  /** The clients from a (inclusive) up to the route's end. */
  tail(a: number): number[] {
    const out: number[] = [];
    for (let w = a; w < this.n; w = this.nxt[w]) out.push(w);
    return out;
  }
}
