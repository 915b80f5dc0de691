// The fleet-size objective's three phases (fleet-search.ts): distance first, the route minimisation
// from its best with a short distance search after each route it removes, then the distance search
// on the fleet it reached, which opens no route.
import { describe, expect, it } from 'vitest';
import { checkSolution, solve, solveWithStats } from '../../../shared/solver';
import { generate, withFleetObjective } from './helpers';

describe('fleet-size objective', () => {
  it('uses no more routes than the cost objective, serves the same tasks and passes the checker', () => {
    for (const seed of [1, 2, 3]) {
      const { request, matrices } = generate({ seed, jobs: 50, shipments: 5, vehicles: 12 });
      const opts = { deadlineMs: Infinity, clock: () => 0, seed, maxIterations: 400 };
      const cost = solve(request, matrices, opts);
      const few = solve(withFleetObjective(request), matrices, opts);
      expect(few.routes.length).toBeLessThanOrEqual(cost.routes.length);
      expect(few.unassigned.length).toBeLessThanOrEqual(cost.unassigned.length);
      expect(checkSolution(withFleetObjective(request), matrices, few)).toEqual([]);
    }
  });

  it('counts the iterations of both distance searches, and gives the same answer for the same seed', () => {
    const { request, matrices } = generate({ seed: 4, jobs: 40, shipments: 0, vehicles: 10 });
    const opts = { deadlineMs: Infinity, clock: () => 0, seed: 7, maxIterations: 300 };
    const a = solveWithStats(withFleetObjective(request), matrices, opts);
    const b = solveWithStats(withFleetObjective(request), matrices, opts);
    expect(a.stats.iterations).toBe(300);
    expect(b.result).toEqual(a.result);
  });
});
