// The metaheuristic: ruin (SISR) and recreate (greedy with blinks) under simulated annealing,
// until the deadline or the iteration cap; new best solutions are polished by local search.
import type { SearchContext } from './context';
import { localSearch } from './operators/local-search';
import { minimiseRoutes } from './operators/route-minimisation';
import { recreate } from './recreate';
import { ruin } from './ruin';
import { compareObjectives, Solution, type Objective } from './solution';
import type { MeetingPoint, OfferedSolution } from './types';

export interface SearchLimits {
  deadlineMs: number;
  clock: () => number;
  maxIterations: number;
  meet?: MeetingPoint;
}

export interface SearchStats {
  iterations: number;
  improvements: number;
}

const BLINK = 0.01;
const T_START = 10; // in units of a typical short arc (ctx.arcScale)
const T_END = 0.3;
/** Share of the time budget left for the final local search of the best solution. */
const POLISH_SHARE = 0.03;
/**
 * Share of the loop after which the annealing goes on from the best solution found rather than
 * from where it wandered; side by side searches meet there (README: measured at 0.6 and 0.8).
 */
const BACK_TO_BEST_AT = 0.7;
/** Under the fleet-size objective, the share of the budget the ejection-pool route minimisation may take first. */
const ROUTE_MIN_SHARE = 0.5;
/** With an iteration cap, the route minimisation's pool steps per ruin-and-recreate iteration. */
const ROUTE_MIN_STEPS_PER_ITERATION = 5;

function sameLevel(a: Objective, b: Objective): boolean {
  return a.unassignedPriority === b.unassignedPriority && a.unassigned === b.unassigned && a.depots === b.depots && a.primary === b.primary;
}

function feasibleRoutes(s: Solution): boolean {
  for (const r of s.routes) if (!r.feasible) return false;
  return true;
}

export function search(ctx: SearchContext, start: Solution, limits: SearchLimits, stats: SearchStats): Solution {
  const { rng } = ctx;
  const t0 = limits.clock();
  const span = Math.max(1, limits.deadlineMs - t0);
  // Ruin-and-recreate stops a little early so the final local search fits in the budget.
  const loopDeadline = t0 + span * (1 - POLISH_SHARE);
  let cur = start;
  if (ctx.p.custom?.value === 'vehicles') {
    // With an iteration cap (reproducible runs) only the deadline stops it, never the clock's share.
    const until = limits.maxIterations < Infinity ? limits.deadlineMs : t0 + span * ROUTE_MIN_SHARE;
    cur = minimiseRoutes(ctx, cur, () => limits.clock() >= until, limits.maxIterations * ROUTE_MIN_STEPS_PER_ITERATION);
  }
  let curObj = cur.objective();
  let best = cur.clone();
  let bestObj = curObj;
  const tStart = T_START * ctx.arcScale;
  const tEnd = T_END * ctx.arcScale;
  let iter = 0;
  let backToBest = false;
  for (; iter < limits.maxIterations; iter++) {
    const now = limits.clock();
    if (now >= loopDeadline) break;
    const frac = Math.max((now - t0) / (loopDeadline - t0), limits.maxIterations < Infinity ? iter / limits.maxIterations : 0);
    if (!backToBest && frac >= BACK_TO_BEST_AT) {
      backToBest = true;
      const offered = limits.meet?.(offer(best, bestObj));
      if (offered && compareLevels(offered.objective, levels(bestObj)) < 0) {
        best = Solution.fromRoutes(best.p, offered.routes);
        bestObj = best.objective();
      }
      cur = best.clone();
      curObj = bestObj;
    }
    const temp = tStart * Math.pow(tEnd / tStart, Math.min(1, frac));
    const cand = cur.fork();
    const removed = ruin(ctx, cand);
    if (removed.length === 0 && cand.unassignedTasks().length === 0) continue;
    recreate(ctx, cand, cand.unassignedTasks(), BLINK);
    if (!feasibleRoutes(cand)) {
      cand.discard();
      continue;
    }
    const obj = cand.objective();
    const cmp = compareObjectives(obj, curObj);
    let accept = cmp < 0 && !sameLevel(obj, curObj);
    if (!accept && sameLevel(obj, curObj)) accept = obj.cost < curObj.cost - temp * Math.log(1 - rng.next());
    if (!accept) {
      cand.discard();
      continue;
    }
    cand.replace(cur);
    cur = cand;
    curObj = obj;
    if (compareObjectives(curObj, bestObj) < 0) {
      best = cur.clone();
      bestObj = curObj;
      stats.improvements++;
    }
  }
  stats.iterations = iter;
  localSearch(ctx, best, limits);
  return best;
}

function levels(o: Objective): OfferedSolution['objective'] {
  return [o.unassignedPriority, o.unassigned, o.depots, o.primary, o.cost];
}

/** Negative when a is better than b, in the solver's objective order (as compareObjectives). */
export function compareLevels(a: OfferedSolution['objective'], b: OfferedSolution['objective']): number {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k] - b[k];
  return 0;
}

function offer(s: Solution, o: Objective): OfferedSolution {
  const routes: OfferedSolution['routes'] = [];
  s.routes.forEach((r, vehicle) => {
    if (r.length > 0) routes.push({ vehicle, tasks: [...r.seq] });
  });
  return { objective: levels(o), routes };
}
