// The checker's own reading of the vehicle cost terms beyond travel and `fixed`, from the
// documented rules (docs/api/optimization.md#vehicle-costs); shares nothing with the solver.
import type { ResultStep, SolverJob, SolverVehicle } from '../types';

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

/**
 * min_stop_load: tasks served one after another at one location are one stop; a stop where job
 * deliveries are dropped off and any dimension's drop-off is under the minimum pays the fixed
 * penalty (default 0) once plus the unit penalty (default 1; one number or one per dimension)
 * per unit short.
 */
export function minStopLoadCost(vehicle: SolverVehicle, steps: ResultStep[], jobs: SolverJob[]): number {
  const min = vehicle.min_stop_load;
  if (!min?.some((x) => x > 0)) return 0;
  const unit = vehicle.costs?.min_stop_load_unit_penalty ?? 1;
  const unitOf = (d: number) => (typeof unit === 'number' ? unit : (unit[d] ?? 0));
  const byId = new Map(jobs.map((j) => [j.id, j]));
  const tasks = steps.filter((s) => s.type === 'job' || s.type === 'pickup' || s.type === 'delivery');
  let cost = 0;
  for (let i = 0; i < tasks.length;) {
    let k = i;
    const drop = min.map(() => 0);
    let delivers = false;
    for (; k < tasks.length && tasks[k].location_index === tasks[i].location_index; k++) {
      const job = tasks[k].type === 'job' ? byId.get(tasks[k].id!) : undefined;
      // A part of a split job drops its own share.
      ((tasks[k].split_indicator !== undefined ? tasks[k].delivery : job?.delivery) ?? []).forEach((x, d) => {
        if (d < drop.length) drop[d] += x;
        if (x > 0) delivers = true;
      });
    }
    if (delivers && min.some((m, d) => drop[d] < m))
      cost += (vehicle.costs?.min_stop_load_fixed_penalty ?? 0) + min.reduce((a, m, d) => a + Math.max(0, m - drop[d]) * unitOf(d), 0);
    i = k;
  }
  return cost;
}
