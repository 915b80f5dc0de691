// Small random plain VRPTW instances as HgsData, and a forward route simulation with time warp
// (the brute-force reference for the segment arithmetic).
import type { HgsData } from '../../../shared/solver/search/hgs/data';
import { penalised } from '../../../shared/solver/search/hgs/segment';
import { Rng } from '../../../shared/solver/prng';

export function randomData(seed: number, n: number, fleet = 4, capacity = 30): HgsData {
  const rng = new Rng(seed);
  const nLoc = n + 1;
  const xs = Array.from({ length: nLoc }, () => [rng.int(100), rng.int(100)]);
  const dur = new Float64Array(nLoc * nLoc);
  for (let i = 0; i < nLoc; i++)
    for (let j = 0; j < nLoc; j++) dur[i * nLoc + j] = Math.round(Math.hypot(xs[i][0] - xs[j][0], xs[i][1] - xs[j][1]));
  const twE = new Float64Array(n);
  const twL = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    twE[i] = rng.int(300);
    twL[i] = twE[i] + 20 + rng.int(150);
  }
  return {
    n,
    nLoc,
    loc: Int32Array.from({ length: n }, (_, i) => i + 1),
    startLoc: 0,
    endLoc: 0,
    service: Float64Array.from({ length: n }, () => rng.int(10)),
    twE,
    twL,
    demand: Float64Array.from({ length: n }, () => 1 + rng.int(9)),
    depotE: 0,
    depotL: 600,
    capacity,
    fleet,
    dur,
    cost: dur,
    symmetric: true,
  };
}

/** Start at the depot's opening, wait when early, warp back to the window's end when late. */
export function simulate(d: HgsData, clients: number[]): { cost: number; load: number; tw: number } {
  let t = d.depotE;
  let tw = 0;
  let cost = 0;
  let load = 0;
  let at = d.startLoc;
  const go = (loc: number, e: number, l: number, service: number) => {
    t += d.dur[at * d.nLoc + loc];
    cost += d.cost[at * d.nLoc + loc];
    at = loc;
    if (t < e) t = e;
    if (t > l) {
      tw += t - l;
      t = l;
    }
    t += service;
  };
  for (const c of clients) {
    go(d.loc[c], d.twE[c], d.twL[c], d.service[c]);
    load += d.demand[c];
  }
  go(d.endLoc, d.depotE, d.depotL, 0);
  return { cost, load, tw };
}

/** Penalised cost of whole routes, by simulation: the reference the moves and Split are held to. */
export function routesCost(d: HgsData, routes: number[][], penCap: number, penTw: number): number {
  let s = 0;
  for (const r of routes) {
    const e = simulate(d, r);
    s += penalised(e.cost, e.load, e.tw, d.capacity, penCap, penTw);
  }
  return s;
}
