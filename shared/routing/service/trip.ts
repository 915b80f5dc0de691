import { unprocessable } from '../../platform/errors';
import { solve, type SolverRequest } from '../../solver';
import type { NetworkRegistry } from '../../roads/registry';
import type { LatLon } from '../../geo/types';
import { travelOptions } from '../params';
import { coveringNetwork, naming, type NamedPoint } from './coverage';
import { geometryOf, location, tenth, type GeometryFormat } from './shapes';
import { legSteps } from './steps';

// GET /optimization/json (the v1 optimizer): the best order to visit 3 to 12 points, solved by
// the route optimization solver on the road network's matrix within a short deadline, then
// routed leg by leg.

export interface TripParams {
  coordinates: LatLon[];
  source?: 'any' | 'first';
  destination?: 'any' | 'last';
  roundtrip?: boolean;
  mode?: 'car' | 'truck';
  geometries?: GeometryFormat;
  with_geometry?: boolean;
  /** Per coordinate: 'curb' arrives at and leaves it with it on the right. */
  approaches?: Array<'curb' | undefined>;
}

/** The solver's time for 3 to 12 stops: far more than it needs, short enough for a synchronous call. */
export const TRIP_SOLVER_MS = 200;

/** The visiting order: indices into `coordinates`, from the start to the end (a round trip does not repeat the start). */
export function visitingOrder(durations: number[][], p: TripParams): number[] {
  const n = p.coordinates.length;
  const roundtrip = p.roundtrip ?? true;
  const start = roundtrip || p.source === 'first' ? 0 : undefined;
  const end = roundtrip ? 0 : p.destination === 'last' ? n - 1 : undefined;
  const jobs = [...Array(n).keys()].filter((i) => i !== start && i !== end);
  const request: SolverRequest = {
    locations: p.coordinates.map((c) => [c.lat, c.lon]) as SolverRequest['locations'],
    vehicles: [{ id: 0, start_index: start, end_index: end }],
    jobs: jobs.map((i) => ({ id: i, location_index: i })),
  };
  const distances = durations.map((row) => row.map(() => 0));
  const now = Date.now();
  const result = solve(request, { car: { durations, distances } }, { deadlineMs: now + TRIP_SOLVER_MS, clock: () => Date.now(), seed: 1 });
  const order = result.routes[0].steps.map((s) => s.location_index!).filter((i) => i !== undefined);
  return roundtrip ? order.slice(0, -1) : order;
}

/** Two most-driven road names of a leg, the way the leg is summarised. */
function summary(names: Array<{ name: string; distance: number }>): string {
  const byName = new Map<string, number>();
  for (const { name, distance } of names) if (name) byName.set(name, (byName.get(name) ?? 0) + distance);
  return [...byName.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 2)
    .map(([name]) => name)
    .join(', ');
}

export function trip(registry: NetworkRegistry, p: TripParams) {
  const named: NamedPoint[] = p.coordinates.map((point, i) => ({ point, field: `coordinates[${i}]` }));
  const net = coveringNetwork(registry, named);
  const options = { ...travelOptions({ mode: p.mode }), approaches: p.approaches };
  return naming(named, () => {
    // A square matrix: each point's approach holds for leaving and for reaching it.
    const m = net.matrix(p.coordinates, options);
    const n = p.coordinates.length;
    const durations = [...Array(n).keys()].map((i) => [...Array(n).keys()].map((j) => m.durations[i * n + j]));
    const from = durations.findIndex((row) => row.some((d) => !Number.isFinite(d)));
    if (from >= 0) {
      const to = durations[from].findIndex((d) => !Number.isFinite(d));
      throw unprocessable(`no route from coordinates[${from}] to coordinates[${to}] under the given restrictions`, `coordinates[${to}]`);
    }
    const order = visitingOrder(durations, p);
    const stops = (p.roundtrip ?? true) ? [...order, order[0]] : order;
    const route = net.route(
      stops.map((i) => p.coordinates[i]),
      { ...options, approaches: p.approaches && stops.map((i) => p.approaches![i]), precision: 6 },
    );
    const format = p.geometries ?? 'polyline';
    const duration = net.metricFor(options).metric.duration;
    const secondsPerMetre = (e: number) => (net.graph.data.length[e] > 0 ? duration[e] / net.graph.data.length[e] : 0);
    const legs = route.legs.map((leg) => {
      const steps = legSteps(net, leg, secondsPerMetre);
      return {
        distance: tenth(leg.distance),
        duration: tenth(leg.duration),
        summary: summary(steps),
        steps: p.with_geometry
          ? steps.map((s) => ({ distance: tenth(s.distance), duration: tenth(s.duration), ...geometryOf(s.coordinates, format) }))
          : [],
      };
    });
    const waypoints = p.coordinates.map((_, i) => {
      const at = order.indexOf(i);
      const snapped = route.snapped[at];
      return {
        location: location([snapped.location.lat, snapped.location.lon]),
        name: net.roadAt(snapped.location.lat, snapped.location.lon)?.name ?? '',
        trips_index: 0,
        waypoint_index: at,
      };
    });
    return {
      code: 'Ok',
      location: waypoints[order[0]].location,
      trips: [
        {
          distance: tenth(route.distance),
          duration: tenth(route.duration),
          ...(p.with_geometry === false ? {} : geometryOf(route.coordinates, format)),
          legs,
        },
      ],
      waypoints,
    };
  });
}
