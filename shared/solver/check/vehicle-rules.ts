// The checker's own reading of the vehicle-model rules beyond the seed's limits (max_stops, ...):
// written from the documented rule, sharing nothing with the solver's evaluation.
import type { ResultStep, SolverMatrices } from '../types';

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
