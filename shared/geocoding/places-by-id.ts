// Default places by id ("gn:<geonameid>" or the bare geonameid) and by position, each table
// built the first time it is needed and kept with the index.

import type { DefaultIndex } from './engine';
import { NearestPlaces } from './nearest';

const byId = new WeakMap<DefaultIndex, Map<string, number>>();
const nearest = new WeakMap<DefaultIndex, NearestPlaces>();

/** Place number of a default place's docId ("gn:2711537") or geonameid ("2711537"). */
export function placeNumberById(index: DefaultIndex, id: string): number | undefined {
  let map = byId.get(index);
  if (!map) {
    map = new Map();
    const ids = index.g.geonameId;
    for (let i = 0; i < ids.length; i++) map.set(ids[i], i);
    byId.set(index, map);
  }
  return map.get(id.startsWith('gn:') ? id.slice(3) : id);
}

/** The nearest-place grid of the index's gazetteer. */
export function nearestPlacesOf(index: DefaultIndex): NearestPlaces {
  let grid = nearest.get(index);
  if (!grid) nearest.set(index, (grid = new NearestPlaces(index.g)));
  return grid;
}
