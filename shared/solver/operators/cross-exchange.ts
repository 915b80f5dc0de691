// Cross-exchange: swap two strings (1 to 3 jobs each, not both single) between two routes,
// each starting at one of a pair of neighbouring jobs.
import { BestMove, canLeaveRoute, type Operator } from './move';
import { forEachNeighbourPair } from './scan';

const MAX_LEN = 3;

export const crossExchange: Operator = {
  name: 'cross-exchange',
  find(ctx, sol) {
    const best = new BestMove(sol);
    const p = sol.p;
    const movable = (t: number) => p.pair[t] < 0 && canLeaveRoute(sol, t);
    forEachNeighbourPair(ctx, sol, (u, va, i, w, vb, j) => {
      if (va === vb || u > w) return;
      const A = sol.routes[va].seq;
      const B = sol.routes[vb].seq;
      for (let la = 1; la <= MAX_LEN && i + la <= A.length; la++) {
        if (!movable(A[i + la - 1])) break;
        for (let lb = 1; lb <= MAX_LEN && j + lb <= B.length; lb++) {
          if (!movable(B[j + lb - 1])) break;
          if (la === 1 && lb === 1) continue;
          const sa = A.slice(i, i + la);
          const sb = B.slice(j, j + lb);
          best.consider([va, vb], [A.slice(0, i).concat(sb, A.slice(i + la)), B.slice(0, j).concat(sa, B.slice(j + lb))]);
        }
      }
    });
    return best.best;
  },
};
