// The fleet-size objective (custom {type: min, value: vehicles}) in three phases: the distance
// search ignoring the fleet, the route minimisation with a short distance search after each route
// it removes, then the distance search on the fleet it reached (docs/solver/design.md#fleet-size-objective).
import type { SearchContext } from '../context';
import { minimiseRoutes } from '../../operators/route-minimisation';
import { fleetLowerBound } from '../../model/fleet-bound';
import type { Solution } from '../../routes/solution';
import type { SearchLimits, SearchStats } from '../limits';

/** The ruin-and-recreate annealing (search.ts), handed in rather than imported back. */
export type Anneal = (ctx: SearchContext, start: Solution, limits: SearchLimits, stats: SearchStats) => Solution;

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

export function searchFleet(ctx: SearchContext, start: Solution, limits: SearchLimits, stats: SearchStats, anneal: Anneal): Solution {
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
  const fewer = minimiseWithRepairs(ctx, first, limits, stats, anneal, { stop, removed, iterationsLeft, repairMs: span * REPAIR_SHARE });
  // At the loads' bound no search can remove another route: the others stop at once.
  endPhase?.(fewer.usedRoutes() <= fleetLowerBound(ctx.p, fewer.routeOf) ? 'all' : 'end');
  // The annealing's schedule runs over the time left: it starts hot again to repair what the route minimisation moved.
  return onHeldFleet(ctx, fewer, () => anneal(ctx, fewer, { ...limits, maxIterations: capped ? iterationsLeft() : Infinity }, stats));
}

/**
 * Runs `fn` with the fleet closed when `sol` serves every task: the fleet is as small as it gets
 * there, so the distance search opens no route (a candidate with one more would be rejected
 * anyway), and its candidates differ in cost alone.
 */
function onHeldFleet<T>(ctx: SearchContext, sol: Solution, fn: () => T): T {
  const closedFleet = ctx.closedFleet;
  ctx.closedFleet = sol.unassignedTasks().length === 0;
  try {
    return fn();
  } finally {
    ctx.closedFleet = closedFleet;
  }
}

/**
 * The route minimisation, with a short distance search on the held fleet after each route it
 * removes: the removals' insertions and ejections each add 2-5% to the cost on 1000 tasks, and
 * the next removal starts from routes that make sense again (measured on c1_10_2:
 * docs/solver/design.md#fleet-size-objective). Each search keeps to itself (no meetings). The
 * route minimisation starts its step budget per attempt afresh after each repair: the routes it
 * failed on before have changed.
 */
function minimiseWithRepairs(
  ctx: SearchContext,
  start: Solution,
  limits: SearchLimits,
  stats: SearchStats,
  anneal: Anneal,
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
    const deadlineMs = capped ? limits.deadlineMs : limits.clock() + o.repairMs;
    const from = cur;
    cur = onHeldFleet(ctx, from, () =>
      anneal(ctx, from, { deadlineMs, maxIterations: iterations, clock: limits.clock, thresholds: limits.thresholds }, stats),
    );
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
