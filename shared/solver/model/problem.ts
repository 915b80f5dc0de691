// The normalized internal model: tasks (a job is one task, a shipment two adjacent tasks) and
// vehicles in flat typed arrays so the hot path never touches the request objects.
import { greatCircleMeters } from '../../geo/sphere';
import { SolverError } from '../errors';
import { checkGroupsServable, orderGroups } from './groups';
import { buildTaskRules, depotAllows, zonesMatch, type TaskRulesModel } from './task-rules';
import { buildVolume, type VolumeModel } from './volume';
import type { SolverMatrices, SolverRequest, SolverVehicle, StepType } from '../types';

export const KIND_JOB = 0;
export const KIND_PICKUP = 1;
export const KIND_DELIVERY = 2;

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
  /** When the vehicle may leave its start: its window start, or a depot's opening, plus the depot's service. */
  twStart: number;
  /** Loading time at a depot start (the depot's service), already inside twStart. */
  startService: number;
  twEnd: number; // hard end, overtime allowance included
  twEndSoft: number; // the window end itself; beyond it overtime is charged
  maxTasks: number;
  maxTravelTime: number;
  maxDistance: number;
  maxWorkingTime: number;
  maxTravelCost: number;
  fixed: number;
  breaks: BreakModel[];
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
}

export interface RelationModel {
  type: 'in_same_route' | 'in_sequence' | 'in_direct_sequence' | 'precedence' | 'pinned';
  /** Task indices in relation order; -1 = route start, -2 = route end. */
  steps: number[];
  vehicle: number; // vehicle index or -1
  minDuration: number;
  maxDuration: number;
}

export interface Problem {
  nLoc: number;
  /** Load dimensions: the request's, then cargo volume when a task has one. */
  dims: number;
  /** The request's own dimensions: the ones a result reports. */
  shownDims: number;
  volume: VolumeModel | null;
  nTasks: number;
  kind: Uint8Array;
  loc: Int32Array;
  service: Float64Array;
  setup: Float64Array;
  twOff: Int32Array;
  twStart: Float64Array;
  twEnd: Float64Array; // hard end (lateness allowance included)
  twEndSoft: Float64Array;
  startLoad: Int32Array; // per task x dim: carried from the route start up to the task
  delta: Int32Array; // per task x dim: load change at the task
  priority: Int32Array;
  pair: Int32Array; // the other half of a shipment, -1 for jobs
  maxInVehicle: Float64Array;
  allowed: Uint8Array; // task x vehicle: skills and pinning
  relaxTw: Uint8Array; // relation steps may break their windows
  waitLimited: Uint8Array; // max_activity_waiting_time applies (in_same_route steps)
  group: Int32Array; // tasks tied to one route by relations or order grouping share a group, else -1
  /** Order groups (also in `group`), served one after another; null without order grouping. */
  orderGroup: Int32Array | null;
  taskRelations: number[][];
  relations: RelationModel[];
  vehicles: VehicleModel[];
  maxWait: number;
  latenessPenalty: number;
  overtimePenalty: number;
  custom: { type: 'min' | 'min-max'; value: string } | null;
  /** Only windows, capacity and route totals: the O(1) checks are exact. */
  simple: boolean;
  ids: number[];
  /** Profit, sequence orders, per-visit lateness, cargo and zones. */
  rules: TaskRulesModel;
  request: SolverRequest;
}

const INF = Number.POSITIVE_INFINITY;

/**
 * A flattened n x n matrix: 32-bit where every entry is held exactly (whole seconds and metres
 * below 2^24 are), else 64-bit. The insertion scans read a matrix row per task and wait on memory
 * more than they compute, so half the bytes is more iterations (README "Matrices in 32 bits").
 */
export type Matrix = Float32Array | Float64Array;

function flatten(m: ArrayLike<ArrayLike<number>>, n: number, what: string): Matrix {
  if (m.length !== n) throw new SolverError('matrix', `${what} has ${m.length} rows, expected ${n}`);
  for (let i = 0; i < n; i++) if (m[i].length !== n) throw new SolverError('matrix', `${what} row ${i} has ${m[i].length} entries`);
  const whole = wholeOf(m, n);
  if (whole) return whole;
  const narrow = new Float32Array(n * n);
  if (copyRows(m, narrow)) return narrow;
  const wide = new Float64Array(n * n);
  copyRows(m, wide);
  return wide;
}

/**
 * Copies the rows one after another into `into`; false as soon as an entry does not come out as
 * it went in, which only 32 bits can do (a fraction, or a whole number past 2^24).
 */
export function copyRows(rows: ArrayLike<ArrayLike<number>>, into: Matrix): boolean {
  let k = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    for (let j = 0; j < row.length; j++, k++) {
      into[k] = row[j];
      if (into[k] !== row[j] && row[j] === row[j]) return false;
    }
  }
  return true;
}

/**
 * The one typed array whose consecutive slices the rows are (matrices a solver thread reads from
 * the buffer its caller shares), or null: read in place, not copied per thread.
 */
function wholeOf(m: ArrayLike<ArrayLike<number>>, n: number): Matrix | null {
  const first = m[0];
  if (!(first instanceof Float32Array || first instanceof Float64Array)) return null;
  const kind = Object.getPrototypeOf(first);
  for (let i = 1; i < n; i++) {
    const row = m[i] as Matrix;
    if (
      Object.getPrototypeOf(row) !== kind ||
      row.buffer !== first.buffer ||
      row.byteOffset !== first.byteOffset + i * n * first.BYTES_PER_ELEMENT
    )
      return null;
  }
  return first instanceof Float32Array
    ? new Float32Array(first.buffer, first.byteOffset, n * n)
    : new Float64Array(first.buffer, first.byteOffset, n * n);
}

/** `m` in 32 bits when that holds every entry exactly (see `Matrix`). */
function narrowed(m: Float64Array): Matrix {
  const narrow = new Float32Array(m.length);
  return copyRows([m], narrow) ? narrow : m;
}

export function buildProblem(req: SolverRequest, matrices: SolverMatrices): Problem {
  const nLoc = req.locations.length;
  const jobs = req.jobs ?? [];
  const shipments = req.shipments ?? [];
  const opts = req.options ?? {};
  const cons = opts.constraint ?? {};
  const hasRel = (req.relations ?? []).length > 0;
  // With relations the soft constraints (lateness, overtime) are not available.
  const maxLate = hasRel ? 0 : (cons.max_visit_lateness ?? 0);
  const maxOver = hasRel ? 0 : (cons.max_vehicle_overtime ?? 0);
  const rules = buildTaskRules(req);

  let dims = 0;
  for (const v of req.vehicles) dims = Math.max(dims, v.capacity?.length ?? 0);
  for (const j of jobs) dims = Math.max(dims, j.delivery?.length ?? 0, j.pickup?.length ?? 0);
  for (const s of shipments) dims = Math.max(dims, s.amount?.length ?? 0);
  const shownDims = dims;
  const volume = buildVolume(req);
  if (volume) dims++;

  const nTasks = jobs.length + 2 * shipments.length;
  const kind = new Uint8Array(nTasks);
  const loc = new Int32Array(nTasks);
  const service = new Float64Array(nTasks);
  const setup = new Float64Array(nTasks);
  const twOff = new Int32Array(nTasks + 1);
  const tws: [number, number][] = [];
  const startLoad = new Int32Array(nTasks * dims);
  const delta = new Int32Array(nTasks * dims);
  const priority = new Int32Array(nTasks);
  const pair = new Int32Array(nTasks).fill(-1);
  const maxInVehicle = new Float64Array(nTasks).fill(INF);
  const ids: number[] = [];
  const skills: (number[] | undefined)[] = [];

  let t = 0;
  const addTws = (w: [number, number][] | undefined) => {
    twOff[t] = tws.length;
    if (!w || w.length === 0) tws.push([-INF, INF]);
    else for (const x of [...w].sort((a, b) => a[0] - b[0])) tws.push([x[0], x[1]]);
  };
  for (const j of jobs) {
    kind[t] = KIND_JOB;
    loc[t] = j.location_index;
    service[t] = j.service ?? 0;
    setup[t] = j.setup ?? 0;
    addTws(j.time_windows);
    for (let d = 0; d < dims; d++) {
      const del = j.delivery?.[d] ?? 0;
      const pick = j.pickup?.[d] ?? 0;
      startLoad[t * dims + d] = del;
      delta[t * dims + d] = pick - del;
    }
    priority[t] = j.priority ?? 0;
    ids.push(j.id);
    skills.push(j.skills);
    t++;
  }
  for (const s of shipments) {
    for (const [k, step] of [
      [KIND_PICKUP, s.pickup],
      [KIND_DELIVERY, s.delivery],
    ] as const) {
      kind[t] = k;
      loc[t] = step.location_index;
      service[t] = step.service ?? 0;
      setup[t] = step.setup ?? 0;
      addTws(step.time_windows);
      for (let d = 0; d < dims; d++) delta[t * dims + d] = (k === KIND_PICKUP ? 1 : -1) * (s.amount?.[d] ?? 0);
      priority[t] = s.priority ?? 0;
      pair[t] = k === KIND_PICKUP ? t + 1 : t - 1;
      maxInVehicle[t] = s.max_time_in_vehicle ?? INF;
      ids.push(step.id);
      skills.push(s.skills);
      t++;
    }
  }
  if (volume) {
    // A job's goods ride from the start (a delivery) or to the end (a pickup only).
    const v = shownDims;
    for (let i = 0; i < nTasks; i++) {
      const units = volume.taskUnits[i];
      if (kind[i] === KIND_JOB) {
        const j = jobs[i];
        const pickupOnly = (j.pickup ?? []).some((x) => x > 0) && !(j.delivery ?? []).some((x) => x > 0);
        if (pickupOnly) delta[i * dims + v] = units;
        else {
          startLoad[i * dims + v] = units;
          delta[i * dims + v] = -units;
        }
      } else delta[i * dims + v] = kind[i] === KIND_PICKUP ? units : -units;
    }
  }
  twOff[nTasks] = tws.length;
  const twStart = Float64Array.from(tws, (w) => w[0]);
  const twEndSoft = Float64Array.from(tws, (w) => w[1]);
  const allowance = new Float64Array(tws.length).fill(maxLate);
  for (let i = 0; i < nTasks; i++) if (!Number.isNaN(rules.lateness[i])) allowance.fill(rules.lateness[i], twOff[i], twOff[i + 1]);
  const twEnd = Float64Array.from(tws, (w, k) => w[1] + allowance[k]);

  const vehicles = buildVehicles(req, matrices, nLoc, dims, maxOver);
  if (volume) for (const v of vehicles) v.cap[shownDims] = volume.vehicleUnits[v.index];
  const vIndex = new Map(vehicles.map((v) => [v.id, v.index]));

  const allowed = new Uint8Array(nTasks * vehicles.length);
  const have = req.vehicles.map((v) => new Set(v.skills ?? []));
  for (let i = 0; i < nTasks; i++) {
    const need = skills[i] ?? [];
    for (let k = 0; k < vehicles.length; k++)
      allowed[i * vehicles.length + k] =
        need.every((s) => have[k].has(s)) &&
        (!rules.hasZones || zonesMatch(rules.taskZones[i], rules.vehicleZones[k])) &&
        (!rules.hasDepotRule || depotAllows(rules.depotLocations[i], vehicles[k].start)) &&
        (!volume || volume.fits[i * vehicles.length + k])
          ? 1
          : 0;
  }

  const rel = buildRelations(req, ids, kind, vIndex, nTasks);
  for (const r of rel.relations) {
    if (r.type === 'pinned' && r.vehicle >= 0)
      for (const s of r.steps)
        if (s >= 0) for (let k = 0; k < vehicles.length; k++) if (k !== r.vehicle) allowed[s * vehicles.length + k] = 0;
  }

  const groupModel = { allowed, vehicles, startLoad, delta, kind, dims };
  checkGroupsServable(rel.group, groupModel, ids, (m) => groupBlocker(m, skills, have, rules, vehicles));
  // Order groups share the relation groups' all-or-none, one-route handling.
  const ordered = orderGroups(req, (t) => rel.taskRelations[t].length > 0, groupModel);
  const group = rel.group;
  if (ordered) for (let t = 0; t < nTasks; t++) if (ordered.whole[t] >= 0) group[t] = ordered.whole[t];
  const orderGroup = ordered?.stop ?? null;

  const maxWait = cons.max_activity_waiting_time ?? INF;
  const hasSetup = setup.some((x) => x > 0);
  const hasMiv = maxInVehicle.some((x) => x < INF);
  const hasBreaks = vehicles.some((v) => v.breaks.length > 0);
  const hasWorking = vehicles.some((v) => v.maxWorkingTime < INF);
  const lateness = maxLate > 0 || rules.hasOwnLateness;
  const simple =
    !hasRel &&
    !hasSetup &&
    !hasMiv &&
    !hasBreaks &&
    !hasWorking &&
    !lateness &&
    maxOver === 0 &&
    !rules.hasSequence &&
    !rules.hasCargo &&
    !orderGroup;

  return {
    nLoc,
    dims,
    shownDims,
    volume,
    nTasks,
    kind,
    loc,
    service,
    setup,
    twOff,
    twStart,
    twEnd,
    twEndSoft,
    startLoad,
    delta,
    priority,
    pair,
    maxInVehicle,
    allowed,
    relaxTw: rel.relaxTw,
    waitLimited: rel.waitLimited,
    group,
    orderGroup,
    taskRelations: rel.taskRelations,
    relations: rel.relations,
    vehicles,
    maxWait: maxWait < INF && rel.relations.some((r) => r.type === 'in_same_route') ? maxWait : INF,
    latenessPenalty: lateness ? (cons.visit_lateness_penalty ?? 1) : 0,
    overtimePenalty: maxOver > 0 ? (cons.vehicle_overtime_penalty ?? 1) : 0,
    custom: opts.objective?.custom ?? null,
    simple,
    ids,
    rules,
    request: req,
  };
}

function buildVehicles(req: SolverRequest, matrices: SolverMatrices, nLoc: number, dims: number, maxOver: number): VehicleModel[] {
  const profiles = Object.keys(matrices);
  if (profiles.length === 0) throw new SolverError('matrix', 'no travel matrices given');
  const defaultProfile = 'car' in matrices ? 'car' : profiles[0];
  const travelCost = req.options?.objective?.travel_cost ?? 'duration';
  const flat = new Map<string, { dur: Matrix; dist: Matrix }>();
  const costs = new Map<string, Matrix>();
  // A matrix given twice (durations that are the distances, costs that are either) is held once.
  const bySource = new Map<object, Matrix>();
  const flattenOnce = (m: ArrayLike<ArrayLike<number>>, what: string) => {
    let f = bySource.get(m);
    if (!f) bySource.set(m, (f = flatten(m, nLoc, what)));
    return f;
  };
  const transposes = new Map<Matrix, Matrix>();
  const transposeOf = (m: Matrix) => {
    let t = transposes.get(m);
    if (!t) transposes.set(m, (t = transposed(m, nLoc)));
    return t;
  };
  const getFlat = (p: string) => {
    let f = flat.get(p);
    if (!f) {
      const m = matrices[p];
      if (!m) throw new SolverError('profile', `no matrices for profile ${p}`);
      f = { dur: flattenOnce(m.durations, `${p} durations`), dist: flattenOnce(m.distances, `${p} distances`) };
      flat.set(p, f);
    }
    return f;
  };
  let air: Matrix | null = null;
  const costFor = (v: SolverVehicle, p: string): Matrix => {
    const f = getFlat(p);
    const perHour = v.costs?.per_hour;
    const perKm = v.costs?.per_km;
    if (travelCost === 'customized') {
      const key = `custom|${p}`;
      let c = costs.get(key);
      if (!c) {
        const m = matrices[p].costs;
        if (!m) throw new SolverError('matrix', 'travel_cost customized needs a cost matrix');
        c = flattenOnce(m, 'cost matrix');
        costs.set(key, c);
      }
      return c;
    }
    if (perHour !== undefined || perKm !== undefined) {
      // Explicit vehicle rates win over travel_cost: cost = hours x per_hour + km x per_km.
      const h = perHour ?? 0;
      const k = perKm ?? 0;
      const key = `rate|${p}|${h}|${k}`;
      let c = costs.get(key);
      if (!c) {
        const rated = new Float64Array(nLoc * nLoc);
        for (let i = 0; i < rated.length; i++) rated[i] = (f.dur[i] * h) / 3600 + (f.dist[i] * k) / 1000;
        costs.set(key, (c = narrowed(rated)));
      }
      return c;
    }
    if (travelCost === 'distance') return f.dist;
    if (travelCost === 'air_distance') {
      if (!air) {
        const meters = new Float64Array(nLoc * nLoc);
        for (let i = 0; i < nLoc; i++)
          for (let j = 0; j < nLoc; j++) {
            const [a, b] = [req.locations[i], req.locations[j]];
            meters[i * nLoc + j] = Math.round(greatCircleMeters(a[0], a[1], b[0], b[1]));
          }
        air = narrowed(meters);
      }
      return air;
    }
    return f.dur;
  };

  return req.vehicles.map((v, index) => {
    const p = v.profile ?? defaultProfile;
    const f = getFlat(p);
    const cap = new Int32Array(dims);
    for (let d = 0; d < dims; d++) cap[d] = v.capacity?.[d] ?? (v.capacity ? 0 : 2147483647);
    const depot = req.depots?.find((d) => d.location_index === v.start_index);
    const startService = depot?.service ?? 0;
    const twStart = depotOpening(depot?.time_windows, v.time_window?.[0] ?? 0) + startService;
    const twEndSoft = v.time_window?.[1] ?? INF;
    const breaks = (v.breaks ?? []).map((b) => {
      const w = [...(b.time_windows ?? [[-INF, INF]])].sort((a, c) => a[0] - c[0]);
      return { id: b.id, twStart: w.map((x) => x[0]), twEnd: w.map((x) => x[1]), service: b.service ?? 0 };
    });
    breaks.sort((a, b) => a.twStart[0] - b.twStart[0]);
    const cost = costFor(v, p);
    const m: VehicleModel = {
      index,
      id: v.id,
      start: v.start_index ?? -1,
      end: v.end_index ?? -1,
      cap,
      twStart,
      startService,
      twEnd: twEndSoft + maxOver,
      twEndSoft,
      maxTasks: v.max_tasks ?? INF,
      maxTravelTime: v.max_travel_time ?? INF,
      maxDistance: v.max_distance ?? INF,
      maxWorkingTime: v.max_working_time ?? INF,
      maxTravelCost: v.max_travel_cost ?? INF,
      fixed: v.costs?.fixed ?? 0,
      breaks,
      dur: f.dur,
      dist: f.dist,
      cost,
      durT: transposeOf(f.dur),
      costT: transposeOf(cost),
      signature: '',
    };
    m.signature = JSON.stringify([
      p,
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
    ]);
    return m;
  });
}

/** The n x n matrix m transposed; m itself when it is symmetric (no copy). */
export function transposed(m: Matrix, n: number): Matrix {
  let symmetric = true;
  for (let i = 0; i < n && symmetric; i++)
    for (let j = i + 1; j < n; j++)
      if (m[i * n + j] !== m[j * n + i]) {
        symmetric = false;
        break;
      }
  if (symmetric) return m;
  const t = m instanceof Float32Array ? new Float32Array(n * n) : new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) t[j * n + i] = m[i * n + j];
  return t;
}

/** The first moment at or after `from` within a depot's opening windows (none: `from`; all past: never). */
export function depotOpening(windows: [number, number][] | undefined, from: number): number {
  if (!windows?.length) return from;
  let best = INF;
  for (const [a, b] of windows) if (b >= from) best = Math.min(best, Math.max(a, from));
  return best;
}

/** What closes every vehicle to a relation group before capacity does: skills, zones or depots. */
function groupBlocker(
  m: number[],
  skills: (number[] | undefined)[],
  have: Set<number>[],
  rules: TaskRulesModel,
  vehicles: VehicleModel[],
): string | null {
  let open = vehicles.filter((v) => m.every((t) => (skills[t] ?? []).every((s) => have[v.index].has(s))));
  if (open.length === 0) return 'the skills';
  open = open.filter((v) => m.every((t) => zonesMatch(rules.taskZones[t], rules.vehicleZones[v.index])));
  if (open.length === 0) return 'the skills and zones';
  open = open.filter((v) => m.every((t) => depotAllows(rules.depotLocations[t], v.start)));
  if (open.length === 0) return 'the skills, zones and a start at one of the depots';
  return null;
}

function buildRelations(req: SolverRequest, ids: number[], kind: Uint8Array, vIndex: Map<number, number>, nTasks: number) {
  const byKey = new Map<string, number>();
  ids.forEach((id, i) => byKey.set(`${kind[i] === KIND_JOB ? 'job' : kind[i] === KIND_PICKUP ? 'pickup' : 'delivery'}:${id}`, i));
  const relaxTw = new Uint8Array(nTasks);
  const waitLimited = new Uint8Array(nTasks);
  const taskRelations: number[][] = Array.from({ length: nTasks }, () => []);
  const parent = Int32Array.from({ length: nTasks }, (_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x])));
  const inGroup = new Uint8Array(nTasks);
  const relations: RelationModel[] = (req.relations ?? []).map((r, ri) => {
    const steps = r.steps.map((s: { type: StepType; id?: number }) => {
      if (s.type === 'start') return -1;
      if (s.type === 'end') return -2;
      const i = byKey.get(`${s.type}:${s.id}`);
      if (i === undefined) throw new SolverError('relation', `relation ${ri}: unknown ${s.type} ${s.id}`);
      return i;
    });
    const vehicle = r.vehicle === undefined ? -1 : (vIndex.get(r.vehicle) ?? -2);
    if (vehicle === -2) throw new SolverError('relation', `relation ${ri}: unknown vehicle ${r.vehicle}`);
    const tasks = steps.filter((s) => s >= 0);
    for (const s of tasks) {
      if (kind[s] === KIND_JOB) continue;
      const other = kind[s] === KIND_PICKUP ? s + 1 : s - 1;
      // A relation holds both halves of a shipment, and (unless it only groups or pins them) the
      // pickup before the delivery.
      if (!tasks.includes(other))
        throw new SolverError('relation', `relation ${ri}: shipment ${ids[s]} needs both its pickup and delivery`);
      if (r.type !== 'in_same_route' && r.type !== 'pinned' && kind[s] === KIND_DELIVERY && steps.indexOf(s) < steps.indexOf(other))
        throw new SolverError('relation', `relation ${ri}: delivery ${ids[s]} before its pickup`);
    }
    for (const s of tasks) {
      relaxTw[s] = 1;
      taskRelations[s].push(ri);
      if (r.type === 'in_same_route') waitLimited[s] = 1;
      if (r.type !== 'pinned') {
        inGroup[s] = 1;
        parent[find(s)] = find(tasks[0]);
      }
    }
    return { type: r.type, steps, vehicle, minDuration: r.min_duration ?? 0, maxDuration: r.max_duration ?? INF };
  });
  const group = new Int32Array(nTasks).fill(-1);
  for (let i = 0; i < nTasks; i++) if (inGroup[i]) group[i] = find(i);
  return { relaxTw, waitLimited, taskRelations, relations, group };
}
