import { z } from 'zod';

// Route optimization v2 request shapes (spec 001 §2, api-shapes §3). The one source of the
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

/** Seed 001 §8. */
export const MAX_LOCATIONS = 4000;
export const MAX_TASKS = 4000;
export const MAX_TRUCK_WEIGHT_KG = 100_000;
export const MAX_TRUCK_SIZE_CM = { height: 1000, width: 5000, length: 5000 } as const;
export const MAX_AVOID_BBOX_PERIMETER_KM = 500;
export const MAX_PRIORITY = 100;
export const WEBHOOK_EVENTS = ['JOB_CREATED', 'JOB_COMPLETED', 'JOB_FAILED'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * A matrix is checked by the problem validator in one pass (a zod issue per bad cell of a
 * 4000 x 4000 matrix would be 16 million issues); here only "an array".
 */
const matrix = () => z.custom<number[][]>((v) => Array.isArray(v), { message: 'must be an array of rows (n x n non-negative integers)' });

export const locationsSchema = z.object({
  id: int().optional(),
  location: z.array(z.string()).min(1).max(MAX_LOCATIONS),
});

export const breakSchema = z.object({
  id: int(),
  time_windows: z.array(timeWindowSchema).min(1),
  service: nonNegInt().optional(),
});

export const vehicleSchema = z.object({
  id: int(),
  description: z.string().optional(),
  start_index: nonNegInt().optional(),
  end_index: nonNegInt().optional(),
  capacity: amounts().optional(),
  time_window: timeWindowSchema.optional(),
  skills: skills().optional(),
  max_tasks: nonNegInt().optional(),
  max_travel_time: nonNegInt().optional(),
  max_distance: nonNegInt().optional(),
  max_working_time: nonNegInt().optional(),
  breaks: z.array(breakSchema).optional(),
  costs: z.object({ fixed: nonNeg().optional(), per_hour: nonNeg().optional(), per_km: nonNeg().optional() }).optional(),
  max_travel_cost: nonNeg().optional(),
  profile: z.string().min(1).max(64).optional(),
  metadata: metadata().optional(),
});

export const jobSchema = z.object({
  id: int(),
  location_index: nonNegInt(),
  description: z.string().optional(),
  service: nonNegInt().optional(),
  setup: nonNegInt().optional(),
  delivery: amounts().optional(),
  pickup: amounts().optional(),
  time_windows: z.array(timeWindowSchema).optional(),
  skills: skills().optional(),
  priority: int().min(0).max(MAX_PRIORITY).optional(),
  metadata: metadata().optional(),
});

export const shipmentStepSchema = z.object({
  /** The delivery step's id defaults to (and must equal) its pickup's id (seed 001 §2). */
  id: int().optional(),
  location_index: nonNegInt(),
  service: nonNegInt().optional(),
  setup: nonNegInt().optional(),
  time_windows: z.array(timeWindowSchema).optional(),
  description: z.string().optional(),
});

export const shipmentSchema = z.object({
  pickup: shipmentStepSchema.extend({ id: int() }),
  delivery: shipmentStepSchema,
  amount: amounts().optional(),
  skills: skills().optional(),
  priority: int().min(0).max(MAX_PRIORITY).optional(),
  max_time_in_vehicle: nonNegInt().optional(),
  metadata: metadata().optional(),
});

export const RELATION_TYPES = ['in_same_route', 'in_sequence', 'in_direct_sequence', 'precedence', 'pinned'] as const;
export const STEP_TYPES = ['start', 'end', 'job', 'pickup', 'delivery'] as const;

export const relationSchema = z.object({
  type: z.enum(RELATION_TYPES),
  steps: z.array(z.object({ type: z.enum(STEP_TYPES), id: int().optional() })).min(1),
  vehicle: int().optional(),
  min_duration: nonNegInt().optional(),
  max_duration: nonNegInt().optional(),
});

export const webhookSchema = z.object({
  url: z.string().min(1).max(2048),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).optional(),
  timeout: int().min(1).max(60).optional(),
});

export const routingSchema = z.object({
  mode: z.enum(['car', 'truck']).optional(),
  traffic_timestamp: nonNegInt().optional(),
  /** "height,width,length" in cm (api-shapes §3); an array of the three numbers is accepted too. */
  truck_size: z.union([z.string(), z.array(z.number())]).optional(),
  truck_weight: nonNeg().max(MAX_TRUCK_WEIGHT_KG).optional(),
  /** toll, highway, ferry, "bbox: minLat,minLon,maxLat,maxLon", ...; a "|"-joined string is accepted. */
  avoid: z.union([z.array(z.string()), z.string()]).optional(),
  profiles: z.record(z.string().min(1).max(64), z.object({ mode: z.enum(['car', 'truck']).optional() }).loose()).optional(),
});

export const optionsSchema = z.object({
  objective: z
    .object({
      travel_cost: z.enum(['duration', 'distance', 'air_distance', 'customized']).optional(),
      custom: z
        .object({
          type: z.enum(['min', 'min-max']),
          value: z.enum(['vehicles', 'completion_time', 'tasks', 'travel_cost']),
        })
        .optional(),
      /** Seconds the solver may search; capped by the worker's own time budget. */
      solving_time_limit: int().min(1).max(3600).optional(),
    })
    .optional(),
  constraint: z
    .object({
      max_vehicle_overtime: nonNegInt().optional(),
      vehicle_overtime_penalty: nonNeg().optional(),
      max_visit_lateness: nonNegInt().optional(),
      visit_lateness_penalty: nonNeg().optional(),
      max_activity_waiting_time: nonNegInt().optional(),
    })
    .optional(),
  routing: routingSchema.optional(),
  webhook: webhookSchema.optional(),
});

export const initialRouteSchema = z.object({
  vehicle: int(),
  steps: z.array(z.object({ type: z.enum([...STEP_TYPES, 'break']), id: int().optional() })),
});

export const optimizationRequestSchema = z.object({
  description: z.string().max(1024).optional(),
  locations: locationsSchema,
  vehicles: z.array(vehicleSchema).min(1),
  jobs: z.array(jobSchema).optional(),
  shipments: z.array(shipmentSchema).optional(),
  depots: z
    .array(z.unknown())
    .refine((d) => d.length === 0, { message: 'is not supported by Waymark yet (depots); give vehicles start_index/end_index' })
    .optional(),
  relations: z.array(relationSchema).optional(),
  options: optionsSchema.optional(),
  cost_matrix: matrix().optional(),
  duration_matrix: matrix().optional(),
  distance_matrix: matrix().optional(),
  /** An earlier plan to start the search from (api-shapes §3). */
  solution: z.array(initialRouteSchema).optional(),
  /** Tasks the earlier plan left out; accepted and not needed (they are in jobs/shipments). */
  unassigned: z.unknown().optional(),
});

export type OptimizationRequest = z.output<typeof optimizationRequestSchema>;
export type VehicleInput = z.output<typeof vehicleSchema>;
export type JobInput = z.output<typeof jobSchema>;
export type ShipmentInput = z.output<typeof shipmentSchema>;
export type RelationInput = z.output<typeof relationSchema>;
export type WebhookOptions = z.output<typeof webhookSchema>;

const changes = <T extends z.ZodType, R extends z.ZodType>(item: T, removeId: R) =>
  z
    .object({
      add: z.array(item).optional(),
      modify: z.array(item).optional(),
      remove: z.array(removeId).optional(),
    })
    .optional();

/** Removal entries: an id, or an object carrying one (`{id}`; a shipment's `{pickup: {id}}`). */
const removeId = z.union([int(), z.object({ id: int() }).loose()]);
const removeShipmentId = z.union([int(), z.object({ id: int() }).loose(), z.object({ pickup: z.object({ id: int() }).loose() }).loose()]);

export const reOptimizationSchema = z.object({
  existing_request_id: z.string().min(1).max(128),
  description: z.string().max(1024).optional(),
  vehicle_changes: changes(vehicleSchema, removeId),
  job_changes: changes(jobSchema, removeId),
  shipment_changes: changes(shipmentSchema, removeShipmentId),
  /** Replaces the original list; new points are appended at the end. */
  locations: z.union([z.array(z.string()).min(1).max(MAX_LOCATIONS), locationsSchema]).optional(),
  options: z.object({ webhook: webhookSchema.optional() }).optional(),
});

export type ReOptimizationRequest = z.output<typeof reOptimizationSchema>;

export const resultQuerySchema = z.object({
  key: z.string().optional(),
  id: z.string().min(1).max(128),
});
