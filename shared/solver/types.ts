// Public types of the solver: the API's optimization request shape (already validated by the
// service, locations parsed), the resolved matrices, the options, and the `result` shape.
import type { LatLonPair } from '../geo/types';

export type Window = [number, number];
export type Metadata = Record<string, unknown>;

/** Cargo sizes (any one length unit); an item's alignment says how it may be turned. */
export interface Volume {
  width?: number;
  height?: number;
  depth?: number;
  /** `strict`: as given; `parallel` / `fixed_bottom`: upright, may turn on the floor; else any way. */
  alignment?: string;
}

export interface SolverVehicle {
  id: number;
  description?: string;
  start_index?: number;
  end_index?: number;
  capacity?: number[];
  /** Other configurations the vehicle may be loaded in; a route adopts one (`adopted_capacity`). */
  alternative_capacities?: number[][];
  time_window?: Window;
  skills?: number[];
  max_tasks?: number;
  /** Stops: a run of consecutive tasks at one location counts once. */
  max_stops?: number;
  /** Travel durations are divided by it (rounded to whole seconds); distances stay. */
  speed_factor?: number;
  /** Candidate depots (ids of `depots`) the route may start at; the search picks one. */
  start_depot_ids?: number[];
  /** Candidate depots the route may end at. */
  end_depot_ids?: number[];
  /** Trips (runs) from the start depot: the vehicle may come back to reload this many times less one. */
  max_depot_runs?: number;
  /** Working windows [start, end] in a day (Waymark's own field): one run at most in each, in order. */
  shifts?: Window[];
  /** Most driving (plus work with include_service_time) between two rests of layover_duration. */
  layover_config?: { max_continuous_time: number; layover_duration: number; include_service_time?: boolean };
  max_travel_time?: number;
  max_distance?: number;
  max_working_time?: number;
  breaks?: { id: number; time_windows: Window[]; service?: number }[];
  /** `per_order`: paid for each job or shipment the vehicle serves. */
  costs?: {
    fixed?: number;
    per_hour?: number;
    per_km?: number;
    per_order?: number;
    /** Per metre / second an empty first or last leg runs past its limit (default 1). */
    deadhead_distance_penalty?: number;
    deadhead_duration_penalty?: number;
    /** A stop dropping less than min_stop_load: once per stop, and per unit short (per dimension). */
    min_stop_load_fixed_penalty?: number;
    min_stop_load_unit_penalty?: number | number[];
  };
  /** Least each stop with job deliveries should drop off, per dimension (soft). */
  min_stop_load?: number[];
  /** Soft limits on each empty first and last leg (deadhead), in metres and seconds. */
  max_deadhead_distance?: number;
  max_deadhead_duration?: number;
  max_travel_cost?: number;
  profile?: string;
  metadata?: Metadata;
  /** Zones the vehicle works in: it serves only tasks that share one of them. */
  zones?: number[];
  /** The cargo compartment. */
  volume?: Volume;
}

/** Fields a job and a shipment share beyond the seed's model. */
export interface TaskRules {
  /** Earned when the task is served (profit objective). */
  revenue?: number;
  /** The task may be left unassigned at this cost instead of being served. */
  outsourcing_cost?: number;
  /** Kinds of goods the task carries. */
  load_types?: string[];
  /** Kinds of goods that may not be on board while this task's goods are. */
  incompatible_load_types?: string[];
  /** Zones the task lies in: only a vehicle sharing one of them serves it. */
  zones?: number[];
  /** The task's goods: they must fit the compartment, and their volume counts against it. */
  volume?: Volume;
  /** Tasks sharing a joint order are all served (on any routes) or none of them is. */
  joint_order?: number;
}

/** Fields of one visit (a job, a pickup, a delivery). */
export interface VisitRules {
  /** Lateness this visit may have past its window end (soft; replaces the global allowance). */
  max_visit_lateness?: number;
  /** Visits carrying one are served on a route in non-decreasing order of it. */
  sequence_order?: number;
}

/** `jobs[].split`: the job may be served in parts by several vehicles (model/splits.ts). */
export interface JobSplit {
  can_be_split?: boolean;
  /** At most this many parts. */
  max_split?: number;
  /** The least share of the job's goods each part carries, in percent. */
  quant?: number;
}

export interface SolverJob extends TaskRules, VisitRules {
  split?: JobSplit;
  /** Depots (ids of `depots`) the job is loaded at: only a vehicle starting at one serves it. */
  depot_ids?: number[];
  id: number;
  location_index: number;
  description?: string;
  service?: number;
  setup?: number;
  delivery?: number[];
  pickup?: number[];
  time_windows?: Window[];
  skills?: number[];
  priority?: number;
  metadata?: Metadata;
}

export interface SolverShipmentStep extends VisitRules {
  id: number;
  location_index: number;
  service?: number;
  setup?: number;
  time_windows?: Window[];
  description?: string;
}

export interface SolverShipment extends TaskRules {
  pickup: SolverShipmentStep;
  delivery: SolverShipmentStep;
  amount?: number[];
  skills?: number[];
  priority?: number;
  max_time_in_vehicle?: number;
  metadata?: Metadata;
  /** Delivered only once every shipment picked up after it has been delivered. */
  follow_lifo_order?: boolean;
}

export type StepType = 'start' | 'end' | 'job' | 'pickup' | 'delivery';

export interface SolverRelation {
  type: 'in_same_route' | 'in_sequence' | 'in_direct_sequence' | 'precedence' | 'pinned';
  steps: { type: StepType; id?: number }[];
  vehicle?: number;
  min_duration?: number;
  max_duration?: number;
}

export interface SolverOptions {
  objective?: {
    travel_cost?: 'duration' | 'distance' | 'air_distance' | 'customized';
    custom?: { type: 'min' | 'min-max'; value: 'vehicles' | 'completion_time' | 'tasks' | 'travel_cost' };
    /** false: a vehicle leaves its previous stop late enough to arrive when the window opens. */
    allow_early_arrival?: boolean;
    /** Fewer distinct start depots among the used vehicles, right after fewer unassigned tasks. */
    minimise_num_depots?: boolean;
  };
  /** Jobs within grouping_diameter metres of each other go on one route, one after another. */
  grouping?: { order_grouping?: { grouping_diameter?: number } };
  constraint?: {
    max_vehicle_overtime?: number;
    vehicle_overtime_penalty?: number;
    max_visit_lateness?: number;
    visit_lateness_penalty?: number;
    max_activity_waiting_time?: number;
  };
}

/** An earlier plan: ordered steps per vehicle (start/end/break steps are ignored). */
export interface InitialRoute {
  vehicle: number;
  steps: { type: StepType | 'break'; id?: number }[];
}

/** A named start place: a route starting there loads for `service` s within one of its windows. */
export interface SolverDepot {
  id: number;
  location_index: number;
  service?: number;
  time_windows?: Window[];
}

export interface SolverRequest {
  description?: string;
  /** Parsed `locations.location`: index i is location_index i. */
  locations: LatLonPair[];
  vehicles: SolverVehicle[];
  jobs?: SolverJob[];
  shipments?: SolverShipment[];
  relations?: SolverRelation[];
  options?: SolverOptions;
  /** Named places vehicles start from; a route's depot is the one at its vehicle's start. */
  depots?: SolverDepot[];
  /** Routes to start the search from (re-optimization). */
  solution?: InitialRoute[];
}

export interface ProfileMatrices {
  durations: ArrayLike<ArrayLike<number>>;
  distances: ArrayLike<ArrayLike<number>>;
  /** The customized cost matrix; used when travel_cost is `customized`. */
  costs?: ArrayLike<ArrayLike<number>>;
}

/** Per routing profile; a vehicle without `profile` uses `car`, else the first profile given. */
export type SolverMatrices = Record<string, ProfileMatrices>;

export interface SolveOptions {
  /** Absolute time (same unit/epoch as `clock`) at which the search must stop. */
  deadlineMs: number;
  clock: () => number;
  seed?: number;
  /** Stop after this many ruin-and-recreate iterations (tests, reproducibility). */
  maxIterations?: number;
  /**
   * The search: `sisr` (default) ruin-and-recreate under annealing; `hgs` the hybrid genetic
   * search, for the plain VRPTW only (other problems, or no feasible solution found, fall back to
   * `sisr`); `auto` the hybrid genetic search where the budget is long enough for the task count
   * (`hgsLeastBudgetMs`: cubic in the tasks), else `sisr` (the measured crossover: docs/solver/design.md#hybrid-genetic-search-hgs).
   */
  engine?: 'sisr' | 'hgs' | 'auto';
  /**
   * Searches running side by side (shared/solver-threads). Ruin-and-recreate meets the others
   * each time it goes back to its best solution (each offers that best and continues from the
   * best offered); on a large problem they split its routes instead (see `regions.ts`).
   * Omitted: the search is alone.
   */
  team?: SearchTeam;
  /** Sizes at which the behaviour switches (tests); omitted ones keep their defaults (`thresholds.ts`). */
  thresholds?: Partial<SizeThresholds>;
}

/** Problem sizes at which the solver changes what it does (defaults in `thresholds.ts`). */
export interface SizeThresholds {
  /** Under `engine: 'auto'`, the least budget (ms) at which the genetic search runs on 100 tasks. */
  hgsLeastMsAt100Tasks: number;
  /** Searches side by side split a problem of at least this many tasks per search... */
  splitLeastTasksPerSearch: number;
  /** ...and at least this many used routes per search. */
  leastRoutesPerRegion: number;
  /** Past this many used routes, the recreate tries a task only in its neighbours' routes. */
  granularRoutes: number;
  /** Neighbours per task that count as near for the insertion bound (`near-bound.ts`). */
  nearNeighbours: number;
}

/** A solution between searches of the same request: the used routes by vehicle index. */
export interface OfferedSolution {
  /** The solver's objective levels, in its comparison order (unassigned priority, unassigned, depots, custom, cost). */
  objective: [number, number, number, number, number];
  routes: { vehicle: number; tasks: number[] }[];
}

/** One search's side of a team of searches of the same request. */
export interface SearchTeam {
  /** This search's index, 0 .. size - 1. */
  member: number;
  size: number;
  /**
   * Takes this search's offer and returns every member's offer of this round, by member; null
   * once a member did not come in time (this search is then alone for good).
   */
  meet: (offer: OfferedSolution) => OfferedSolution[] | null;
  /**
   * The team's one shared end of a phase that has no fixed length (the fleet objective's route
   * minimisation), so that its members end it together and meet at once after it. `wish`: 'go'
   * while this search's own rule would go on, 'end' once it would stop (a vote that stays cast),
   * 'all' when no member can do better (it ends the phase for everyone). True once the phase is
   * over: every member voted, one ended it for all, or the team broke up (each search then
   * follows its own rule). Omitted: each search follows its own rule.
   */
  endPhase?: (wish: 'go' | 'end' | 'all') => boolean;
}

export interface ResultStep {
  type: StepType | 'break' | 'layover';
  id?: number;
  arrival: number;
  duration: number;
  distance: number;
  setup: number;
  service: number;
  waiting_time: number;
  location?: LatLonPair;
  location_index?: number;
  load: number[];
  description?: string;
  metadata?: Metadata;
  /** Lateness past the window end (soft constraint max_visit_lateness), when non-zero. */
  late_by?: number;
  /** On a start or end step at a depot: that depot's id. */
  depot?: number;
  /** On every step of a vehicle with max_depot_runs above 1: the 1-based run (trip) it belongs to. */
  run?: number;
  /** On a step serving one part of a split job: the part's number (1-based) and its goods. */
  split_indicator?: number;
  delivery?: number[];
  pickup?: number[];
}

export interface ResultRoute {
  vehicle: number;
  cost: number;
  description?: string;
  setup: number;
  service: number;
  duration: number;
  waiting_time: number;
  priority: number;
  distance: number;
  delivery: number[];
  pickup: number[];
  metadata?: Metadata;
  steps: ResultStep[];
  /** Overtime past the vehicle window end (soft constraint max_vehicle_overtime), when non-zero. */
  overtime?: number;
  /** Revenue of the route's tasks, when any task has one. */
  revenue?: number;
  /** The capacity configuration the route is loaded in, for a vehicle with alternative_capacities. */
  adopted_capacity?: number[];
}

export type UnassignedReason =
  | 'skills'
  | 'capacity'
  | 'time_window'
  | 'max_tasks'
  | 'max_stops'
  | 'max_depot_runs'
  | 'max_continuous_time'
  | 'max_distance'
  | 'max_travel_time'
  | 'max_travel_cost'
  | 'relation'
  | 'break'
  | 'unprofitable'
  | 'outsourced'
  | 'zone'
  | 'depot'
  | 'volume'
  | 'grouping'
  | 'sequence_order'
  | 'load_type'
  | 'lifo'
  | 'joint_order'
  | 'split';

export interface ResultUnassigned {
  id: number;
  type: 'job' | 'pickup' | 'delivery';
  location: LatLonPair;
  location_index: number;
  reason: UnassignedReason;
}

export interface SolverResult {
  code: number;
  summary: {
    cost: number;
    routes: number;
    unassigned: number;
    setup: number;
    service: number;
    duration: number;
    waiting_time: number;
    priority: number;
    distance: number;
    delivery: number[];
    pickup: number[];
    /** Sum of visit lateness and vehicle overtime (soft constraints), when non-zero. */
    lateness?: number;
    overtime?: number;
    /** Revenue of the served tasks, when any task has one. */
    revenue?: number;
  };
  routes: ResultRoute[];
  unassigned: ResultUnassigned[];
}
