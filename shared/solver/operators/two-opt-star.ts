// 2-opt*: exchange the tails of two routes so that u is followed by its neighbour w.
import { BestMove, canLeaveRoute, type Operator } from './move';
import { forEachNeighbourPair } from './scan';

export const twoOptStar: Operator = {
  name: '2-opt*',
  find(ctx, sol) {
    const best = new BestMove(sol);
    forEachNeighbourPair(ctx, sol, (_u, va, i, _w, vb, j) => {
      if (va === vb) return;
      const A = sol.routes[va].seq;
      const B = sol.routes[vb].seq;
      const tailA = A.slice(i + 1);
      const tailB = B.slice(j);
      if (!tailA.every((t) => canLeaveRoute(sol, t)) || !tailB.every((t) => canLeaveRoute(sol, t))) return;
      best.consider([va, vb], [A.slice(0, i + 1).concat(tailB), B.slice(0, j).concat(tailA)]);
    });
    return best.best;
  },
};
