// Nothing a caller sends is dropped without a word. Fields of the client's v2 types that Waymark
// accepts but does not act on yet, enum values it cannot map, earlier-plan ids the problem lacks
// and fields nobody declares (neither the spec nor the client) are all accepted and named in
// `warnings` of the submit answer and of the result. One warning per field pattern
// ("jobs[].revenue"), however many tasks carry it.
import { unknownFields } from '../platform/unknown-fields';
import { chosenStartLocationWarnings, endDepotWindowWarnings } from './depot-warnings';
import { roadKind, turnKind } from '../routing/options';
import { locationIndexOf, pointLatLon } from './geo';
import type { LatLonPair } from '../geo/types';
import { ProblemIds } from './ids';
import {
  optimizationRequestSchema,
  PLAN_FIGURES,
  reOptimizationSchema,
  type OptimizationRequest,
  type ReOptimizationRequest,
} from './schemas';
import { avoidEntries, parseAvoidBox } from './validate/routing';
import { showId } from './validate/ids';
import { splitWarnings } from './validate/splits';

interface Unhonoured {
  /** Dotted path; `[]` walks an array, `*` every value of a record. */
  field: string;
  why: string;
  /** Only these values go unhonoured (the others are what Waymark does anyway). */
  when?: (value: unknown) => boolean;
}

/** Modes with a time budget of their own (worker.ts); the others get flexible's. */
export const SOLVER_MODES = ['flexible', 'fast'];
const PROFILE_ROUTING = [
  'traffic_timestamp',
  'truck_size',
  'truck_weight',
  'avoid',
  'allow',
  'context',
  'cross_border',
  'hazmat_type',
  'truck_axle_load',
];

const UNHONOURED: Unhonoured[] = [
  { field: 'vehicles[].allowed_zones', why: 'vehicles[].zones names the zones a vehicle works in' },
  { field: 'vehicles[].restricted_zones', why: 'zones a vehicle must avoid are not modelled; vehicles[].zones is honoured' },
  {
    field: 'depots[].throughput',
    why: 'the commercial docs name the field but not what it counts (vehicles loaded at once, or per hour) nor what happens to a vehicle past it; depots load any number of vehicles at once',
  },
  { field: 'jobs[].follow_lifo_order', why: 'the loading order applies to shipments; a job is on board all along its route' },
  { field: 'vehicles[].volume.alignment', why: "alignment is an item's: it says how a task's goods may be turned" },
  {
    field: 'vehicles[].attributes',
    why: 'v2 tasks state no attribute requirements to match them against (the driver-assignment orders do); skills are matched',
  },
  { field: 'vehicles[].priority', why: 'the v2 objective has no level that ranks vehicles; use costs.fixed to make a vehicle dearer' },
  {
    field: 'vehicles[].remaining_waypoints',
    why: 'the points carry no service or time, and travel through them is not in the matrices; give the vehicle its start_index',
  },
  { field: 'options.grouping.route_grouping', why: 'route shapes are not steered; order_grouping is honoured' },
  { field: 'options.grouping.proximity_factor', why: 'route shapes are not steered; order_grouping is honoured' },
  {
    field: 'options.objective.solver_mode',
    why: `the modes are ${SOLVER_MODES.join(' and ')}; flexible's time budget is used`,
    when: (v) => !SOLVER_MODES.includes(String(v)),
  },
  { field: 'options.routing.allow', why: 'taxi and HOV lanes are not modelled' },
  { field: 'options.routing.context', why: 'average-speed routing is not modelled' },
  { field: 'options.routing.cross_border', why: 'border crossings are not restricted', when: (v) => v === false },
  { field: 'options.routing.hazmat_type', why: 'hazardous-material restrictions are not modelled' },
  { field: 'options.routing.truck_axle_load', why: 'axle load limits are not modelled' },
  ...PROFILE_ROUTING.map((name) => ({
    field: `options.routing.profiles.*.${name}`,
    why: 'a profile applies its mode only; options.routing applies to every profile',
  })),
];

/** How many times the path holds a value (passing `when`). */
function count(value: unknown, segments: string[], when?: (v: unknown) => boolean): number {
  if (segments.length === 0) {
    const given = value !== undefined && !(Array.isArray(value) && value.length === 0);
    return given && (!when || when(value)) ? 1 : 0;
  }
  if (value === null || typeof value !== 'object') return 0;
  const [head, ...rest] = segments;
  const sum = (items: unknown[]) => items.reduce<number>((n, item) => n + count(item, rest, when), 0);
  if (head === '[]') return Array.isArray(value) ? sum(value) : 0;
  if (head === '*') return sum(Object.values(value));
  return count((value as Record<string, unknown>)[head], rest, when);
}

const segmentsOf = (field: string) => field.replace(/\[\]/g, '.[]').split('.');
const times = (n: number) => (n > 1 ? ` (given ${n} times)` : '');

/** "jobs[3].revenue" -> "jobs[].revenue", counted. */
function byPattern(paths: string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of paths) {
    const pattern = p.replace(/\[\d+\]/g, '[]');
    out.set(pattern, (out.get(pattern) ?? 0) + 1);
  }
  return out;
}

function unknownFieldWarnings(paths: string[]): string[] {
  return [...byPattern(paths)].map(([pattern, n]) => `${pattern}: not a known field; ignored${times(n)}`);
}

const honoured = (entry: string) =>
  entry === 'none' || entry === 'tunnel' || roadKind(entry) !== undefined || turnKind(entry) !== undefined;

function avoidWarnings(avoid: string[] | string | undefined): string[] {
  return avoidEntries(avoid)
    .filter((entry) => !honoured(entry.toLowerCase()) && parseAvoidBox(entry) === null)
    .map((entry) =>
      /^bbox\s*[:=]?\s*$/i.test(entry)
        ? 'options.routing.avoid: "bbox" without coordinates avoids nothing; give "bbox: minLat,minLon,maxLat,maxLon"'
        : `options.routing.avoid: ${JSON.stringify(entry)} is not honoured (toll, highway, ferry, service_road, tunnel, bbox and the turn kinds uturn, sharp_turn, left_turn, right_turn are)`,
    );
}

/** Ids of an earlier plan (solution, unassigned) that the problem lacks: a hint, so ignored. */
function planWarnings(req: OptimizationRequest): string[] {
  const ids = new ProblemIds(req);
  const out: string[] = [];
  req.solution?.forEach((route, i) => {
    if (ids.vehicle(route.vehicle) === undefined)
      out.push(`solution[${i}].vehicle: unknown vehicle id ${showId(route.vehicle)}; route ignored`);
    route.steps.forEach((s, k) => {
      if (s.type === 'start' || s.type === 'end' || s.type === 'break' || s.type === 'layover' || s.id === undefined) return;
      if (ids.task(s.type, s.id) === undefined)
        out.push(`solution[${i}].steps[${k}].id: unknown ${s.type} id ${showId(s.id)}; step ignored`);
    });
  });
  const figures = new Set<string>();
  for (const route of req.solution ?? [])
    for (const item of [route, ...route.steps]) for (const f of PLAN_FIGURES) if (item[f] !== undefined) figures.add(f);
  if (figures.size)
    out.push(`solution[]: the earlier plan gives the search its vehicles and step order; ${[...figures].join(', ')} are recomputed`);
  req.unassigned?.jobs?.forEach((id, k) => {
    if (ids.task('job', id) === undefined) out.push(`unassigned.jobs[${k}]: unknown job id ${showId(id)}; ignored`);
  });
  req.unassigned?.shipments?.forEach((pair, k) => {
    if (!pair.some((id) => ids.task('pickup', id) !== undefined || ids.task('delivery', id) !== undefined))
      out.push(`unassigned.shipments[${k}]: no shipment has these ids; ignored`);
  });
  return out;
}

/** A vehicle with both start_index and a location elsewhere starts at start_index. */
function vehicleLocationWarnings(req: OptimizationRequest, locations: LatLonPair[]): string[] {
  const out: string[] = [];
  req.vehicles.forEach((v, i) => {
    const point = v.location && pointLatLon(v.location);
    if (point && v.start_index !== undefined && locationIndexOf([locations[v.start_index]], point) < 0)
      out.push(`vehicles[${i}].location: ignored, the vehicle starts at start_index ${v.start_index}`);
  });
  return out;
}

/** Reloads happen at the depot a vehicle starts at: without one it makes a single run. */
function multiTripWarnings(req: OptimizationRequest, locations: LatLonPair[]): string[] {
  const atDepot = new Set((req.depots ?? []).map((d) => d.location_index));
  // Where solver-input.ts starts the vehicle: start_index, else its location when that is a listed one.
  const start = (v: OptimizationRequest['vehicles'][number]) => {
    if (v.start_index !== undefined || !v.location) return v.start_index;
    const point = pointLatLon(v.location);
    return point ? locationIndexOf(locations, point) : undefined;
  };
  const chooses = (v: OptimizationRequest['vehicles'][number]) => v.start_depot_ids !== undefined || v.depot !== undefined;
  const n = req.vehicles.filter((v) => (v.max_depot_runs ?? 1) > 1 && !chooses(v) && !atDepot.has(start(v) ?? -1)).length;
  return n
    ? [
        `vehicles[].max_depot_runs: accepted but not honoured (the vehicle starts at no depot, and reloads happen at its start depot; it makes one run)${times(n)}`,
      ]
    : [];
}

/** The warnings of a validated problem (see the header). */
export function problemWarnings(req: OptimizationRequest, locations: LatLonPair[]): string[] {
  const unhonoured = UNHONOURED.flatMap(({ field, why, when }) => {
    const n = count(req, segmentsOf(field), when);
    return n ? [`${field}: accepted but not honoured yet (${why})${times(n)}`] : [];
  });
  return [
    ...unhonoured,
    ...multiTripWarnings(req, locations),
    ...splitWarnings(req),
    ...endDepotWindowWarnings(req),
    ...chosenStartLocationWarnings(req),
    ...avoidWarnings(req.options?.routing?.avoid),
    ...vehicleLocationWarnings(req, locations),
    ...planWarnings(req),
    ...unknownFieldWarnings(unknownFields(optimizationRequestSchema, req)),
  ];
}

/**
 * Unknown fields of a re-optimization body outside the items it adds or modifies: those become
 * part of the problem and are warned with it.
 */
export function reOptimizationWarnings(body: ReOptimizationRequest): string[] {
  const paths = unknownFields(reOptimizationSchema, body).filter((p) => !/^(vehicle|job|shipment)_changes\.(add|modify)\b/.test(p));
  return unknownFieldWarnings(paths);
}
