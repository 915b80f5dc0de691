// Public entry of the route-optimization solver: a pure function of the request, the resolved
// matrices and the explicit time budget and seed (no clock, env or I/O of its own).
import { buildContext } from './search/context';
import { construct } from './search/construction';
import { solveHgs } from './search/hgs';
import { finalize } from './result/finalize';
import { buildResult } from './result/output';
import { buildProblem } from './model/problem';
import { planSplits } from './model/splits';
import { foldSplits, refillAfterSplits } from './result/splits';
import { Rng } from './prng';
import { DEFAULT_THRESHOLDS, sizeThresholds } from './thresholds';
import { search } from './search/ruin-recreate/search';
import type { SearchStats } from './search/limits';
import type { SolveOptions, SolverMatrices, SolverRequest, SolverResult } from './types';

export * from './types';
export { SolverError } from './errors';
export { checkSolution, type Violation } from './check';
export { compareLevels } from './search/ruin-recreate/search';
export { copyRows } from './model/matrices';
export { DEFAULT_THRESHOLDS } from './thresholds';

export interface SolveReport {
  result: SolverResult;
  stats: SearchStats;
  /** The search that produced the result (the genetic search falls back when it cannot run). */
  engine: 'sisr' | 'hgs';
}

export function solveWithStats(request: SolverRequest, matrices: SolverMatrices, opts: SolveOptions): SolveReport {
  // Split jobs are searched as their parts and reported as the job (model/splits.ts).
  const splits = planSplits(request);
  const req = splits?.request ?? request;
  const p = buildProblem(req, matrices);
  const rng = new Rng(opts.seed ?? 1);
  const thresholds = sizeThresholds(opts.thresholds);
  const ctx = buildContext(p, rng, undefined, thresholds);
  const limits = {
    deadlineMs: opts.deadlineMs,
    clock: opts.clock,
    maxIterations: opts.maxIterations ?? Infinity,
    team: opts.team,
    thresholds,
  };
  const stats: SearchStats = { iterations: 0, improvements: 0, joined: 0 };
  const start = construct(ctx, req.solution, () => opts.clock() >= opts.deadlineMs);
  const engine = chooseEngine(opts.engine, opts.deadlineMs - opts.clock(), p.nTasks, thresholds.hgsLeastMsAt100Tasks);
  const genetic = engine === 'hgs' ? solveHgs(ctx, req, start, limits, stats) : null;
  const best = genetic ?? search(ctx, start, limits, stats);
  const relationDropped = finalize(best, ctx.members);
  if (splits) refillAfterSplits(ctx, best, relationDropped);
  const built = buildResult(p, best, relationDropped);
  const result = splits ? foldSplits(built, splits, request) : built;
  return { result, stats, engine: genetic ? 'hgs' : 'sisr' };
}

/**
 * Under `auto`, the least budget (ms) at which the genetic search runs on `tasks` tasks, from the
 * least at 100 (`SizeThresholds.hgsLeastMsAt100Tasks`). It grows with the cube of the task count
 * (32 s at 200, 256 s at 400, past the 3600 s cap at 1000): one offspring's local search costs
 * more than linearly in the tasks, and a larger problem needs more offspring before the
 * population pays off. Below it ruin-and-recreate's cheap iterations win (both engines measured at 100, 200,
 * 400 and 1000 tasks: docs/solver/benchmarking.md#results).
 */
export const HGS_LEAST_MS_AT_100_TASKS = DEFAULT_THRESHOLDS.hgsLeastMsAt100Tasks;

export function hgsLeastBudgetMs(tasks: number, leastAt100 = HGS_LEAST_MS_AT_100_TASKS): number {
  return leastAt100 * (tasks / 100) ** 3;
}

/** The engine `engine` stands for with this budget (ms, left after construction) and task count. */
export function chooseEngine(
  engine: SolveOptions['engine'],
  budgetMs: number,
  tasks: number,
  leastAt100 = HGS_LEAST_MS_AT_100_TASKS,
): 'sisr' | 'hgs' {
  if (engine !== 'auto') return engine ?? 'sisr';
  return budgetMs >= hgsLeastBudgetMs(tasks, leastAt100) ? 'hgs' : 'sisr';
}

/** Solves until opts.deadlineMs (per opts.clock) or opts.maxIterations; same seed, same answer. */
export function solve(req: SolverRequest, matrices: SolverMatrices, opts: SolveOptions): SolverResult {
  return solveWithStats(req, matrices, opts).result;
}
