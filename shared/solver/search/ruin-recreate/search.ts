// The metaheuristic: ruin (SISR) and recreate (greedy with blinks) under simulated annealing,
// until the deadline or the iteration cap; new best solutions are polished by local search.
import type { SearchContext } from '../context';
import { localSearch } from '../../operators/local-search';
import { minimiseRoutes } from '../../operators/route-minimisation';
import { recreate } from './recreate';
import { mergeRegions, regionOf, routeOwners, separable, shouldSplit } from './regions';
import { ruin } from './ruin';
import { settleDepots } from '../depot-routes';
import { fleetLowerBound } from '../../model/fleet-bound';
import { compareObjectives, Solution, type Objective } from '../../routes/solution';
import { DEFAULT_THRESHOLDS } from '../../thresholds';
import type { OfferedSolution, SearchTeam, SizeThresholds } from '../../types';

export interface SearchLimits {
  deadlineMs: number;
  clock: () => number;
  maxIterations: number;
  team?: SearchTeam;
  /** Omitted: the defaults. */
  thresholds?: SizeThresholds;
}

export interface SearchStats {
  iterations: number;
  improvements: number;
  /** Epochs whose regions were put together (searches side by side on a split problem; else 0). */
  joined: number;
}

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
/**
 * Under the fleet-size objective: the share of the budget (or of the iteration cap) the distance
 * search takes first, ignoring the fleet size, and the share by which the ejection-pool route
 * minimisation that follows ends. A route minimisation from a good solution leaves routes the
 * distance search that follows can still repair; from the construction it did not (measured on
 * G&H 1000: docs/solver/design.md#fleet-size-objective).
 */
const DISTANCE_FIRST_SHARE = 0.3;
const ROUTE_MIN_END = 0.7;
/** ...past which it goes on, up to ROUTE_MIN_LATEST, only while it removed a route within ROUTE_MIN_RECENT of the budget. */
const ROUTE_MIN_LATEST = 0.85;
const ROUTE_MIN_RECENT = 0.1;
/** The share of the budget (or of the iteration cap) of the distance search after each route removed. */
const REPAIR_SHARE = 0.02;
/** With an iteration cap, the route minimisation's pool steps per ruin-and-recreate iteration. */
const ROUTE_MIN_STEPS_PER_ITERATION = 5;
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
  if (ctx.p.custom?.value !== 'vehicles') return anneal(ctx, start, limits, stats);
  const t0 = limits.clock();
  const span = Math.max(1, limits.deadlineMs - t0);
  const capped = limits.maxIterations < Infinity;
  const iter0 = stats.iterations;
  const iterationsLeft = () => limits.maxIterations - (stats.iterations - iter0);
  const firstIterations = capped ? Math.floor(limits.maxIterations * DISTANCE_FIRST_SHARE) : Infinity;
  const first = ignoringCustomObjective(ctx, () =>
    anneal(
      ctx,
      start,
      { ...limits, deadlineMs: capped ? limits.deadlineMs : t0 + span * DISTANCE_FIRST_SHARE, maxIterations: firstIterations },
      stats,
    ),
  );
  let lastRemoval = limits.clock();
  const ownEnd = () => {
    const now = limits.clock();
    const at = (now - t0) / span;
    return at >= ROUTE_MIN_LATEST || (at >= ROUTE_MIN_END && (now - lastRemoval) / span >= ROUTE_MIN_RECENT);
  };
  // Searches side by side end it together, so that they all meet at the distance search's start.
  // With an iteration cap (reproducible runs) only the deadline stops it, never the clock's shares.
  const endPhase = capped ? undefined : limits.team?.endPhase;
  const stop = capped
    ? () => limits.clock() >= limits.deadlineMs
    : endPhase
      ? () => endPhase(ownEnd() ? 'end' : 'go') || limits.clock() - t0 >= span * ROUTE_MIN_LATEST
      : ownEnd;
  const removed = () => {
    lastRemoval = limits.clock();
  };
  const fewer = minimiseWithRepairs(ctx, first, limits, stats, { stop, removed, iterationsLeft, repairMs: span * REPAIR_SHARE });
  // At the loads' bound no search can remove another route: the others stop at once.
  endPhase?.(fewer.usedRoutes() <= fleetLowerBound(ctx.p, fewer.routeOf) ? 'all' : 'end');
  const closedFleet = ctx.closedFleet;
  // The fleet is as small as it gets here: the distance search opens no route (a candidate with
  // one more would be rejected anyway), and so its candidates differ in cost alone.
  ctx.closedFleet = fewer.unassignedTasks().length === 0;
  try {
    // The annealing's schedule runs over the time left: it starts hot again to repair what the route minimisation moved.
    return anneal(ctx, fewer, { ...limits, maxIterations: capped ? iterationsLeft() : Infinity }, stats);
  } finally {
    ctx.closedFleet = closedFleet;
  }
}

/**
 * The route minimisation, with a short distance search on the held fleet after each route it
 * removes: the removals' insertions and ejections each add 2-5% to the cost on 1000 tasks, and
 * the next removal starts from routes that make sense again (measured on c1_10_2:
 * docs/solver/design.md#fleet-size-objective). Each search keeps to itself (no meetings).
 */
function minimiseWithRepairs(
  ctx: SearchContext,
  start: Solution,
  limits: SearchLimits,
  stats: SearchStats,
  o: { stop: () => boolean; removed: () => void; iterationsLeft: () => number; repairMs: number },
): Solution {
  const { stop, removed, iterationsLeft } = o;
  const capped = limits.maxIterations < Infinity;
  const spent = { steps: 0 };
  let cur = start;
  for (;;) {
    let gone = false;
    cur = minimiseRoutes(
      ctx,
      cur,
      () => gone || stop(),
      limits.maxIterations * ROUTE_MIN_STEPS_PER_ITERATION - spent.steps,
      () => {
        gone = true;
        removed();
      },
      spent,
    );
    // With an iteration cap the repairs take at most half of what is left of it.
    const iterations = capped ? Math.min(Math.floor(limits.maxIterations * REPAIR_SHARE), Math.floor(iterationsLeft() / 2)) : Infinity;
    if (!gone || stop() || iterations < 1) return cur;
    const closedFleet = ctx.closedFleet;
    ctx.closedFleet = cur.unassignedTasks().length === 0;
    try {
      const deadlineMs = capped ? limits.deadlineMs : limits.clock() + o.repairMs;
      cur = anneal(ctx, cur, { deadlineMs, maxIterations: iterations, clock: limits.clock, thresholds: limits.thresholds }, stats);
    } finally {
      ctx.closedFleet = closedFleet;
    }
  }
}

/** Runs `fn` as if the problem had no custom objective (the solutions' levels leave it out). */
function ignoringCustomObjective<T>(ctx: SearchContext, fn: () => T): T {
  const custom = ctx.p.custom;
  ctx.p.custom = null;
  try {
    return fn();
  } finally {
    ctx.p.custom = custom;
  }
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
