// Granular neighbourhoods (Toth & Vigo 2003) with the time-window-aware proximity of Vidal et al.
// (2013): the travel cost plus 0.2 x the least waiting time and 1 x the least time warp of going
// from one client to the other, made symmetric by the smaller of the two directions.
import type { HgsData } from './data';

const WAIT_WEIGHT = 0.2;
const WARP_WEIGHT = 1;

function proximity(d: HgsData, i: number, j: number): number {
  const arc = d.loc[i] * d.nLoc + d.loc[j];
  const t = d.dur[arc];
  const wait = d.twE[j] - d.twL[i] - d.service[i] - t;
  const warp = d.twE[i] + d.service[i] + t - d.twL[j];
  return d.cost[arc] + WAIT_WEIGHT * (wait > 0 ? wait : 0) + WARP_WEIGHT * (warp > 0 ? warp : 0);
}

/** The `size` clients closest to each client by that proximity, closest first. */
export function granularNeighbours(d: HgsData, size: number): Int32Array[] {
  const n = d.n;
  const k = Math.min(size, n - 1);
  const out: Int32Array[] = [];
  const prox = new Float64Array(n);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      order[j] = j;
      prox[j] = j === i ? Infinity : Math.min(proximity(d, i, j), proximity(d, j, i));
    }
    const sorted = Array.from(order).sort((a, b) => prox[a] - prox[b] || a - b);
    out.push(Int32Array.from(sorted.slice(0, k)));
  }
  return out;
}
