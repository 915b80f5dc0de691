// The ejection-pool route minimisation: from a plan with one task per route it removes routes
// while every task stays served, the plan stays valid for the independent checker, and the
// solution's bookkeeping agrees with its routes. Bounded by its own step budget, never by time.
import { describe, expect, it } from 'vitest';
import { checkSolution } from '../../../../shared/solver';
import { buildContext } from '../../../../shared/solver/search/context';
import { minimiseRoutes } from '../../../../shared/solver/operators/route-minimisation';
import { buildResult } from '../../../../shared/solver/result/output';
import { buildProblem } from '../../../../shared/solver/model/problem';
import { Rng } from '../../../../shared/solver/prng';
import { Solution } from '../../../../shared/solver/routes/solution';
import { DEFAULT_THRESHOLDS, sizeThresholds } from '../../../../shared/solver/thresholds';
import { generate, type GenOptions } from '../helpers';

/** Every job alone on its own vehicle (as many vehicles as jobs). */
function oneTaskPerRoute(o: GenOptions) {
  const { request, matrices } = generate(o);
  const p = buildProblem(request, matrices);
  const sol = new Solution(p);
  for (let t = 0; t < p.nTasks; t++) {
    sol.routes[t].seq = [t];
    sol.routes[t].refresh();
    sol.routeOf[t] = t;
  }
  return { request, matrices, p, sol };
}

const used = (sol: Solution) => sol.routes.filter((r) => r.length > 0).length;

describe('minimiseRoutes', () => {
  it.each([
    { seed: 1, jobs: 12, shipments: 0, vehicles: 12, loose: true },
    { seed: 2, jobs: 14, shipments: 0, vehicles: 14 },
    { seed: 3, jobs: 14, shipments: 0, vehicles: 14, multiWindows: true, setup: true },
    // Past the granular threshold a task is ejected into its nearest neighbours' routes only.
    { seed: 6, jobs: 16, shipments: 0, vehicles: 16, granularRoutes: 2 },
    { seed: 7, jobs: 16, shipments: 0, vehicles: 16, granularRoutes: 2, setup: true },
  ])(
    'empties routes and keeps every task served (seed $seed)',
    (o) => {
      const { request, matrices, p, sol } = oneTaskPerRoute(o);
      for (const r of sol.routes) expect(r.feasible).toBe(true);
      const thresholds = sizeThresholds({ granularRoutes: o.granularRoutes ?? DEFAULT_THRESHOLDS.granularRoutes });
      const ctx = buildContext(p, new Rng(o.seed), 48, thresholds);
      const out = minimiseRoutes(ctx, sol, () => false);
      expect(used(out)).toBeLessThan(used(sol));
      expect(out.unassignedTasks()).toEqual([]);
      expect(checkSolution(request, matrices, buildResult(p, out, new Set()))).toEqual([]);
      for (const r of out.routes) for (const t of r.seq) expect(out.routeOf[t]).toBe(r.v.index);
      // Seed 3 (setup times: every ejection is confirmed by a full evaluation) took 2.2 s at load 4
      // and 6.3 s inside a whole run at load 9, too near the 10 s default.
    },
    30_000,
  );

  it('leaves a plan alone when asked to stop at once', () => {
    const { p, sol } = oneTaskPerRoute({ seed: 4, jobs: 8, shipments: 0, vehicles: 8, loose: true });
    const out = minimiseRoutes(buildContext(p, new Rng(4)), sol, () => true);
    expect(used(out)).toBe(used(sol));
  });

  it('with ample room and wide windows ends on a single route', () => {
    const { p, sol } = oneTaskPerRoute({ seed: 5, jobs: 10, shipments: 0, vehicles: 10, loose: true });
    expect(used(minimiseRoutes(buildContext(p, new Rng(5)), sol, () => false))).toBe(1);
  });
});
