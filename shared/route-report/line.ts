// The line a report is about, with the road edge under each of its segments: a route the engine
// drives through the given points, or the given shape matched onto the roads first (a shape
// drawn loosely, or simplified, still reports the roads it follows).

import { invalid } from '../platform/errors';
import { decodePolyline } from '../roads/polyline';
import type { Network } from '../roads/network';
import type { NetworkRegistry } from '../roads/registry';
import { travelOptions } from '../routing/params';
import { coveringNetwork, naming, type NamedPoint } from '../routing/service/coverage';
import { ApiError } from '../platform/errors';
import type { RouteReportRequest } from './schemas';

export interface ReportLine {
  net: Network;
  /** [lat, lon] vertices. */
  coords: Array<[number, number]>;
  /** The edge under segment i (vertex i to i + 1), -1 where no road is under it. */
  edges: number[];
  /** Seconds, when the engine drove the line. */
  duration?: number;
}

/** How far from a matched segment's midpoint its road is looked up, metres. */
const ROAD_LOOKUP_M = 5;
/** How far a shape's vertex may lie from its road, metres. */
const MATCH_RADIUS_M = 50;

function decoded(shape: string, precision: 5 | 6): Array<[number, number]> {
  let points: Array<[number, number]>;
  try {
    points = decodePolyline(shape, precision);
  } catch {
    throw invalid('original_shape', `is not an encoded polyline of precision ${precision}`);
  }
  if (points.length < 2) throw invalid('original_shape', 'must hold at least two points');
  if (points.some(([lat, lon]) => !(Math.abs(lat) <= 90 && Math.abs(lon) <= 180)))
    throw invalid(
      'original_shape',
      `decodes to coordinates out of range: is original_shape_type right (polyline${precision === 5 ? '6' : ''})?`,
    );
  return points;
}

function fromShape(registry: NetworkRegistry, r: RouteReportRequest): ReportLine {
  const points = decoded(r.original_shape!, r.original_shape_type === 'polyline6' ? 6 : 5);
  const named: NamedPoint[] = points.map(([lat, lon], i) => ({ point: { lat, lon }, field: `original_shape[${i}]` }));
  const net = coveringNetwork(registry, named);
  const mm = naming(named, () =>
    net.mapMatch(
      points.map(([lat, lon]) => ({ lat, lon })),
      { profile: r.mode ?? 'car', searchRadius: MATCH_RADIUS_M },
    ),
  );
  if (mm.coordinates.length < 2)
    throw new ApiError(422, `original_shape: no road within ${MATCH_RADIUS_M} m of the shape`, { field: 'original_shape' });
  const edges = mm.coordinates.slice(1).map((to, i) => {
    const from = mm.coordinates[i];
    const [hit] = net.index.nearest((from[0] + to[0]) / 2, (from[1] + to[1]) / 2, ROAD_LOOKUP_M, 1, () => true);
    return hit ? hit.edge : -1;
  });
  return { net, coords: mm.coordinates, edges };
}

function fromPoints(registry: NetworkRegistry, r: RouteReportRequest): ReportLine {
  const named: NamedPoint[] = [
    { point: r.origin!, field: 'origin' },
    ...(r.waypoints ?? []).map((point, i) => ({ point, field: `waypoints[${i}]` })),
    { point: r.destination!, field: 'destination' },
  ];
  const net = coveringNetwork(registry, named);
  // ferries avoided unless asked for, as directions does
  const route = naming(named, () =>
    net.route(
      named.map((n) => n.point),
      travelOptions({ mode: r.mode }, { ferry: true }),
    ),
  );
  const coords: Array<[number, number]> = [];
  const edges: number[] = [];
  for (const leg of route.legs) {
    const c = leg.coordinates ?? [];
    if (coords.length) c.slice(1).forEach((p) => coords.push(p));
    else coords.push(...c);
    edges.push(...(leg.edges ?? []));
  }
  return { net, coords, edges, duration: route.duration };
}

export const reportLine = (registry: NetworkRegistry, r: RouteReportRequest): ReportLine =>
  r.original_shape ? fromShape(registry, r) : fromPoints(registry, r);
