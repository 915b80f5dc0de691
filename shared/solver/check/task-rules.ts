// The checker's part for the per-task rules beyond the seed's model: zones, sequence orders,
// load types, LIFO shipments, revenue figures and outsourced tasks. Own code, read straight from
// the request (nothing shared with the solver's model). Depots: a job's depot_ids name where its
// vehicle must start, start/end steps at a depot name it, and a start at a depot loads for the
// depot's service within its opening windows. Joint orders are served whole or not at all.
import type { SolverJob, SolverRequest, SolverResult, TaskRules, Volume } from '../types';

type Bad = (rule: string, detail: string, vehicle?: number, step?: number) => void;

interface Visit {
  rules: TaskRules;
  sequence?: number;
  /** The shipment's index for both its steps, -1 for a job. */
  shipment: number;
  lifo: boolean;
  /** Revenue is counted once per task: on a job, on a shipment's pickup. */
  revenue: number;
  depotIds?: number[];
}

function visitsOf(req: SolverRequest): Map<string, Visit> {
  const out = new Map<string, Visit>();
  for (const j of req.jobs ?? [])
    out.set(`job:${j.id}`, {
      rules: j,
      sequence: j.sequence_order,
      shipment: -1,
      lifo: false,
      revenue: j.revenue ?? 0,
      depotIds: j.depot_ids,
    });
  (req.shipments ?? []).forEach((s, k) => {
    const lifo = s.follow_lifo_order === true;
    out.set(`pickup:${s.pickup.id}`, { rules: s, sequence: s.pickup.sequence_order, shipment: k, lifo, revenue: s.revenue ?? 0 });
    out.set(`delivery:${s.delivery.id}`, { rules: s, sequence: s.delivery.sequence_order, shipment: k, lifo, revenue: 0 });
  });
  return out;
}

export function zoneAllows(task: number[] | undefined, vehicle: number[] | undefined): boolean {
  const t = task ?? [];
  const v = vehicle ?? [];
  if (t.length === 0 || v.length === 0) return t.length === 0 && v.length === 0;
  return t.some((z) => v.includes(z));
}

/** The orientations an alignment allows, tried one by one. */
export function fitsCompartment(item: Volume, box: Volume): boolean {
  const [w, h, d] = [item.width ?? 0, item.height ?? 0, item.depth ?? 0];
  const room = [box.width ?? 0, box.height ?? 0, box.depth ?? 0];
  const upright = [
    [w, h, d],
    [d, h, w],
  ];
  const any = [...upright, [w, d, h], [h, w, d], [h, d, w], [d, w, h]];
  const tries =
    item.alignment === 'strict' ? [[w, h, d]] : item.alignment === 'parallel' || item.alignment === 'fixed_bottom' ? upright : any;
  return tries.some((o) => o.every((x, i) => x <= room[i]));
}

export const cubic = (v: Volume | undefined) => (v ? (v.width ?? 0) * (v.height ?? 0) * (v.depth ?? 0) : 0);

/** Volume on board after each task step; a job rides from the start, or to the end when it only picks up. */
function volumeOnBoard(steps: { type: string; job?: SolverJob; volume: number }[]): number[] {
  const pickupOnly = (j: SolverJob) => (j.pickup ?? []).some((x) => x > 0) && !(j.delivery ?? []).some((x) => x > 0);
  let load = steps.reduce((a, s) => a + (s.job && !pickupOnly(s.job) ? s.volume : 0), 0);
  const out = [load];
  for (const s of steps) {
    if (s.type === 'pickup' || (s.job && pickupOnly(s.job))) load += s.volume;
    else load -= s.volume;
    out.push(load);
  }
  return out;
}

/** Per task step: its run, counting the start steps after the first. */
function runOfTaskSteps(steps: { type: string }[]): number[] {
  const out: number[] = [];
  let run = 0;
  steps.forEach((s, i) => {
    if (s.type === 'start' && i > 0) run++;
    else if (s.type === 'job' || s.type === 'pickup' || s.type === 'delivery') out.push(run);
  });
  return out;
}

function incompatible(a: TaskRules, b: TaskRules): boolean {
  const hits = (x: TaskRules, y: TaskRules) => (x.incompatible_load_types ?? []).some((t) => (y.load_types ?? []).includes(t));
  return hits(a, b) || hits(b, a);
}

export function checkTaskRules(req: SolverRequest, res: SolverResult, bad: Bad): void {
  const visits = visitsOf(req);
  const withRevenue = [...visits.values()].some((v) => v.revenue !== 0);
  let revenueSum = 0;
  for (const route of res.routes) {
    const vehicle = req.vehicles.find((v) => v.id === route.vehicle);
    if (!vehicle) continue;
    const vid = vehicle.id;
    const steps = route.steps.filter((s) => s.type === 'job' || s.type === 'pickup' || s.type === 'delivery');
    for (const s of route.steps) {
      if (s.type !== 'start' && s.type !== 'end') continue;
      const depot = (req.depots ?? []).find((d) => d.location_index === s.location_index);
      if (s.depot !== depot?.id) bad('depot', `${s.type} step names depot ${s.depot}, expected ${depot?.id}`, vid);
      if (s.type !== 'start') continue;
      if (s.service !== (depot?.service ?? 0))
        bad('depot', `start step loads for ${s.service} s, the depot's service is ${depot?.service ?? 0}`, vid);
      const windows = depot?.time_windows ?? [];
      // Loading begins once any wait for the opening is over (a reload between runs may wait).
      const loading = s.arrival + s.waiting_time;
      if (windows.length && !windows.some(([a, b]) => loading >= a && loading <= b))
        bad('depot', `a run starts loading at ${loading}, outside its depot's windows`, vid);
    }
    const keyed = steps.map((s) => ({ key: `${s.type}:${s.id}`, visit: visits.get(`${s.type}:${s.id}`) }));
    let lastOrder = -Infinity;
    let revenue = 0;
    const deliveredAt = new Map<number, number>();
    keyed.forEach(({ visit }, i) => {
      if (visit && visit.shipment >= 0 && steps[i].type === 'delivery') deliveredAt.set(visit.shipment, i);
    });
    keyed.forEach(({ key, visit }, i) => {
      if (!visit) return;
      if (!zoneAllows(visit.rules.zones, vehicle.zones)) bad('zone', `${key} and vehicle ${vid} share no zone`, vid, i);
      if (visit.depotIds?.length) {
        const starts = (req.depots ?? []).filter((d) => visit.depotIds!.includes(d.id)).map((d) => d.location_index);
        // A vehicle choosing its start depot starts where its first step is (check/depot-rules.ts checks that step).
        const start = vehicle.start_depot_ids?.length ? route.steps[0]?.location_index : vehicle.start_index;
        if (start === undefined || !starts.includes(start))
          bad('depot', `${key} is served by a vehicle that starts at none of its depots`, vid, i);
      }
      if (visit.sequence !== undefined) {
        if (visit.sequence < lastOrder) bad('sequence_order', `${key} (${visit.sequence}) after ${lastOrder}`, vid, i);
        lastOrder = Math.max(lastOrder, visit.sequence);
      }
      revenue += visit.revenue;
    });
    const cargo = steps.map((s, i) => ({
      type: s.type,
      job: s.type === 'job' ? (req.jobs ?? []).find((j) => j.id === s.id) : undefined,
      volume: cubic(keyed[i].visit?.rules.volume),
    }));
    if (cargo.some((c) => c.volume > 0)) {
      const room = vehicle.volume ? cubic(vehicle.volume) : Infinity;
      // Each run (multi-trip) is loaded afresh at the depot.
      const runOf = runOfTaskSteps(route.steps);
      const peak = Math.max(...[...new Set(runOf)].flatMap((r) => volumeOnBoard(cargo.filter((_, i) => runOf[i] === r))));
      if (peak > room * (1 + 1e-9)) bad('volume', `${peak} on board, the compartment holds ${room}`, vid);
      keyed.forEach(({ key, visit }, i) => {
        const item = visit?.rules.volume;
        if (item && vehicle.volume && !fitsCompartment(item, vehicle.volume)) bad('volume', `${key} does not fit the compartment`, vid, i);
      });
    }
    // On board: a shipment from its pickup up to its delivery, a job all along the route.
    const onBoard = keyed.flatMap(({ key, visit }, i) => {
      if (!visit || steps[i].type === 'delivery') return [];
      const to = visit.shipment >= 0 ? (deliveredAt.get(visit.shipment) ?? steps.length) : steps.length;
      return [{ key, visit, from: visit.shipment >= 0 ? i : -1, to }];
    });
    for (let a = 0; a < onBoard.length; a++)
      for (let b = a + 1; b < onBoard.length; b++) {
        const x = onBoard[a];
        const y = onBoard[b];
        if (x.from < y.to && y.from < x.to && incompatible(x.visit.rules, y.visit.rules))
          bad('load_type', `${x.key} and ${y.key} are on board together`, vid);
      }
    for (const x of onBoard) {
      if (!x.visit.lifo) continue;
      for (const y of onBoard)
        if (y.visit.shipment >= 0 && y.from > x.from && y.from < x.to && y.to > x.to)
          bad('lifo', `${x.key} is delivered while ${y.key}, loaded after it, is still on board`, vid);
    }
    if (withRevenue && route.revenue !== revenue) bad('revenue', `route revenue ${route.revenue}, expected ${revenue}`, vid);
    if (!withRevenue && route.revenue !== undefined) bad('revenue', 'revenue reported without any task revenue', vid);
    revenueSum += revenue;
  }
  if (withRevenue && res.summary.revenue !== revenueSum) bad('summary', `revenue ${res.summary.revenue} != ${revenueSum}`);
  checkJointOrders(req, res, bad);
  for (const u of res.unassigned) {
    const visit = visits.get(`${u.type}:${u.id}`);
    if (u.reason === 'outsourced' && visit?.rules.outsourcing_cost === undefined)
      bad('unassigned', `${u.type}:${u.id} outsourced without an outsourcing_cost`);
  }
}

/** Every task of a joint order is served, or none of them is. */
function checkJointOrders(req: SolverRequest, res: SolverResult, bad: Bad): void {
  const served = new Set(res.routes.flatMap((r) => r.steps.map((s) => `${s.type}:${s.id}`)));
  const groups = new Map<number, string[]>();
  const add = (order: number | undefined, key: string) => {
    if (order !== undefined) groups.set(order, [...(groups.get(order) ?? []), key]);
  };
  for (const j of req.jobs ?? []) add(j.joint_order, `job:${j.id}`);
  for (const s of req.shipments ?? []) {
    add(s.joint_order, `pickup:${s.pickup.id}`);
    add(s.joint_order, `delivery:${s.delivery.id}`);
  }
  for (const [order, keys] of groups) {
    const n = keys.filter((k) => served.has(k)).length;
    if (n > 0 && n < keys.length) bad('joint_order', `joint order ${order}: ${n} of its ${keys.length} visits served`);
  }
}
