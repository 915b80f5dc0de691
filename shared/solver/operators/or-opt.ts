// Or-opt: move a string of 2 or 3 consecutive jobs, possibly reversed, next to a neighbour of
// its first job.
import { BestMove, canLeaveRoute, type Operator } from './move';
import { forEachNeighbourPair } from './scan';

export const orOpt: Operator = {
  name: 'or-opt',
  find(ctx, sol) {
    const best = new BestMove(sol);
    const p = sol.p;
    forEachNeighbourPair(ctx, sol, (_u, va, i, _w, vb, j) => {
      const A = sol.routes[va].seq;
      for (let L = 2; L <= 3 && i + L <= A.length; L++) {
        const str = A.slice(i, i + L);
        if (str.some((t) => p.pair[t] >= 0 || (va !== vb && !canLeaveRoute(sol, t)))) return;
        if (va === vb && j >= i && j < i + L) return;
        for (const rev of [false, true]) {
          const s = rev ? str.slice().reverse() : str;
          for (const at of [j, j + 1]) {
            if (va === vb) {
              const rest = A.slice(0, i).concat(A.slice(i + L));
              const w = A[j];
              const k = rest.indexOf(w) + (at === j ? 0 : 1);
              const n = rest.slice(0, k).concat(s, rest.slice(k));
              best.consider([va], [n]);
            } else {
              const a = A.slice(0, i).concat(A.slice(i + L));
              const B = sol.routes[vb].seq;
              best.consider([va, vb], [a, B.slice(0, at).concat(s, B.slice(at))]);
            }
          }
        }
      }
    });
    return best.best;
  },
};
