// Decorates a generated instance with the per-task rules (profit, sequence orders, per-visit
// lateness, load types, LIFO, zones, no early arrival), each switched on by its own flag.
import type { SolverRequest } from '../../../shared/solver';
import { lcg } from './helpers';

export interface RuleFlags {
  lateness?: boolean;
  sequence?: boolean;
  profit?: boolean;
  cargo?: boolean;
  lifo?: boolean;
  zones?: boolean;
  noEarly?: boolean;
  /** Depots at some vehicle starts, jobs bound to them, and minimise_num_depots. */
  depots?: boolean;
  /** Item sizes with every alignment, and compartments on most vehicles. */
  volume?: boolean;
  /** order_grouping with a diameter that groups a few jobs of the 11 km square. */
  grouping?: boolean;
  /** joint_order groups of jobs and shipments (about three tasks each). */
  joint?: boolean;
  /** With `depots`: each depot's loading time (service) and opening windows. */
  depotHours?: boolean;
}

const ALIGNMENTS = ['strict', 'parallel', 'fixed_bottom', undefined];

const TYPES = ['food', 'chemicals', 'frozen', 'pets'];

export function withTaskRules(request: SolverRequest, f: RuleFlags, seed: number): SolverRequest {
  const r = lcg(seed * 104729 + 3);
  const req = structuredClone(request);
  const types = () => TYPES.filter(() => r.next() < 0.3);
  const tasks = [...(req.jobs ?? []), ...(req.shipments ?? [])];
  for (const t of tasks) {
    if (f.profit && r.next() < 0.5) t.revenue = r.int(3000);
    if (f.profit && r.next() < 0.4) t.outsourcing_cost = r.int(4000);
    if (f.cargo && r.next() < 0.5) {
      t.load_types = types();
      t.incompatible_load_types = types();
    }
    if (f.zones && r.next() < 0.5) t.zones = [1 + r.int(3)];
  }
  const visits = [...(req.jobs ?? []), ...(req.shipments ?? []).flatMap((s) => [s.pickup, s.delivery])];
  for (const v of visits) {
    if (f.lateness && r.next() < 0.4) v.max_visit_lateness = r.int(900);
    if (f.sequence && r.next() < 0.4) v.sequence_order = r.int(5);
  }
  if (f.lifo) for (const s of req.shipments ?? []) s.follow_lifo_order = r.next() < 0.6;
  if (f.zones) for (const v of req.vehicles) v.zones = r.next() < 0.3 ? undefined : [1 + r.int(3), 1 + r.int(3)];
  if (f.depots) {
    // Every vehicle start becomes a depot (ids in order of first use); vehicles without a start move to one.
    const starts: number[] = [];
    for (const v of req.vehicles) {
      v.start_index ??= 0;
      if (r.next() < 0.5) v.start_index = req.jobs![r.int(req.jobs!.length)].location_index;
      if (!starts.includes(v.start_index)) starts.push(v.start_index);
    }
    req.depots = starts.map((location_index, id) => ({ id, location_index }));
    if (f.depotHours)
      for (const d of req.depots) {
        if (r.next() < 0.7) d.service = r.int(900);
        if (r.next() < 0.7) d.time_windows = [[r.int(3600), 5000 + r.int(40000)]];
      }
    for (const j of req.jobs ?? []) if (r.next() < 0.3) j.depot_ids = [r.int(starts.length + 1)];
    req.options = { ...req.options, objective: { ...req.options?.objective, minimise_num_depots: r.next() < 0.5 } };
  }
  if (f.volume) {
    for (const t of tasks)
      if (r.next() < 0.7)
        t.volume = { width: 20 + r.int(120), height: 20 + r.int(120), depth: 20 + r.int(200), alignment: ALIGNMENTS[r.int(4)] };
    for (const v of req.vehicles)
      if (r.next() < 0.8) v.volume = { width: 100 + r.int(100), height: 100 + r.int(100), depth: 150 + r.int(250) };
  }
  if (f.joint) for (const t of tasks) if (r.next() < 0.4) t.joint_order = r.int(Math.max(1, Math.ceil(tasks.length / 8)));
  if (f.grouping) req.options = { ...req.options, grouping: { order_grouping: { grouping_diameter: 800 + r.int(1500) } } };
  if (f.noEarly) req.options = { ...req.options, objective: { ...req.options?.objective, allow_early_arrival: false } };
  return req;
}
