// A vehicle's shifts as the model holds them (vehicles[].shifts, Waymark's own field); the rule
// that places runs in them is routes/shifts.ts, which reads the model, so this half lives here.
import type { SolverVehicle } from '../types';

export type Shift = [number, number];

/** The vehicle's shifts in order, or null. Only a vehicle with a start location has them. */
export function shiftsOf(v: SolverVehicle): Shift[] | null {
  if (!v.shifts?.length || v.start_index === undefined) return null;
  return [...v.shifts].sort((a, b) => a[0] - b[0]).map(([a, b]) => [a, b] as Shift);
}
