// Local search to a local optimum over all operators (each applies its best improving move),
// bounded by the deadline.
import type { SearchContext } from '../search/context';
import type { Solution } from '../routes/solution';
import { crossExchange } from './cross-exchange';
import { depotChoice } from './depot-choice';
import { applyMove, type Operator } from './move';
import { orOpt } from './or-opt';
import { relocate } from './relocate';
import { routeElimination } from './route-elimination';
import { swap } from './swap';
import { twoOpt } from './two-opt';
import { twoOptStar } from './two-opt-star';

export const OPERATORS: Operator[] = [relocate, swap, twoOptStar, orOpt, crossExchange, twoOpt, routeElimination];
/** With vehicles[].start_depot_ids / end_depot_ids a route may also move to other depots. */
const WITH_DEPOT_CHOICE: Operator[] = [...OPERATORS, depotChoice];

const MAX_MOVES = 200;

export function localSearch(
  ctx: SearchContext,
  sol: Solution,
  limits: { deadlineMs: number; clock: () => number },
  given?: Operator[],
): number {
  const operators = given ?? (ctx.p.depotChoice ? WITH_DEPOT_CHOICE : OPERATORS);
  let moves = 0;
  let improved = true;
  const outer = ctx.pastDeadline;
  ctx.pastDeadline = () => limits.clock() >= limits.deadlineMs;
  try {
    while (improved && moves < MAX_MOVES) {
      improved = false;
      for (const op of operators) {
        if (limits.clock() >= limits.deadlineMs) return moves;
        // A scan cut short by the deadline still offers the best move it has seen.
        const m = op.find(ctx, sol);
        if (m) {
          applyMove(sol, m);
          moves++;
          improved = true;
        }
      }
    }
    return moves;
  } finally {
    ctx.pastDeadline = outer;
  }
}
