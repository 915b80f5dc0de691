// Hard filters of a search (country, state, city, radius), applied to default places before
// ranking and to custom places by the overlay.

import { foldText } from './format';
import { haversineMeters } from './geo';
import type { Gazetteer } from './gazetteer';
import type { SearchRequest } from './types';

/** Internal filter set derived from a SearchRequest. */
export interface Filters {
  countries?: Set<string>;
  state?: string;
  city?: string;
  at?: { lat: number; lng: number };
  radius?: number;
}

export function makeFilters(req: SearchRequest): Filters {
  return {
    countries: req.country && req.country.length ? new Set(req.country) : undefined,
    state: req.state ? foldText(req.state) : undefined,
    city: req.city ? foldText(req.city) : undefined,
    at: req.at,
    radius: req.radius,
  };
}

/** Whether a filter may exclude most places (so a table of the globally top places may all fail it). */
export function isRestrictive(f: Filters): boolean {
  return !!(f.countries || f.state || f.city || f.radius !== undefined);
}

/**
 * Whether default place i passes the filters. A state matches the division's name, its code,
 * or (4+ letters) a prefix of the name; a city matches one of the place's names exactly.
 */
export function passesFilters(g: Gazetteer, i: number, f: Filters): boolean {
  if (f.countries && !f.countries.has(g.countries[g.country[i]].alpha3)) return false;
  if (f.at && f.radius !== undefined) {
    if (haversineMeters(f.at.lat, f.at.lng, g.lat[i], g.lon[i]) > f.radius) return false;
  }
  if (f.state) {
    const s = f.state;
    const a1 = foldText(g.admin1[i]);
    const code = g.admin1Code[i].toLowerCase();
    if (!(a1 === s || code === s || (s.length >= 4 && a1.startsWith(s)))) return false;
  }
  if (f.city) {
    if (!hasKey(g.keys[i], f.city)) return false;
  }
  return true;
}

/** Whether one of the "|"-separated keys equals `key`. */
function hasKey(keys: string, key: string): boolean {
  let at = keys.indexOf(key);
  while (at >= 0) {
    const end = at + key.length;
    if ((at === 0 || keys[at - 1] === '|') && (end === keys.length || keys[end] === '|')) return true;
    at = keys.indexOf(key, at + 1);
  }
  return false;
}
