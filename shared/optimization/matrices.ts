// Travel matrices of a validated problem, one set per routing profile its vehicles use:
//   1. the request's own duration_matrix (and distance_matrix) when given, for every profile;
//   2. else the routing engine: a loaded road network covering the locations, or its
//      great-circle fallback (distance x detour factor at the profile's speed), always flagged
//      in `warnings`.
// cost_matrix (travel_cost "customized") rides along as every profile's `costs`.
import {
  FALLBACK_WARNING,
  greatCircleMatrix,
  type AvoidOptions,
  type MatrixResult,
  type RoadEdits,
  type TravelOptions,
  type TurnKind,
} from '../roads';
import { roadNetworks } from '../routing/loaded-networks';
import { parseTruck, roadKind, turnKind, turnOptions } from '../routing/options';
import type { OptimizationRequest } from './schemas';
import type { ProfileMatrices, SolverMatrices } from '../solver';
import type { ClientResult } from './client-result';
import type { LatLonPair } from '../geo/types';
import { encodeLatLonPairs } from '../geo/polyline';
import { idKey } from './ids';
import { avoidEntries, parseAvoidBox, parseTruckSize, profileMode, vehicleProfile } from './validate/routing';

/** Stand-in for "unreachable" in a matrix (the solver wants finite numbers). */
const UNREACHABLE = 1e9;

export const DISTANCE_FALLBACK_WARNING = 'distance_matrix not given: distances are great-circle estimates (x1.3 detour factor)';

export function profilesOf(req: OptimizationRequest): string[] {
  return [...new Set(req.vehicles.map((_, i) => vehicleProfile(req, i)))];
}

/**
 * `options.routing.avoid` as the routing API reads `avoid`: road kinds and turn kinds soft (the
 * client's routing docs call avoid a flexible filter), tunnels and boxes hard.
 */
function avoidOptions(req: OptimizationRequest): { avoid: AvoidOptions; turns: TurnKind[] } {
  const a: AvoidOptions = {};
  const boxes = [];
  const turns: TurnKind[] = [];
  for (const entry of avoidEntries(req.options?.routing?.avoid)) {
    const box = parseAvoidBox(entry);
    if (box && box !== 'malformed') boxes.push(box);
    const lower = entry.toLowerCase();
    const kind = roadKind(lower);
    if (kind) a[kind] = true;
    const turn = turnKind(lower);
    if (turn) turns.push(turn);
    if (lower === 'tunnel') a.exclude = { tunnel: true };
  }
  if (boxes.length) a.bboxes = boxes;
  return { avoid: a, turns };
}

/** The routing engine's options for one profile: mode, truck, avoid, traffic and curb approaches per location. */
/** `edits`: the space's road editor restrictions in force at the departure. */
export function travelOptions(req: OptimizationRequest, profile: string, edits?: RoadEdits): TravelOptions {
  const routing = req.options?.routing ?? {};
  const mode = profileMode(req, profile);
  const size = routing.truck_size !== undefined ? parseTruckSize(routing.truck_size) : null;
  const { avoid, turns } = avoidOptions(req);
  const turnOpts = turnOptions(turns);
  return {
    profile: mode,
    truck:
      mode === 'truck' ? parseTruck(size ? `${size.height},${size.width},${size.length}` : undefined, routing.truck_weight) : undefined,
    avoid,
    ...(turnOpts ? { turns: turnOpts } : {}),
    trafficTimestamp: routing.traffic_timestamp,
    approaches: req.locations.approaches,
    ...(edits ? { edits } : {}),
  };
}

/** Warnings known before solving: routing preferences the travel source cannot honour. */
export function routingWarnings(req: OptimizationRequest, locations: LatLonPair[]): string[] {
  const routing = req.options?.routing ?? {};
  const out: string[] = [];
  const preferences = [
    routing.traffic_timestamp !== undefined && 'traffic_timestamp',
    (routing.truck_size !== undefined || routing.truck_weight !== undefined) && 'truck_size/truck_weight',
    avoidEntries(routing.avoid).length > 0 && 'avoid',
  ].filter((x): x is string => typeof x === 'string');
  const curb = (req.locations.approaches ?? []).includes('curb');
  const curbIgnored = (why: string) => {
    if (curb) out.push(`locations.approaches: "curb" not applied: ${why}`);
  };
  if (req.duration_matrix) {
    if (preferences.length) out.push(`options.routing ${preferences.join(', ')} ignored: travel comes from the request matrices`);
    curbIgnored('travel comes from the request matrices');
    if (!req.distance_matrix) out.push(DISTANCE_FALLBACK_WARNING);
    return out;
  }
  const covered = roadNetworks().find(locations.map(([lat, lon]) => ({ lat, lon })));
  if (!covered) {
    out.push(FALLBACK_WARNING);
    if (preferences.length) out.push(`options.routing ${preferences.join(', ')} ignored: no road network covers these locations`);
    curbIgnored('no road network covers these locations');
  } else if (routing.traffic_timestamp !== undefined) {
    // The engine applies time-of-day factors; nothing to flag.
  }
  return out;
}

function rows(flat: Float64Array, n: number): Float64Array[] {
  const out: Float64Array[] = [];
  for (let i = 0; i < n; i++) {
    const row = flat.subarray(i * n, (i + 1) * n);
    for (let j = 0; j < n; j++) row[j] = Number.isFinite(row[j]) ? Math.round(row[j]) : UNREACHABLE;
    out.push(row);
  }
  return out;
}

function greatCircleDistances(locations: LatLonPair[]): Float64Array[] {
  const estimate = greatCircleMatrix(locations.map(([lat, lon]) => ({ lat, lon })));
  return rows(estimate.distances, locations.length).map((row) => row.map(Math.round));
}

export interface BuiltMatrices {
  matrices: SolverMatrices;
  warnings: string[];
  /** "request", or the engine's method ("great-circle", "ch-buckets", "dijkstra"). */
  source: string;
  /** The road network the travel came from, when one covered the locations. */
  network?: string;
}

export function buildMatrices(req: OptimizationRequest, locations: LatLonPair[], edits?: RoadEdits): BuiltMatrices {
  const n = locations.length;
  const matrices: SolverMatrices = {};
  const warnings = new Set<string>();
  const costs = req.cost_matrix;
  if (req.duration_matrix) {
    const shared: ProfileMatrices = {
      durations: req.duration_matrix,
      distances: req.distance_matrix ?? greatCircleDistances(locations),
      ...(costs ? { costs } : {}),
    };
    if (!req.distance_matrix) warnings.add(DISTANCE_FALLBACK_WARNING);
    for (const p of profilesOf(req)) matrices[p] = shared;
    return { matrices, warnings: [...warnings], source: 'request' };
  }
  const points = locations.map(([lat, lon]) => ({ lat, lon }));
  let source = 'great-circle';
  let network: string | undefined;
  for (const p of profilesOf(req)) {
    const result: MatrixResult = roadNetworks().matrix(points, travelOptions(req, p, edits));
    for (const w of result.warnings) warnings.add(w);
    source = result.method;
    network = result.network;
    matrices[p] = { durations: rows(result.durations, n), distances: rows(result.distances, n), ...(costs ? { costs } : {}) };
  }
  return { matrices, warnings: [...warnings], source, network };
}

/**
 * Each route's geometry as an encoded polyline (precision 5): the road path when a loaded
 * network covers the route, else the straight legs between its stops.
 */
export function routeGeometries(result: ClientResult, req: OptimizationRequest, edits?: RoadEdits): string[] {
  const profiles = new Map(req.vehicles.map((v, i) => [idKey(v.id), vehicleProfile(req, i)]));
  return result.routes.map((route) => {
    const located = route.steps.filter((s) => s.location);
    const coords = located.map((s) => s.location as [number, number]);
    if (coords.length >= 2 && !req.duration_matrix) {
      const points = coords.map(([lat, lon]) => ({ lat, lon }));
      if (roadNetworks().find(points)) {
        const options = travelOptions(req, profiles.get(idKey(route.vehicle)) ?? 'car', edits);
        const approaches = located.map((s) => (s.location_index === undefined ? undefined : options.approaches?.[s.location_index]));
        try {
          return roadNetworks().route(points, { ...options, approaches }).geometry;
        } catch {
          // fall through to straight legs
        }
      }
    }
    return encodeLatLonPairs(coords, 5);
  });
}
