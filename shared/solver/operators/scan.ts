// Shared walk of the neighbour candidate lists: for each routed task u and each of its nearest
// routed neighbours w, the operator's visitor sees both with their routes and indices.
import type { SearchContext } from '../search/context';
import type { Solution } from '../routes/solution';

/** Neighbours per task tried by local search (the lists hold ctx.K). */
export const LS_NEIGHBOURS = 16;

export function positions(sol: Solution): Int32Array {
  const pos = new Int32Array(sol.p.nTasks).fill(-1);
  for (const r of sol.routes) r.seq.forEach((t, i) => (pos[t] = i));
  return pos;
}

export function forEachNeighbourPair(
  ctx: SearchContext,
  sol: Solution,
  visit: (u: number, va: number, i: number, w: number, vb: number, j: number) => void,
): void {
  const pos = positions(sol);
  const K = ctx.K;
  const nk = Math.min(K, LS_NEIGHBOURS);
  const pastDeadline = ctx.pastDeadline;
  for (let u = 0; u < sol.p.nTasks; u++) {
    // Every 64 tasks: a clock read is cheap beside 64 tasks' neighbourhoods.
    if (pastDeadline && (u & 63) === 63 && pastDeadline()) return;
    const va = sol.routeOf[u];
    if (va < 0) continue;
    for (let k = 0; k < nk; k++) {
      const w = ctx.neighbors[u * K + k];
      const vb = sol.routeOf[w];
      if (vb < 0) continue;
      visit(u, va, pos[u], w, vb, pos[w]);
    }
  }
}
