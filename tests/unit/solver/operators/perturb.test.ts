// The route minimisation's perturbation: random relocations that keep the plan valid. Whatever
// it moves, every task stays served exactly once, the independent checker finds nothing, the
// bookkeeping agrees with the routes, and shipments and relation-tied tasks keep their routes.
import { describe, expect, it } from 'vitest';
import { checkSolution } from '../../../../shared/solver';
import { construct } from '../../../../shared/solver/search/construction';
import { buildContext } from '../../../../shared/solver/search/context';
import { perturb } from '../../../../shared/solver/operators/perturb';
import { buildResult } from '../../../../shared/solver/result/output';
import { buildProblem } from '../../../../shared/solver/model/problem';
import { Rng } from '../../../../shared/solver/prng';
import { Solution } from '../../../../shared/solver/routes/solution';
import { generate, type GenOptions } from '../helpers';

function planned(o: GenOptions) {
  const { request, matrices } = generate(o);
  const p = buildProblem(request, matrices);
  const ctx = buildContext(p, new Rng(o.seed));
  return { request, matrices, p, ctx, sol: construct(ctx) };
}

describe('perturb', () => {
  it.each([
    { seed: 11, jobs: 30, shipments: 0, vehicles: 6, loose: true },
    { seed: 12, jobs: 24, shipments: 4, vehicles: 5 },
    { seed: 13, jobs: 20, shipments: 3, vehicles: 5, relations: true, multiWindows: true },
    { seed: 14, jobs: 22, shipments: 0, vehicles: 5, breaks: true, setup: true, skills: true },
  ])('moves tasks and keeps the plan valid (seed $seed)', (o) => {
    const { request, matrices, p, ctx, sol } = planned(o);
    const servedBefore = sol.routeOf.filter((v) => v >= 0).length;
    const tiedBefore = [...Array(p.nTasks).keys()].filter((t) => p.pair[t] >= 0 || p.group[t] >= 0).map((t) => sol.routeOf[t]);
    perturb(ctx, sol, 400);
    expect(sol.routeOf.filter((v) => v >= 0).length).toBe(servedBefore);
    for (const r of sol.routes) {
      expect(r.feasible).toBe(true);
      for (const t of r.seq) expect(sol.routeOf[t]).toBe(r.v.index);
    }
    const tiedAfter = [...Array(p.nTasks).keys()].filter((t) => p.pair[t] >= 0 || p.group[t] >= 0).map((t) => sol.routeOf[t]);
    expect(tiedAfter).toEqual(tiedBefore);
    expect(checkSolution(request, matrices, buildResult(p, sol, new Set()))).toEqual([]);
  });

  it('relocates jobs on a plan with room to spare', () => {
    // The jobs dealt over all six vehicles: a construction may put them all on one route, where
    // there is nowhere else to go.
    const { p, ctx } = planned({ seed: 15, jobs: 30, shipments: 0, vehicles: 6, loose: true });
    const dealt = p.vehicles.map((_, vehicle) => ({
      vehicle,
      tasks: [...Array(p.nTasks).keys()].filter((t) => t % p.vehicles.length === vehicle),
    }));
    const sol = Solution.fromRoutes(p, dealt);
    const before = sol.routes.map((r) => r.seq.join());
    expect(perturb(ctx, sol, 400)).toBeGreaterThan(0);
    expect(sol.routes.map((r) => r.seq.join())).not.toEqual(before);
  });
});
