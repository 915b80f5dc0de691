// Whole-problem validation of a route optimization request, run after the zod
// schema and before anything is stored or queued. Every broken rule is collected, so a caller
// fixes the request in one round trip: 400 "<field>: <rule>; <field>: <rule>", the first field
// in `field`. Relation rule 4 (no vehicle can take all steps of a relation) is 422: the input is
// well formed, but no feasible solution can be produced.
import { ApiError } from '../platform/errors';
import { MAX_AVOID_BBOX_PERIMETER_KM, MAX_TASKS, MAX_TRUCK_SIZE_CM, type OptimizationRequest, type RelationInput } from './schemas';
import { webhookUrlProblem } from '../webhooks/url';
import { greatCircleMeters } from '../geo/sphere';
import { parseLatLon, type LatLon } from './geo';

export interface Issue {
  field: string;
  rule: string;
}

/** Issues listed in one message at most; the rest are counted. */
const MAX_LISTED = 25;

export function issuesError(issues: Issue[], status = 400): ApiError {
  const listed = issues.slice(0, MAX_LISTED).map((i) => `${i.field}: ${i.rule}`);
  if (issues.length > MAX_LISTED) listed.push(`and ${issues.length - MAX_LISTED} more`);
  return new ApiError(status, listed.join('; '), { field: issues[0]?.field });
}

/** Routing profiles allowed by location count (where the commercial limits overlap, the caller's favour). */
export function maxProfiles(locations: number): number {
  if (locations <= 100) return 15;
  if (locations <= 600) return 6;
  if (locations <= 1200) return 2;
  return 1;
}

export const BUILTIN_PROFILES = ['car', 'truck'] as const;

/** The profile each vehicle uses: its own, else options.routing.mode, else car. */
export function vehicleProfile(req: OptimizationRequest, index: number): string {
  return req.vehicles[index].profile ?? req.options?.routing?.mode ?? 'car';
}

/** The base travel mode (car or truck) of a profile name. */
export function profileMode(req: OptimizationRequest, profile: string): 'car' | 'truck' {
  if (profile === 'car' || profile === 'truck') return profile;
  return req.options?.routing?.profiles?.[profile]?.mode ?? req.options?.routing?.mode ?? 'car';
}

export interface TruckSize {
  height: number;
  width: number;
  length: number;
}

export function parseTruckSize(value: string | number[]): TruckSize | null {
  const parts = typeof value === 'string' ? value.split(',').map((p) => (p.trim() === '' ? NaN : Number(p))) : value;
  if (parts.length !== 3 || parts.some((p) => !Number.isFinite(p) || p < 0)) return null;
  return { height: parts[0], width: parts[1], length: parts[2] };
}

export interface AvoidBox {
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

/** "bbox: minLat,minLon,maxLat,maxLon" (also "bbox:..." or "bbox=..."); null when not a bbox entry. */
export function parseAvoidBox(entry: string): AvoidBox | 'malformed' | null {
  const m = /^\s*bbox\s*[:=]?\s*(.*)$/i.exec(entry);
  if (!m) return null;
  const p = m[1].split(',').map((x) => (x.trim() === '' ? NaN : Number(x)));
  if (p.length !== 4 || p.some((x) => !Number.isFinite(x))) return 'malformed';
  const box = {
    minLat: Math.min(p[0], p[2]),
    minLon: Math.min(p[1], p[3]),
    maxLat: Math.max(p[0], p[2]),
    maxLon: Math.max(p[1], p[3]),
  };
  if (box.minLat < -90 || box.maxLat > 90 || box.minLon < -180 || box.maxLon > 180) return 'malformed';
  return box;
}

/** Perimeter of a lat/lon box in km: two meridian sides plus the parallels at its two latitudes. */
export function bboxPerimeterKm(b: AvoidBox): number {
  const side = greatCircleMeters(b.minLat, b.minLon, b.maxLat, b.minLon);
  const south = greatCircleMeters(b.minLat, b.minLon, b.minLat, b.maxLon);
  const north = greatCircleMeters(b.maxLat, b.minLon, b.maxLat, b.maxLon);
  return (2 * side + south + north) / 1000;
}

export function avoidEntries(avoid: string[] | string | undefined): string[] {
  if (avoid === undefined) return [];
  return (typeof avoid === 'string' ? avoid.split('|') : avoid).map((a) => a.trim()).filter((a) => a !== '');
}

export interface ValidateContext {
  /** host[:port] values that address this service (the request's Host header, the local port). */
  selfHosts: string[];
}

export interface ValidatedProblem {
  request: OptimizationRequest;
  locations: LatLon[];
}

const ORDERED_RELATIONS = new Set<RelationInput['type']>(['in_sequence', 'in_direct_sequence', 'precedence']);

function checkMatrix(name: string, m: unknown[], n: number, add: (f: string, r: string) => void): void {
  if (m.length !== n) return add(name, `must have ${n} rows, one per location (got ${m.length}); a subset is not allowed`);
  for (let i = 0; i < n; i++) {
    const row = m[i];
    if (!Array.isArray(row)) return add(`${name}[${i}]`, 'must be an array');
    if (row.length !== n) return add(`${name}[${i}]`, `must have ${n} entries, one per location (got ${row.length})`);
    for (let j = 0; j < n; j++) {
      const v = row[j];
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) return add(`${name}[${i}][${j}]`, 'must be a non-negative integer');
    }
  }
}

/**
 * Checks every cross-field rule; returns the request normalized (shipment delivery ids filled
 * in) with its parsed locations, or throws the 400 (all issues) or 422.
 */
export function validateProblem(input: OptimizationRequest, ctx: ValidateContext): ValidatedProblem {
  const issues: Issue[] = [];
  const add = (field: string, rule: string) => void issues.push({ field, rule });
  const req: OptimizationRequest = {
    ...input,
    shipments: input.shipments?.map((s) => ({ ...s, delivery: { ...s.delivery, id: s.delivery.id ?? s.pickup.id } })),
  };
  const jobs = req.jobs ?? [];
  const shipments = req.shipments ?? [];
  const vehicles = req.vehicles;
  const relations = req.relations ?? [];
  const options = req.options ?? {};

  // Locations.
  const locations: LatLon[] = [];
  let badLocations = 0;
  req.locations.location.forEach((text, i) => {
    const p = parseLatLon(text);
    if (!p) {
      if (badLocations++ < 5) add(`locations.location[${i}]`, 'must be "lat,lon" with lat in [-90, 90] and lon in [-180, 180]');
      locations.push([0, 0]);
    } else locations.push(p);
  });
  const n = locations.length;

  // Task count: jobs plus two steps per shipment, at most MAX_TASKS.
  const tasks = jobs.length + 2 * shipments.length;
  if (tasks === 0) add('jobs', 'at least one job or shipment is required');
  if (tasks > MAX_TASKS) add('jobs', `at most ${MAX_TASKS} tasks, counted as jobs + 2 x shipments (got ${tasks})`);

  // Every index within locations.
  const index = (field: string, i: number | undefined) => {
    if (i !== undefined && i >= n) add(field, `must be less than the number of locations (${n})`);
  };
  vehicles.forEach((v, i) => {
    index(`vehicles[${i}].start_index`, v.start_index);
    index(`vehicles[${i}].end_index`, v.end_index);
  });
  jobs.forEach((j, i) => index(`jobs[${i}].location_index`, j.location_index));
  shipments.forEach((s, i) => {
    index(`shipments[${i}].pickup.location_index`, s.pickup.location_index);
    index(`shipments[${i}].delivery.location_index`, s.delivery.location_index);
  });

  // Ids unique per kind; a shipment's delivery id equals its pickup id.
  const unique = (kind: string, list: { field: string; id: number }[]) => {
    const seen = new Map<number, string>();
    for (const { field, id } of list) {
      const first = seen.get(id);
      if (first !== undefined) add(field, `duplicate ${kind} id ${id} (also ${first})`);
      else seen.set(id, field);
    }
  };
  unique(
    'vehicle',
    vehicles.map((v, i) => ({ field: `vehicles[${i}].id`, id: v.id })),
  );
  unique(
    'job',
    jobs.map((j, i) => ({ field: `jobs[${i}].id`, id: j.id })),
  );
  unique(
    'shipment',
    shipments.map((s, i) => ({ field: `shipments[${i}].pickup.id`, id: s.pickup.id })),
  );
  input.shipments?.forEach((s, i) => {
    if (s.delivery.id !== undefined && s.delivery.id !== s.pickup.id)
      add(`shipments[${i}].delivery.id`, `must equal shipments[${i}].pickup.id (${s.pickup.id}): a shipment's steps share one id`);
  });
  vehicles.forEach((v, i) =>
    unique(
      'break',
      (v.breaks ?? []).map((b, k) => ({ field: `vehicles[${i}].breaks[${k}].id`, id: b.id })),
    ),
  );

  // capacity / amount / pickup / delivery: one length everywhere (one entry per dimension).
  const dims: { field: string; length: number }[] = [];
  vehicles.forEach((v, i) => v.capacity && dims.push({ field: `vehicles[${i}].capacity`, length: v.capacity.length }));
  jobs.forEach((j, i) => {
    if (j.delivery) dims.push({ field: `jobs[${i}].delivery`, length: j.delivery.length });
    if (j.pickup) dims.push({ field: `jobs[${i}].pickup`, length: j.pickup.length });
  });
  shipments.forEach((s, i) => s.amount && dims.push({ field: `shipments[${i}].amount`, length: s.amount.length }));
  if (dims.length) {
    const first = dims[0];
    for (const d of dims.slice(1)) {
      if (d.length !== first.length)
        add(
          d.field,
          `must have ${first.length} values like ${first.field} (capacity, amount, pickup and delivery arrays all have one length)`,
        );
    }
  }

  // Time windows [start, end] with start <= end.
  const window = (field: string, w: [number, number] | undefined) => {
    if (w && w[0] > w[1]) add(field, `start (${w[0]}) must not be after end (${w[1]})`);
  };
  vehicles.forEach((v, i) => {
    window(`vehicles[${i}].time_window`, v.time_window);
    v.breaks?.forEach((b, k) => b.time_windows?.forEach((w, m) => window(`vehicles[${i}].breaks[${k}].time_windows[${m}]`, w)));
  });
  jobs.forEach((j, i) => j.time_windows?.forEach((w, k) => window(`jobs[${i}].time_windows[${k}]`, w)));
  shipments.forEach((s, i) => {
    s.pickup.time_windows?.forEach((w, k) => window(`shipments[${i}].pickup.time_windows[${k}]`, w));
    s.delivery.time_windows?.forEach((w, k) => window(`shipments[${i}].delivery.time_windows[${k}]`, w));
  });

  // Matrices: n x n non-negative integers over all locations, never a subset.
  const travelCost = options.objective?.travel_cost ?? 'duration';
  for (const name of ['cost_matrix', 'duration_matrix', 'distance_matrix'] as const) {
    const m = req[name];
    if (m !== undefined) checkMatrix(name, m, n, add);
  }
  if (req.cost_matrix !== undefined && travelCost !== 'customized')
    add('cost_matrix', 'is only allowed with options.objective.travel_cost "customized"');
  if (req.cost_matrix === undefined && travelCost === 'customized')
    add('cost_matrix', 'is required when options.objective.travel_cost is "customized"');
  if (req.distance_matrix !== undefined && req.duration_matrix === undefined)
    add('duration_matrix', 'is required when distance_matrix is given');

  // Relations: every step names a known task at a place its type allows, plus the numbered rules.
  const jobById = new Map(jobs.map((j) => [j.id, j]));
  const shipmentById = new Map(shipments.map((s) => [s.pickup.id, s]));
  const vehicleById = new Map(vehicles.map((v) => [v.id, v]));
  const unfit: Issue[] = [];
  relations.forEach((r, i) => {
    const at = `relations[${i}]`;
    if (r.vehicle !== undefined && !vehicleById.has(r.vehicle)) add(`${at}.vehicle`, `unknown vehicle id ${r.vehicle}`);
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
        if (!jobById.has(s.id)) {
          known = false;
          add(`${f}.id`, `unknown job id ${s.id}`);
        }
        return;
      }
      if (!shipmentById.has(s.id)) {
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
    // Rule 4: the steps put on one route need a vehicle with the capacity and skills for all of them.
    if (!known) return;
    const taskSteps = r.steps.filter((s) => s.type !== 'start' && s.type !== 'end');
    if (taskSteps.length < 2 && r.vehicle === undefined) return;
    const need = new Set<number>();
    const dimsN = dims.length ? dims[0].length : 0;
    const deliverySum = new Array<number>(dimsN).fill(0);
    const pickupSum = new Array<number>(dimsN).fill(0);
    const shipmentMax = new Array<number>(dimsN).fill(0);
    const seenShipments = new Set<number>();
    for (const s of taskSteps) {
      if (s.type === 'job') {
        const j = jobById.get(s.id!)!;
        j.skills?.forEach((x) => need.add(x));
        for (let d = 0; d < dimsN; d++) {
          deliverySum[d] += j.delivery?.[d] ?? 0;
          pickupSum[d] += j.pickup?.[d] ?? 0;
        }
      } else if (!seenShipments.has(s.id!)) {
        seenShipments.add(s.id!);
        const sh = shipmentById.get(s.id!)!;
        sh.skills?.forEach((x) => need.add(x));
        for (let d = 0; d < dimsN; d++) shipmentMax[d] = Math.max(shipmentMax[d], sh.amount?.[d] ?? 0);
      }
    }
    const why = (v: (typeof vehicles)[number]): string | null => {
      const have = new Set(v.skills ?? []);
      const missing = [...need].filter((x) => !have.has(x));
      if (missing.length) return `vehicle ${v.id} lacks skill(s) ${missing.join(', ')}`;
      if (!v.capacity) return null;
      for (let d = 0; d < dimsN; d++) {
        const cap = v.capacity[d] ?? 0;
        const load = Math.max(deliverySum[d], pickupSum[d], shipmentMax[d]);
        if (load > cap) return `vehicle ${v.id} has capacity ${cap} in dimension ${d}, the steps need ${load}`;
      }
      return null;
    };
    const candidates = r.vehicle !== undefined ? (vehicleById.has(r.vehicle) ? [vehicleById.get(r.vehicle)!] : []) : vehicles;
    if (candidates.length === 0) return;
    const reasons = candidates.map(why);
    if (reasons.every((x) => x !== null))
      unfit.push({
        field: at,
        rule: `no vehicle has the capacity and skills for all steps of this relation (rule 4): ${reasons.slice(0, 3).join('; ')}`,
      });
  });
  const constraint = options.constraint ?? {};
  if (relations.length > 0) {
    // Rule 2.
    if (constraint.max_vehicle_overtime !== undefined)
      add('options.constraint.max_vehicle_overtime', 'is not available when relations are used (rule 2)');
    if (constraint.max_visit_lateness !== undefined)
      add('options.constraint.max_visit_lateness', 'is not available when relations are used (rule 2)');
  }
  // Rule 3.
  if (constraint.max_activity_waiting_time !== undefined && !relations.some((r) => r.type === 'in_same_route'))
    add('options.constraint.max_activity_waiting_time', 'is only available with an in_same_route relation (rule 3)');

  // Routing preferences: truck size, avoided areas and routing profiles within their limits.
  const routing = options.routing ?? {};
  if (routing.truck_size !== undefined) {
    const size = parseTruckSize(routing.truck_size);
    if (!size) add('options.routing.truck_size', 'must be "height,width,length" in centimetres');
    else {
      if (size.height > MAX_TRUCK_SIZE_CM.height)
        add('options.routing.truck_size', `height must be at most ${MAX_TRUCK_SIZE_CM.height} cm`);
      if (size.width > MAX_TRUCK_SIZE_CM.width) add('options.routing.truck_size', `width must be at most ${MAX_TRUCK_SIZE_CM.width} cm`);
      if (size.length > MAX_TRUCK_SIZE_CM.length)
        add('options.routing.truck_size', `length must be at most ${MAX_TRUCK_SIZE_CM.length} cm`);
    }
  }
  avoidEntries(routing.avoid).forEach((entry, k) => {
    const box = parseAvoidBox(entry);
    const f = typeof routing.avoid === 'string' ? 'options.routing.avoid' : `options.routing.avoid[${k}]`;
    if (box === 'malformed') add(f, 'a bbox must be given as "bbox: minLat,minLon,maxLat,maxLon"');
    else if (box) {
      const perimeter = bboxPerimeterKm(box);
      if (perimeter > MAX_AVOID_BBOX_PERIMETER_KM)
        add(f, `bbox perimeter must be at most ${MAX_AVOID_BBOX_PERIMETER_KM} km (got ${Math.round(perimeter)} km)`);
    }
  });
  const declared = Object.keys(routing.profiles ?? {});
  const profiles = new Set<string>(declared);
  vehicles.forEach((v, i) => {
    if (v.profile !== undefined && !BUILTIN_PROFILES.includes(v.profile as 'car') && !declared.includes(v.profile))
      add(`vehicles[${i}].profile`, `unknown routing profile "${v.profile}" (car, truck or a name in options.routing.profiles)`);
    profiles.add(vehicleProfile(req, i));
  });
  const allowedProfiles = maxProfiles(n);
  if (profiles.size > allowedProfiles)
    add(
      'options.routing.profiles',
      `at most ${allowedProfiles} routing profile(s) with ${n} locations, default included (got ${profiles.size})`,
    );

  // Webhook.
  if (options.webhook) {
    const problem = webhookUrlProblem(options.webhook.url, ctx.selfHosts);
    if (problem) add('options.webhook.url', problem);
  }

  if (issues.length) throw issuesError(issues, 400);
  if (unfit.length) throw issuesError(unfit, 422);
  return { request: req, locations };
}
