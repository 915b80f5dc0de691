// Relations (seed 001 §4): known ids and vehicle, start first / end last, rules 2, 3, 5 and 6
// (400) and rule 4 (422: the input is well formed, but no feasible solution can be produced).
import type { OptimizationRequest, RelationInput } from '../schemas';
import type { AddIssue, Issue } from './issues';

const ORDERED_RELATIONS = new Set<RelationInput['type']>(['in_sequence', 'in_direct_sequence', 'precedence']);

type Vehicle = OptimizationRequest['vehicles'][number];
type Job = NonNullable<OptimizationRequest['jobs']>[number];
type Shipment = NonNullable<OptimizationRequest['shipments']>[number];

interface Lookup {
  jobById: Map<number, Job>;
  shipmentById: Map<number, Shipment>;
  vehicleById: Map<number, Vehicle>;
}

/**
 * Rule 4: the steps put on one route need a vehicle with the capacity and skills for all of them.
 * Returns the issue, or null when some candidate vehicle fits.
 */
function unfitIssue(r: RelationInput, at: string, req: OptimizationRequest, dims: number, ids: Lookup): Issue | null {
  const taskSteps = r.steps.filter((s) => s.type !== 'start' && s.type !== 'end');
  if (taskSteps.length < 2 && r.vehicle === undefined) return null;
  const need = new Set<number>();
  const deliverySum = new Array<number>(dims).fill(0);
  const pickupSum = new Array<number>(dims).fill(0);
  const shipmentMax = new Array<number>(dims).fill(0);
  const seenShipments = new Set<number>();
  for (const s of taskSteps) {
    if (s.type === 'job') {
      const j = ids.jobById.get(s.id!)!;
      j.skills?.forEach((x) => need.add(x));
      for (let d = 0; d < dims; d++) {
        deliverySum[d] += j.delivery?.[d] ?? 0;
        pickupSum[d] += j.pickup?.[d] ?? 0;
      }
    } else if (!seenShipments.has(s.id!)) {
      seenShipments.add(s.id!);
      const sh = ids.shipmentById.get(s.id!)!;
      sh.skills?.forEach((x) => need.add(x));
      for (let d = 0; d < dims; d++) shipmentMax[d] = Math.max(shipmentMax[d], sh.amount?.[d] ?? 0);
    }
  }
  const why = (v: Vehicle): string | null => {
    const have = new Set(v.skills ?? []);
    const missing = [...need].filter((x) => !have.has(x));
    if (missing.length) return `vehicle ${v.id} lacks skill(s) ${missing.join(', ')}`;
    if (!v.capacity) return null;
    for (let d = 0; d < dims; d++) {
      const cap = v.capacity[d] ?? 0;
      const load = Math.max(deliverySum[d], pickupSum[d], shipmentMax[d]);
      if (load > cap) return `vehicle ${v.id} has capacity ${cap} in dimension ${d}, the steps need ${load}`;
    }
    return null;
  };
  const candidates = r.vehicle !== undefined ? (ids.vehicleById.has(r.vehicle) ? [ids.vehicleById.get(r.vehicle)!] : []) : req.vehicles;
  if (candidates.length === 0) return null;
  const reasons = candidates.map(why);
  if (reasons.some((x) => x === null)) return null;
  return {
    field: at,
    rule: `no vehicle has the capacity and skills for all steps of this relation (rule 4): ${reasons.slice(0, 3).join('; ')}`,
  };
}

/** Checks every relation; returns the rule 4 issues (422), the others go to `add` (400). */
export function checkRelations(req: OptimizationRequest, dims: number, add: AddIssue): Issue[] {
  const ids: Lookup = {
    jobById: new Map((req.jobs ?? []).map((j) => [j.id, j])),
    shipmentById: new Map((req.shipments ?? []).map((s) => [s.pickup.id, s])),
    vehicleById: new Map(req.vehicles.map((v) => [v.id, v])),
  };
  const unfit: Issue[] = [];
  req.relations?.forEach((r, i) => {
    const at = `relations[${i}]`;
    if (r.vehicle !== undefined && !ids.vehicleById.has(r.vehicle)) add(`${at}.vehicle`, `unknown vehicle id ${r.vehicle}`);
    const pickups = new Map<number, number>();
    const deliveries = new Map<number, number>();
    let known = true;
    const seenSteps = new Set<string>();
    r.steps.forEach((s, k) => {
      const f = `${at}.steps[${k}]`;
      const stepKey = `${s.type}:${s.id ?? ''}`;
      if (seenSteps.has(stepKey)) add(f, `${s.type}${s.id === undefined ? '' : ` ${s.id}`} appears more than once in this relation`);
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
      if (s.type === 'job') {
        if (!ids.jobById.has(s.id)) {
          known = false;
          add(`${f}.id`, `unknown job id ${s.id}`);
        }
        return;
      }
      if (!ids.shipmentById.has(s.id)) {
        known = false;
        return add(`${f}.id`, `unknown shipment id ${s.id} (${s.type} step)`);
      }
      (s.type === 'pickup' ? pickups : deliveries).set(s.id, k);
    });
    // Rule 6: both steps of a shipment in the same relation.
    for (const [id] of pickups)
      if (!deliveries.has(id))
        add(
          `${at}.steps`,
          `shipment ${id} has its pickup but not its delivery in this relation (rule 6: both steps must be in the same relation)`,
        );
    for (const [id] of deliveries)
      if (!pickups.has(id))
        add(
          `${at}.steps`,
          `shipment ${id} has its delivery but not its pickup in this relation (rule 6: both steps must be in the same relation)`,
        );
    // Rule 5: a delivery never before its pickup.
    if (ORDERED_RELATIONS.has(r.type)) {
      for (const [id, k] of deliveries) {
        const p = pickups.get(id);
        if (p !== undefined && k < p) add(`${at}.steps[${k}]`, `the delivery of shipment ${id} is placed before its pickup (rule 5)`);
      }
    }
    if (!known) return;
    const issue = unfitIssue(r, at, req, dims, ids);
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
