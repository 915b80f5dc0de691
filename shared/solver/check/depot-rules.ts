// Depot choice, checked from the result alone (own code): a vehicle with start_depot_ids
// (end_depot_ids) starts (ends) its route with a step naming one of them at that depot's
// location, and every job that names depot_ids rides from one of them. The rest of the checker
// then reads the vehicle as if its start_index (end_index) were that depot's location.
import type { ResultRoute, SolverRequest, SolverVehicle } from '../types';

type Bad = (rule: string, detail: string, step?: number) => void;

export function withChosenDepots(req: SolverRequest, vehicle: SolverVehicle, route: ResultRoute, bad: Bad): SolverVehicle {
  const starts = vehicle.start_depot_ids;
  const ends = vehicle.end_depot_ids;
  if (!starts?.length && !ends?.length) return vehicle;
  const depots = req.depots ?? [];
  const steps = route.steps;
  const out = { ...vehicle };
  if (starts?.length) {
    const first = steps[0];
    const depot = depots.find((d) => d.id === first?.depot);
    if (first?.type !== 'start' || !depot) bad('depot', 'route must begin with a start step naming one of start_depot_ids', 0);
    else if (!starts.includes(depot.id)) bad('depot', `route starts at depot ${depot.id}, not one of start_depot_ids`, 0);
    else if (first.location_index !== depot.location_index) bad('depot', `start step is not at depot ${depot.id}'s location`, 0);
    else {
      out.start_index = depot.location_index;
      for (const [i, s] of steps.entries()) {
        if (s.type !== 'job') continue;
        const allowed = req.jobs?.find((j) => j.id === s.id)?.depot_ids;
        if (allowed?.length && !allowed.includes(depot.id)) bad('depot', `job ${s.id} rides from depot ${depot.id}, not its depot_ids`, i);
      }
    }
  }
  if (ends?.length) {
    const last = steps[steps.length - 1];
    const depot = depots.find((d) => d.id === last?.depot);
    const at = steps.length - 1;
    if (last?.type !== 'end' || !depot) bad('depot', 'route must finish with an end step naming one of end_depot_ids', at);
    else if (!ends.includes(depot.id)) bad('depot', `route ends at depot ${depot.id}, not one of end_depot_ids`, at);
    else if (last.location_index !== depot.location_index) bad('depot', `end step is not at depot ${depot.id}'s location`, at);
    else out.end_index = depot.location_index;
  }
  return out;
}
