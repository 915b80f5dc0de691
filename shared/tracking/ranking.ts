import { haversineMeters, parseLatLon, type LatLon } from '../geo';
import { invalid } from '../platform/errors';
import type { Profile } from '../roads';
import { geoInput } from './errors';
import { roadNetworks } from '../routing/loaded-networks';

// Ranking of search hits towards a destination (the client's sort_by,
// sort_destination, sort_driving_mode): by straight-line distance, or by
// driving distance or duration on the loaded road networks. Where no loaded
// network covers the assets and the destination, driving ranks fall back to
// straight-line distance and say so.

export type SortBy = 'distance' | 'duration' | 'straight_distance';

export interface SearchSort {
  by: SortBy;
  destination: LatLon;
  mode: Profile;
}

export interface SortInput {
  sort_by?: SortBy;
  sort_destination?: string | { lat: number; lon: number };
  sort_driving_mode?: Profile;
}

/** Checks the three options together; `prefix` names where they came from ("query." or "sort."). */
export function searchSort(input: SortInput, prefix: string): SearchSort | undefined {
  const { sort_by: by, sort_destination: destination, sort_driving_mode: mode } = input;
  if (by === undefined) {
    if (destination !== undefined) throw invalid(`${prefix}sort_destination`, 'applies only with sort_by');
    if (mode !== undefined) throw invalid(`${prefix}sort_driving_mode`, 'applies only with sort_by distance or duration');
    return undefined;
  }
  if (destination === undefined) throw invalid(`${prefix}sort_destination`, 'is required when sort_by is given');
  if (mode !== undefined && by === 'straight_distance')
    throw invalid(`${prefix}sort_driving_mode`, 'applies only with sort_by distance or duration');
  const field = `${prefix}sort_destination`;
  const point = typeof destination === 'string' ? destination : `${destination.lat},${destination.lon}`;
  return { by, destination: geoInput(field, () => parseLatLon(point, field)), mode: mode ?? 'car' };
}

export interface Ranked<T> {
  item: T;
  /** Metres: driving, or straight-line when the rank is straight-line. Absent when unreachable. */
  distance?: number;
  /** Seconds of driving; only for driving ranks on a road network. */
  duration?: number;
}

export const NO_NETWORK_WARNING =
  'no loaded road network covers these assets and the destination: ranked by straight-line distance, without duration';

/** Orders `items` (each at `at(item)`) by the sort, nearest first; unreachable ones last. */
export function rankTowards<T>(items: readonly T[], at: (item: T) => LatLon, sort: SearchSort, warnings: string[]): Ranked<T>[] {
  const straight = (): Ranked<T>[] => items.map((item) => ({ item, distance: haversineMeters(at(item), sort.destination) }));
  let ranked: Ranked<T>[];
  let onRoads = false;
  if (sort.by === 'straight_distance' || items.length === 0) {
    ranked = straight();
  } else {
    const networks = roadNetworks();
    const matrix = networks?.size ? networks.matrix(items.map(at), { targets: [sort.destination], profile: sort.mode }) : undefined;
    if (!matrix || matrix.fallback) {
      warnings.push(NO_NETWORK_WARNING);
      ranked = straight();
    } else {
      onRoads = true;
      ranked = items.map((item, i) => {
        const distance = matrix.distances[i];
        const duration = matrix.durations[i];
        return Number.isFinite(distance) && Number.isFinite(duration) ? { item, distance, duration } : { item };
      });
      const unreachable = ranked.filter((r) => r.distance === undefined).length;
      if (unreachable) warnings.push(`${unreachable} asset(s) cannot reach the destination on the road network: ranked last`);
    }
  }
  const key = (r: Ranked<T>) => (sort.by === 'duration' && onRoads ? r.duration : r.distance) ?? Infinity;
  return ranked
    .map((r, i) => ({ r, i }))
    .sort((a, b) => key(a.r) - key(b.r) || a.i - b.i)
    .map(({ r }) => r);
}
