// Relocate: move one job next to one of its nearest neighbours (same or another route).
import { BestMove, canLeaveRoute, type Operator } from './move';
import { forEachNeighbourPair } from './scan';

export const relocate: Operator = {
  name: 'relocate',
  find(ctx, sol) {
    const best = new BestMove(sol);
    const p = sol.p;
    forEachNeighbourPair(ctx, sol, (u, va, i, _w, vb, j) => {
      if (p.pair[u] >= 0) return;
      if (va !== vb && !canLeaveRoute(sol, u)) return;
      for (const at of [j, j + 1]) {
        if (va === vb) {
          if (at === i || at === i + 1) continue;
          const s = sol.routes[va].seq.slice();
          s.splice(i, 1);
          s.splice(at > i ? at - 1 : at, 0, u);
          best.consider([va], [s]);
        } else {
          const a = sol.routes[va].seq.slice();
          a.splice(i, 1);
          const b = sol.routes[vb].seq.slice();
          b.splice(at, 0, u);
          best.consider([va, vb], [a, b]);
        }
      }
    });
    return best.best;
  },
};
