// Hybrid genetic search for the plain VRPTW (see data.ts): from the construction's solution and
// random giant tours to the best feasible solution found, as the solver's Solution. Null when the
// problem is not plain or no feasible solution turned up (the caller keeps its own search then).
import type { SearchContext } from '../context';
import type { SearchLimits, SearchStats } from '../limits';
import { Solution } from '../../routes/solution';
import type { SolverRequest } from '../../types';
import { plainData, type HgsData } from './data';
import { runHgs } from './genetic';

export { plainData };

const GIVE_UP_SHARE = 0.5;

export function solveHgs(
  ctx: SearchContext,
  req: SolverRequest,
  start: Solution,
  limits: SearchLimits,
  stats: SearchStats,
  data: HgsData | null = plainData(ctx.p, ctx, req),
): Solution | null {
  if (!data) return null;
  const seeds = start.routes.filter((r) => r.length > 0).map((r) => [...r.seq]);
  const complete = start.unassignedTasks().length === 0 && start.routes.every((r) => r.feasible);
  const stop = () => limits.clock() >= limits.deadlineMs;
  // Without a complete start, half of the budget to find a feasible solution, else the caller's search.
  const t0 = limits.clock();
  const giveUpAt = t0 + (limits.deadlineMs - t0) * GIVE_UP_SHARE;
  const giveUp = () => limits.clock() >= giveUpAt;
  const { best, iterations, improvements } = runHgs(
    data,
    ctx.rng,
    { stop, giveUp, maxIterations: limits.maxIterations },
    complete ? [seeds] : [],
  );
  stats.iterations = iterations;
  stats.improvements = improvements;
  if (!best) return null;
  return Solution.fromRoutes(
    ctx.p,
    best.routes.map((tasks, vehicle) => ({ vehicle, tasks })),
  );
}
