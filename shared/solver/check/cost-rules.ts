// The checker's own reading of the vehicle cost terms beyond travel and `fixed`, from the
// documented rules (docs/api/optimization.md#vehicle-costs); shares nothing with the solver.
import type { ResultStep, SolverVehicle } from '../types';

/** `costs.per_order`: once per job and once per shipment (its pickup step) on the route. */
export function perOrderCost(vehicle: SolverVehicle, steps: ResultStep[]): number {
  const rate = vehicle.costs?.per_order ?? 0;
  if (!rate) return 0;
  return rate * steps.filter((s) => s.type === 'job' || s.type === 'pickup').length;
}

/**
 * Deadhead: the first leg (start step to the first task) when the vehicle leaves empty, and the
 * last leg (last task to the end step) when it arrives empty, each past the vehicle's limits at
 * its penalties per metre and second over (default 1). Read from the steps' cumulative distance
 * and duration and their loads, which the checker verifies against the matrices on its own.
 */
export function deadheadCost(vehicle: SolverVehicle, steps: ResultStep[]): number {
  const maxDist = vehicle.max_deadhead_distance;
  const maxDur = vehicle.max_deadhead_duration;
  if (maxDist === undefined && maxDur === undefined) return 0;
  const tasks = steps.filter((s) => s.type === 'job' || s.type === 'pickup' || s.type === 'delivery');
  if (tasks.length === 0) return 0;
  const isEmpty = (s: ResultStep) => s.load.every((x) => x === 0);
  const over = (from: ResultStep, to: ResultStep) =>
    Math.max(0, to.distance - from.distance - (maxDist ?? Infinity)) * (vehicle.costs?.deadhead_distance_penalty ?? 1) +
    Math.max(0, to.duration - from.duration - (maxDur ?? Infinity)) * (vehicle.costs?.deadhead_duration_penalty ?? 1);
  const start = steps[0];
  const end = steps[steps.length - 1];
  let cost = 0;
  if (start?.type === 'start' && isEmpty(start)) cost += over(start, tasks[0]);
  if (end?.type === 'end' && isEmpty(end)) cost += over(tasks[tasks.length - 1], end);
  return cost;
}
