// Reverse geocoding: the places nearest to a point, default and custom alike, nearest first.
// Default places come from the grid (nearest.ts); a space's custom places are few enough to be
// measured one by one.

import type { CustomPlaceIndex } from './custom';
import type { DefaultIndex } from './engine';
import { haversineMeters } from './geo';
import { nearestPlacesOf } from './places-by-id';
import { proximity } from './rank';
import { defaultEntity } from './results';
import type { Entity, GeoPoint } from './types';

export interface ReverseRequest {
  at: GeoPoint;
  limit: number;
  /** alpha-3 codes a result must be in. */
  countries?: ReadonlySet<string>;
  /** A hard area a result must lie in. */
  within?: (p: GeoPoint) => boolean;
}

export interface ReverseResult {
  entity: Entity;
  meters: number;
}

/** Score of a reverse result: the ranker's proximity (1 at the point, 0.5 at 50 km). */
const scoreOf = (meters: number) => Math.round(proximity(meters) * 10000) / 10000;

export function reverseGeocode(req: ReverseRequest, index: DefaultIndex, custom: readonly CustomPlaceIndex[] = []): ReverseResult[] {
  const { at, limit, countries, within } = req;
  const g = index.g;
  const customs: ReverseResult[] = [];
  const overridden = new Set<string>();
  for (const overlay of custom) {
    for (const p of overlay.list()) {
      if (p.dataSource?.status === 'disable') continue;
      const item = p.place[0];
      const a3 = item.country ? index.resolveCountry(item.country) : undefined;
      if (countries && (!a3 || !countries.has(a3))) continue;
      if (within && !within(item.geopoint)) continue;
      const refId = p.dataSource?.refId;
      if (refId) overridden.add(refId.startsWith('gn:') ? refId.slice(3) : refId);
      const meters = haversineMeters(at.lat, at.lng, item.geopoint.lat, item.geopoint.lng);
      customs.push({ meters, entity: { docId: p.docId, place: p.place, dataSource: { ...p.dataSource }, score: scoreOf(meters) } });
    }
  }
  const accept = (i: number) =>
    (!countries || countries.has(g.countries[g.country[i]].alpha3)) &&
    (!within || within({ lat: g.lat[i], lng: g.lon[i] })) &&
    !overridden.has(g.geonameId[i]);
  const defaults: ReverseResult[] = nearestPlacesOf(index)
    .nearest(at.lat, at.lng, limit, accept)
    .map(({ i, meters }) => ({ meters, entity: defaultEntity(g, i, scoreOf(meters)) }));
  return [...customs, ...defaults].sort((a, b) => a.meters - b.meters).slice(0, limit);
}
