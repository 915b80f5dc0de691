// Split (Prins 2004; Vidal 2016): the best cut of a giant tour into routes under the penalised
// cost, by a shortest path over the tour's positions. A route stops growing once its load passes
// 1.5 x capacity (the bound that keeps it O(n x route length)). When the unbounded fleet would
// use more routes than there are vehicles, the path is recomputed with the route count bounded.
import type { HgsData } from './data';
import { penalised, Seg } from './segment';

const LOAD_BOUND = 1.5;

export function split(d: HgsData, tour: number[], penCap: number, penTw: number): number[][] {
  const n = tour.length;
  if (n === 0) return [];
  // cost[i][j]: the route serving tour[i..j], computed on the fly, once per (i, j) pair.
  const from: number[] = [];
  const to: number[] = [];
  const arcCost: number[] = [];
  const seg = new Seg(d);
  const tmp = new Seg(d);
  const maxLoad = LOAD_BOUND * d.capacity;
  for (let i = 0; i < n; i++) {
    seg.setDepot(d.startLoc);
    for (let j = i; j < n; j++) {
      seg.appendClient(tour[j]);
      tmp.copy(seg).appendDepot(d.endLoc);
      from.push(i);
      to.push(j + 1);
      arcCost.push(penalised(tmp.cost, tmp.load, tmp.tw, d.capacity, penCap, penTw));
      if (seg.load > maxLoad && j > i) break;
    }
  }
  // arcs are ordered by `from`: one pass relaxes them in topological order.
  const nArcs = from.length;
  const pot = new Float64Array(n + 1).fill(Infinity);
  const pred = new Int32Array(n + 1).fill(-1);
  pot[0] = 0;
  for (let a = 0; a < nArcs; a++) {
    const c = pot[from[a]] + arcCost[a];
    if (c < pot[to[a]]) {
      pot[to[a]] = c;
      pred[to[a]] = from[a];
    }
  }
  const routes: number[][] = [];
  for (let j = n; j > 0; j = pred[j]) routes.push(tour.slice(pred[j], j));
  routes.reverse();
  if (routes.length <= d.fleet) return routes;
  return bounded(d, tour, from, to, arcCost) ?? [...routes.slice(0, d.fleet - 1), routes.slice(d.fleet - 1).flat()];
}

/** The best cut into at most d.fleet routes (null when the load bound leaves none). */
function bounded(d: HgsData, tour: number[], from: number[], to: number[], arcCost: number[]): number[][] | null {
  const n = tour.length;
  const nArcs = from.length;
  // Bellman by route count: potK[j] = best cost of tour[0..j) in exactly k routes.
  const preds: Int32Array[] = [];
  let prev = new Float64Array(n + 1).fill(Infinity);
  prev[0] = 0;
  let bestK = -1;
  let best = Infinity;
  for (let k = 1; k <= d.fleet; k++) {
    const cur = new Float64Array(n + 1).fill(Infinity);
    const pk = new Int32Array(n + 1).fill(-1);
    for (let a = 0; a < nArcs; a++) {
      const c = prev[from[a]] + arcCost[a];
      if (c < cur[to[a]]) {
        cur[to[a]] = c;
        pk[to[a]] = from[a];
      }
    }
    preds.push(pk);
    if (cur[n] < best) {
      best = cur[n];
      bestK = k;
    }
    prev = cur;
  }
  if (bestK < 0) return null;
  const routes: number[][] = [];
  let j = n;
  for (let k = bestK; k >= 1; k--) {
    const i = preds[k - 1][j];
    routes.push(tour.slice(i, j));
    j = i;
  }
  return routes.reverse();
}
