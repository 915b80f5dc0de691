// The metaheuristic: ruin (SISR) and recreate (greedy with blinks) under simulated annealing,
// until the deadline or the iteration cap; new best solutions are polished by local search.
import type { SearchContext } from '../context';
import { localSearch } from '../../operators/local-search';
import { recreate } from './recreate';
import { mergeRegions, regionOf, routeOwners, separable, shouldSplit } from './regions';
import { ruin } from './ruin';
import { settleDepots } from '../depot-routes';
import { searchFleet } from './fleet-search';
import { compareObjectives, Solution, type Objective } from '../../routes/solution';
import { DEFAULT_THRESHOLDS } from '../../thresholds';
import type { OfferedSolution, SearchTeam } from '../../types';
import type { SearchLimits, SearchStats } from '../limits';

const BLINK = 0.01;
const T_START = 10; // in units of a typical short arc (ctx.arcScale)
const T_END = 0.3;
/** Share of the time budget left for the final local search of the best solution. */
const POLISH_SHARE = 0.03;
/**
 * Shares of the loop after which the annealing goes on from the best solution found rather than
 * from where it wandered; searches side by side meet there, and each goes on from the best of
 * theirs (one return at 0.6, 0.7 or 0.8, and three: docs/solver/design.md#settings-kept-and-what-was-tried).
 */
const BACK_TO_BEST_AT = [0.5, 0.7, 0.85];
/** A split search's epochs: the routes are split anew this many times over the loop. */
export const EPOCHS = 20;

function sameLevel(a: Objective, b: Objective): boolean {
  return a.unassignedPriority === b.unassignedPriority && a.unassigned === b.unassigned && a.depots === b.depots && a.primary === b.primary;
}

/** The annealing's bar: a candidate of the same level is accepted when it costs less than this. */
function drawThreshold(cost: number, temp: number, rng: SearchContext['rng']): number {
  return cost - temp * Math.log(1 - rng.next());
}

function feasibleRoutes(s: Solution): boolean {
  for (const r of s.routes) if (!r.feasible) return false;
  return true;
}

export function search(ctx: SearchContext, start: Solution, limits: SearchLimits, stats: SearchStats): Solution {
  if (ctx.p.custom?.value === 'vehicles') return searchFleet(ctx, start, limits, stats, anneal);
  return anneal(ctx, start, limits, stats);
}

function anneal(ctx: SearchContext, start: Solution, limits: SearchLimits, stats: SearchStats): Solution {
  const { rng } = ctx;
  const t0 = limits.clock();
  const span = Math.max(1, limits.deadlineMs - t0);
  // Ruin-and-recreate stops a little early so the final local search fits in the budget.
  const loopDeadline = t0 + span * (1 - POLISH_SHARE);
  let cur = start;
  const team = limits.team;
  const thresholds = limits.thresholds ?? DEFAULT_THRESHOLDS;
  let owners: Int32Array | null = null;
  if (team && separable(ctx.p) && ctx.p.nTasks >= team.size * thresholds.splitLeastTasksPerSearch) {
    // Every search starts from the best of their starts, so that their regions fit together.
    const offers = team.meet(offer(cur, cur.objective()));
    if (offers) cur = Solution.fromRoutes(cur.p, bestOffer(offers).routes);
    if (offers && shouldSplit(cur, team.size, thresholds.leastRoutesPerRegion)) owners = routeOwners(cur, team.size, 0);
  }
  ctx.region = owners && team ? regionOf(cur, owners, team.member, team.size) : null;
  let curObj = cur.objective();
  let best = cur.clone();
  let bestObj = curObj;
  // Only the cost tells apart two complete solutions: no custom objective (or the fleet objective
  // on a closed fleet), depot count, revenue or relation group.
  const p = ctx.p;
  const fleetHeld = ctx.closedFleet && p.custom?.value === 'vehicles';
  const costOnly =
    (!p.custom || fleetHeld) && !p.request.options?.objective?.minimise_num_depots && !p.rules.hasProfit && !p.group.some((g) => g >= 0);
  const tStart = T_START * ctx.arcScale;
  const tEnd = T_END * ctx.arcScale;
  let iter = 0;
  let epoch = 0;
  let back = 0;
  for (; iter < limits.maxIterations; iter++) {
    const now = limits.clock();
    if (now >= loopDeadline) break;
    const frac = Math.max((now - t0) / (loopDeadline - t0), limits.maxIterations < Infinity ? iter / limits.maxIterations : 0);
    if (owners && team && frac >= (epoch + 1) / EPOCHS) {
      // The regions' bests put together are the best solution known; the next epoch goes on from it.
      epoch++;
      const joined = joinRegions(team, best, bestObj, owners);
      if (joined.split) stats.joined++;
      owners = joined.split ? routeOwners(joined.best, team.size, epoch) : null;
      ctx.region = owners ? regionOf(joined.best, owners, team.member, team.size) : null;
      best = joined.best;
      bestObj = best.objective();
      cur = best.clone();
      curObj = bestObj;
      back = BACK_TO_BEST_AT.length;
    } else if (back < BACK_TO_BEST_AT.length && frac >= BACK_TO_BEST_AT[back]) {
      back++;
      const offers = team?.meet(offer(best, bestObj));
      const offered = offers ? bestOffer(offers) : null;
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
    const out = cand.unassignedTasks();
    if (removed.length === 0 && out.length === 0) continue;
    // When only its cost can make the candidate better, the acceptance threshold is drawn first, and
    // the recreate stops once the candidate cannot come in under it (about a quarter of the
    // insertions on a 1000-task fleet; docs/solver/design.md#hopeless-candidates-cut-short).
    const threshold = costOnly && curObj.unassigned === 0 ? drawThreshold(curObj.cost, temp, rng) : Number.NaN;
    const budget = Number.isNaN(threshold) ? Number.POSITIVE_INFINITY : threshold - curObj.cost - cand.costChangeFrom(cur);
    if (!recreate(ctx, cand, out, BLINK, undefined, budget) || !feasibleRoutes(cand)) {
      cand.discard();
      continue;
    }
    settleDepots(ctx, cand, true);
    const obj = cand.objective();
    const cmp = compareObjectives(obj, curObj);
    let accept = cmp < 0 && !sameLevel(obj, curObj);
    if (!accept && sameLevel(obj, curObj))
      accept = obj.cost < (Number.isNaN(threshold) ? drawThreshold(curObj.cost, temp, rng) : threshold);
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
  if (owners && team) {
    const joined = joinRegions(team, best, bestObj, owners);
    if (joined.split) stats.joined++;
    best = joined.best;
  }
  ctx.region = null;
  stats.iterations += iter;
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

function bestOffer(offers: OfferedSolution[]): OfferedSolution {
  let best = offers[0];
  for (const o of offers) if (compareLevels(o.objective, best.objective) < 0) best = o;
  return best;
}

/**
 * Meets the team at an epoch's end: every search's own routes from its best, put together, or
 * the best offer if that is better (it never is where the objective adds up over routes) or the
 * offers do not fit together; `split` false once the team is not all there.
 */
function joinRegions(team: SearchTeam, best: Solution, bestObj: Objective, owners: Int32Array): { best: Solution; split: boolean } {
  const offers = team.meet(offer(best, bestObj));
  if (!offers) return { best, split: false };
  const merged = mergeRegions(best.p, offers, owners);
  const top = bestOffer(offers);
  if (merged && compareLevels(levels(merged.objective()), top.objective) <= 0) return { best: merged, split: true };
  return { best: Solution.fromRoutes(best.p, top.routes), split: false };
}
