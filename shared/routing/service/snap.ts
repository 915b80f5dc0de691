import type { Network } from '../../roads/network';
import type { NetworkRegistry } from '../../roads/registry';
import type { LatLon } from '../../geo/types';
import type { MapMatchResult } from '../../roads/types';
import { initialBearing } from '../../geo/sphere';
import { coveringNetwork, uncovered, type NamedPoint } from './coverage';
import { geometryOf, location, tenth, type GeometryFormat } from './shapes';

// GET /snapToRoads/json: a GPS trace matched to the roads (hidden Markov model), with each
// input point's snapped position, the road's name and, on request, its tagged speed limits.

export interface SnapParams {
  path: LatLon[];
  timestamps?: number[];
  radiuses?: number[];
  interpolate?: boolean;
  geometry?: GeometryFormat;
  mode?: 'car' | 'truck';
  road_info?: 'max_speed';
  tolerate_outlier?: boolean;
}

/** Search radius when `radiuses` gives none, metres (the matcher's own default). */
export const DEFAULT_SNAP_RADIUS_M = 50;
/** How far from a path segment's midpoint its road is looked up for the speed limit, metres. */
const ROAD_LOOKUP_M = 5;

interface SpeedRun {
  offset: number;
  length: number;
  value: number;
}

/** Runs of path vertices on roads with the same tagged speed limit; vertices of roads without one are left out. */
export function speedRuns(net: Network, coords: Array<[number, number]>): SpeedRun[] {
  const runs: SpeedRun[] = [];
  let open: SpeedRun | undefined;
  for (let i = 0; i + 1 < coords.length; i++) {
    const road = net.roadAt((coords[i][0] + coords[i + 1][0]) / 2, (coords[i][1] + coords[i + 1][1]) / 2, ROAD_LOOKUP_M);
    const value = road?.maxspeed;
    if (value !== undefined && open && open.value === value && open.offset + open.length - 1 === i) open.length++;
    else if (value !== undefined) runs.push((open = { offset: i, length: 2, value }));
    else open = undefined;
  }
  return runs;
}

/**
 * `originalIndex` of a point `interpolate=true` adds between the input's: the client types the
 * field as always present, and no input index names such a point.
 */
export const INTERPOLATED = -1;

function interpolated(net: Network, mm: MapMatchResult) {
  const out: Array<Record<string, unknown>> = [];
  const coords = mm.coordinates;
  let k = 0;
  const nearestFrom = (p: { lat: number; lon: number }) => {
    let best = k;
    let bestD = Infinity;
    for (let i = k; i < coords.length; i++) {
      const d = Math.abs(coords[i][0] - p.lat) + Math.abs(coords[i][1] - p.lon);
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
    return best;
  };
  mm.snappedPoints.forEach((sp, n) => {
    const at = nearestFrom(sp.location);
    if (n > 0) {
      for (let i = k + 1; i < at; i++) {
        const next = coords[Math.min(i + 1, coords.length - 1)];
        out.push({
          location: location(coords[i]),
          bearing: Math.round(initialBearing({ lat: coords[i][0], lon: coords[i][1] }, { lat: next[0], lon: next[1] })),
          distance: 0,
          name: net.roadAt(coords[i][0], coords[i][1], ROAD_LOOKUP_M)?.name ?? '',
          originalIndex: INTERPOLATED,
        });
      }
    }
    out.push(snapped(sp));
    k = at;
  });
  return out;
}

const snapped = (sp: MapMatchResult['snappedPoints'][number]) => ({
  location: location([sp.location.lat, sp.location.lon]),
  bearing: sp.bearing,
  distance: sp.distance,
  name: sp.name,
  originalIndex: sp.originalIndex,
});

export function snapToRoads(registry: NetworkRegistry, p: SnapParams) {
  const named: NamedPoint[] = p.path.map((point, i) => ({ point, field: `path[${i}]` }));
  let net: Network;
  let kept = named.map((_, i) => i);
  if (p.tolerate_outlier) {
    const best = registry
      .list()
      .map((n) => ({ n, count: p.path.filter((pt) => n.covers(pt)).length }))
      .sort((a, b) => b.count - a.count)[0];
    if (!best || best.count === 0) throw uncovered(registry, named);
    net = best.n;
    kept = kept.filter((i) => net.covers(p.path[i]));
  } else net = coveringNetwork(registry, named);
  const radius = Math.max(...(p.radiuses ?? [DEFAULT_SNAP_RADIUS_M]));
  const trace = kept.map((i) => ({ ...p.path[i], timestamp: p.timestamps?.[i] }));
  const mm = net.mapMatch(trace, { profile: p.mode ?? 'car', searchRadius: radius });
  // The matcher numbers the points it was given; answer with the request's own indices.
  for (const sp of mm.snappedPoints) sp.originalIndex = kept[sp.originalIndex];
  mm.snappedPoints = mm.snappedPoints.filter((sp) => !p.radiuses || sp.distance <= p.radiuses[sp.originalIndex]);
  const matched = new Set(mm.snappedPoints.map((sp) => sp.originalIndex));
  const missed = p.path.map((_, i) => i).filter((i) => !matched.has(i));
  const { geometry, geojson } = geometryOf(mm.coordinates, p.geometry ?? 'polyline6');
  return {
    status: 'Ok',
    ...(missed.length
      ? { msg: `no road within reach of path point(s) ${missed.slice(0, 20).join(', ')}${missed.length > 20 ? ', ...' : ''}` }
      : {}),
    distance: tenth(mm.distance),
    geometry: [geometry],
    ...(geojson ? { geojson } : {}),
    snappedPoints: p.interpolate ? interpolated(net, mm) : mm.snappedPoints.map(snapped),
    ...(p.road_info === 'max_speed' ? { road_info: { max_speed: speedRuns(net, mm.coordinates) } } : {}),
  };
}
