// The checker's own reading of the vehicle-model rules beyond the seed's limits (max_stops, ...):
// written from the documented rule, sharing nothing with the solver's evaluation.
import type { ResultStep } from '../types';

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
