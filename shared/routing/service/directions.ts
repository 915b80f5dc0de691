import type { Network } from '../../roads/network';
import type { NetworkRegistry } from '../../roads/registry';
import { simplifyLine } from '../simplify';
import type { LatLon } from '../../geo/types';
import type { AvoidOptions, RouteResult } from '../../roads/types';
import { travelOptions, type TravelParams } from '../params';
import { coveringNetwork, naming, type NamedPoint } from './coverage';
import { geometryOf, location, tenth, type GeometryFormat } from './shapes';
import { planRests } from './rests';
import { legSteps } from './steps';

// POST /directions/json: the best route through the stops, its alternatives, and on request
// turn-by-turn steps named after the graph's roads.

export interface DirectionsParams extends TravelParams {
  origin: LatLon;
  destination: LatLon;
  waypoints?: LatLon[];
  alternatives?: boolean;
  altcount?: number;
  geometry?: GeometryFormat;
  overview?: 'full' | 'simplified' | 'false';
  steps?: boolean;
  route_type?: 'fastest' | 'shortest';
  bearings?: Array<{ bearing: number; range: number } | undefined>;
  /** Per stop after the origin: 'curb' arrives (and leaves) with the stop on the right. */
  approaches?: Array<'curb' | undefined>;
  /** Seconds of continuous driving before each rest (rests.ts). */
  drive_time_limits?: number[];
  /** Seconds of each rest, paired with drive_time_limits. */
  rest_times?: number[];
}

/** Ferries are avoided unless `avoid` says otherwise, as the public API does. */
const DEFAULT_AVOID: AvoidOptions = { ferry: true };
/** An alternative may share at most this fraction of its length with the routes before it. */
const MAX_SHARED = 0.8;
/** An alternative may take at most this factor of the best route's cost. */
const MAX_STRETCH = 1.5;
/** Cost factor on the edges of earlier routes while looking for the next alternative. */
const ALTERNATIVE_PENALTY = 1.4;
/** Tolerance of `overview=simplified`, metres. */
const SIMPLIFIED_TOLERANCE_M = 10;

const namedPoints = (p: DirectionsParams): NamedPoint[] => [
  { point: p.origin, field: 'origin' },
  ...(p.waypoints ?? []).map((point, i) => ({ point, field: `waypoints[${i}]` })),
  { point: p.destination, field: 'destination' },
];

const segmentKey = (net: Network, e: number) => Math.min(e, net.graph.twin[e] >= 0 ? net.graph.twin[e] : e);

function edgesOf(net: Network, r: RouteResult): Map<number, number> {
  const out = new Map<number, number>();
  for (const leg of r.legs) for (const e of leg.edges ?? []) out.set(segmentKey(net, e), net.graph.data.length[e]);
  return out;
}

/** The engine's options of the request's routes (alternatives add their penalty). */
const routeOptions = (p: DirectionsParams) => ({
  ...travelOptions(p, DEFAULT_AVOID),
  minimise: p.route_type === 'shortest' ? ('distance' as const) : undefined,
  bearings: p.bearings,
  approaches: p.approaches ? [undefined, ...p.approaches] : undefined,
});

function alternatives(net: Network, best: RouteResult, points: LatLon[], p: DirectionsParams, count: number): RouteResult[] {
  const used = edgesOf(net, best);
  const weight = (r: RouteResult) => (p.route_type === 'shortest' ? r.distance : r.duration);
  const out: RouteResult[] = [];
  for (let attempt = 0; attempt < count + 1 && out.length < count; attempt++) {
    const alt = net.route(points, { ...routeOptions(p), penalty: { edges: used.keys(), factor: ALTERNATIVE_PENALTY } });
    const mine = edgesOf(net, alt);
    let shared = 0;
    let total = 0;
    for (const [e, len] of mine) {
      total += len;
      if (used.has(e)) shared += len;
    }
    for (const [e, len] of mine) used.set(e, len);
    if (total === 0 || shared / total > MAX_SHARED || weight(alt) > MAX_STRETCH * weight(best)) continue;
    out.push(alt);
  }
  return out;
}

/** The rests of `drive_time_limits` on a route, and the warning when it drives on past the last limit. */
function rests(r: RouteResult, p: DirectionsParams, secondsPerMetre: (e: number) => number) {
  if (!p.drive_time_limits) return undefined;
  const plan = planRests(r.legs, secondsPerMetre, p.drive_time_limits, p.rest_times);
  return {
    restPerLeg: plan.restPerLeg,
    total: plan.restPerLeg.reduce((a, b) => a + b, 0),
    stops: plan.stops.map((s) => ({ location: location(s.at), leg_index: s.leg, time: tenth(s.time), duration: s.duration })),
    warning:
      plan.overrun > EPS_S
        ? `drive_time_limits: the route drives ${tenth(plan.overrun)} s after the last of its ${p.drive_time_limits.length} drive-time limits, with no rest scheduled`
        : undefined,
  };
}

/** Driving past the last limit by less than this is rounding, not a warning. */
const EPS_S = 0.05;

function shape(net: Network, r: RouteResult, p: DirectionsParams) {
  const format = p.geometry ?? 'polyline';
  const overview = p.overview ?? 'full';
  const coords = overview === 'simplified' ? simplifyLine(r.coordinates, SIMPLIFIED_TOLERANCE_M) : r.coordinates;
  const duration = net.metricFor(travelOptions(p, DEFAULT_AVOID)).metric.duration;
  const secondsPerMetre = (e: number) => (net.graph.data.length[e] > 0 ? duration[e] / net.graph.data.length[e] : 0);
  const rested = rests(r, p, secondsPerMetre);
  return {
    ...(rested?.warning ? { warning: rested.warning } : {}),
    distance: tenth(r.distance),
    duration: tenth(r.duration + (rested?.total ?? 0)),
    ...(rested ? { rest_stops: rested.stops } : {}),
    ...(overview === 'false' ? {} : geometryOf(coords, format)),
    start_location: location(r.coordinates[0]),
    end_location: location(r.coordinates[r.coordinates.length - 1]),
    legs: r.legs.map((leg, l) => {
      const c = leg.coordinates ?? [];
      return {
        distance: { value: tenth(leg.distance) },
        duration: { value: tenth(leg.duration + (rested?.restPerLeg[l] ?? 0)) },
        start_location: location(c[0]),
        end_location: location(c[c.length - 1]),
        ...(p.steps
          ? {
              steps: legSteps(net, leg, secondsPerMetre).map((s) => ({
                distance: { value: tenth(s.distance) },
                duration: { value: tenth(s.duration) },
                ...geometryOf(s.coordinates, format),
                start_location: location(s.coordinates[0]),
                end_location: location(s.coordinates[s.coordinates.length - 1]),
                name: s.name,
                maneuver: {
                  bearing_before: s.maneuver.bearingBefore,
                  bearing_after: s.maneuver.bearingAfter,
                  coordinate: location(s.maneuver.at),
                  maneuver_type: s.maneuver.type,
                  modifier: s.maneuver.modifier,
                },
              })),
            }
          : {}),
      };
    }),
  };
}

export function directions(registry: NetworkRegistry, p: DirectionsParams) {
  const named = namedPoints(p);
  const points = named.map((n) => n.point);
  const net = coveringNetwork(registry, named);
  const options = { ...routeOptions(p), precision: 6 as const };
  return naming(named, () => {
    const best = net.route(points, options);
    const others = p.alternatives && !p.waypoints?.length ? alternatives(net, best, points, p, p.altcount ?? 3) : [];
    const shaped = [best, ...others].map((r) => shape(net, r, p));
    // The client reads `warning` on the answer, not on a route: each route's is named by its index.
    const warning = shaped.flatMap(({ warning }, i) => (warning ? [i === 0 ? warning : `routes[${i}]: ${warning}`] : []));
    const routes = shaped.map(({ warning: _, ...route }) => route);
    return { status: 'Ok', ...(warning.length ? { warning } : {}), route: routes[0], routes };
  });
}
