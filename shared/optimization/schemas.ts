import { z } from 'zod';

// Route optimization v2 request shapes. The one source of the
// types, of the structural validation and (later) of the OpenAPI document. Rules that need the
// whole problem (indices, ids, dimensions, relations, matrices, limits) live in
// shared/optimization/validate/ and run right after this schema.

const int = () => z.number().int();
const nonNegInt = () => z.number().int().min(0);
const nonNeg = () => z.number().min(0);

/** `[start, end]`, integers; start <= end is checked by the problem validator. */
export const timeWindowSchema = z.tuple([int(), int()]);
const amounts = () => z.array(nonNegInt());
const skills = () => z.array(nonNegInt());
const metadata = () => z.record(z.string(), z.unknown());
const timeWindows = () => z.array(timeWindowSchema).max(MAX_TIME_WINDOWS);

/** Size limits of one problem, as the commercial API sets them. */
export const MAX_LOCATIONS = 4000;
export const MAX_TASKS = 4000;
export const MAX_TRUCK_WEIGHT_KG = 100_000;
export const MAX_TRUCK_SIZE_CM = { height: 1000, width: 5000, length: 5000 } as const;
export const MAX_AVOID_BBOX_PERIMETER_KM = 500;
export const MAX_PRIORITY = 100;
export const MAX_ID_LENGTH = 256;
/**
 * Array caps the commercial API leaves unstated, chosen to fit its 4000 locations and tasks: no
 * more vehicles, relations or earlier-plan routes than a problem can have tasks; breaks counted
 * like tasks overall; a route of the earlier plan no longer than every task plus its breaks and depot visits.
 */
export const MAX_VEHICLES = 4000;
export const MAX_BREAKS_PER_VEHICLE = 50;
export const MAX_BREAKS = 4000;
export const MAX_TIME_WINDOWS = 100;
export const MAX_RELATIONS = 4000;
export const MAX_RELATION_STEPS = MAX_TASKS + 2;
/** Runs of one vehicle (the commercial docs set no cap; this one bounds the result's steps). */
export const MAX_DEPOT_RUNS = 100;
/** Shifts per vehicle (Waymark's own field): each is a run, so at most the runs' cap. */
export const MAX_SHIFTS = 24;
/** Capacity configurations of one vehicle besides `capacity` (the commercial docs set no cap). */
export const MAX_ALTERNATIVE_CAPACITIES = 50;
/** Candidate start (or end) depots of one vehicle: the search evaluates the route from each. */
export const MAX_DEPOT_CANDIDATES = 100;
/** Every task, its breaks, and an end and a start at the depot between two runs. */
export const MAX_ROUTE_STEPS = MAX_TASKS + MAX_BREAKS_PER_VEHICLE + 2 * MAX_DEPOT_RUNS;
export const MAX_DEPOTS = MAX_LOCATIONS;
export const MAX_ZONES = MAX_LOCATIONS;
export const WEBHOOK_EVENTS = ['JOB_CREATED', 'JOB_COMPLETED', 'JOB_FAILED'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * A matrix is checked by the problem validator in one pass (a zod issue per bad cell of a
 * 4000 x 4000 matrix would be 16 million issues); here only "an array".
 */
const matrix = () => z.custom<number[][]>((v) => Array.isArray(v), { message: 'must be an array of rows (n x n non-negative integers)' });

/**
 * An id of a vehicle, job, shipment step, break, depot or zone: an integer or a
 * string (the client's types). "7" and 7 name the same id: they collide when both are declared,
 * and a reference in either form finds the declaration; results give the declared form back.
 */
export const idSchema = z.union([int(), z.string().min(1).max(MAX_ID_LENGTH)]);
export type Id = z.output<typeof idSchema>;

/** The client's point shape; its driver-assignment types spell the longitude `lng`. */
const pointSchema = z.looseObject({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180).optional(),
  lng: z.number().min(-180).max(180).optional(),
});
export type PointInput = z.output<typeof pointSchema>;

export const locationsSchema = z.looseObject({
  id: int().optional(),
  location: z.array(z.string()).min(1).max(MAX_LOCATIONS),
  /**
   * Per location: "curb" (arrive and leave with the stop on the right, through the routing
   * engine), "unrestricted" or "". Warned where the engine does not compute the travel.
   */
  approaches: z.array(z.string()).optional(),
});

export const breakSchema = z.looseObject({
  id: idSchema,
  time_windows: timeWindows().min(1),
  service: nonNegInt().optional(),
});

/**
 * Cargo sizes. On a task the alignment says how the item may be turned: `strict` (as given),
 * `parallel` or `fixed_bottom` (upright, may turn on the floor), anything else any way.
 */
const volumeSchema = z.looseObject({
  alignment: z.string().optional(),
  depth: nonNeg().optional(),
  height: nonNeg().optional(),
  width: nonNeg().optional(),
});

/** Fields of the commercial v2 vehicle that Waymark accepts and names in `warnings` (warnings.ts). */
export const VEHICLE_FIELDS_NOT_BUILT = ['allowed_zones', 'restricted_zones'] as const;

export const vehicleSchema = z.looseObject({
  id: idSchema,
  description: z.string().optional(),
  start_index: nonNegInt().optional(),
  end_index: nonNegInt().optional(),
  /** The client's vehicle: where it is now, the route's start when start_index is not given. */
  location: pointSchema.optional(),
  capacity: amounts().optional(),
  /**
   * Other configurations the vehicle may be loaded in, each as long as `capacity`: a route adopts
   * one for the whole day (docs/api/optimization.md#alternative-capacities).
   */
  alternative_capacities: z.array(amounts()).max(MAX_ALTERNATIVE_CAPACITIES).optional(),
  time_window: timeWindowSchema.optional(),
  skills: skills().optional(),
  max_tasks: nonNegInt().optional(),
  /** Stops on the route: consecutive tasks at one location count once. */
  max_stops: nonNegInt().optional(),
  /** Travel durations are divided by it: 2 drives twice as fast as the profile's matrix. */
  speed_factor: z.number().positive().max(100).optional(),
  /**
   * Runs (trips) a vehicle starting at a depot may make: between two it goes back to that depot
   * to unload its pickups and load the next run's deliveries (docs/api/optimization.md#multi-trip).
   */
  max_depot_runs: int().min(1).max(MAX_DEPOT_RUNS).optional(),
  /**
   * Depots the route may start at: it starts at the one the optimizer picks (step `depot` names
   * it); not beside start_index or location (docs/api/optimization.md#depot-choice).
   */
  start_depot_ids: z.array(idSchema).min(1).max(MAX_DEPOT_CANDIDATES).optional(),
  /** Depots the route may end at; not beside end_index. */
  end_depot_ids: z.array(idSchema).min(1).max(MAX_DEPOT_CANDIDATES).optional(),
  /** The client's older single start depot: start_depot_ids with one id. */
  depot: idSchema.optional(),
  /**
   * Waymark's own field (the commercial vehicle has one time_window): working windows [start,
   * end], e.g. a morning and an afternoon shift. Each run lies in one shift, at most one per shift,
   * starting at the vehicle's start and back there by the shift's end; clients that do not know
   * the field may leave it out (docs/api/optimization.md#shifts-waymark-extension).
   */
  shifts: z.array(timeWindowSchema).min(1).max(MAX_SHIFTS).optional(),
  /**
   * Working-time rule: at most max_continuous_time s of driving (plus setup, service and depot
   * loading with include_service_time) between two rests of layover_duration s; a `layover` step
   * is added where the vehicle rests (docs/api/optimization.md#layovers).
   */
  layover_config: z
    .looseObject({
      max_continuous_time: int().min(1),
      layover_duration: int().min(1),
      include_service_time: z.boolean().optional(),
    })
    .optional(),
  max_travel_time: nonNegInt().optional(),
  max_distance: nonNegInt().optional(),
  max_working_time: nonNegInt().optional(),
  /** Soft limits on each empty first and last leg (docs/api/optimization.md#deadhead), metres and seconds. */
  max_deadhead_distance: nonNeg().optional(),
  max_deadhead_duration: nonNeg().optional(),
  /** Least each stop with job deliveries should drop off, per dimension (docs/api/optimization.md#minimum-stop-load). */
  min_stop_load: amounts().optional(),
  breaks: z.array(breakSchema).max(MAX_BREAKS_PER_VEHICLE).optional(),
  costs: z
    .looseObject({
      fixed: nonNeg().optional(),
      per_hour: nonNeg().optional(),
      per_km: nonNeg().optional(),
      /** Paid for each job and each shipment the vehicle serves (docs/api/optimization.md#vehicle-costs). */
      per_order: nonNeg().optional(),
      /** Per metre / second an empty first or last leg runs past its limit (default 1). */
      deadhead_distance_penalty: nonNeg().optional(),
      deadhead_duration_penalty: nonNeg().optional(),
      /** A stop dropping less than min_stop_load pays this once (default 0)... */
      min_stop_load_fixed_penalty: nonNeg().optional(),
      /** ...and this per unit short: one number for every dimension, or one per dimension (default 1). */
      min_stop_load_unit_penalty: z.union([nonNeg(), z.array(nonNeg())]).optional(),
    })
    .optional(),
  max_travel_cost: nonNeg().optional(),
  profile: z.string().min(1).max(64).optional(),
  metadata: metadata().optional(),
  /** Zones the vehicle works in: it serves only tasks sharing one of them. */
  zones: z.array(idSchema).optional(),
  /** The cargo compartment (same length unit as the tasks' volumes); its alignment is warned. */
  volume: volumeSchema.optional(),
  // The client's driver-assignment vehicle fields: accepted and warned (warnings.ts says why).
  attributes: z.unknown().optional(),
  priority: z.number().optional(),
  remaining_waypoints: z.array(pointSchema).optional(),
  // The commercial v2 vehicle fields not built yet: accepted and warned (warnings.ts says why).
  ...Object.fromEntries(VEHICLE_FIELDS_NOT_BUILT.map((f) => [f, z.unknown().optional()])),
});

/**
 * The client's task fields. Honoured: revenue and outsourcing_cost (a task with one may stay
 * unassigned at that cost), load types, follow_lifo_order (shipments), zones, volume, joint_order
 * (tasks sharing one are all served or none). Accepted and warned: follow_lifo_order on a job.
 */
const clientTaskFields = {
  follow_lifo_order: z.boolean().optional(),
  incompatible_load_types: z.array(z.string()).optional(),
  joint_order: z.number().optional(),
  load_types: z.array(z.string()).optional(),
  outsourcing_cost: z.number().min(0).optional(),
  revenue: z.number().optional(),
  volume: volumeSchema.optional(),
  zones: z.array(idSchema).optional(),
};
/** Per visit: its own lateness allowance (soft) and its order among the visits of a route. */
const clientVisitFields = {
  max_visit_lateness: nonNeg().optional(),
  sequence_order: z.number().optional(),
};

/** At most this many parts of one job (the solver's MAX_PARTS). */
export const MAX_SPLIT = 100;

const splitSchema = z.object({
  can_be_split: z.boolean().optional(),
  max_split: int().min(1).max(MAX_SPLIT).optional(),
  /** The least share of the job's goods each part carries, in percent. */
  quant: z.number().gt(0).max(100).optional(),
});

export const jobSchema = z.looseObject({
  id: idSchema,
  location_index: nonNegInt(),
  description: z.string().optional(),
  service: nonNegInt().optional(),
  setup: nonNegInt().optional(),
  delivery: amounts().optional(),
  pickup: amounts().optional(),
  time_windows: timeWindows().optional(),
  skills: skills().optional(),
  priority: int().min(0).max(MAX_PRIORITY).optional(),
  metadata: metadata().optional(),
  depot_ids: z.array(idSchema).optional(),
  /** A job served in parts by several vehicles when none can carry it whole (docs/api/optimization.md#split-jobs). */
  split: splitSchema.optional(),
  ...clientTaskFields,
  ...clientVisitFields,
});

export const shipmentStepSchema = z.looseObject({
  /**
   * The seed gives a shipment's delivery the id of its pickup (the default); the client gives
   * each step its own. Pickup ids are unique among pickups, delivery ids among deliveries.
   */
  id: idSchema.optional(),
  location_index: nonNegInt(),
  service: nonNegInt().optional(),
  setup: nonNegInt().optional(),
  time_windows: timeWindows().optional(),
  description: z.string().optional(),
  /** Echoed on this step in the result (else the shipment's metadata). */
  metadata: metadata().optional(),
  ...clientVisitFields,
});

export const shipmentSchema = z.looseObject({
  pickup: shipmentStepSchema.extend({ id: idSchema }),
  delivery: shipmentStepSchema,
  amount: amounts().optional(),
  skills: skills().optional(),
  priority: int().min(0).max(MAX_PRIORITY).optional(),
  max_time_in_vehicle: nonNegInt().optional(),
  metadata: metadata().optional(),
  ...clientTaskFields,
});

export const RELATION_TYPES = ['in_same_route', 'in_sequence', 'in_direct_sequence', 'precedence', 'pinned'] as const;
export const STEP_TYPES = ['start', 'end', 'job', 'pickup', 'delivery'] as const;

export const relationSchema = z.looseObject({
  type: z.enum(RELATION_TYPES),
  steps: z
    .array(z.looseObject({ type: z.enum(STEP_TYPES), id: idSchema.optional() }))
    .min(1)
    .max(MAX_RELATION_STEPS),
  vehicle: idSchema.optional(),
  /** The client's deprecated name for `vehicle`; `vehicle` wins, and the two must agree. */
  id: idSchema.optional(),
  min_duration: nonNegInt().optional(),
  max_duration: nonNegInt().optional(),
});

export const webhookSchema = z.looseObject({
  url: z.string().min(1).max(2048),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).optional(),
  timeout: int().min(1).max(60).optional(),
});

/** Routing fields the matrices do not apply yet: accepted and warned (in a profile too). */
const unmodelledRoutingFields = {
  allow: z.array(z.string()).optional(),
  context: z.string().optional(),
  cross_border: z.boolean().optional(),
  hazmat_type: z.array(z.string()).optional(),
  truck_axle_load: nonNeg().optional(),
};

/** A routing profile: only its mode is applied yet; its other routing fields are warned. */
const profileSchema = z.looseObject({
  mode: z.enum(['car', 'truck']).optional(),
  traffic_timestamp: nonNegInt().optional(),
  truck_size: z.union([z.string(), z.array(z.number())]).optional(),
  truck_weight: nonNeg().max(MAX_TRUCK_WEIGHT_KG).optional(),
  avoid: z.union([z.array(z.string()), z.string()]).optional(),
  ...unmodelledRoutingFields,
});

export const routingSchema = z.looseObject({
  mode: z.enum(['car', 'truck']).optional(),
  traffic_timestamp: nonNegInt().optional(),
  /** "height,width,length" in cm; an array of the three numbers is accepted too. */
  truck_size: z.union([z.string(), z.array(z.number())]).optional(),
  truck_weight: nonNeg().max(MAX_TRUCK_WEIGHT_KG).optional(),
  /**
   * toll, highway, ferry, service_road, tunnel, uturn, sharp_turn, left_turn, right_turn,
   * "bbox: minLat,minLon,maxLat,maxLon", none; a "|"-joined string is accepted. Other values (a
   * bare "bbox", ...) are accepted and warned.
   */
  avoid: z.union([z.array(z.string()), z.string()]).optional(),
  profiles: z.record(z.string().min(1).max(64), profileSchema).optional(),
  /** Waymark keeps no matrix cache, so every request is computed afresh as this asks. */
  disable_cache: z.boolean().optional(),
  ...unmodelledRoutingFields,
});

export const optionsSchema = z.looseObject({
  objective: z
    .looseObject({
      travel_cost: z.enum(['duration', 'distance', 'air_distance', 'customized']).optional(),
      custom: z
        .looseObject({
          type: z.enum(['min', 'min-max']),
          value: z.enum(['vehicles', 'completion_time', 'tasks', 'travel_cost']),
        })
        .optional(),
      /** Seconds the solver may search; capped by the worker's own time budget. */
      solving_time_limit: int().min(1).max(3600).optional(),
      /** false: a vehicle leaves its previous stop late enough not to wait at a task. */
      allow_early_arrival: z.boolean().optional(),
      /** Fewer distinct start depots among the used vehicles, right after fewer unassigned tasks. */
      minimise_num_depots: z.boolean().optional(),
      /** The default solving time: `fast` a quarter of `flexible`'s (docs/api/clients.md#optimization); others are warned. */
      solver_mode: z.string().optional(),
    })
    .optional(),
  constraint: z
    .looseObject({
      max_vehicle_overtime: nonNegInt().optional(),
      vehicle_overtime_penalty: nonNeg().optional(),
      max_visit_lateness: nonNegInt().optional(),
      visit_lateness_penalty: nonNeg().optional(),
      max_activity_waiting_time: nonNegInt().optional(),
    })
    .optional(),
  routing: routingSchema.optional(),
  webhook: webhookSchema.optional(),
  /**
   * `order_grouping.grouping_diameter` (metres): jobs that close together go on one route, one
   * after another. `route_grouping` and `proximity_factor` are accepted and warned.
   */
  grouping: z
    .looseObject({
      order_grouping: z.looseObject({ grouping_diameter: nonNeg().optional() }).optional(),
      route_grouping: z.record(z.string(), z.unknown()).optional(),
      proximity_factor: z.number().optional(),
    })
    .optional(),
});

/** Figures of a route or step of an earlier plan: accepted; the search recomputes them. */
const planFigures = {
  arrival: z.number().optional(),
  cost: z.number().optional(),
  description: z.string().optional(),
  distance: z.number().optional(),
  duration: z.number().optional(),
  geometry: z.string().optional(),
  delivery: z.array(z.number()).optional(),
  pickup: z.array(z.number()).optional(),
  load: z.array(z.number()).optional(),
  location: z.array(z.number()).optional(),
  location_index: z.number().optional(),
  priority: z.number().optional(),
  service: z.number().optional(),
  setup: z.number().optional(),
  waiting_time: z.number().optional(),
};
export const PLAN_FIGURES = Object.keys(planFigures);

export const initialRouteSchema = z.looseObject({
  vehicle: idSchema,
  steps: z
    .array(z.looseObject({ type: z.enum([...STEP_TYPES, 'break', 'layover']), id: idSchema.optional(), ...planFigures }))
    .max(MAX_ROUTE_STEPS),
  ...planFigures,
});

export const depotSchema = z.looseObject({
  id: idSchema,
  location_index: nonNegInt(),
  description: z.string().optional(),
  /** Loading time (s) at the start of a route from this depot. */
  service: nonNeg().optional(),
  /** Opening windows [start, end]: a route from this depot starts within one of them. */
  time_windows: z.array(z.array(z.number())).max(MAX_TIME_WINDOWS).optional(),
  /** How many vehicles the depot loads at once: not built yet, accepted and warned. */
  throughput: z.unknown().optional(),
});

/**
 * A zone: by id alone, or with a shape (`geometry`, a GeoJSON polygon, or `geofence_id`, a stored
 * geofence of the caller's space). A task naming no zones lies in the zones whose shape holds it.
 */
export const zoneSchema = z.looseObject({
  id: idSchema,
  geofence_id: z.string().optional(),
  geometry: z.record(z.string(), z.unknown()).optional(),
});

export const optimizationRequestSchema = z.looseObject({
  description: z.string().max(1024).optional(),
  locations: locationsSchema,
  vehicles: z.array(vehicleSchema).min(1).max(MAX_VEHICLES),
  jobs: z.array(jobSchema).max(MAX_TASKS).optional(),
  shipments: z
    .array(shipmentSchema)
    .max(MAX_TASKS / 2)
    .optional(),
  /** Named start places: a route's depot is the one at its vehicle's start; jobs bind to them by depot_ids. */
  depots: z.array(depotSchema).max(MAX_DEPOTS).optional(),
  relations: z.array(relationSchema).max(MAX_RELATIONS).optional(),
  options: optionsSchema.optional(),
  cost_matrix: matrix().optional(),
  duration_matrix: matrix().optional(),
  distance_matrix: matrix().optional(),
  /** An earlier plan to start the search from. */
  solution: z.array(initialRouteSchema).max(MAX_VEHICLES).optional(),
  /**
   * Tasks the earlier plan left out: [pickup id, delivery id] pairs for shipments. Nothing more is
   * needed from it (every task not in `solution` is inserted anyway); unknown ids are warned.
   */
  unassigned: z
    .looseObject({
      jobs: z.array(idSchema).max(MAX_TASKS).optional(),
      shipments: z.array(z.array(idSchema).max(2)).max(MAX_TASKS).optional(),
    })
    .optional(),
  /** Declared zones: with them, every zone id a task or vehicle names must be declared (zone-shapes.ts). */
  zones: z.array(zoneSchema).max(MAX_ZONES).optional(),
  /** A completed job of the same caller whose routes start the search (unless `solution` is given). */
  existing_solution_id: z.string().optional(),
});

export type OptimizationRequest = z.output<typeof optimizationRequestSchema>;
export type VehicleInput = z.output<typeof vehicleSchema>;
export type JobInput = z.output<typeof jobSchema>;
export type ShipmentInput = z.output<typeof shipmentSchema>;
export type RelationInput = z.output<typeof relationSchema>;
export type WebhookOptions = z.output<typeof webhookSchema>;

/** `modify` is an array in the seed's form and a single object in the client's; both are accepted. */
const changes = <T extends z.ZodType, R extends z.ZodType>(item: T, removeId: R, max: number) =>
  z
    .looseObject({
      add: z.array(item).max(max).optional(),
      modify: z.union([z.array(item).max(max), item]).optional(),
      remove: z.array(removeId).max(max).optional(),
    })
    .optional();

/** Removal entries: an id, or an object carrying one (`{id}`; a shipment's `{pickup: {id}}`, its pickup id). */
const removeId = z.union([idSchema, z.looseObject({ id: idSchema })]);
const removeShipmentId = z.union([idSchema, z.looseObject({ id: idSchema }), z.looseObject({ pickup: z.looseObject({ id: idSchema }) })]);
export type RemovalInput = z.output<typeof removeShipmentId>;

export const reOptimizationSchema = z.looseObject({
  existing_request_id: z.string().min(1).max(128),
  description: z.string().max(1024).optional(),
  vehicle_changes: changes(vehicleSchema, removeId, MAX_VEHICLES),
  job_changes: changes(jobSchema, removeId, MAX_TASKS),
  shipment_changes: changes(shipmentSchema, removeShipmentId, MAX_TASKS / 2),
  /** Replaces the original list; new points are appended at the end. */
  locations: z.union([z.array(z.string()).min(1).max(MAX_LOCATIONS), locationsSchema]).optional(),
  options: z.looseObject({ webhook: webhookSchema.optional() }).optional(),
});

export type ReOptimizationRequest = z.output<typeof reOptimizationSchema>;

export const resultQuerySchema = z.object({
  key: z.string().optional(),
  id: z.string().min(1).max(128),
});
