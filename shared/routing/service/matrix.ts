import { unprocessable } from '../../platform/errors';
import { greatCircleMatrix } from '../../roads/fallback';
import type { NetworkRegistry } from '../../roads/registry';
import type { LatLon } from '../../geo/types';
import { PointTooFarError, type MatrixResult } from '../../roads/types';
import { travelOptions, type TravelParams } from '../params';
import { naming, type NamedPoint } from './coverage';
import { matrixJson } from './matrix-json';

// Travel matrices for the distance matrix API (and the asynchronous matrix jobs): on the network
// covering every point, else great-circle estimates flagged in the answer; with
// route_failed_prompt, a pair that cannot be snapped or routed gets -1 instead of failing the call.

export interface MatrixParams extends TravelParams {
  origins: LatLon[];
  destinations: LatLon[];
  route_failed_prompt?: boolean;
  /** Per destination: 'curb' arrives with the destination on the right. */
  approaches?: Side[];
  /** Per origin: 'curb' leaves with the origin on the right (the asynchronous matrix's `origins_approach`). */
  origin_approaches?: Side[];
}

type Side = 'curb' | undefined;

/** Durations and distances, -1 for a failed pair; `warning` when no road network covered the points. */
export interface TravelMatrix {
  origins: number;
  destinations: number;
  durations: Float64Array;
  distances: Float64Array;
  warning?: string;
}

const FAILED = -1;

function named(p: MatrixParams): NamedPoint[] {
  return [
    ...p.origins.map((point, i) => ({ point, field: `origins[${i}]` })),
    ...p.destinations.map((point, i) => ({ point, field: `destinations[${i}]` })),
  ];
}

function fromResult(m: MatrixResult, p: MatrixParams): TravelMatrix {
  const out: TravelMatrix = { origins: m.sourceCount, destinations: m.targetCount, durations: m.durations, distances: m.distances };
  if (m.fallback) out.warning = m.warnings.join('; ');
  for (let k = 0; k < m.durations.length; k++) {
    if (Number.isFinite(m.durations[k])) continue;
    if (!p.route_failed_prompt) {
      const i = Math.floor(k / m.targetCount);
      const j = k % m.targetCount;
      throw unprocessable(
        `no route from origins[${i}] to destinations[${j}] under the given restrictions; send route_failed_prompt=true to get -1 for such pairs`,
        `destinations[${j}]`,
      );
    }
    m.durations[k] = FAILED;
    m.distances[k] = FAILED;
  }
  return out;
}

/** The engine's approaches of the kept origins and destinations (targets numbered after the sources); undefined when none is curb. */
function engineApproaches(
  p: MatrixParams,
  keepOrigin: (i: number) => boolean,
  keepDestination: (j: number) => boolean,
): Side[] | undefined {
  if (!p.origin_approaches?.includes('curb') && !p.approaches?.includes('curb')) return undefined;
  return [
    ...p.origins.flatMap((_, i) => (keepOrigin(i) ? [p.origin_approaches?.[i]] : [])),
    ...p.destinations.flatMap((_, j) => (keepDestination(j) ? [p.approaches?.[j]] : [])),
  ];
}

const all = () => true;

const samePoints = (a: LatLon[], b: LatLon[]) => a.length === b.length && a.every((p, i) => p.lat === b[i].lat && p.lon === b[i].lon);

export function travelMatrix(registry: NetworkRegistry, p: MatrixParams): TravelMatrix {
  const points = named(p);
  const options = travelOptions(p);
  const net = registry.find(points.map((n) => n.point));
  if (!net) return fromResult(greatCircleMatrix(p.origins, { profile: options.profile, targets: p.destinations }), p);
  if (!p.route_failed_prompt) {
    // A square matrix (the same points both ways, as optimization sends) snaps its points once,
    // unless curb approaches make a destination differ from the same point as an origin.
    const approaches = engineApproaches(p, all, all);
    const targets = !approaches && samePoints(p.origins, p.destinations) ? undefined : p.destinations;
    return fromResult(
      naming(points, () => net.matrix(p.origins, { ...options, targets, approaches })),
      p,
    );
  }
  // Leave the points no usable road is near out of the search, and answer -1 for their pairs.
  const snaps = (list: LatLon[]) =>
    list.map((pt) => {
      try {
        net.snap(pt, options);
        return true;
      } catch (error) {
        if (error instanceof PointTooFarError) return false;
        throw error;
      }
    });
  const okO = snaps(p.origins);
  const okD = snaps(p.destinations);
  const os = p.origins.filter((_, i) => okO[i]);
  const ds = p.destinations.filter((_, j) => okD[j]);
  const approaches = engineApproaches(
    p,
    (i) => okO[i],
    (j) => okD[j],
  );
  const inner = os.length && ds.length ? fromResult(net.matrix(os, { ...options, targets: ds, approaches }), p) : undefined;
  const S = p.origins.length;
  const T = p.destinations.length;
  const durations = new Float64Array(S * T).fill(FAILED);
  const distances = new Float64Array(S * T).fill(FAILED);
  if (inner) {
    const rowOf = okO.map((ok, i) => (ok ? okO.slice(0, i).filter(Boolean).length : -1));
    const colOf = okD.map((ok, j) => (ok ? okD.slice(0, j).filter(Boolean).length : -1));
    for (let i = 0; i < S; i++) {
      if (rowOf[i] < 0) continue;
      for (let j = 0; j < T; j++) {
        if (colOf[j] < 0) continue;
        durations[i * T + j] = inner.durations[rowOf[i] * ds.length + colOf[j]];
        distances[i * T + j] = inner.distances[rowOf[i] * ds.length + colOf[j]];
      }
    }
  }
  return { origins: S, destinations: T, durations, distances };
}

/** The distance matrix API's body as JSON text: one row per origin, one element per destination (metres, seconds). */
export function distanceMatrixJson(registry: NetworkRegistry, p: MatrixParams): string {
  const m = travelMatrix(registry, p);
  return matrixJson(m.origins, m.destinations, m.distances, m.durations, m.warning);
}

/** The same body as an object, for callers that embed it in another answer (a batch). */
export function distanceMatrix(registry: NetworkRegistry, p: MatrixParams): unknown {
  return JSON.parse(distanceMatrixJson(registry, p));
}
