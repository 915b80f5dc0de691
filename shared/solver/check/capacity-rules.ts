// The checker's own reading of alternative capacities: a vehicle with `alternative_capacities`
// is loaded in one configuration for its whole route, its `capacity` or one of the alternatives,
// which the route names as `adopted_capacity`; the loads are then checked against that one.
// Written from the documented rule; shares nothing with the solver.
import type { ResultRoute, SolverVehicle } from '../types';

/** The capacity of dimension d the route's loads must keep within (Infinity: unlimited). */
export function routeCapacity(
  vehicle: SolverVehicle,
  route: ResultRoute,
  bad: (rule: string, detail: string) => void,
): (d: number) => number {
  const plain = (d: number) => (vehicle.capacity ? (vehicle.capacity[d] ?? 0) : Infinity);
  const alternatives = vehicle.alternative_capacities ?? [];
  const adopted = route.adopted_capacity;
  const same = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  if (alternatives.length === 0) {
    // the API names every route's configuration; a vehicle without alternatives has only its capacity
    if (adopted !== undefined && !(vehicle.capacity && same(vehicle.capacity, adopted)))
      bad('adopted_capacity', `${JSON.stringify(adopted)} reported for a vehicle without alternative capacities, not its capacity`);
    return plain;
  }
  const allowed = [...(vehicle.capacity ? [vehicle.capacity] : []), ...alternatives];
  if (!adopted || !allowed.some((c) => same(c, adopted))) {
    bad('adopted_capacity', `${JSON.stringify(adopted)} is none of the vehicle's configurations`);
    return plain;
  }
  return (d) => adopted[d] ?? 0;
}
