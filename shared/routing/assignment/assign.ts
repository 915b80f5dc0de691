import { greatCircleMeters } from '../../geo/sphere';
import type { NetworkRegistry } from '../../roads/registry';
import type { LatLon } from '../../geo/types';
import { priorityOf, suits } from './rules';
import type { AssignmentBody } from './schemas';

// POST /optimization/driver-assignment/v1: each order to at most one vehicle and each vehicle
// to at most one order. Pairs pass the filter (straight-line radius, pickup ETA or driving
// distance) and the order's vehicle preferences; then, highest order priority first, each order
// takes its cheapest free vehicle by the travel cost (ties: higher vehicle priority, then the
// request's order). A vehicle with remaining waypoints drives them first.

type Order = AssignmentBody['orders'][number];
type Vehicle = AssignmentBody['vehicles'][number];

interface Leg {
  from: LatLon;
  to: LatLon;
}

const fromLatLng = (p: { lat: number; lng: number }): LatLon => ({ lat: p.lat, lon: p.lng });
const whole = (x: number) => Math.round(x);

/** Duration and distance of each leg, from one matrix over every leg's ends (its diagonal). */
function legTimes(registry: NetworkRegistry, legs: Leg[], profile: 'car'): { duration: number[]; distance: number[]; warning?: string } {
  if (legs.length === 0) return { duration: [], distance: [] };
  const m = registry.matrix(
    legs.map((l) => l.from),
    { profile, targets: legs.map((l) => l.to) },
  );
  const n = legs.length;
  return {
    duration: legs.map((_, i) => m.durations[i * n + i]),
    distance: legs.map((_, i) => m.distances[i * n + i]),
    warning: m.fallback ? m.warnings.join('; ') : undefined,
  };
}

export function assignDrivers(registry: NetworkRegistry, body: AssignmentBody) {
  const { orders, vehicles, filter } = body;
  const options = body.options ?? {};
  const travelCost = options.travel_cost ?? 'driving_eta';
  const warnings = new Set<string>();

  // Remaining waypoints and drop-offs are chains of legs, timed together.
  const chainLegs: Leg[] = [];
  const vehicleLegs = vehicles.map((v) => {
    const chain = [v.location, ...(v.remaining_waypoints ?? [])];
    const first = chainLegs.length;
    for (let i = 1; i < chain.length; i++) chainLegs.push({ from: chain[i - 1], to: chain[i] });
    return { first, count: chain.length - 1, free: chain[chain.length - 1] };
  });
  const orderLegs = orders.map((o) => {
    const chain = options.dropoff_details ? [o.pickup, ...(o.dropoffs ?? [])].map(fromLatLng) : [];
    const first = chainLegs.length;
    for (let i = 1; i < chain.length; i++) chainLegs.push({ from: chain[i - 1], to: chain[i] });
    return { first, count: Math.max(0, chain.length - 1) };
  });
  const legs = legTimes(registry, chainLegs, 'car');
  if (legs.warning) warnings.add(legs.warning);

  const pickups = orders.map((o) => fromLatLng(o.pickup));
  const m = registry.matrix(
    vehicleLegs.map((v) => v.free),
    { profile: 'car', targets: pickups },
  );
  if (m.fallback) warnings.add(m.warnings.join('; '));
  const O = orders.length;
  const sum = (xs: number[], first: number, count: number) => xs.slice(first, first + count).reduce((a, x) => a + x, 0);
  const eta = (v: number, o: number) => sum(legs.duration, vehicleLegs[v].first, vehicleLegs[v].count) + m.durations[v * O + o];
  const driven = (v: number, o: number) => sum(legs.distance, vehicleLegs[v].first, vehicleLegs[v].count) + m.distances[v * O + o];
  const straight = (v: number, o: number) =>
    greatCircleMeters(vehicles[v].location.lat, vehicles[v].location.lon, pickups[o].lat, pickups[o].lon);
  const cost = (v: number, o: number) =>
    travelCost === 'driving_eta' ? eta(v, o) : travelCost === 'driving_distance' ? driven(v, o) : straight(v, o);
  const withinFilter = (v: number, o: number) =>
    Number.isFinite(eta(v, o)) &&
    (filter.radius !== undefined
      ? straight(v, o) <= filter.radius
      : filter.pickup_eta !== undefined
        ? eta(v, o) <= filter.pickup_eta
        : driven(v, o) <= filter.driving_distance!);

  const orderPriority = orders.map((o) => priorityOf(o.priority, options.order_attribute_priority_mappings, o.attributes));
  const vehiclePriority = vehicles.map((v) => priorityOf(v.priority, options.vehicle_attribute_priority_mappings, v.attributes));
  const reason = new Map<number, string>();
  const eligible: Array<[number, number]> = [];
  orders.forEach((order, o) => {
    const near = vehicles.map((_, v) => v).filter((v) => withinFilter(v, o));
    const suited = near.filter((v) => suits(order.vehicle_preferences, vehicles[v].attributes));
    if (near.length === 0) reason.set(o, 'no vehicle within the filter');
    else if (suited.length === 0) reason.set(o, "no vehicle within the filter matches the order's vehicle preferences");
    for (const v of suited) eligible.push([o, v]);
  });
  eligible.sort(
    ([oa, va], [ob, vb]) =>
      orderPriority[ob] - orderPriority[oa] ||
      oa - ob ||
      cost(va, oa) - cost(vb, ob) ||
      vehiclePriority[vb] - vehiclePriority[va] ||
      va - vb,
  );
  const vehicleOf = new Map<number, number>();
  const taken = new Set<number>();
  for (const [o, v] of eligible) {
    if (vehicleOf.has(o) || taken.has(v)) continue;
    vehicleOf.set(o, v);
    taken.add(v);
  }

  const at = (p: LatLon) => ({ lat: p.lat, lon: p.lon });
  const trips = [...vehicleOf.entries()].map(([o, v]) => {
    const vehicle: Vehicle = vehicles[v];
    const order: Order = orders[o];
    const steps: Array<Record<string, unknown>> = [];
    let t = 0;
    let d = 0;
    (vehicle.remaining_waypoints ?? []).forEach((wp, i) => {
      t += legs.duration[vehicleLegs[v].first + i];
      d += legs.distance[vehicleLegs[v].first + i];
      steps.push({ type: 'ongoing', location: at(wp), eta: whole(t), distance: whole(d) });
    });
    steps.push({ order_id: order.id, type: 'pickup', location: at(pickups[o]), eta: whole(eta(v, o)), distance: whole(driven(v, o)) });
    t = eta(v, o) + (order.service_time ?? 0);
    d = driven(v, o);
    for (let i = 0; i < orderLegs[o].count; i++) {
      t += legs.duration[orderLegs[o].first + i];
      d += legs.distance[orderLegs[o].first + i];
      steps.push({ order_id: order.id, type: 'dropoff', location: at(fromLatLng(order.dropoffs![i])), eta: whole(t), distance: whole(d) });
    }
    return { trip_id: `${vehicle.id}:${order.id}`, vehicle: { id: vehicle.id, vehicle_current_location: at(vehicle.location), steps } };
  });

  const unassigned = orders
    .map((order, o) => ({ o, order }))
    .filter(({ o }) => !vehicleOf.has(o))
    .map(({ o, order }) => ({
      order_id: order.id,
      unassigned_reason: reason.get(o) ?? 'every suitable vehicle was assigned to another order',
    }));
  const available = vehicles.filter((_, v) => !taken.has(v)).map((v) => v.id);
  const k = options.alternate_assignments ?? 0;
  const alternates =
    k > 0
      ? [...vehicleOf.entries()].map(([o, chosen]) => ({
          order_id: orders[o].id,
          assignments: eligible
            .filter(([eo, v]) => eo === o && v !== chosen)
            .slice(0, k)
            .map(([, v]) => ({ vehicle_id: vehicles[v].id, pickup_eta: whole(eta(v, o)) })),
        }))
      : null;
  return {
    status: 200,
    message: [...warnings].join('; '),
    result: {
      trips,
      unassigned_orders: unassigned.length ? unassigned : null,
      available_vehicles: available.length ? available : null,
      alternate_assignments: alternates,
    },
  };
}
