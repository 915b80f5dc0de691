// Per-task rules beyond the seed's model, in task order (a job is one task, a shipment its
// pickup then its delivery): profit (revenue, outsourcing), sequence orders, per-visit lateness,
// cargo (load types, LIFO), zones, depots and joint orders. Each `has*` flag is false when no task uses the rule, so
// the hot paths of plain problems never look at it.
import type { SolverRequest, SolverVehicle, TaskRules, VisitRules } from '../types';

export interface Cargo {
  /** Load type ids the task carries. */
  types: number[];
  /** Load type ids that may not be on board with it. */
  bans: number[];
}

export interface TaskRulesModel {
  /** Earned when served; held on a job and on a shipment's pickup. */
  revenue: Float64Array;
  /** 1: the task may stay unassigned at `outsourcing` (on a job, on a shipment's pickup). */
  optional: Uint8Array;
  outsourcing: Float64Array;
  hasProfit: boolean;
  /** NaN when the visit has no sequence_order. */
  sequenceOrder: Float64Array;
  hasSequence: boolean;
  /** NaN when the visit has no max_visit_lateness of its own. */
  lateness: Float64Array;
  hasOwnLateness: boolean;
  cargo: (Cargo | null)[];
  /** Pickups of shipments with follow_lifo_order. */
  lifo: Uint8Array;
  hasCargo: boolean;
  /** Zone ids per task (null: in no zone) and per vehicle (null: works everywhere). */
  taskZones: (number[] | null)[];
  vehicleZones: (number[] | null)[];
  hasZones: boolean;
  /** Per task: locations of the depots it may be loaded at (null: any start). */
  depotLocations: (number[] | null)[];
  hasDepotRule: boolean;
  /** Depot id at each location index that holds one. */
  depotAt: Map<number, number>;
  /** Per task (both halves of a shipment): its joint order group, -1 when in none. */
  joint: Int32Array;
  hasJoint: boolean;
}

/** The depot rule: a task bound to depots is served by a vehicle starting at one of them. */
export function depotAllows(depotLocations: readonly number[] | null, vehicleStart: number): boolean {
  return depotLocations === null || depotLocations.includes(vehicleStart);
}

/** The zone rule: a zoned task needs a vehicle sharing a zone; a zoned vehicle serves only tasks sharing one. */
export function zonesMatch(task: readonly number[] | null | undefined, vehicle: readonly number[] | null | undefined): boolean {
  const t = task?.length ? task : null;
  const v = vehicle?.length ? vehicle : null;
  if (!t && !v) return true;
  if (!t || !v) return false;
  return t.some((z) => v.includes(z));
}

/** The tasks of each joint order group (both halves of a shipment). */
export function jointMembers(joint: Int32Array): number[][] {
  const out: number[][] = [];
  joint.forEach((g, t) => {
    if (g >= 0) (out[g] ??= []).push(t);
  });
  return out;
}

export function buildTaskRules(req: SolverRequest): TaskRulesModel {
  const jobs = req.jobs ?? [];
  const shipments = req.shipments ?? [];
  const n = jobs.length + 2 * shipments.length;
  const m: TaskRulesModel = {
    revenue: new Float64Array(n),
    optional: new Uint8Array(n),
    outsourcing: new Float64Array(n),
    hasProfit: false,
    sequenceOrder: new Float64Array(n).fill(NaN),
    hasSequence: false,
    lateness: new Float64Array(n).fill(NaN),
    hasOwnLateness: false,
    cargo: new Array<Cargo | null>(n).fill(null),
    lifo: new Uint8Array(n),
    hasCargo: false,
    taskZones: new Array<number[] | null>(n).fill(null),
    vehicleZones: req.vehicles.map((v: SolverVehicle) => (v.zones?.length ? v.zones : null)),
    hasZones: false,
    depotLocations: new Array<number[] | null>(n).fill(null),
    hasDepotRule: false,
    depotAt: new Map((req.depots ?? []).map((d) => [d.location_index, d.id])),
    joint: new Int32Array(n).fill(-1),
    hasJoint: false,
  };
  const jointGroups = new Map<number, number>();
  const jointOf = (r: TaskRules) => {
    if (r.joint_order === undefined) return -1;
    if (!jointGroups.has(r.joint_order)) jointGroups.set(r.joint_order, jointGroups.size);
    return jointGroups.get(r.joint_order)!;
  };
  const depotLoc = new Map((req.depots ?? []).map((d) => [d.id, d.location_index]));
  const typeIds = new Map<string, number>();
  const typeId = (name: string) => {
    if (!typeIds.has(name)) typeIds.set(name, typeIds.size);
    return typeIds.get(name)!;
  };
  const task = (t: number, r: TaskRules, owner: boolean) => {
    if (owner) {
      m.revenue[t] = r.revenue ?? 0;
      if (r.outsourcing_cost !== undefined) {
        m.optional[t] = 1;
        m.outsourcing[t] = r.outsourcing_cost;
      }
    }
    if (r.load_types?.length || r.incompatible_load_types?.length)
      m.cargo[t] = { types: (r.load_types ?? []).map(typeId), bans: (r.incompatible_load_types ?? []).map(typeId) };
    if (r.zones?.length) m.taskZones[t] = r.zones;
  };
  const visit = (t: number, v: VisitRules) => {
    if (v.sequence_order !== undefined) m.sequenceOrder[t] = v.sequence_order;
    if (v.max_visit_lateness !== undefined) m.lateness[t] = v.max_visit_lateness;
  };
  jobs.forEach((j, t) => {
    task(t, j, true);
    visit(t, j);
    if (j.depot_ids?.length) m.depotLocations[t] = j.depot_ids.flatMap((id) => depotLoc.get(id) ?? []);
    m.joint[t] = jointOf(j);
  });
  shipments.forEach((s, k) => {
    const t = jobs.length + 2 * k;
    task(t, s, true);
    task(t + 1, s, false);
    visit(t, s.pickup);
    visit(t + 1, s.delivery);
    if (s.follow_lifo_order) m.lifo[t] = 1;
    m.joint[t] = m.joint[t + 1] = jointOf(s);
  });
  m.hasProfit = m.optional.some((x) => x === 1) || m.revenue.some((x) => x !== 0);
  m.hasSequence = m.sequenceOrder.some((x) => !Number.isNaN(x));
  m.hasOwnLateness = m.lateness.some((x) => !Number.isNaN(x));
  m.hasCargo = m.cargo.some((c) => c !== null) || m.lifo.some((x) => x === 1);
  m.hasDepotRule = m.depotLocations.some((d) => d !== null);
  m.hasJoint = jointGroups.size > 0;
  m.hasZones = m.taskZones.some((z) => z !== null) || m.vehicleZones.some((z) => z !== null);
  return m;
}
