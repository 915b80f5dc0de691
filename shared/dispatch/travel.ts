import { encodePolyline, greatCircleMatrix, type LatLon, type NetworkRegistry } from '../roads';
import type { StoredStep } from './model';

// Travel between a route's steps, on the road engine's library interface (no HTTP): the road
// network covering the steps when one is loaded, else the great-circle estimate the engine
// itself falls back to, so a route far from every network still gets arrival estimates.

export interface Travel {
  /** legs[i]: from step i to step i + 1. */
  legs: { distance: number; duration: number }[];
  distance: number;
  duration: number;
  /** Encoded polyline, precision 5. */
  geometry: string;
}

export function travelBetween(networks: NetworkRegistry, locations: readonly [number, number][], approach?: string): Travel {
  const points: LatLon[] = locations.map(([lat, lon]) => ({ lat, lon }));
  if (points.length < 2) return { legs: [], distance: 0, duration: 0, geometry: encodePolyline(locations, 5) };
  if (networks.find(points)) {
    try {
      const r = networks.route(points, approach === 'curb' ? { approaches: points.map(() => 'curb') } : {});
      return {
        legs: r.legs.map((l) => ({ distance: l.distance, duration: l.duration })),
        distance: r.distance,
        duration: r.duration,
        geometry: r.geometry,
      };
    } catch {
      // a step the network cannot reach (off every road): the estimate below
    }
  }
  const m = greatCircleMatrix(points);
  const n = points.length;
  const legs = points.slice(1).map((_, i) => ({ distance: m.distances[i * n + i + 1], duration: m.durations[i * n + i + 1] }));
  return {
    legs,
    distance: legs.reduce((s, l) => s + l.distance, 0),
    duration: legs.reduce((s, l) => s + l.duration, 0),
    geometry: encodePolyline(locations, 5),
  };
}

/**
 * Arrival estimates after a change: steps from `from` on (the first step changed) that are not
 * completed get the previous step's arrival plus its time on site plus the drive between them;
 * the step at `from` keeps the arrival it was given, as does the step `pinned` names (a step whose
 * arrival the request set). Completed steps keep theirs.
 */
export function reestimate(steps: StoredStep[], travel: Travel, from: number, pinned?: string): StoredStep[] {
  const out = steps.map((s) => ({ ...s }));
  for (let i = Math.max(1, from + 1); i < out.length; i++) {
    if (out[i].completion.status === 'completed' || out[i].id === pinned) continue;
    const prev = out[i - 1];
    const leg = travel.legs[i - 1];
    out[i].arrival = Math.round(prev.arrival + prev.duration + (leg?.duration ?? 0));
  }
  return out;
}
