// The normalized internal model the searches read: tasks (tasks.ts), vehicles (vehicles.ts) with
// their matrices (matrices.ts), who may serve what (access.ts), relations and groups
// (relations.ts, groups.ts) and the per-task rules (task-rules.ts, volume.ts).
import { allowedVehicles, groupBlocker, vehicleSkills } from './access';
import { checkGroupsServable, orderGroups } from './groups';
import { ProblemMatrices } from './matrices';
import { buildRelations, type RelationModel } from './relations';
import { buildTaskRules, type TaskRulesModel } from './task-rules';
import { buildTasks, loadDimensions, type TaskArrays } from './tasks';
import { applyDepotChoices } from './depot-choice';
import { buildVehicles, type VehicleModel } from './vehicles';
import { buildVolume, type VolumeModel } from './volume';
import type { SolverMatrices, SolverRequest } from '../types';

/** Tasks' skills live on in `allowed`. */
export interface Problem extends Omit<TaskArrays, 'skills'> {
  nLoc: number;
  /** Load dimensions: the request's, then cargo volume when a task has one. */
  dims: number;
  /** The request's own dimensions: the ones a result reports. */
  shownDims: number;
  volume: VolumeModel | null;
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
  /** Some vehicle chooses its start or end depot (model/depot-choice.ts): routes hold its variants. */
  depotChoice: boolean;
  /** Profit, sequence orders, per-visit lateness, cargo and zones. */
  rules: TaskRulesModel;
  request: SolverRequest;
}

const INF = Number.POSITIVE_INFINITY;

export function buildProblem(req: SolverRequest, matrices: SolverMatrices): Problem {
  const nLoc = req.locations.length;
  const opts = req.options ?? {};
  const cons = opts.constraint ?? {};
  const hasRel = (req.relations ?? []).length > 0;
  // With relations the soft constraints (lateness, overtime) are not available.
  const maxLate = hasRel ? 0 : (cons.max_visit_lateness ?? 0);
  const maxOver = hasRel ? 0 : (cons.max_vehicle_overtime ?? 0);
  const rules = buildTaskRules(req);

  const shownDims = loadDimensions(req);
  const volume = buildVolume(req);
  const dims = volume ? shownDims + 1 : shownDims;
  const tasks = buildTasks(req, dims, volume, rules, maxLate);
  const { nTasks, kind, ids, skills, startLoad, delta } = tasks;

  const vehicles = buildVehicles(req, new ProblemMatrices(req, matrices, nLoc), dims, maxOver);
  const depotChoice = applyDepotChoices(req, vehicles);
  if (volume)
    for (const v of vehicles) {
      v.cap[shownDims] = volume.vehicleUnits[v.index];
      for (const c of v.configs ?? []) c[shownDims] = v.cap[shownDims];
    }
  const vIndex = new Map(vehicles.map((v) => [v.id, v.index]));

  const rel = buildRelations(req, ids, kind, vIndex, nTasks);
  const allowed = allowedVehicles(req, skills, rules, volume, vehicles, rel.relations);

  const groupModel = { allowed, vehicles, startLoad, delta, kind, dims };
  const have = vehicleSkills(req);
  checkGroupsServable(rel.group, groupModel, ids, (m) => groupBlocker(m, skills, have, rules, vehicles));
  // Order groups share the relation groups' all-or-none, one-route handling.
  const ordered = orderGroups(req, (t) => rel.taskRelations[t].length > 0, groupModel);
  const group = rel.group;
  if (ordered) for (let t = 0; t < nTasks; t++) if (ordered.whole[t] >= 0) group[t] = ordered.whole[t];
  const orderGroup = ordered?.stop ?? null;

  const maxWait = cons.max_activity_waiting_time ?? INF;
  const lateness = maxLate > 0 || rules.hasOwnLateness;
  const { skills: _skills, ...taskArrays } = tasks;
  return {
    nLoc,
    dims,
    shownDims,
    volume,
    ...taskArrays,
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
    simple: isSimple(
      tasks.setup,
      tasks.maxInVehicle,
      vehicles,
      hasRel || lateness || maxOver > 0 || orderGroup !== null || (depotChoice && rules.hasDepotRule),
      rules,
    ),
    depotChoice,
    rules,
    request: req,
  };
}

/**
 * Only windows, capacity and route totals (working time among them: VehicleModel.endBy), so the
 * O(1) insertion checks are exact: no setup, time in vehicle, breaks, layovers, shifts, stop limits, multi-trip, alternative capacities,
 * deadhead, minimum stop loads, sequence or cargo rules, and none of
 * `other` (relations, lateness, overtime, order groups, depot choice beside jobs' depot_ids: `allowed`
 * cannot tell which depot a route starts from, the full evaluation does).
 */
function isSimple(
  setup: Float64Array,
  maxInVehicle: Float64Array,
  vehicles: VehicleModel[],
  other: boolean,
  rules: TaskRulesModel,
): boolean {
  return (
    !other &&
    !setup.some((x) => x > 0) &&
    !maxInVehicle.some((x) => x < INF) &&
    !vehicles.some((v) => v.breaks.length > 0) &&
    !vehicles.some((v) => v.maxStops < INF || v.maxRuns > 1 || v.shifts || v.layover || v.configs || v.deadhead || v.minStopLoad) &&
    !rules.hasSequence &&
    !rules.hasCargo
  );
}
