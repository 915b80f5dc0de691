// The checker's own reading of the vehicle cost terms beyond travel and `fixed`, from the
// documented rules (docs/api/optimization.md#vehicle-costs); shares nothing with the solver.
import type { ResultStep, SolverVehicle } from '../types';

/** `costs.per_order`: once per job and once per shipment (its pickup step) on the route. */
export function perOrderCost(vehicle: SolverVehicle, steps: ResultStep[]): number {
  const rate = vehicle.costs?.per_order ?? 0;
  if (!rate) return 0;
  return rate * steps.filter((s) => s.type === 'job' || s.type === 'pickup').length;
}
