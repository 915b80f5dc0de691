// The boundary out of the solver: its result (ids are positions, see solver-input.ts) with every
// id given back as the caller declared it (integer or string), and the fields the client's types
// name differently sent under both names: route `vehicle_overtime` beside `overtime`, summary
// `total_visit_lateness` beside `lateness` (with `num_late_visits`).
import type { ResultRoute, ResultStep, ResultUnassigned, SolverResult } from '../solver';
import { REASON_SENTENCES } from './reasons';
import type { Id, OptimizationRequest } from './schemas';
import { vehicleProfile } from './validate/routing';

export type ClientStep = Omit<ResultStep, 'id' | 'depot'> & {
  id?: Id;
  depot?: Id;
  /** Where the routing engine meets the road for this stop, and the location's foot on the nearest road (road-points.ts). */
  snapped_location?: [number, number];
  projected_location?: [number, number];
};

export type ClientRoute = Omit<ResultRoute, 'vehicle' | 'steps'> & {
  vehicle: Id;
  steps: ClientStep[];
  vehicle_overtime?: number;
  /** The routing profile the vehicle used (its own, else options.routing.mode, else car). */
  profile: string;
  /** The capacity the route was planned with: the vehicle's, or the alternative it adopted. */
  adopted_capacity?: number[];
};

export type ClientUnassigned = Omit<ResultUnassigned, 'id'> & { id: Id; reason_description: string; outsourcing_cost?: number };

/** How one routing profile's travel was computed (the result's `routing_profiles`). */
export interface RoutingProfileUsed {
  mode: 'car' | 'truck';
  /** `request`: the request's matrices; `road_network`: a loaded network; `great_circle`: the estimate. */
  travel: 'request' | 'road_network' | 'great_circle';
  /** The road network's name, with `road_network`. */
  network?: string;
  avoid?: string[];
  truck_size?: string | number[];
  truck_weight?: number;
  traffic_timestamp?: number;
}

export interface ClientResult {
  code: number;
  summary: SolverResult['summary'] & { total_visit_lateness?: number; num_late_visits?: number };
  routes: ClientRoute[];
  unassigned: ClientUnassigned[];
  /** Per routing profile used: its mode, travel source and options (road-points.ts). */
  routing_profiles?: Record<string, RoutingProfileUsed>;
}

/**
 * `locationCount` is the length of the request's own list: a start at a vehicle `location`
 * appended past it has no index the caller knows, so its step carries `location` only.
 */
export function toClientResult(result: SolverResult, req: OptimizationRequest, locationCount: number): ClientResult {
  const jobs = req.jobs ?? [];
  const shipments = req.shipments ?? [];
  const taskId = (type: ResultStep['type'], at: number): Id | undefined => {
    if (type === 'job') return jobs[at]?.id;
    if (type === 'pickup') return shipments[at]?.pickup.id;
    if (type === 'delivery') return shipments[at]?.delivery.id ?? shipments[at]?.pickup.id;
    return undefined;
  };
  const source = (type: ResultUnassigned['type'], at: number) => (type === 'job' ? jobs[at] : shipments[at]);
  let lateVisits = 0;
  const routes = result.routes.map((r): ClientRoute => {
    const vehicle = req.vehicles[r.vehicle];
    const steps = r.steps.map((s): ClientStep => {
      const out: ClientStep = { ...s, id: undefined };
      if (s.id !== undefined) out.id = s.type === 'break' ? vehicle.breaks?.[s.id]?.id : taskId(s.type, s.id);
      if (out.id === undefined) delete out.id;
      if (s.depot !== undefined) out.depot = req.depots?.[s.depot]?.id;
      if (s.type === 'pickup' || s.type === 'delivery') {
        const ownMetadata = shipments[s.id!]?.[s.type].metadata;
        if (ownMetadata) out.metadata = ownMetadata;
      }
      if (s.location_index !== undefined && s.location_index >= locationCount) delete out.location_index;
      if (s.late_by) lateVisits++;
      return out;
    });
    const out: ClientRoute = { ...r, vehicle: vehicle.id, steps, profile: vehicleProfile(req, r.vehicle) };
    // The solver names the configuration of a vehicle with alternatives; any other carries its capacity.
    if (r.adopted_capacity === undefined && vehicle.capacity) out.adopted_capacity = vehicle.capacity;
    if (r.overtime !== undefined) out.vehicle_overtime = r.overtime;
    return out;
  });
  const unassigned = result.unassigned.map((u): ClientUnassigned => {
    const out: ClientUnassigned = { ...u, id: taskId(u.type, u.id)!, reason_description: REASON_SENTENCES[u.reason] };
    const cost = source(u.type, u.id)?.outsourcing_cost;
    if (cost !== undefined) out.outsourcing_cost = cost;
    return out;
  });
  const summary: ClientResult['summary'] = { ...result.summary };
  if (summary.lateness !== undefined) {
    summary.total_visit_lateness = summary.lateness;
    summary.num_late_visits = lateVisits;
  }
  return { code: result.code, summary, routes, unassigned };
}
