// Intra-route 2-opt: reverse the stretch between u and its neighbour w of the same route, so
// that u is followed by w.
import { BestMove, type Operator } from './move';
import { forEachNeighbourPair } from './scan';

export const twoOpt: Operator = {
  name: '2-opt',
  find(ctx, sol) {
    const best = new BestMove(sol);
    forEachNeighbourPair(ctx, sol, (_u, va, i, _w, vb, j) => {
      if (va !== vb || j <= i + 1) return;
      const A = sol.routes[va].seq;
      const n = A.slice(0, i + 1).concat(A.slice(i + 1, j + 1).reverse(), A.slice(j + 1));
      best.consider([va], [n]);
    });
    return best.best;
  },
};
