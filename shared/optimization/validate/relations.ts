// Relations: known ids and vehicle, start first / end last, rules 2, 3, 5 and 6
// (400) and rule 4 (422: the input is well formed, but no feasible solution can be produced).
import { idKey, ProblemIds } from '../ids';
import type { OptimizationRequest, RelationInput } from '../schemas';
import { showId } from './ids';
import type { AddIssue, Issue } from './issues';

const ORDERED_RELATIONS = new Set<RelationInput['type']>(['in_sequence', 'in_direct_sequence', 'precedence']);

type Vehicle = OptimizationRequest['vehicles'][number];

/** A relation's task steps resolved: job and shipment positions. */
interface Resolved {
  jobs: number[];
  shipments: Set<number>;
  /** Task steps named (a shipment's two steps count twice). */
  steps: number;
}

/**
 * Rule 4: the steps put on one route need a vehicle with the capacity and skills for all of them,
 * sharing a zone with every zoned one and starting at a depot every depot-bound one allows (zones
 * and depots by id; zones by shape are known once the geofences are read, and the solver names
 * them). Returns the issue, or null when some candidate vehicle fits.
 */
function unfitIssue(r: RelationInput, at: string, req: OptimizationRequest, dims: number, steps: Resolved, ids: ProblemIds): Issue | null {
  if (steps.steps < 2 && r.vehicle === undefined) return null;
  const need = new Set<number>();
  const zoneLists: string[][] = [];
  const shaped = (req.zones ?? []).some((z) => z.geometry !== undefined || z.geofence_id !== undefined);
  const depotLists: string[][] = [];
  const deliverySum = new Array<number>(dims).fill(0);
  const pickupSum = new Array<number>(dims).fill(0);
  const shipmentMax = new Array<number>(dims).fill(0);
  for (const k of steps.jobs) {
    const j = req.jobs![k];
    j.skills?.forEach((x) => need.add(x));
    if (j.zones?.length) zoneLists.push(j.zones.map(idKey));
    if (j.depot_ids?.length) depotLists.push(j.depot_ids.map(idKey));
    for (let d = 0; d < dims; d++) {
      deliverySum[d] += j.delivery?.[d] ?? 0;
      pickupSum[d] += j.pickup?.[d] ?? 0;
    }
  }
  for (const k of steps.shipments) {
    const sh = req.shipments![k];
    sh.skills?.forEach((x) => need.add(x));
    if (sh.zones?.length) zoneLists.push(sh.zones.map(idKey));
    for (let d = 0; d < dims; d++) shipmentMax[d] = Math.max(shipmentMax[d], sh.amount?.[d] ?? 0);
  }
  const why = (v: Vehicle): string | null => {
    const have = new Set(v.skills ?? []);
    const missing = [...need].filter((x) => !have.has(x));
    if (missing.length) return `vehicle ${showId(v.id)} lacks skill(s) ${missing.join(', ')}`;
    const zones = (v.zones ?? []).map(idKey);
    // With zone shapes, a step naming no zones may yet lie in the vehicle's zone.
    const unzonedStep = !shaped && zoneLists.length < steps.jobs.length + steps.shipments.size;
    if (zoneLists.some((list) => !list.some((z) => zones.includes(z))) || (zones.length > 0 && unzonedStep))
      return `vehicle ${showId(v.id)} shares no zone with some of the steps`;
    const start = (req.depots ?? []).find((d) => d.location_index === v.start_index);
    if (depotLists.some((list) => !start || !list.includes(idKey(start.id))))
      return `vehicle ${showId(v.id)} starts at none of the depots some of the steps allow`;
    if (!v.capacity && !v.alternative_capacities?.length) return null;
    // Any one of its configurations (capacity, then the alternatives) may carry the steps.
    const configs = [...(v.capacity ? [v.capacity] : []), ...(v.alternative_capacities ?? [])];
    let short = '';
    for (const config of configs) {
      short = '';
      for (let d = 0; d < dims && !short; d++) {
        const cap = config[d] ?? 0;
        const load = Math.max(deliverySum[d], pickupSum[d], shipmentMax[d]);
        if (load > cap) short = `vehicle ${showId(v.id)} has capacity ${cap} in dimension ${d}, the steps need ${load}`;
      }
      if (!short) return null;
    }
    return short;
  };
  const pinned = r.vehicle === undefined ? undefined : ids.vehicle(r.vehicle);
  const candidates = r.vehicle === undefined ? req.vehicles : pinned === undefined ? [] : [req.vehicles[pinned]];
  if (candidates.length === 0) return null;
  const reasons = candidates.map(why);
  if (reasons.some((x) => x === null)) return null;
  return {
    field: at,
    rule: `no vehicle has the capacity and skills (and zones and depot start) for all steps of this relation (rule 4): ${reasons.slice(0, 3).join('; ')}`,
  };
}

/** Checks every relation; returns the rule 4 issues (422), the others go to `add` (400). */
export function checkRelations(req: OptimizationRequest, dims: number, add: AddIssue): Issue[] {
  const ids = new ProblemIds(req);
  const unfit: Issue[] = [];
  req.relations?.forEach((r, i) => {
    const at = `relations[${i}]`;
    if (r.vehicle !== undefined && ids.vehicle(r.vehicle) === undefined) add(`${at}.vehicle`, `unknown vehicle id ${showId(r.vehicle)}`);
    if (r.id !== undefined && r.vehicle !== undefined && idKey(r.id) !== idKey(r.vehicle))
      add(`${at}.id`, `the deprecated vehicle id ${showId(r.id)} disagrees with ${at}.vehicle (${showId(r.vehicle)})`);
    // Shipment position -> step position, per step type.
    const pickups = new Map<number, number>();
    const deliveries = new Map<number, number>();
    const resolved: Resolved = { jobs: [], shipments: new Set(), steps: 0 };
    let known = true;
    const seenSteps = new Set<string>();
    r.steps.forEach((s, k) => {
      const f = `${at}.steps[${k}]`;
      const stepKey = `${s.type}:${s.id === undefined ? '' : idKey(s.id)}`;
      if (seenSteps.has(stepKey))
        add(f, `${s.type}${s.id === undefined ? '' : ` ${showId(s.id)}`} appears more than once in this relation`);
      seenSteps.add(stepKey);
      if (s.type === 'start') {
        if (k !== 0) add(f, 'a "start" step must be the first step');
        return;
      }
      if (s.type === 'end') {
        if (k !== r.steps.length - 1) add(f, 'an "end" step must be the last step');
        return;
      }
      if (s.id === undefined) {
        known = false;
        return add(`${f}.id`, `is required for a ${s.type} step`);
      }
      const position = ids.task(s.type, s.id);
      if (position === undefined) {
        known = false;
        return add(`${f}.id`, s.type === 'job' ? `unknown job id ${showId(s.id)}` : `unknown shipment ${s.type} id ${showId(s.id)}`);
      }
      resolved.steps++;
      if (s.type === 'job') return void resolved.jobs.push(position);
      resolved.shipments.add(position);
      (s.type === 'pickup' ? pickups : deliveries).set(position, k);
    });
    const shipmentName = (k: number) => showId(req.shipments![k].pickup.id);
    // Rule 6: both steps of a shipment in the same relation.
    for (const [k] of pickups)
      if (!deliveries.has(k))
        add(
          `${at}.steps`,
          `shipment ${shipmentName(k)} has its pickup but not its delivery in this relation (rule 6: both steps must be in the same relation)`,
        );
    for (const [k] of deliveries)
      if (!pickups.has(k))
        add(
          `${at}.steps`,
          `shipment ${shipmentName(k)} has its delivery but not its pickup in this relation (rule 6: both steps must be in the same relation)`,
        );
    // Rule 5: a delivery never before its pickup.
    if (ORDERED_RELATIONS.has(r.type)) {
      for (const [k, step] of deliveries) {
        const p = pickups.get(k);
        if (p !== undefined && step < p)
          add(`${at}.steps[${step}]`, `the delivery of shipment ${shipmentName(k)} is placed before its pickup (rule 5)`);
      }
    }
    if (!known) return;
    const issue = unfitIssue(r, at, req, dims, resolved, ids);
    if (issue) unfit.push(issue);
  });
  return unfit;
}

/** Rules 2 and 3: the soft constraints relations exclude, the hard one that needs in_same_route. */
export function checkRelationConstraints(req: OptimizationRequest, add: AddIssue): void {
  const relations = req.relations ?? [];
  const constraint = req.options?.constraint ?? {};
  if (relations.length > 0) {
    if (constraint.max_vehicle_overtime !== undefined)
      add('options.constraint.max_vehicle_overtime', 'is not available when relations are used (rule 2)');
    if (constraint.max_visit_lateness !== undefined)
      add('options.constraint.max_visit_lateness', 'is not available when relations are used (rule 2)');
  }
  if (constraint.max_activity_waiting_time !== undefined && !relations.some((r) => r.type === 'in_same_route'))
    add('options.constraint.max_activity_waiting_time', 'is only available with an in_same_route relation (rule 3)');
}
