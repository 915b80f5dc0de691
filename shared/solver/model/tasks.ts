// Tasks in the model, in flat typed arrays so the hot path never touches the request objects: a
// job is one task, a shipment two adjacent ones (pickup, then delivery).
import type { SolverJob, SolverRequest, SolverShipment } from '../types';
import type { TaskRulesModel } from './task-rules';
import type { VolumeModel } from './volume';

export const KIND_JOB = 0;
export const KIND_PICKUP = 1;
export const KIND_DELIVERY = 2;

const INF = Number.POSITIVE_INFINITY;

export interface TaskArrays {
  nTasks: number;
  kind: Uint8Array;
  loc: Int32Array;
  service: Float64Array;
  setup: Float64Array;
  /** Task t's windows are twOff[t] .. twOff[t + 1] - 1 in the window arrays, in order of start. */
  twOff: Int32Array;
  twStart: Float64Array;
  twEnd: Float64Array; // hard end (lateness allowance included)
  twEndSoft: Float64Array;
  startLoad: Int32Array; // per task x dim: carried from the route start up to the task
  delta: Int32Array; // per task x dim: load change at the task
  priority: Int32Array;
  pair: Int32Array; // the other half of a shipment, -1 for jobs
  maxInVehicle: Float64Array;
  ids: number[];
  skills: (number[] | undefined)[];
}

/** The number of load dimensions the request uses (vehicles' capacities and tasks' amounts). */
export function loadDimensions(req: SolverRequest): number {
  let dims = 0;
  for (const v of req.vehicles) dims = Math.max(dims, v.capacity?.length ?? 0);
  for (const j of req.jobs ?? []) dims = Math.max(dims, j.delivery?.length ?? 0, j.pickup?.length ?? 0);
  for (const s of req.shipments ?? []) dims = Math.max(dims, s.amount?.length ?? 0);
  return dims;
}

/**
 * `dims` load dimensions, the last one the cargo volume when `volume` is given; `maxLate` the
 * global lateness allowance a task's own one replaces.
 */
export function buildTasks(
  req: SolverRequest,
  dims: number,
  volume: VolumeModel | null,
  rules: TaskRulesModel,
  maxLate: number,
): TaskArrays {
  const jobs = req.jobs ?? [];
  const shipments = req.shipments ?? [];
  const nTasks = jobs.length + 2 * shipments.length;
  const a = {
    nTasks,
    kind: new Uint8Array(nTasks),
    loc: new Int32Array(nTasks),
    service: new Float64Array(nTasks),
    setup: new Float64Array(nTasks),
    twOff: new Int32Array(nTasks + 1),
    startLoad: new Int32Array(nTasks * dims),
    delta: new Int32Array(nTasks * dims),
    priority: new Int32Array(nTasks),
    pair: new Int32Array(nTasks).fill(-1),
    maxInVehicle: new Float64Array(nTasks).fill(INF),
    ids: [] as number[],
    skills: [] as (number[] | undefined)[],
  };
  const tws: [number, number][] = [];
  let t = 0;
  for (const j of jobs) addJob(a, tws, t++, j, dims);
  for (const s of shipments) {
    addShipmentStep(a, tws, t++, s, KIND_PICKUP, dims);
    addShipmentStep(a, tws, t++, s, KIND_DELIVERY, dims);
  }
  if (volume) addVolumeLoads(a, jobs, volume, dims);
  a.twOff[nTasks] = tws.length;
  return { ...a, ...windowArrays(a.twOff, tws, rules, maxLate) };
}

type Filling = Omit<TaskArrays, 'twStart' | 'twEnd' | 'twEndSoft'>;

function addWindows(a: Filling, tws: [number, number][], t: number, w: [number, number][] | undefined) {
  a.twOff[t] = tws.length;
  if (!w || w.length === 0) tws.push([-INF, INF]);
  else for (const x of [...w].sort((p, q) => p[0] - q[0])) tws.push([x[0], x[1]]);
}

function addJob(a: Filling, tws: [number, number][], t: number, j: SolverJob, dims: number) {
  a.kind[t] = KIND_JOB;
  a.loc[t] = j.location_index;
  a.service[t] = j.service ?? 0;
  a.setup[t] = j.setup ?? 0;
  addWindows(a, tws, t, j.time_windows);
  for (let d = 0; d < dims; d++) {
    const del = j.delivery?.[d] ?? 0;
    const pick = j.pickup?.[d] ?? 0;
    a.startLoad[t * dims + d] = del;
    a.delta[t * dims + d] = pick - del;
  }
  a.priority[t] = j.priority ?? 0;
  a.ids.push(j.id);
  a.skills.push(j.skills);
}

function addShipmentStep(a: Filling, tws: [number, number][], t: number, s: SolverShipment, k: number, dims: number) {
  const step = k === KIND_PICKUP ? s.pickup : s.delivery;
  a.kind[t] = k;
  a.loc[t] = step.location_index;
  a.service[t] = step.service ?? 0;
  a.setup[t] = step.setup ?? 0;
  addWindows(a, tws, t, step.time_windows);
  for (let d = 0; d < dims; d++) a.delta[t * dims + d] = (k === KIND_PICKUP ? 1 : -1) * (s.amount?.[d] ?? 0);
  a.priority[t] = s.priority ?? 0;
  a.pair[t] = k === KIND_PICKUP ? t + 1 : t - 1;
  a.maxInVehicle[t] = s.max_time_in_vehicle ?? INF;
  a.ids.push(step.id);
  a.skills.push(s.skills);
}

/** The volume dimension (the last): a job's goods ride from the start (a delivery) or to the end (a pickup only). */
function addVolumeLoads(a: Filling, jobs: SolverJob[], volume: VolumeModel, dims: number) {
  const v = dims - 1;
  for (let i = 0; i < a.nTasks; i++) {
    const units = volume.taskUnits[i];
    if (a.kind[i] === KIND_JOB) {
      const j = jobs[i];
      const pickupOnly = (j.pickup ?? []).some((x) => x > 0) && !(j.delivery ?? []).some((x) => x > 0);
      if (pickupOnly) a.delta[i * dims + v] = units;
      else {
        a.startLoad[i * dims + v] = units;
        a.delta[i * dims + v] = -units;
      }
    } else a.delta[i * dims + v] = a.kind[i] === KIND_PICKUP ? units : -units;
  }
}

/** The hard end of a window adds the task's own lateness allowance, or the global one. */
function windowArrays(twOff: Int32Array, tws: [number, number][], rules: TaskRulesModel, maxLate: number) {
  const twStart = Float64Array.from(tws, (w) => w[0]);
  const twEndSoft = Float64Array.from(tws, (w) => w[1]);
  const allowance = new Float64Array(tws.length).fill(maxLate);
  for (let i = 0; i + 1 < twOff.length; i++)
    if (!Number.isNaN(rules.lateness[i])) allowance.fill(rules.lateness[i], twOff[i], twOff[i + 1]);
  const twEnd = Float64Array.from(tws, (w, k) => w[1] + allowance[k]);
  return { twStart, twEnd, twEndSoft };
}
