// Vehicles in the model: capacity, the moment a route may leave its start (depot opening and
// loading included), breaks, limits, the matrices of its profile and a signature for spotting
// interchangeable empty vehicles.
import type { SolverDepot, SolverRequest, SolverVehicle } from '../types';
import { capacityConfigs } from './capacities';
import type { Matrix, ProblemMatrices } from './matrices';
import { layoverOf, type LayoverModel } from '../routes/layovers';
import { shiftsOf, type Shift } from './shifts';

const INF = Number.POSITIVE_INFINITY;

export interface BreakModel {
  id: number;
  twStart: number[];
  twEnd: number[];
  service: number;
}

export interface VehicleModel {
  index: number;
  id: number;
  start: number; // location index, -1 for an open start
  end: number; // location index, -1 for an open end
  cap: Int32Array;
  /** Alternative capacities: the configurations (`cap` is their per-dimension maximum), else null. */
  configs: Int32Array[] | null;
  /** When the vehicle may leave its start: its window start, or a depot's opening, plus the depot's service. */
  twStart: number;
  /** Loading time at a depot start (the depot's service), already inside twStart. */
  startService: number;
  twEnd: number; // hard end, overtime allowance included
  twEndSoft: number; // the window end itself; beyond it overtime is charged
  maxTasks: number;
  /** Most stops (runs of consecutive tasks at one location). */
  maxStops: number;
  /**
   * Most runs (trips) from the start depot: 1, or max_depot_runs for a vehicle starting at a
   * depot. Between runs the vehicle goes back to that depot to unload and reload.
   */
  maxRuns: number;
  /** Shifts in order (routes/shifts.ts): one run at most in each; null without. */
  shifts: Shift[] | null;
  /** A reload at the start depot: its loading time and its opening windows (sorted; empty: always open). */
  reloadService: number;
  reloadWindows: [number, number][];
  maxTravelTime: number;
  maxDistance: number;
  maxWorkingTime: number;
  /**
   * The latest a route may end: the hard end, tightened by the working time. Without shifts the
   * clock runs from the route's fixed start (twStart less its loading), so a working-time limit is
   * an end time, and the O(1) checks of plain problems keep it as they keep the window (routeEndBy).
   */
  endBy: number;
  maxTravelCost: number;
  fixed: number;
  /** Paid per order served: a job, or a shipment (its pickup and delivery together). */
  perOrder: number;
  /** Soft limits on the empty first and last legs and their penalties per unit over; null without limits. */
  deadhead: { maxDistance: number; maxDuration: number; distancePenalty: number; durationPenalty: number } | null;
  /** Least drop-off per stop with job deliveries, and its penalties; null without one. */
  minStopLoad: { min: number[]; fixed: number; unit: number[] } | null;
  breaks: BreakModel[];
  /** layover_config, or null. */
  layover: LayoverModel | null;
  dur: Matrix;
  dist: Matrix;
  cost: Matrix;
  /**
   * `dur` and `cost` transposed (the same arrays when symmetric): the insertion scans read the
   * arcs into one location from many along one row, not down a column (a cache miss each).
   */
  durT: Matrix;
  costT: Matrix;
  /** Vehicles with equal signatures are interchangeable when empty. */
  signature: string;
  /** With candidate depots (model/depot-choice.ts): the ones this model of the vehicle uses. */
  depots?: DepotVariant;
}

/** Depot choice (model/depot-choice.ts): the candidates of one vehicle, shared by all its variants. */
export interface DepotChoice {
  /** Depot positions (in `req.depots`) a route may start at; [-1] when the start is fixed. */
  starts: number[];
  /** Depot positions a route may end at; [-1] when the end is fixed. */
  ends: number[];
  /** The vehicle as built without a choice (its own start and end, if any). */
  base: VehicleModel;
  vehicle: SolverVehicle;
  depots: SolverDepot[];
  variants: Map<number, VehicleModel>;
}

/** Which candidates a variant uses (-1: the vehicle's own fixed start or end). */
export interface DepotVariant {
  choice: DepotChoice;
  start: number;
  end: number;
}

/** `maxOver`: the overtime allowance past every vehicle's window end. */
export function buildVehicles(req: SolverRequest, matrices: ProblemMatrices, dims: number, maxOver: number): VehicleModel[] {
  return req.vehicles.map((v, index) => vehicleModel(req, v, index, matrices, dims, maxOver));
}

function vehicleModel(req: SolverRequest, v: SolverVehicle, index: number, matrices: ProblemMatrices, dims: number, maxOver: number) {
  const p = v.profile ?? matrices.defaultProfile;
  const f = matrices.travel(p, v.speed_factor);
  const depot = v.start_index === undefined ? undefined : req.depots?.find((d) => d.location_index === v.start_index);
  const { twStart, startService } = startWindow(depot, v);
  const twEndSoft = v.time_window?.[1] ?? INF;
  const cost = matrices.cost(v, p);
  const shifts = shiftsOf(v);
  const alt = capacityConfigs(v, dims);
  const m: VehicleModel = {
    index,
    id: v.id,
    start: v.start_index ?? -1,
    end: v.end_index ?? -1,
    cap: alt?.cap ?? capacityOf(v, dims),
    configs: alt?.configs ?? null,
    twStart,
    startService,
    twEnd: twEndSoft + maxOver,
    twEndSoft,
    maxTasks: v.max_tasks ?? INF,
    maxStops: v.max_stops ?? INF,
    maxRuns: shifts ? shifts.length : depot ? Math.max(1, v.max_depot_runs ?? 1) : 1,
    shifts,
    reloadService: depot?.service ?? 0,
    reloadWindows: [...(depot?.time_windows ?? [])].sort((a, b) => a[0] - b[0]),
    maxTravelTime: v.max_travel_time ?? INF,
    maxDistance: v.max_distance ?? INF,
    maxWorkingTime: v.max_working_time ?? INF,
    endBy: INF,
    maxTravelCost: v.max_travel_cost ?? INF,
    fixed: v.costs?.fixed ?? 0,
    perOrder: v.costs?.per_order ?? 0,
    deadhead: deadheadOf(v),
    minStopLoad: minStopLoadOf(v),
    breaks: breaksOf(v),
    layover: layoverOf(v),
    dur: f.dur,
    dist: f.dist,
    cost,
    durT: matrices.transposeOf(f.dur),
    costT: matrices.transposeOf(cost),
    signature: '',
  };
  m.signature = signatureOf(v, p, m);
  m.endBy = routeEndBy(m);
  return m;
}

/** See VehicleModel.endBy; with shifts the clock stops between them, so only the window counts. */
export function routeEndBy(m: VehicleModel): number {
  if (m.shifts) return m.twEnd;
  return Math.min(m.twEnd, m.twStart - m.startService + m.maxWorkingTime);
}

function deadheadOf(v: SolverVehicle): VehicleModel['deadhead'] {
  if (v.max_deadhead_distance === undefined && v.max_deadhead_duration === undefined) return null;
  return {
    maxDistance: v.max_deadhead_distance ?? INF,
    maxDuration: v.max_deadhead_duration ?? INF,
    distancePenalty: v.costs?.deadhead_distance_penalty ?? 1,
    durationPenalty: v.costs?.deadhead_duration_penalty ?? 1,
  };
}

function minStopLoadOf(v: SolverVehicle): VehicleModel['minStopLoad'] {
  const min = v.min_stop_load;
  if (!min?.some((x) => x > 0)) return null;
  const unit = v.costs?.min_stop_load_unit_penalty ?? 1;
  return {
    min,
    fixed: v.costs?.min_stop_load_fixed_penalty ?? 0,
    unit: min.map((_, d) => (typeof unit === 'number' ? unit : (unit[d] ?? 0))),
  };
}

/** A dimension the vehicle lists no capacity for holds nothing; no capacity at all, anything. */
function capacityOf(v: SolverVehicle, dims: number): Int32Array {
  const cap = new Int32Array(dims);
  for (let d = 0; d < dims; d++) cap[d] = v.capacity?.[d] ?? (v.capacity ? 0 : 2147483647);
  return cap;
}

/** A route from a depot waits for its opening, then loads for the depot's service time. */
function startWindow(depot: SolverDepot | undefined, v: SolverVehicle): { twStart: number; startService: number } {
  const startService = depot?.service ?? 0;
  return { twStart: depotOpening(depot?.time_windows, v.time_window?.[0] ?? 0) + startService, startService };
}

/** The first moment at or after `from` within a depot's opening windows (none: `from`; all past: never). */
export function depotOpening(windows: [number, number][] | undefined, from: number): number {
  if (!windows?.length) return from;
  let best = INF;
  for (const [a, b] of windows) if (b >= from) best = Math.min(best, Math.max(a, from));
  return best;
}

/** Breaks in order of their first window, each with its windows in order. */
function breaksOf(v: SolverVehicle): BreakModel[] {
  const breaks = (v.breaks ?? []).map((b) => {
    const w = [...(b.time_windows ?? [[-INF, INF]])].sort((a, c) => a[0] - c[0]);
    return { id: b.id, twStart: w.map((x) => x[0]), twEnd: w.map((x) => x[1]), service: b.service ?? 0 };
  });
  breaks.sort((a, b) => a.twStart[0] - b.twStart[0]);
  return breaks;
}

/** Everything that makes an empty vehicle serve differently; ids and metadata left out. */
function signatureOf(v: SolverVehicle, profile: string, m: VehicleModel): string {
  return JSON.stringify([
    profile,
    m.start,
    m.end,
    v.capacity,
    v.time_window,
    [...(v.skills ?? [])].sort(),
    v.max_tasks,
    v.max_travel_time,
    v.max_distance,
    v.max_working_time,
    v.breaks,
    v.costs,
    v.max_travel_cost,
    v.zones,
    v.volume,
    ...(v.max_stops === undefined ? [] : [v.max_stops]),
    ...(v.speed_factor === undefined ? [] : [`speed ${v.speed_factor}`]),
    ...(m.maxRuns === 1 ? [] : [`runs ${m.maxRuns}`]),
    ...(m.layover ? [m.layover] : []),
    ...(m.shifts ? [`shifts ${JSON.stringify(m.shifts)}`] : []),
    ...(v.alternative_capacities === undefined ? [] : [v.alternative_capacities]),
    ...(m.deadhead === null ? [] : [`deadhead ${v.max_deadhead_distance} ${v.max_deadhead_duration}`]),
    ...(m.minStopLoad === null ? [] : [`min stop load ${JSON.stringify(v.min_stop_load)}`]),
  ]);
}
