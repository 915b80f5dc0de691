// The checker's own reading of the vehicle-model rules beyond the seed's limits (max_stops, speed_factor, runs):
// written from the documented rule, sharing nothing with the solver's evaluation.
import type { ResultStep, SolverMatrices, SolverVehicle } from '../types';

type Travel = SolverMatrices[string];

/** Tasks served one after another at one location are one stop; breaks in between do not split it. */
export function stopsOnRoute(taskSteps: ResultStep[]): number {
  let stops = 0;
  let at: number | undefined;
  for (const s of taskSteps) {
    if (stops === 0 || s.location_index !== at) stops++;
    at = s.location_index;
  }
  return stops;
}

/** A vehicle with `speed_factor` f takes round(d / f) seconds for an arc the matrix gives d. */
export function atSpeed(m: Travel, speedFactor: number | undefined): Travel {
  if (m === undefined || speedFactor === undefined || speedFactor === 1) return m;
  const durations = Array.from(m.durations, (row) => Array.from(row, (d) => Math.round(Number(d) / speedFactor)));
  return { ...m, durations };
}

/**
 * Runs of a route (multi-trip): each `start` step opens one. More than one needs a vehicle
 * starting at a depot, with at most `max_depot_runs` of them; such a vehicle numbers every step
 * with its run (1-based), and no other does.
 */
export function runsOf(
  vehicle: SolverVehicle,
  steps: ResultStep[],
  startsAtDepot: boolean,
  bad: (rule: string, detail: string, step?: number) => void,
): { of: number[]; count: number } {
  const of: number[] = [];
  let run = 0;
  steps.forEach((s, i) => {
    if (s.type === 'start' && i > 0) run++;
    of.push(run);
  });
  const count = run + 1;
  const allowed = vehicle.shifts?.length ? vehicle.shifts.length : startsAtDepot ? (vehicle.max_depot_runs ?? 1) : 1;
  if (count > allowed) bad('max_depot_runs', `${count} runs, at most ${allowed} allowed`);
  const numbered = allowed > 1;
  steps.forEach((s, i) => {
    if (numbered ? s.run !== of[i] + 1 : s.run !== undefined) bad('run', `step run ${s.run}, expected ${numbered ? of[i] + 1 : 'none'}`, i);
  });
  return { of, count };
}
