// One member of the population: its routes (client indices), the giant tour they form, the
// neighbours of each client (for the broken-pairs distance) and its cost, excess load and time warp.
import type { HgsData } from './data';
import { evalRoute, Seg } from './segment';

export class Individual {
  routes: number[][];
  cost = 0;
  excessLoad = 0;
  tw = 0;
  /** Successor and predecessor of each client, -1 for the depot. */
  succ: Int32Array;
  pred: Int32Array;
  /** Broken-pairs distances to the other members of its subpopulation, nearest first. */
  near: { dist: number; other: Individual }[] = [];
  fitness = 0;

  constructor(
    readonly d: HgsData,
    routes: number[][],
  ) {
    this.routes = routes.filter((r) => r.length > 0);
    this.succ = new Int32Array(d.n);
    this.pred = new Int32Array(d.n);
    const s = new Seg(d);
    for (const r of this.routes) {
      const ev = evalRoute(d, r, s);
      this.cost += ev.cost;
      if (ev.load > d.capacity) this.excessLoad += ev.load - d.capacity;
      this.tw += ev.tw;
      for (let k = 0; k < r.length; k++) {
        this.pred[r[k]] = k > 0 ? r[k - 1] : -1;
        this.succ[r[k]] = k + 1 < r.length ? r[k + 1] : -1;
      }
    }
  }

  get feasible(): boolean {
    return this.excessLoad <= 0 && this.tw <= 1e-9;
  }

  penalised(penCap: number, penTw: number): number {
    return this.cost + this.excessLoad * penCap + this.tw * penTw;
  }

  giantTour(): number[] {
    const out: number[] = [];
    for (const r of this.routes) for (const c of r) out.push(c);
    return out;
  }

  /** Broken-pairs distance (share of clients whose neighbours differ), in [0, 1]. */
  distance(o: Individual): number {
    let diff = 0;
    const n = this.d.n;
    for (let j = 0; j < n; j++) {
      const s = this.succ[j];
      if (s !== o.succ[j] && s !== o.pred[j]) diff++;
      if (this.pred[j] === -1 && o.pred[j] !== -1 && o.succ[j] !== -1) diff++;
    }
    return diff / n;
  }
}
