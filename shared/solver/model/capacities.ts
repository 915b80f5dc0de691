// Alternative capacities (`vehicles[].alternative_capacities`): the vehicle is loaded in one of
// several configurations for its whole route (a tanker's compartments, a van with or without its
// seats folded). Its `capacity` is the first configuration, the alternatives follow in request
// order; the route adopts the first one its loads fit.
import type { SolverVehicle } from '../types';

/** The configurations in the order they are tried; null for a vehicle without alternatives. */
export function capacityOptions(v: SolverVehicle): number[][] | null {
  if (!v.alternative_capacities?.length) return null;
  return v.capacity ? [v.capacity, ...v.alternative_capacities] : v.alternative_capacities;
}

/**
 * The model's configurations (`dims` wide, a missing entry holds nothing) and, as the vehicle's
 * capacity, their per-dimension maximum: every O(1) load check then stays a relaxation, and the
 * full evaluation picks the configuration (`routes/capacities.ts`).
 */
export function capacityConfigs(v: SolverVehicle, dims: number): { configs: Int32Array[]; cap: Int32Array } | null {
  const options = capacityOptions(v);
  if (!options) return null;
  const configs = options.map((o) => Int32Array.from({ length: dims }, (_, d) => o[d] ?? 0));
  const cap = new Int32Array(dims);
  for (let d = 0; d < dims; d++) cap[d] = Math.max(...configs.map((c) => c[d]));
  return { configs, cap };
}
