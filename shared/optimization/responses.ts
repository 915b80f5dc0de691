import { z } from 'zod';
import { int, metaData } from '../platform/responses';

// 200 bodies of route optimization v2: submit, and the result of a pending, finished or
// failed job (pending and failed jobs answer 200 with status "Ok" / "Error"). Ids come back
// in the type the caller declared them (integer or string); fields the client's types name
// differently are sent under both names.

const amounts = z.array(int);
const id = z.union([int, z.string()]);
const latLonPair = z.tuple([z.number(), z.number()]);

/** POST /optimization/v2 and POST /optimization/re_optimization. */
export const submitResponse = z.looseObject({
  id: z.string(),
  message: z.string(),
  status: z.literal('Ok'),
  warnings: z.array(z.string()),
});

const totals = {
  cost: z.number(),
  setup: int,
  service: int,
  duration: int,
  waiting_time: int,
  priority: int,
  distance: int,
  delivery: amounts,
  pickup: amounts,
};

const step = z.looseObject({
  type: z.enum(['start', 'job', 'pickup', 'delivery', 'break', 'layover', 'end']),
  id: id.optional(),
  arrival: int,
  duration: int,
  distance: int,
  setup: int,
  service: int,
  waiting_time: int,
  // A break happens wherever the vehicle is, so it has no location of its own.
  location: latLonPair.optional(),
  // Absent on a start at a vehicle `location` that is not one of the request's locations.
  location_index: int.optional(),
  load: amounts,
  description: z.string().optional(),
  metadata: metaData.optional(),
  /** Seconds past the window end (soft constraint max_visit_lateness), when non-zero. */
  late_by: int.optional(),
  /** On a start or end step at a declared depot: the depot's id. */
  depot: id.optional(),
  /** On every step of a vehicle with max_depot_runs above 1: the 1-based run (trip) the step is in. */
  run: int.optional(),
  /** On a step serving one part of a split job (jobs[].split): the part's 1-based number. */
  split_indicator: int.optional(),
  /** On a split job's step: the goods this part drops off and collects. */
  delivery: amounts.optional(),
  pickup: amounts.optional(),
  /** [lat, lon] where the routing engine meets the road for the vehicle's profile; absent without a covering road network. */
  snapped_location: latLonPair.optional(),
  /** [lat, lon]: the location's perpendicular foot on the nearest road segment of any kind; absent without a covering road network. */
  projected_location: latLonPair.optional(),
});

/** How one routing profile's travel was computed. */
const routingProfileUsed = z.looseObject({
  mode: z.enum(['car', 'truck']),
  /** request: the request's matrices; road_network: a loaded road network; great_circle: the distance estimate. */
  travel: z.enum(['request', 'road_network', 'great_circle']),
  network: z.string().optional(),
  avoid: z.array(z.string()).optional(),
  truck_size: z.union([z.string(), z.array(z.number())]).optional(),
  truck_weight: z.number().optional(),
  traffic_timestamp: int.optional(),
});

const route = z.looseObject({
  vehicle: id,
  ...totals,
  description: z.string().optional(),
  geometry: z.string(),
  metadata: metaData.optional(),
  steps: z.array(step),
  /** The routing profile the vehicle used. */
  profile: z.string().optional(),
  /** The capacity configuration the route is loaded in, for a vehicle with alternative_capacities. */
  adopted_capacity: amounts.optional(),
  /** Seconds past the vehicle's window end (soft constraint max_vehicle_overtime), when non-zero. */
  overtime: int.optional(),
  /** `overtime` under the client's name. */
  vehicle_overtime: int.optional(),
  /** Revenue of the route's tasks, when any task has a revenue. */
  revenue: z.number().optional(),
});

const unassigned = z.looseObject({
  id,
  type: z.enum(['job', 'pickup', 'delivery']),
  location: latLonPair,
  location_index: int.optional(),
  /** A short code: skills, capacity, time_window, outsourced, zone, sequence_order, load_type, lifo, ... */
  reason: z.string(),
  /** The code as a sentence. */
  reason_description: z.string().optional(),
  /** The task's outsourcing_cost, when it has one. */
  outsourcing_cost: z.number().optional(),
});

const header = {
  description: z.string(),
  request_created_time: int,
  warnings: z.array(z.string()).optional(),
};

const completed = z.looseObject({
  ...header,
  solution_created_time: int,
  status: z.literal('Ok'),
  message: z.string(),
  result: z.looseObject({
    code: int,
    summary: z.looseObject({
      ...totals,
      routes: int,
      unassigned: int,
      /** Seconds of visit lateness over all steps, and of vehicle overtime over all routes, when non-zero. */
      lateness: int.optional(),
      overtime: int.optional(),
      /** `lateness` under the client's name, with the count of late visits. */
      total_visit_lateness: int.optional(),
      num_late_visits: int.optional(),
      /** Revenue of the served tasks, when any task has a revenue. */
      revenue: z.number().optional(),
    }),
    routes: z.array(route),
    unassigned: z.array(unassigned),
    /** Per routing profile the vehicles used. */
    routing_profiles: z.record(z.string(), routingProfileUsed).optional(),
  }),
});

// Strict, so a half-written result cannot pass as "still processing".
const pending = z.strictObject({
  ...header,
  status: z.literal('Ok'),
  message: z.literal('Job still processing'),
});

const failed = z.looseObject({
  ...header,
  solution_created_time: int.optional(),
  status: z.literal('Error'),
  message: z.string(),
  result: z.looseObject({ code: int, error: z.string().optional() }),
});

/** GET /optimization/v2/result: the finished result, the pending body or the failure. */
export const resultResponse = z.union([completed, pending, failed]);
