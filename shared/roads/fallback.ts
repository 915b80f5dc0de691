/** Great-circle matrix for requests no loaded road network covers (always flagged). */
import { greatCircleMeters } from '../geo/sphere';
import type { LatLon } from '../geo/types';
import type { MatrixResult, Profile } from './types';

/** Road distance is estimated as great-circle distance x this factor. */
export const DETOUR_FACTOR = 1.3;
/** Average speeds used by the fallback, km/h. */
export const FALLBACK_SPEED_KMH: Record<Profile, number> = { car: 50, truck: 40 };
export const FALLBACK_WARNING = 'no road network covers these locations: durations and distances are great-circle estimates';

export interface GreatCircleOptions {
  profile?: Profile;
  targets?: LatLon[];
  detourFactor?: number;
  speedKmh?: number;
}

export function greatCircleMatrix(points: LatLon[], o: GreatCircleOptions = {}): MatrixResult {
  const targets = o.targets ?? points;
  const S = points.length;
  const T = targets.length;
  const f = o.detourFactor ?? DETOUR_FACTOR;
  const v = (o.speedKmh ?? FALLBACK_SPEED_KMH[o.profile ?? 'car']) / 3.6;
  const durations = new Float64Array(S * T);
  const distances = new Float64Array(S * T);
  for (let i = 0; i < S; i++) {
    for (let j = 0; j < T; j++) {
      const d = greatCircleMeters(points[i].lat, points[i].lon, targets[j].lat, targets[j].lon) * f;
      distances[i * T + j] = d;
      durations[i * T + j] = d / v;
    }
  }
  return {
    sourceCount: S,
    targetCount: T,
    durations,
    distances,
    fallback: true,
    warnings: [FALLBACK_WARNING],
    method: 'great-circle',
  };
}
