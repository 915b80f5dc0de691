// Public entry of the route-optimization solver: a pure function of the request, the resolved
// matrices and the explicit time budget and seed (no clock, env or I/O of its own).
import { buildContext } from './context';
import { construct } from './construction';
import { solveHgs } from './hgs';
import { finalize } from './finalize';
import { buildResult } from './output';
import { buildProblem } from './problem';
import { Rng } from './prng';
import { search, type SearchStats } from './search';
import type { SolveOptions, SolverMatrices, SolverRequest, SolverResult } from './types';

export * from './types';
export { SolverError } from './errors';
export { checkSolution, type Violation } from './check';

export interface SolveReport {
  result: SolverResult;
  stats: SearchStats;
}

export function solveWithStats(req: SolverRequest, matrices: SolverMatrices, opts: SolveOptions): SolveReport {
  const p = buildProblem(req, matrices);
  const rng = new Rng(opts.seed ?? 1);
  const ctx = buildContext(p, rng);
  const limits = { deadlineMs: opts.deadlineMs, clock: opts.clock, maxIterations: opts.maxIterations ?? Infinity };
  const stats: SearchStats = { iterations: 0, improvements: 0 };
  const start = construct(ctx, req.solution, () => opts.clock() >= opts.deadlineMs);
  const best = (opts.engine === 'hgs' ? solveHgs(ctx, req, start, limits, stats) : null) ?? search(ctx, start, limits, stats);
  const relationDropped = finalize(best, ctx.members);
  return { result: buildResult(p, best, relationDropped), stats };
}

/** Solves until opts.deadlineMs (per opts.clock) or opts.maxIterations; same seed, same answer. */
export function solve(req: SolverRequest, matrices: SolverMatrices, opts: SolveOptions): SolverResult {
  return solveWithStats(req, matrices, opts).result;
}
