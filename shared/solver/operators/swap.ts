// Swap: exchange two jobs that are near each other (same or different routes).
import { BestMove, canLeaveRoute, type Operator } from './move';
import { forEachNeighbourPair } from './scan';

export const swap: Operator = {
  name: 'swap',
  find(ctx, sol) {
    const best = new BestMove(sol);
    const p = sol.p;
    forEachNeighbourPair(ctx, sol, (u, va, i, w, vb, j) => {
      if (u > w || p.pair[u] >= 0 || p.pair[w] >= 0) return;
      if (va === vb) {
        const s = sol.routes[va].seq.slice();
        s[i] = w;
        s[j] = u;
        best.consider([va], [s]);
        return;
      }
      if (!canLeaveRoute(sol, u) || !canLeaveRoute(sol, w)) return;
      const a = sol.routes[va].seq.slice();
      const b = sol.routes[vb].seq.slice();
      a[i] = w;
      b[j] = u;
      best.consider([va, vb], [a, b]);
    });
    return best.best;
  },
};
